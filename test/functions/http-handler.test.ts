import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handler as accountHandler } from "../../functions/account";
import { handler as metaHandler } from "../../functions/meta";
import { createGroupHandler, TIMEOUT_MARGIN_MS } from "../../functions/shared/http-handler";
import { account } from "../../lib/api/groups/account";

const ROOT = join(import.meta.dirname, "../..");
const context = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;

function sample(id: string): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${id}.json`), "utf8"));
}

afterEach(() => vi.restoreAllMocks());

describe("the Middy stack", () => {
  it("turns an unexpected error into a generic 500 and logs it with the request id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = createGroupHandler({
      ...account,
      implementations: {
        "account.tiers": () => {
          throw new Error("connection string postgres://admin:pw@db");
        },
      },
    });
    const response = await handler(sample("account.tiers"), context);
    expect(response.statusCode).toBe(500);
    const body = JSON.parse(response.body);
    expect(body.error).toEqual({
      code: "INTERNAL_ERROR",
      message: "An unexpected error occurred.",
      details: null,
    });
    expect(response.body).not.toContain("postgres");
    expect(response.body).not.toContain("at ");
    const line = String(logged.mock.calls[0]?.[0]);
    expect(JSON.parse(line)).toMatchObject({
      level: "error",
      requestId: "sample-account.tiers",
      error: { message: "connection string postgres://admin:pw@db" },
    });
  });

  it("answers the envelope's 500 when the group cannot wire its dependencies", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const misconfigured = () => {
      throw new Error("MARKET_PROVIDER=alpaca needs ALPACA_KEY_ID and ALPACA_SECRET_KEY");
    };
    const handler = createGroupHandler({ ...account, wire: misconfigured });
    const response = await handler(sample("account.tiers"), context);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body).error.code).toBe("INTERNAL_ERROR");
  });

  it("answers 503 REQUEST_TIMEOUT with Retry-After when a request outlasts the function's time", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = createGroupHandler({
      ...account,
      // A backing service that never answers.
      implementations: { "account.tiers": () => new Promise<never>(() => undefined) },
    });
    const nearlyOutOfTime = {
      getRemainingTimeInMillis: () => TIMEOUT_MARGIN_MS + 50,
    } as unknown as Context;
    const response = await handler(sample("account.tiers"), nearlyOutOfTime);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.["retry-after"]).toBe("2");
    expect(JSON.parse(response.body).error).toMatchObject({ code: "REQUEST_TIMEOUT" });
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
      level: "error",
      requestId: "sample-account.tiers",
      code: "REQUEST_TIMEOUT",
    });
  });

  it("routes a sample without a route key by its path", async () => {
    const event = sample("account.tiers");
    event.routeKey = "";
    const handler = createGroupHandler({
      ...account,
      implementations: { "account.tiers": () => [] },
    });
    const response = await handler(event, context);
    expect(response.statusCode).toBe(200);
  });

  it("answers a route of another group with the fallback's 404", async () => {
    const handler = createGroupHandler({ ...account, implementations: {} });
    const response = await handler(sample("market.status"), context);
    // The path exists, but this function serves none of its methods: not found here.
    expect(response.statusCode).toBe(404);
  });

  it("gives events without a request id a fresh one", async () => {
    const event = sample("account.tiers");
    event.requestContext.requestId = "";
    const handler = createGroupHandler({
      ...account,
      implementations: { "account.tiers": () => [] },
    });
    const body = JSON.parse((await handler(event, context)).body);
    expect(body.meta.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** Lambda gives every invocation its own context; the middlewares write to it. */
const freshContext = () => ({ getRemainingTimeInMillis: () => 30_000 }) as unknown as Context;

describe("the readiness probe, GET /v1", () => {
  /** One client address for the whole test, so every keyless request shares one IP bucket. */
  const sourceIp = `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
  function probe(apiKey?: string) {
    const event = sample("meta.descriptor");
    event.requestContext.http.sourceIp = sourceIp;
    if (apiKey !== undefined) event.headers["x-api-key"] = apiKey;
    return metaHandler(event, freshContext());
  }

  it("is not rate limited without a key: more probes than the keyless 30 per minute all answer", async () => {
    for (let i = 0; i < 45; i++) {
      const response = await probe();
      expect(response.statusCode, `probe ${i + 1}`).toBe(200);
      expect(response.headers["x-ratelimit-tier"]).toBeUndefined();
    }
  });

  it("counts a request that carries X-Api-Key against that key (spec, Authentication 6)", async () => {
    const register = sample("account.register");
    register.body = JSON.stringify({
      email: `probe-${randomUUID()}@example.com`,
      password: "longenough",
    });
    register.requestContext.http.sourceIp = sourceIp;
    const { apiKey } = JSON.parse((await accountHandler(register, freshContext())).body).data;
    const first = await probe(apiKey);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-ratelimit-tier"]).toBe("Free");
    expect(first.headers["x-ratelimit-minute-remaining"]).toBe("59");
    expect((await probe(apiKey)).headers["x-ratelimit-minute-remaining"]).toBe("58");
    expect((await probe("mdk_not-a-key")).statusCode).toBe(401);
  });
});
