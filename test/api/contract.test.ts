import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import type { ZodObject } from "zod";
import type { HttpResult } from "../../lib/api/envelope";
import { GROUPS } from "../../lib/api/generated/manifest";
import { API_GROUPS, ROUTES } from "../../lib/api/groups/registry";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { fullPath, type RouteSpec, routeKey } from "../../lib/api/route";
import { loadConfig } from "../../lib/config";
import { wiringOf } from "../../lib/wiring/core";
import { accountStore } from "../../lib/wiring/stores";
import { newDemoAccountKey } from "../../local/demo-account";

/**
 * Contract tests over the route table: every route has an implementation, an `events/`
 * sample that its Lambda answers with a valid payload, and a test that calls it.
 */

const ROOT = join(import.meta.dirname, "../..");
// The samples are the examples' requests, written at EXAMPLE_TIME: an expiration, a news
// article or a story cluster they name exists then, whatever day the tests run on.
process.env.SIM_NOW = EXAMPLE_TIME;
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

function implementationsOf(group: string): Readonly<Record<string, unknown>> {
  return API_GROUPS.find((candidate) => candidate.name === group)?.implementations ?? {};
}

async function handlerOf(group: string): Promise<Handler> {
  return ((await import(`../../functions/${group}.ts`)) as { handler: Handler }).handler;
}

function sampleEvent(route: RouteSpec): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"));
}

/**
 * Samples carry placeholders a developer replaces (X-Api-Key) and fixed data (an email, a
 * key id); make them real for this run: a fresh account's key, unique emails, a revocable key.
 */
async function prepare(route: RouteSpec, event: APIGatewayProxyEventV2) {
  const call = async (id: string, overrides: (e: APIGatewayProxyEventV2) => void) => {
    const sample = sampleEvent(ROUTES.find((r) => r.id === id) as RouteSpec);
    overrides(sample);
    const response = await (await handlerOf("account"))(sample, fakeContext);
    return JSON.parse(response.body).data;
  };
  const email = `contract-${randomUUID()}@example.com`;
  const withEmail = (e: APIGatewayProxyEventV2) => {
    e.body = JSON.stringify({ ...JSON.parse(e.body ?? "{}"), email });
    e.requestContext.http.sourceIp = `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
  };
  if (route.id === "account.register" || route.id === "account.login") withEmail(event);
  if (route.id === "account.login") await call("account.register", withEmail);
  if (event.headers["x-api-key"] !== undefined) {
    const { apiKey } = await call("account.register", withEmail);
    event.headers["x-api-key"] = apiKey;
    // The premium-selling feed answers the demo account's keys only (DEMO_ACCOUNT_EMAIL).
    if (["optionsExtra.opportunities", "optionsExtra.stats"].includes(route.id)) {
      const config = loadConfig(process.env);
      const accounts = accountStore(wiringOf(config));
      const name = `contract-${randomUUID()}`;
      const now = new Date().toISOString();
      const demoEmail = config.demoAccountEmail as string;
      event.headers["x-api-key"] = await newDemoAccountKey(accounts, demoEmail, name, now);
    }
    if (route.id === "account.revokeKey") {
      const second = await call("account.createKey", (e) => {
        e.headers["x-api-key"] = apiKey;
      });
      event.pathParameters = { keyId: String(second.id) };
      event.rawPath = `/v1/account/keys/${second.id}`;
    }
    if (route.id === "alerts.delete") {
      const create = sampleEvent(ROUTES.find((r) => r.id === "alerts.subscribe") as RouteSpec);
      create.headers["x-api-key"] = apiKey;
      const created = await (await handlerOf("alerts"))(create, fakeContext);
      const { id } = JSON.parse(created.body).data;
      event.pathParameters = { id };
      event.rawPath = `/v1/alerts/${id}`;
    }
    if (["webhooks.delete", "webhooks.deliveries", "webhooks.test"].includes(route.id)) {
      const create = sampleEvent(ROUTES.find((r) => r.id === "webhooks.create") as RouteSpec);
      create.headers["x-api-key"] = apiKey;
      const created = await (await handlerOf("webhooks"))(create, fakeContext);
      const { id } = JSON.parse(created.body).data;
      event.pathParameters = { id };
      event.rawPath = event.rawPath.replace(/wh_[a-z2-7]{20}/, id);
    }
  }
}

function testSources(): { file: string; text: string }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts")) files.push(path);
    }
  };
  walk(join(ROOT, "test"));
  return files
    .filter((file) => !file.endsWith("contract.test.ts"))
    .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, "utf8") }));
}

/** The route's path with each `{param}` allowed to be any concrete segment or interpolation. */
function pathPattern(route: RouteSpec): RegExp {
  const source = route.path
    .split("/")
    .map((segment) =>
      /^\{\w+\}$/.test(segment) ? "[^/\"'`?\\s]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`${source}(?![\\w/-])`);
}

const fakeContext = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;

describe("route table", () => {
  it("has unique ids of the form group.action and unique route keys", () => {
    const ids = ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ROUTES) expect(route.id).toMatch(new RegExp(`^${route.group}\\.\\w+$`));
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("declares a schema for every path parameter and no other", () => {
    for (const route of ROUTES) {
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys((route.params as ZodObject | undefined)?.shape ?? {}).sort();
      expect(declared, route.id).toEqual(inPath);
    }
  });

  it("serves the API under /v1 and only the documentation outside it", () => {
    for (const route of ROUTES) {
      if (route.versioned === false) expect(route.group).toBe("docs");
      else expect(fullPath(route).startsWith("/v1")).toBe(true);
    }
  });

  it("has a Lambda entry point for every group and the fallback", () => {
    for (const name of [...GROUPS, "fallback"]) {
      expect(existsSync(join(ROOT, "functions", `${name}.ts`)), name).toBe(true);
    }
  });
});

describe.each(GROUPS)("group %s", (group) => {
  const routes = ROUTES.filter((route) => route.group === group);

  it("has exactly one implementation per route", async () => {
    const implementations = implementationsOf(group);
    expect(Object.keys(implementations).sort()).toEqual(routes.map((route) => route.id).sort());
    for (const implementation of Object.values(implementations)) {
      expect(typeof implementation).toBe("function");
    }
  });

  it.each(routes.map((route) => [route.id, route] as const))(
    "%s answers its events/ sample with a valid payload",
    async (_id, route) => {
      const event = sampleEvent(route);
      expect(event.routeKey).toBe(routeKey(route));
      await prepare(route, event);
      const response = await (await handlerOf(group))(event, fakeContext);
      const expectedStatus = route.method === "OPTIONS" ? 204 : (route.status ?? 200);
      expect(response.statusCode, response.body).toBe(expectedStatus);
      if (route.response === "raw") {
        expect(response.body.length > 0 || response.statusCode === 204).toBe(true);
        return;
      }
      const body = JSON.parse(response.body);
      expect(body.success).toBe(true);
      expect(body.meta.requestId).toBe(event.requestContext.requestId);
      const parsed = route.response.safeParse(body.data);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    },
  );

  it.each(routes.map((route) => [route.id, route] as const))(
    "%s is called by a test",
    (_id, route) => {
      const pattern = pathPattern(route);
      const callers = testSources().filter(
        ({ text }) => text.includes(`"${route.id}"`) || (route.path !== "/" && pattern.test(text)),
      );
      expect(
        callers.map((c) => c.file),
        `no test calls ${routeKey(route)}: a test file must name "${route.id}" (quoted) or its path`,
      ).not.toEqual([]);
    },
  );
});
