import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodObject } from "zod";
import { hashPassword } from "../../lib/account/passwords";
import type { HttpResult } from "../../lib/api/envelope";
import { routeErrorCodes } from "../../lib/api/error-catalogue";
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
/** Requests across all routes per run: 20,000 in CI; FUZZ_RUNS for longer local runs. */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
/** A fixed seed keeps CI reproducible; FUZZ_SEED explores other inputs locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

let apiKey: string;
let userId: number;

beforeAll(async () => {
  const { accounts } = testDeps();
  const created = await accounts.register(
    `fuzz-${randomUUID()}@example.com`,
    await hashPassword("correct horse battery"),
    new Date().toISOString(),
  );
  await accounts.setCustomLimits(created.record.userId, { perMinute: 1_000_000, daily: null });
  apiKey = created.apiKey;
  userId = created.record.userId;
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
    "..%2f..%2fetc%2fpasswd",
    "%00",
    "\u0000",
    "' OR '1'='1' --",
    '"; DROP TABLE accounts; --',
    "<script>alert(1)</script>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, sent literally
    "${jndi:ldap://example.invalid/a}",
    "{{7*7}}",
    "\uD800",
    "😀".repeat(200),
    "مرحبا بالعالم",
    "Ａ\u200bＡＰＬ",
    "line\r\nbreak",
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
  fc.string({ unit: "binary", maxLength: 40 }),
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

const MISSING = Symbol("missing field");
const EXTRA = Symbol("extra field");
const isExtra = (value: unknown): value is { [EXTRA]: unknown } =>
  typeof value === "object" && value !== null && EXTRA in value;

/**
 * The route's valid sample with one or two of its fields replaced (see replacementFor),
 * dropped, or joined by a field the route does not declare.
 */
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
  // Replace a field (mostly), drop it, or add one the route does not know.
  const mutation = fc
    .constantFrom(...fields)
    .chain(([part, key]) =>
      fc
        .oneof(
          { arbitrary: replacementFor(sampleParts[part][key]), weight: 6 },
          { arbitrary: fc.constant(MISSING), weight: 1 },
          { arbitrary: hostileJson.map((value) => ({ [EXTRA]: value })), weight: 1 },
        )
        .map((value) => ({ part, key, value })),
    );
  return fc.array(mutation, { minLength: 1, maxLength: 2 }).map((mutations) => {
    const parts = {
      params: { ...sampleParts.params },
      query: { ...sampleParts.query },
      body: { ...sampleParts.body },
    };
    for (const { part, key, value } of mutations) {
      if (value === MISSING) delete parts[part][key];
      else if (isExtra(value)) parts[part][`unexpected_${key}`] = value[EXTRA];
      else parts[part][key] = value;
    }
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
  return abused(route, mutated ? fc.oneof(hostileEvent(route), mutated) : hostileEvent(route));
}

/**
 * Abuse of the request itself, in one of five: a wrong content type, an oversized body, a body
 * flagged base64 that is not, or a query parameter given twice (API Gateway joins the values
 * with a comma).
 */
function abused(route: RouteSpec, events: fc.Arbitrary<APIGatewayProxyEventV2>) {
  const abuse = fc.constantFrom("content-type", "oversized", "base64", "duplicate-query");
  const contentType = fc.constantFrom(
    "text/plain",
    "application/xml",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
  );
  return fc
    .tuple(events, fc.option(abuse, { freq: 4 }), contentType)
    .map(([generated, kind, type]) => {
      const event = structuredClone(generated);
      if (kind === "content-type") event.headers["content-type"] = type;
      if (kind === "oversized" && route.method !== "GET") {
        event.body = JSON.stringify({ padding: "x".repeat(70 * 1024) });
      }
      if (kind === "base64" && event.body !== undefined) {
        event.body = "%%% not base64 %%%";
        event.isBase64Encoded = true;
      }
      if (kind === "duplicate-query") {
        const [key, value] = Object.entries(event.queryStringParameters ?? {})[0] ?? ["limit", "1"];
        event.queryStringParameters = {
          ...event.queryStringParameters,
          [key]: `${value},${value}`,
        };
        event.rawQueryString = `${event.rawQueryString}&${new URLSearchParams({ [key]: value ?? "" })}`;
      }
      return event;
    });
}

/** Routes that write the account's data: a refused request must leave it as it was. */
const writesAccountData = (route: RouteSpec) =>
  route.method !== "GET" && ["account", "webhooks", "alerts"].includes(route.group);

/** The fuzz account's keys (without their last use), webhooks and alerts. */
async function storedState(deps: ReturnType<typeof testDeps>) {
  const keys = await deps.accounts.listKeys(userId);
  return {
    keys: keys.map(({ lastUsedAt: _lastUsed, ...key }) => key),
    webhooks: await deps.webhooks.list(userId),
    alerts: await deps.alerts.list(userId),
  };
}

describe("hostile input never gets a 5xx", () => {
  const fuzzed = ROUTES.filter((route) => route.response !== "raw");
  const runsPerRoute = Math.ceil(FUZZ_RUNS / fuzzed.length);
  const deps = testDeps();
  it.each(fuzzed.map((route) => [route.id, route] as const))(
    "%s",
    async (_id, route) => {
      const handler = await handlerOf(route.group);
      const declared = new Set<string>(routeErrorCodes(route));
      const checksStore = writesAccountData(route);
      await fc.assert(
        fc.asyncProperty(anyHostileEvent(route), async (event) => {
          const before = checksStore ? await storedState(deps) : undefined;
          const response = await handler(event, context);
          const what = `${event.rawPath}?${event.rawQueryString} ${event.body ?? ""}`.slice(0, 300);
          expect(response.statusCode, what).toBeLessThan(500);
          if (response.statusCode === 204) return;
          const body = JSON.parse(response.body);
          expect(body.meta?.version, what).toBe("v1");
          expect(typeof body.meta?.requestId, what).toBe("string");
          if (response.statusCode >= 400) {
            expect(body.success, what).toBe(false);
            expect(typeof body.error.message, what).toBe("string");
            expect(declared, `${what}\nanswered ${body.error.code}`).toContain(body.error.code);
            if (before) expect(await storedState(deps), what).toEqual(before);
            return;
          }
          expect(body.success, what).toBe(true);
          if (route.response !== "raw") {
            const parsed = route.response.safeParse(body.data);
            expect(parsed.success, `${what}\n${parsed.error?.message ?? ""}`).toBe(true);
          }
        }),
        { numRuns: runsPerRoute, seed: SEED },
      );
    },
    600_000,
  );
});
