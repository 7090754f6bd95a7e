import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateApiKey } from "../../lib/account/api-keys";
import { ROUTES } from "../../lib/api/groups/registry";
import { fullPath, type RouteSpec } from "../../lib/api/route";
import type { LocalRuntime } from "../../local/runtime";
import { registerAccount } from "../setup/accounts";
import { fetchFrom } from "../setup/http";
import { startTestApi } from "../setup/local-api";

/**
 * Every `key` route of the route table, through the local server: no key, a garbage key, a
 * well-formed unknown key → 401; a revoked key → 403; a good key → neither.
 */

const ROOT = join(import.meta.dirname, "../..");
const keyRoutes = ROUTES.filter((route) => route.auth === "key");

let api: LocalRuntime;
let goodKey: string;
let revokedKey: string;

beforeAll(async () => {
  // The good key's account is the demo account: the premium-selling feed answers only it.
  const email = `auth-${randomUUID()}@example.com`;
  vi.stubEnv("DEMO_ACCOUNT_EMAIL", email);
  api = await startTestApi();
  const account = await registerAccount(api.apiUrl, email);
  goodKey = account.apiKey;
  const created = await fetchFrom(`${api.apiUrl}/account/keys`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": goodKey },
    body: JSON.stringify({ name: "to-revoke" }),
  });
  const { data } = (await created.json()) as { data: { apiKey: string; id: number } };
  revokedKey = data.apiKey;
  const revoked = await fetchFrom(`${api.apiUrl}/account/keys/${data.id}`, {
    method: "DELETE",
    headers: { "x-api-key": goodKey },
  });
  expect(revoked.status).toBe(200);
});
afterAll(async () => {
  await api?.stop();
  vi.unstubAllEnvs();
});

/** The route called as its events/ sample calls it, with the given X-Api-Key (or none). */
function callRoute(route: RouteSpec, apiKey: string | undefined) {
  const sample = JSON.parse(
    readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"),
  ) as APIGatewayProxyEventV2;
  let path = fullPath(route);
  for (const [name, value] of Object.entries(sample.pathParameters ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(value ?? ""));
  }
  return fetchFrom(
    `${api.origin}${path}${sample.rawQueryString ? `?${sample.rawQueryString}` : ""}`,
    {
      method: route.method,
      headers: {
        ...(sample.body ? { "content-type": "application/json" } : {}),
        ...(apiKey === undefined ? {} : { "x-api-key": apiKey }),
      },
      ...(sample.body ? { body: sample.body } : {}),
    },
  );
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe.each(keyRoutes.map((route) => [route.id, route] as const))("%s", (_id, route) => {
  it("answers 401 without a key", async () => {
    const response = await callRoute(route, undefined);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("MISSING_API_KEY");
  });

  it.each([
    ["garbage", "hello"],
    ["a bad checksum", `${generateApiKey().slice(0, -1)}0`],
    ["an unknown key", generateApiKey()],
  ])("answers 401 for %s", async (_label, key) => {
    const response = await callRoute(route, key);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("INVALID_API_KEY");
  });

  it("answers 403 for a revoked key", async () => {
    const response = await callRoute(route, revokedKey);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("KEY_REVOKED");
  });

  it("lets a good key through, with the rate-limit headers", async () => {
    const response = await callRoute(route, goodKey);
    expect([401, 403]).not.toContain(response.status);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("x-ratelimit-tier")).toBe("Free");
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Number(response.headers.get("x-ratelimit-minute-remaining"))).toBeLessThan(60);
  });
});
