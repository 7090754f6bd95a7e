import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createMarketDataClient,
  isMarketDataApiError,
  type MarketDataApiError,
  type MarketDataClient,
  type Middleware,
  type PathWithMethod,
  type Payload,
  unwrap,
  unwrapAnswer,
} from "@market-data-api/client";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../lib/api/groups/registry";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { loadConfig } from "../../lib/config";
import { newDemoAccountKey } from "../../local/demo-account";
import type { LocalRuntime } from "../../local/runtime";
import { testDeps } from "../setup/deps";
import { startTestApi } from "../setup/local-api";

/**
 * The typed client (packages/client) against a running local server: every route of the
 * route table is called through it with a valid request and answers 2xx. A good number of
 * calls are written out, so `tsc` checks their parameters, bodies and payload types; the rest
 * are sent from the routes' events/ samples through the client's generic `request`.
 */

const ROOT = join(import.meta.dirname, "../..");
// The events/ samples were written at EXAMPLE_TIME: the expirations, articles and clusters
// they name exist then, whatever day the test runs on.
process.env.SIM_NOW = EXAMPLE_TIME;

/** Routes outside the OpenAPI document, so without types in the client (see the last test). */
const UNDOCUMENTED = ["docs.openapi", "docs.page", "docs.asset", "corporate.preflight"];

/** `METHOD /schema/path` → the statuses the client saw (recorded by a middleware). */
const seen = new Map<string, number[]>();
const recorder: Middleware = {
  onResponse({ request, schemaPath, response }) {
    const key = `${request.method} ${schemaPath}`;
    seen.set(key, [...(seen.get(key) ?? []), response.status]);
  },
};
const routeKeyOf = (route: Pick<RouteSpec, "method" | "path">) => `${route.method} ${route.path}`;

let runtime: LocalRuntime | undefined;
/** Keyless, then keyed with the test account's key (limits raised), then the demo account's. */
let anonymous: MarketDataClient;
let api: MarketDataClient;
let demo: MarketDataClient;

function client(apiKey?: string): MarketDataClient {
  if (!runtime) throw new Error("the local runtime has not started");
  return createMarketDataClient({
    baseUrl: runtime.apiUrl,
    ...(apiKey === undefined ? {} : { apiKey }),
    middleware: [recorder],
  });
}

beforeAll(async () => {
  runtime = await startTestApi();
  anonymous = client();
  const registered = await unwrap(
    anonymous.POST("/account/register", {
      body: { email: `client-${randomUUID()}@example.com`, password: "correct horse battery" },
    }),
  );
  // ~180 calls and more: far above the Free tier's 60 a minute (as the fuzz test does).
  const { accounts } = testDeps();
  await accounts.setCustomLimits(registered.userId, { perMinute: 1_000_000, daily: null });
  api = client(registered.apiKey);
  // The premium-selling feed answers the demo account's keys only (DEMO_ACCOUNT_EMAIL).
  const demoEmail = loadConfig(process.env).demoAccountEmail as string;
  const demoKey = await newDemoAccountKey(
    accounts,
    demoEmail,
    `client-${randomUUID()}`,
    new Date().toISOString(),
  );
  const demoAccount = await accounts.findAccountByEmail(demoEmail);
  if (demoAccount) {
    await accounts.setCustomLimits(demoAccount.userId, { perMinute: 1_000_000, daily: null });
  }
  demo = client(demoKey);
}, 180_000);

afterAll(() => runtime?.stop());

describe("typed calls (tsc checks their parameters and payloads)", () => {
  it("the descriptor needs no key and counts the served routes", async () => {
    const answer = await unwrapAnswer(anonymous.GET("/"));
    const endpoints: number = answer.data.surface.endpoints;
    // Under /v1, without the CORS preflight (lib/api/descriptor.ts).
    const served = ROUTES.filter(
      (route) => route.versioned !== false && route.method !== "OPTIONS",
    );
    expect(endpoints).toBe(served.length);
    expect(answer.meta.version).toBe("v1");
    expect(answer.rateLimit).toBeNull(); // keyless descriptor: not counted
  });

  it("account: register, login, keys, usage, tiers, contact", async () => {
    const email = `client-${randomUUID()}@example.com`;
    const password = "a long passphrase";
    const account = await unwrap(
      anonymous.POST("/account/register", { body: { email, password } }),
    );
    const apiKey: string = account.apiKey;
    expect(apiKey).toMatch(/^mdk_/);
    const login = await unwrap(anonymous.POST("/account/login", { body: { email, password } }));
    expect(typeof login.token).toBe("string");

    const own = client(apiKey);
    const created = await unwrap(own.POST("/account/keys", { body: { name: "ci" } }));
    const keys = await unwrap(own.GET("/account/keys"));
    expect(keys.map((key) => key.id)).toContain(created.id);
    const revoked = await unwrapAnswer(
      own.DELETE("/account/keys/{keyId}", { params: { path: { keyId: created.id } } }),
    );
    expect(revoked.status).toBe(200);
    const usage = await unwrapAnswer(own.GET("/account/usage"));
    const perMinute: number = usage.data.rateLimit;
    expect(perMinute).toBe(60);
    expect(usage.rateLimit).toMatchObject({ tier: "Free", minuteLimit: 60, dailyLimit: 1000 });
    expect(usage.rateLimit?.resetAt).toBeInstanceOf(Date);

    const tiers = await unwrap(api.GET("/account/tiers"));
    expect(tiers.length).toBeGreaterThan(0);
    const contact = sampleBody("account.contact");
    await unwrap(api.POST("/account/contact", { body: contact }));
  });

  it("market: status, a quote, a chart with indicators", async () => {
    const status = await unwrap(api.GET("/market/status"));
    expect(status.currentSession).toBe("Market"); // Monday 10:00 New York (SIM_NOW)

    const quote = await unwrap(
      api.GET("/market/stocks/{code}/quote", { params: { path: { code: "AAPL_NASDAQ" } } }),
    );
    const lastPrice: number = quote.lastPrice;
    expect(lastPrice).toBeGreaterThan(0);
    expect(quote.symbol).toBe("AAPL");
    // @ts-expect-error: a quote has no such field (the payload is typed, not `any`)
    expect(quote.notAField).toBeUndefined();

    const chart = await unwrap(
      api.GET("/market/stocks/{code}/chart", {
        params: { path: { code: "AAPL_NASDAQ" }, query: { period: 5, indicators: "rsi,macd" } },
      }),
    );
    expect(chart.bars.length).toBeGreaterThan(0);
    const close: number | undefined = chart.bars.at(-1)?.close;
    expect(close).toBeGreaterThan(0);
  });

  it("options: a chain and the three calculators", async () => {
    const chain = await unwrap(
      api.GET("/options/{code}/chain", {
        params: { path: { code: "AAPL_NASDAQ" }, query: { expiry: "261218", right: "C" } },
      }),
    );
    expect(chain.items.length).toBeGreaterThan(0);
    const strike: number | undefined = chain.items[0]?.strike;
    expect(strike).toBeGreaterThan(0);

    const priced = await unwrap(
      api.POST("/options/calculator", {
        body: {
          underlyingPrice: 230,
          strike: 235,
          daysToExpiration: 30,
          impliedVolatility: 28,
          right: "C",
        },
      }),
    );
    const price: number = priced.theoreticalPrice;
    expect(price).toBeGreaterThan(0);
    const implied = await unwrap(
      api.POST("/options/implied-volatility", {
        body: { marketPrice: price, underlyingPrice: 230, strike: 235, daysToExpiration: 30 },
      }),
    );
    expect(implied.impliedVolatility).toBeCloseTo(28, 6);
    const profile = await unwrap(
      api.POST("/options/pnl-profile", {
        body: {
          underlyingPrice: 230,
          legs: [
            { quantity: 1, premium: 5.51, strike: 235, right: "C" },
            { quantity: -1, premium: 2.51, strike: 245, right: "C" },
          ],
        },
      }),
    );
    expect(profile.points).toHaveLength(121);
    expect(profile.legCount).toBe(2);
  });

  it("alerts: subscribe, list, delete", async () => {
    const alert = await unwrap(
      api.POST("/alerts/subscribe", {
        body: { code: "AAPL_NASDAQ", type: "price_above", threshold: 200 },
      }),
    );
    const alerts = await unwrap(api.GET("/alerts"));
    expect(JSON.stringify(alerts)).toContain(alert.id);
    await unwrap(api.DELETE("/alerts/{id}", { params: { path: { id: alert.id } } }));
  });

  it("webhooks: the catalogue, create, list, test, deliveries, delete", async () => {
    const events = await unwrap(api.GET("/webhooks/events"));
    expect(JSON.stringify(events)).toContain("alert.price");
    const webhook = await unwrap(
      api.POST("/webhooks", {
        body: { url: "https://93.184.215.14/market-data", events: ["alert.price", "alert.iv"] },
      }),
    );
    const id: string = webhook.id;
    expect(JSON.stringify(await unwrap(api.GET("/webhooks")))).toContain(id);
    await unwrap(api.POST("/webhooks/{id}/test", { params: { path: { id } } }));
    await unwrap(api.GET("/webhooks/{id}/deliveries", { params: { path: { id } } }));
    await unwrap(api.DELETE("/webhooks/{id}", { params: { path: { id } } }));
  });

  it("Payload<operation id> names a payload's type", () => {
    const quote: Payload<"market.quote"> = {} as Payload<"market.quote">;
    const lastPrice: number = quote.lastPrice;
    expect(lastPrice).toBeUndefined();
  });
});

describe("error answers become MarketDataApiError", () => {
  it("an unknown symbol: 404 SYMBOL_NOT_FOUND with the request id", async () => {
    const failure = await rejection(
      unwrap(api.GET("/market/stocks/{code}/quote", { params: { path: { code: "NOPE_NASDAQ" } } })),
    );
    expect(failure).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND", retryable: false });
    expect(failure.requestId).toBe(failure.response.headers.get("x-request-id"));
    expect(failure.rateLimit).toMatchObject({ minuteLimit: 1_000_000, dailyLimit: null });
  });

  it("bad input: 400 INVALID_PARAMETER naming the field, with every problem in details", async () => {
    const failure = await rejection(
      unwrap(
        api.POST("/options/calculator", {
          body: { underlyingPrice: -1, strike: 235, daysToExpiration: 30, impliedVolatility: 28 },
        }),
      ),
    );
    expect(failure).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(failure.message).toContain("underlyingPrice");
    expect(failure.details).toContain("underlyingPrice");
  });

  it("no key: 401 MISSING_API_KEY", async () => {
    const failure = await rejection(unwrap(anonymous.GET("/market/status")));
    expect(failure).toMatchObject({ status: 401, code: "MISSING_API_KEY" });
  });

  it("over the limit: 429 RATE_LIMIT_EXCEEDED with Retry-After and the limit's figures", async () => {
    const limited = await unwrap(
      anonymous.POST("/account/register", {
        body: { email: `client-${randomUUID()}@example.com`, password: "correct horse battery" },
      }),
    );
    await testDeps().accounts.setCustomLimits(limited.userId, { perMinute: 1, daily: null });
    const slow = client(limited.apiKey);
    await unwrap(slow.GET("/market/status"));
    const failure = await rejection(unwrap(slow.GET("/market/status")));
    expect(failure).toMatchObject({ status: 429, code: "RATE_LIMIT_EXCEEDED", retryable: true });
    expect(failure.retryAfterSeconds).toBeGreaterThan(0);
    expect(failure.retryAfterSeconds).toBeLessThanOrEqual(120); // about a minute
    expect(failure.rateLimit).toMatchObject({ minuteLimit: 1, minuteRemaining: 0 });
  });

  it("a 405's empty body: HTTP_405", async () => {
    // PUT is in no route of the document, so it is not typed: the client's untyped escape hatch.
    const untyped = api as unknown as { PUT(path: string): ReturnType<MarketDataClient["GET"]> };
    const failure = await rejection(unwrap(untyped.PUT("/market/status")));
    expect(failure).toMatchObject({ status: 405, code: "HTTP_405", details: null });
    expect(failure.response.headers.get("allow")).toBe("GET");
  });

  it("a baseUrl that is not absolute is refused at once", () => {
    expect(() => createMarketDataClient({ baseUrl: "/v1" })).toThrow(/absolute/);
  });
});

describe("every route of the route table through the client", () => {
  const documented = ROUTES.filter((route) => !UNDOCUMENTED.includes(route.id));

  // One test per route, in table order: a route that reads what an earlier one stored (the
  // committee's conviction after its analysis) finds it.
  it.each(documented.map((route) => [route.id, route] as const))(
    "%s answers its events/ sample with a 2xx and a schema-valid payload",
    async (_id, route) => {
      if (seen.get(routeKeyOf(route))?.some(isSuccess)) return; // called by a typed test
      const caller = route.id.startsWith("optionsExtra.") ? demo : api;
      const data = await callSample(caller, route).catch((error: unknown) => {
        if (!isMarketDataApiError(error)) throw error;
        throw new Error(`${error.status} ${error.code}: ${error.message} ${error.details ?? ""}`);
      });
      if (route.response !== "raw") {
        const parsed = route.response.safeParse(data);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    },
  );

  it("has called every documented route with a 2xx", () => {
    const missed = documented.filter((route) => !seen.get(routeKeyOf(route))?.some(isSuccess));
    expect(missed.map((route) => route.id)).toEqual([]);
  });

  it("reaches the routes outside the OpenAPI document (documentation, CORS preflight)", async () => {
    // The documentation lives outside /v1 and the preflight is the browser's: the document
    // has no operation for them, so the client has no types for them; its untyped escape
    // hatch reaches them all the same.
    const origin = runtime?.origin as string;
    const untyped = api as unknown as {
      request(
        method: string,
        path: string,
        init: { baseUrl?: string; parseAs?: "text"; headers?: Record<string, string> },
      ): Promise<{ data?: unknown; response: Response }>;
    };
    const openApi = await untyped.request("get", "/swagger/v1/swagger.json", { baseUrl: origin });
    expect(openApi.response.status).toBe(200);
    expect(openApi.data).toMatchObject({ openapi: "3.1.0" });
    const page = await untyped.request("get", "/docs", { baseUrl: origin, parseAs: "text" });
    expect(page.response.status).toBe(200);
    expect(String(page.data)).toContain("<html");
    const asset = sampleEvent("docs.asset").pathParameters?.file as string;
    const script = await untyped.request("get", `/docs/${asset}`, {
      baseUrl: origin,
      parseAs: "text",
    });
    expect(script.response.status).toBe(200);
    const preflight = await untyped.request("options", "/corporate/contact", {
      headers: sampleEvent("corporate.preflight").headers as Record<string, string>,
    });
    expect(preflight.response.status).toBe(204);
    expect(preflight.response.headers.get("access-control-allow-methods")).toContain("POST");
  });
});

/** What the client's calls resolve to (openapi-fetch). */
interface FetchOutcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

async function rejection(call: Promise<unknown>): Promise<MarketDataApiError> {
  try {
    await call;
  } catch (error) {
    if (isMarketDataApiError(error)) return error;
    throw error;
  }
  throw new Error("the call succeeded; an error answer was expected");
}

function sampleEvent(routeId: string): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${routeId}.json`), "utf8"));
}

function sampleBody(routeId: string) {
  return JSON.parse(sampleEvent(routeId).body ?? "null");
}

type Method = "get" | "post" | "delete";

/**
 * One route's events/ sample through the client's generic `request`: its path parameters,
 * query string and body. The route table's paths are the document's, and every route of
 * the table but the undocumented ones has an operation there (test/api/openapi.test.ts).
 */
async function callSample(caller: MarketDataClient, route: RouteSpec): Promise<unknown> {
  const sample = sampleEvent(route.id);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(sample.rawQueryString)) {
    const previous = query[name];
    query[name] = previous === undefined ? value : [previous, value].flat();
  }
  const init = {
    params: { path: sample.pathParameters ?? {}, query },
    ...(sample.body === undefined ? {} : { body: JSON.parse(sample.body) }),
  };
  // The route's path is a key of `paths` (PathWithMethod<Method>), but a union of 180 paths
  // makes tsc infer every operation's types at once: the typed calls above are the type check.
  const untyped = caller as unknown as {
    request(method: Method, path: PathWithMethod<Method>, init: unknown): Promise<FetchOutcome>;
  };
  return unwrap(untyped.request(route.method.toLowerCase() as Method, route.path as never, init));
}
