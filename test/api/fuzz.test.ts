import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodObject } from "zod";
import { hashPassword } from "../../lib/account/passwords";
import type { HttpResult } from "../../lib/api/envelope";
import { ROUTES } from "../../lib/api/groups/registry";
import { fullPath, type RouteSpec, routeKey } from "../../lib/api/route";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";

/**
 * Every route through its Lambda handler with hostile input: wholly random path segments,
 * query values and bodies, and the route's valid `events/` sample with one or two fields
 * replaced by edge values (which reach the implementations). Whatever arrives, the answer is
 * a 2xx whose data matches the route's documented response schema, or a 4xx in the error
 * envelope; never a 5xx.
 */

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;
const context = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
const ROOT = join(import.meta.dirname, "../..");
const RUNS_PER_ROUTE = 50;
/** A fixed seed keeps CI reproducible; FUZZ_SEED explores other inputs locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

let apiKey: string;

beforeAll(async () => {
  const { accounts } = testDeps();
  const created = await accounts.register(
    `fuzz-${randomUUID()}@example.com`,
    await hashPassword("correct horse battery"),
    new Date().toISOString(),
  );
  await accounts.setCustomLimits(created.record.userId, { perMinute: 1_000_000, daily: null });
  apiKey = created.apiKey;
});

async function handlerOf(group: string): Promise<Handler> {
  return ((await import(`../../functions/${group}.ts`)) as { handler: Handler }).handler;
}

/** Numbers at the edges of what calculators and date ranges handle. */
const edgeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e-300,
  1e-9,
  1e300,
  36_500,
  1_000_000,
  Number.MAX_SAFE_INTEGER + 2,
);

/** Values that break naive parsing, next to plausible ones. */
const hostileText = fc.oneof(
  edgeNumber.map(String),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "1e309",
    "-1e309",
    "NaN",
    "Infinity",
    "9007199254740993",
    "true",
    "null",
    "[]",
    "{}",
    "../../etc/passwd",
    "%00",
    "AAPL_NASDAQ",
    "SPY_ARCA",
    "ES_CME",
    "BTC_CRYPTO",
    "SPX_INDEX",
    "2026-02-30",
    "2026-11-23",
    "C",
    "P",
    "a".repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
);

const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileText,
  edgeNumber,
  fc.constantFrom(1e308, -1e308, 1e-320),
);

function sampleEvent(route: RouteSpec): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"));
}

type Part = "params" | "query" | "body";

/** Codes of every kind of instrument, for fields that take one. */
const instrumentCode = fc.constantFrom(
  "AAPL_NASDAQ",
  "SPY_ARCA",
  "ES_CME",
  "BTC_CRYPTO",
  "SPX_INDEX",
  "VIX_INDEX",
);

/**
 * A replacement for a sample's field: mostly of the same type at its edges (so the request
 * still reaches the implementation), sometimes anything at all.
 */
function replacementFor(original: unknown) {
  const numeric =
    typeof original === "number" ||
    (typeof original === "string" && original.trim() !== "" && Number.isFinite(Number(original)));
  const sameType: fc.Arbitrary<unknown> = numeric
    ? fc.oneof(
        edgeNumber,
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: -400, max: 400 }),
      )
    : typeof original === "boolean"
      ? fc.boolean()
      : typeof original === "string"
        ? fc.oneof(instrumentCode, hostileText)
        : hostileJson;
  const typed = typeof original === "string" ? sameType.map((value) => String(value)) : sameType;
  return fc.oneof({ arbitrary: typed, weight: 3 }, { arbitrary: hostileJson, weight: 1 });
}

/** The route's valid sample with one or two of its fields replaced (see replacementFor). */
function mutatedSample(route: RouteSpec) {
  const sample = sampleEvent(route);
  const sampleParts = {
    params: { ...sample.pathParameters } as Record<string, unknown>,
    query: { ...sample.queryStringParameters } as Record<string, unknown>,
    body: (sample.body ? JSON.parse(sample.body) : {}) as Record<string, unknown>,
  };
  const fields: [Part, string][] = [
    ...paramNames(route).map((name): [Part, string] => ["params", name]),
    ...objectKeys(route.query).map((key): [Part, string] => ["query", key]),
    ...objectKeys(route.body).map((key): [Part, string] => ["body", key]),
  ];
  if (!fields.length) return undefined;
  const mutation = fc
    .constantFrom(...fields)
    .chain(([part, key]) =>
      replacementFor(sampleParts[part][key]).map((value) => ({ part, key, value })),
    );
  return fc.array(mutation, { minLength: 1, maxLength: 2 }).map((mutations) => {
    const parts = {
      params: { ...sampleParts.params },
      query: { ...sampleParts.query },
      body: { ...sampleParts.body },
    };
    for (const { part, key, value } of mutations) parts[part][key] = value;
    const asText = (value: unknown) =>
      typeof value === "string" ? value : (JSON.stringify(value) ?? "");
    const textOf = (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, asText(value)]));
    return requestEvent(
      route,
      textOf(parts.params),
      textOf(parts.query),
      route.method === "GET" ? undefined : JSON.stringify(parts.body),
    );
  });
}

/** An event for the route as API Gateway would build it, with the test's API key. */
function requestEvent(
  route: RouteSpec,
  pathParameters: Record<string, string>,
  query: Record<string, string>,
  body: string | undefined,
): APIGatewayProxyEventV2 {
  const path = paramNames(route).reduce(
    (built, name) => built.replace(`{${name}}`, encodeURIComponent(pathParameters[name] ?? "")),
    fullPath(route),
  );
  const event = gatewayEvent({
    method: route.method,
    path,
    routeKey: routeKey(route),
    sourceIp: `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
    ...(body === undefined ? {} : { body }),
  });
  event.headers["x-api-key"] = apiKey;
  event.headers.origin = "https://www.example.com";
  event.pathParameters = pathParameters;
  event.queryStringParameters = query;
  event.rawQueryString = new URLSearchParams(query).toString();
  return event;
}

function objectKeys(schema: unknown): string[] {
  const shape = (schema as ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function paramNames(route: RouteSpec): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** A request for `route` whose every part comes from the hostile generators. */
function hostileEvent(route: RouteSpec) {
  const queryKeys = objectKeys(route.query);
  const bodyKeys = objectKeys(route.body);
  return fc
    .record({
      params: fc.tuple(...paramNames(route).map(() => hostileText)),
      query: fc.dictionary(
        queryKeys.length ? fc.constantFrom(...queryKeys) : fc.string({ maxLength: 8 }),
        hostileText,
        { maxKeys: 6 },
      ),
      body: fc.oneof(
        fc
          .dictionary(
            bodyKeys.length ? fc.constantFrom(...bodyKeys) : fc.string({ maxLength: 8 }),
            hostileJson,
            { maxKeys: 8 },
          )
          .map((value) => JSON.stringify(value)),
        hostileJson.map((value) => JSON.stringify(value)),
        fc.constantFrom("{", "not json", "[1,2", ""),
      ),
    })
    .map(({ params, query, body }) => {
      const names = paramNames(route);
      const pathParameters = Object.fromEntries(names.map((name, i) => [name, params[i] ?? ""]));
      return requestEvent(route, pathParameters, query, route.method === "GET" ? undefined : body);
    });
}

/** Half wholly random requests, half mutated samples (when the route takes any input). */
function anyHostileEvent(route: RouteSpec) {
  const mutated = mutatedSample(route);
  return mutated ? fc.oneof(hostileEvent(route), mutated) : hostileEvent(route);
}

describe("hostile input never gets a 5xx", () => {
  const fuzzed = ROUTES.filter((route) => route.response !== "raw");
  it.each(fuzzed.map((route) => [route.id, route] as const))(
    "%s",
    async (_id, route) => {
      const handler = await handlerOf(route.group);
      await fc.assert(
        fc.asyncProperty(anyHostileEvent(route), async (event) => {
          const response = await handler(event, context);
          const what = `${event.rawPath}?${event.rawQueryString} ${event.body ?? ""}`.slice(0, 300);
          expect(response.statusCode, what).toBeLessThan(500);
          if (response.statusCode === 204) return;
          const body = JSON.parse(response.body);
          if (response.statusCode >= 400) {
            expect(body.success, what).toBe(false);
            expect(typeof body.error.code, what).toBe("string");
            return;
          }
          expect(body.success, what).toBe(true);
          if (route.response !== "raw") {
            const parsed = route.response.safeParse(body.data);
            expect(parsed.success, `${what}\n${parsed.error?.message ?? ""}`).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    },
    120_000,
  );
});
