import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../lib/account/api-keys";
import { demoAccountOf } from "../../lib/account/demo-account";
import { invokeRoute } from "../../lib/api/dispatch";
import { type HttpResult, responseForThrown } from "../../lib/api/envelope";
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  errorAnswer,
  isErrorCode,
  routeErrorCodes,
  sharedErrorCodes,
} from "../../lib/api/error-catalogue";
import { apiError } from "../../lib/api/errors";
import { API_GROUPS, ROUTES } from "../../lib/api/groups/registry";
import { exampleRequests } from "../../lib/api/openapi-examples";
import { groupRoutes, type RouteSpec } from "../../lib/api/route";
import { type CompanyDataProvider, CompanyDataUnavailable } from "../../lib/company/ports";
import { loadConfig } from "../../lib/config";
import { CongressionalDataUnavailable } from "../../lib/congressional/ports";
import type { Deps } from "../../lib/deps";
import { FdaDataUnavailable, type FdaSource } from "../../lib/fda/ports";
import type { FundamentalsSource } from "../../lib/fundamentals/ports";
import type {
  GraphSources,
  InstitutionSource,
  PeopleSource,
  SupplyChainSource,
} from "../../lib/graph/ports";
import { type MarketDataProvider, MarketDataUnavailable } from "../../lib/market/ports";
import { NewsUnavailable } from "../../lib/news/ports";
import { FxDataUnavailable, type FxRateSource } from "../../lib/reference/fx/ports";
import { createAccountStore } from "../../lib/store/accounts";
import { createAlertStore, MAX_ALERTS_PER_ACCOUNT } from "../../lib/store/alerts";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { createRateLimiter } from "../../lib/store/rate-limiter";
import { createResponseCache } from "../../lib/store/response-cache";
import { createVerdictStore } from "../../lib/store/verdicts";
import { createWebhookStore, MAX_WEBHOOKS_PER_ACCOUNT } from "../../lib/store/webhooks";
import { QueueUnavailable } from "../../lib/webhooks/event-queue";
import { testDeps } from "../setup/deps";
import { serverErrorTransport, storeWith } from "../setup/faults";

/**
 * The error catalogue (lib/api/error-catalogue.ts) against the code: every code is declared
 * once and built somewhere, every ApiError comes from it, and every route answers only the
 * codes it declares (RouteSpec.errors plus those its kind shares), each of them reachable.
 * The routes are driven through the dispatcher in a matrix of situations: their events/
 * sample, their documented invalid requests, unknown identifiers, every kind of contract, a
 * fund without events, a foreign browser origin, no key, the caller's own webhook disabled,
 * each symbol a body names unknown, and the market-data source, the company-data source, the
 * table, the queue, the mailer and the narrative backend down.
 */

const ROOT = join(import.meta.dirname, "../..");
const quiet = { info() {}, error() {} };
const deps = testDeps({ log: quiet });

describe("the catalogue", () => {
  it("words every code: an error status, a message, a documentation line, Retry-After on 503", () => {
    expect(ERROR_CODES.length).toBeGreaterThan(20);
    for (const code of ERROR_CODES) {
      const answer = errorAnswer(code);
      expect(answer.status, code).toBeGreaterThanOrEqual(400);
      expect(answer.status, code).toBeLessThan(600);
      expect(answer.message, code).toMatch(/\S/);
      expect(answer.when, code).toMatch(/\S/);
      if (answer.status === 503 || answer.status === 429) {
        expect(answer.retryAfterSeconds, code).toBeGreaterThan(0);
      }
    }
  });

  it("builds ApiErrors with its wording, arguments and Retry-After", () => {
    const { status, code, message, details, headers } = apiError("SYMBOL_NOT_FOUND", {
      code: "AAPX_NASDAQ",
    });
    expect({ status, code, message, details, headers }).toEqual({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
      message: "No contract with code AAPX_NASDAQ.",
      details: "See GET /v1/market/exchanges/{symbol}.",
      headers: {},
    });
    const cause = new Error("vendor down");
    const unavailable = apiError("MARKET_DATA_UNAVAILABLE", { cause });
    expect(unavailable.headers).toEqual({ "retry-after": "5" });
    expect(unavailable.cause).toBe(cause);
    const limited = apiError("RATE_LIMIT_EXCEEDED", {
      limit: "daily",
      tier: "Free",
      retryAfterSeconds: 300,
      headers: { "x-ratelimit-tier": "Free" },
    });
    expect(limited.headers).toEqual({ "x-ratelimit-tier": "Free", "retry-after": "300" });
    expect(limited.details).toBe("Free: retry in 300 seconds.");
  });

  it("has every code built somewhere in the service (no dead entry)", () => {
    const source = serviceSources()
      .filter(({ file }) => !CATALOGUE_FILES.includes(file))
      .map(({ file, text }) => (isRouteFile(file) ? withoutErrorDeclarations(text) : text))
      .join("\n");
    const unused = ERROR_CODES.filter((code) => !source.includes(`"${code}"`));
    expect(unused, "codes no code builds").toEqual([]);
  });

  it("is the only way ApiErrors are built", () => {
    const builders = serviceSources()
      .filter(({ file, text }) => file !== "lib/api/errors.ts" && /new ApiError\(/.test(text))
      .map(({ file }) => file);
    expect(builders, "build from the catalogue with apiError(code, args)").toEqual([]);
  });
});

describe("route declarations", () => {
  it("name only catalogue codes, none twice and none their kind already shares", () => {
    const wrong = ROUTES.flatMap((route) => {
      const declared: readonly string[] = route.errors ?? [];
      const shared: readonly string[] = sharedErrorCodes(route);
      return [
        ...declared.filter((code) => !isErrorCode(code)).map((code) => `${route.id}: ${code}?`),
        ...declared.filter((code) => shared.includes(code)).map((c) => `${route.id}: ${c} shared`),
        ...(new Set(declared).size === declared.length ? [] : [`${route.id}: repeats a code`]),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it("derive what a route's kind shares: keys and limits on API routes, 413 with a body", () => {
    const byId = (id: string) => ROUTES.find((route) => route.id === id) as RouteSpec;
    expect(sharedErrorCodes(byId("market.status"))).toEqual([
      "MISSING_API_KEY",
      "INVALID_API_KEY",
      "KEY_REVOKED",
      "RATE_LIMIT_EXCEEDED",
      "INTERNAL_ERROR",
      "RATE_LIMITER_UNAVAILABLE",
      "REQUEST_TIMEOUT",
    ]);
    expect(sharedErrorCodes(byId("corporate.contact"))).toEqual([
      "INVALID_PARAMETER",
      "INVALID_NAME",
      "INVALID_EMAIL",
      "INVALID_MESSAGE",
      "INVALID_API_KEY",
      "KEY_REVOKED",
      "PAYLOAD_TOO_LARGE",
      "RATE_LIMIT_EXCEEDED",
      "INTERNAL_ERROR",
      "RATE_LIMITER_UNAVAILABLE",
      "REQUEST_TIMEOUT",
    ]);
    expect(routeErrorCodes(byId("docs.asset"))).toEqual([
      "INVALID_PARAMETER",
      "INTERNAL_ERROR",
      "REQUEST_TIMEOUT",
      "NOT_FOUND",
    ]);
  });
});

describe("every route answers only the codes it declares", () => {
  /** Route id → code → the first situation that answered it. */
  const answered = new Map<string, Map<string, string>>();

  beforeAll(async () => {
    const caller = await callerKey();
    await ownWebhooks(caller);
    for (const route of ROUTES) {
      const codes = new Map<string, string>();
      answered.set(route.id, codes);
      for (const situation of SITUATIONS) {
        for (const call of situation.calls(route, caller)) {
          const code = errorCodeOf(await answer(route, call, caller));
          if (code && !codes.has(code)) codes.set(code, situation.name);
        }
      }
    }
  }, 600_000);

  it("answers no code its route does not declare", () => {
    const undeclared = ROUTES.flatMap((route) =>
      [...(answered.get(route.id) ?? [])]
        .filter(([code]) => !(routeErrorCodes(route) as string[]).includes(code))
        .map(([code, situation]) => `${route.id} answered ${code} (${situation})`),
    );
    expect(undeclared, "declare them in the route's `errors`").toEqual([]);
  });

  it("reaches every code each route declares (no stale declaration)", () => {
    const unreached = ROUTES.flatMap((route) =>
      (route.errors ?? [])
        .filter((code) => !answered.get(route.id)?.has(code))
        .map((code) => `${route.id} never answered ${code}`),
    );
    expect(unreached).toEqual([]);
  });

  it("exercises the shared answers too (the matrix is not all 2xx)", () => {
    const seen = new Set([...answered.values()].flatMap((codes) => [...codes.keys()]));
    for (const code of ["INVALID_PARAMETER", "INVALID_EMAIL", "MISSING_API_KEY"]) {
      expect(seen, code).toContain(code);
    }
  });
});

describe("types", () => {
  it("check codes and arguments against the catalogue at compile time (tsc, never run)", () => {
    expect(typeChecks).toBeTypeOf("function");
  });
});

/** Compile-time checks (tsc): codes and arguments are typed against the catalogue. */
function typeChecks() {
  groupRoutes("meta", {
    probe: {
      method: "GET",
      path: "/probe",
      auth: "none",
      summary: "",
      response: "raw",
      // @ts-expect-error: not a code of the catalogue
      errors: ["NO_SUCH_CODE"],
    },
  });
  // @ts-expect-error: not a code of the catalogue
  apiError("NO_SUCH_CODE");
  // @ts-expect-error: SYMBOL_NOT_FOUND is worded from the code or symbol looked up
  apiError("SYMBOL_NOT_FOUND");
  // @ts-expect-error: NO_DATA needs what, code and reason
  apiError("NO_DATA", { code: "SPX_INDEX" });
  apiError("INVALID_CREDENTIALS");
  apiError("NOVA_UNAVAILABLE", { cause: new Error("model missing") });
  return ERROR_CATALOGUE;
}

// --- The situations every route is driven through -------------------------------------------

interface Call {
  event: APIGatewayProxyEventV2;
  deps?: Partial<Deps>;
  /** Call without the key the handler would have resolved. */
  keyless?: boolean;
}

interface Situation {
  name: string;
  calls(route: RouteSpec, caller: KeyRecord): Call[];
}

/** Path parameters no resource has. */
const UNKNOWN: Record<string, string> = {
  code: "AAPX_NASDAQ",
  id: "wh_aaaaaaaaaaaaaaaaaaaa",
  symbol: "AAPX",
  keyId: "999999999",
  file: "missing.js",
  presetName: "no-such-preset",
  // A valid ISO 639-1 code no content is offered in (content group).
  lang: "sw",
};

/** A well-formed alert id no alert has. */
const UNKNOWN_ALERT = "al_aaaaaaaaaaaaaaaaaaaa";

/** A contract of each kind the market lists: indices, crypto, a future. */
const CONTRACT_KINDS = ["SPX_INDEX", "NDX_INDEX", "BTC_COINBASE", "ESZ26_CME"];

/** A failed call; marked handled, as callers that start several calls may await one. */
function down(): Promise<never> {
  const failed = Promise.reject(new MarketDataUnavailable("test", "HTTP 503"));
  failed.catch(() => {});
  return failed;
}

/** A capability that is down: calling it fails, and so does every capability it holds. */
const failing: () => Promise<never> = new Proxy(down, { get: () => failing });

/** A market-data source that is down: every capability fails. */
const marketDown = new Proxy({ name: "down" } as MarketDataProvider, {
  get: (target, property) => (property === "name" ? target.name : failing),
  has: () => true,
});

/** A company-data source that is down: every directory, filing, description and feed call fails. */
function companyDown(): Promise<never> {
  const failed = Promise.reject(new CompanyDataUnavailable("test", "HTTP 503"));
  failed.catch(() => {});
  return failed;
}
const failingCompanyCall = { get: () => companyDown } as const;
const companySourceDown: CompanyDataProvider = {
  directory: new Proxy({} as CompanyDataProvider["directory"], failingCompanyCall),
  filings: new Proxy({} as CompanyDataProvider["filings"], failingCompanyCall),
  descriptions: new Proxy({} as CompanyDataProvider["descriptions"], failingCompanyCall),
  social: new Proxy({} as NonNullable<CompanyDataProvider["social"]>, failingCompanyCall),
};

/** The graph's sources down with the company data (EDGAR unreachable): every call fails. */
const graphSourcesDown: GraphSources = {
  provider: "down",
  peopleInGraph: true,
  supplyChain: new Proxy({} as SupplyChainSource, failingCompanyCall),
  people: new Proxy({} as PeopleSource, failingCompanyCall),
  institutions: new Proxy({} as InstitutionSource, failingCompanyCall),
};

/** The financial statements' source down with the company data. */
const statementsDown: FundamentalsSource = { name: "down", quarterStatements: companyDown };

/** The real source, but without bars for any contract. */
const withoutBars = new Proxy(deps.market, {
  get: (target, property, receiver) =>
    property === "bars" ? async () => [] : Reflect.get(target, property, receiver),
});

/** The real source, but listing one contract (the lowest strike) per side of each expiration. */
const thinChains = new Proxy(deps.market, {
  get: (target, property, receiver) =>
    property === "optionChain"
      ? async (...args: Parameters<typeof target.optionChain>) =>
          (await target.optionChain.apply(receiver, args))?.slice(0, 1)
      : Reflect.get(target, property, receiver),
});

/** The real source, but without option listings (a vendor that lists no expirations). */
const withoutListings = new Proxy(deps.market, {
  get: (target, property, receiver) => {
    if (property === "optionExpirations") return undefined;
    // Another name: Nova's cached answer for the real source is not this source's.
    if (property === "name") return "without-listings";
    return Reflect.get(target, property, receiver);
  },
});

/** The table failing every call: accounts, limits, cached responses. */
function tableDown(): Partial<Deps> {
  const db = storeWith(serverErrorTransport);
  const { tableName } = loadConfig(process.env);
  return {
    accounts: createAccountStore(db, tableName),
    limiter: createRateLimiter(db, tableName),
    responses: createResponseCache(db, tableName, deps.clock, quiet),
    webhooks: createWebhookStore(db, tableName),
    alerts: createAlertStore(db, tableName),
    verdicts: createVerdictStore(db, tableName),
    demoAccount: demoAccountOf(createAccountStore(db, tableName), "demo@example.com"),
  };
}

/** Every caller is the demo account (the premium-selling feed reads past its check). */
const everyoneDemo = { email: "demo@example.com", isDemoAccount: async () => true };

/** The caller's own subscriptions, made before the matrix runs: one active, one disabled. */
const owned = { active: "", disabled: "" };

async function ownWebhooks(caller: KeyRecord) {
  const create = () =>
    deps.webhooks.create(
      caller.userId,
      { url: "https://93.184.215.14/hook", events: ["alert.price"], description: null },
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      new Date().toISOString(),
    );
  owned.active = (await create()).id;
  owned.disabled = (await create()).id;
  await deps.webhooks.disable(caller.userId, owned.disabled, "The receiver answered 410 Gone.");
}

/** A news desk whose source is unreachable. */
const newsDown = {
  view: () => Promise.reject(new NewsUnavailable("test", "connection refused")),
};

/** A congressional-trades source that is unreachable. */
const congressDown = {
  name: "down",
  disclosedTrades: () => Promise.reject(new CongressionalDataUnavailable("test", "HTTP 503")),
  pricesNow: () => Promise.reject(new CongressionalDataUnavailable("test", "HTTP 503")),
};

/** An FDA source that cannot be read (openFDA or the Federal Register unreachable). */
const fdaDown: FdaSource = {
  name: "openfda",
  companies: deps.fda.companies,
  limitations: [],
  events: () => Promise.reject(new FdaDataUnavailable("test", "HTTP 503")),
};

/** An FX source that cannot be read (the ECB unreachable). */
const fxDown: FxRateSource = {
  info: { provider: "ecb", name: "down", url: null, note: "" },
  latest: () => Promise.reject(new FxDataUnavailable("test", "HTTP 503")),
  history: () => Promise.reject(new FxDataUnavailable("test", "HTTP 503")),
};

/** A webhook queue that refuses every send. */
const queueDown = {
  send: () => Promise.reject(new QueueUnavailable("test: SQS down")),
  deadLetter: () => Promise.reject(new QueueUnavailable("test: SQS down")),
};

const SITUATIONS: Situation[] = [
  { name: "its events/ sample", calls: (route) => [{ event: sample(route) }] },
  {
    name: "its sample sent again",
    calls: (route) => (route.method === "POST" ? [{ event: sample(route) }] : []),
  },
  {
    name: "its documented invalid requests",
    calls: (route) =>
      exampleRequests(route.id).invalid.map((request) => ({
        event: withRequest(sample(route), request),
      })),
  },
  {
    name: "unknown identifiers",
    calls: (route) => {
      const event = sample(route);
      const params = Object.keys(event.pathParameters ?? {});
      const unknown = (p: string) =>
        p === "id" && route.group === "alerts" ? UNKNOWN_ALERT : (UNKNOWN[p] ?? "unknown");
      event.pathParameters = Object.fromEntries(params.map((p) => [p, unknown(p)]));
      const body = parsedBody(event);
      if (body && "email" in body) {
        event.body = JSON.stringify({ ...body, email: `stranger-${randomUUID()}@example.com` });
      }
      const calls = params.length > 0 || event.body !== sample(route).body ? [{ event }] : [];
      // Identifiers a body names: a contract (alerts), the account's webhook (alerts).
      const named = { code: UNKNOWN.code, webhookId: UNKNOWN.id };
      for (const [field, value] of Object.entries(named)) {
        if (!body || !("code" in body)) continue;
        const withUnknown = sample(route);
        withUnknown.body = JSON.stringify({ ...body, [field]: value });
        calls.push({ event: withUnknown });
      }
      return calls;
    },
  },
  {
    name: "unknown identifiers, with the market-data source down",
    calls: (route) => {
      const event = sample(route);
      const params = Object.keys(event.pathParameters ?? {});
      if (!params.includes("code")) return [];
      event.pathParameters = { ...event.pathParameters, code: UNKNOWN.code };
      return [{ event, deps: { market: marketDown } }];
    },
  },
  {
    name: "every kind of contract",
    calls: (route) =>
      sample(route).pathParameters?.code === undefined
        ? []
        : CONTRACT_KINDS.map((code) => ({
            event: withRequest(sample(route), { params: { code } }),
          })),
  },
  {
    name: "the caller's own key",
    calls: (route, caller) =>
      sample(route).pathParameters?.keyId === undefined
        ? []
        : [{ event: withRequest(sample(route), { params: { keyId: String(caller.keyId) } }) }],
  },
  {
    name: "a browser on another origin",
    calls: (route) => {
      const event = sample(route);
      event.headers.origin = "https://evil.example";
      return [{ event }];
    },
  },
  { name: "no key", calls: (route) => [{ event: sample(route), keyless: true }] },
  {
    name: "the market-data source down",
    calls: (route) => [{ event: sample(route), deps: { market: marketDown } }],
  },
  {
    name: "the demo account, with the market-data source down",
    calls: (route) => [
      { event: sample(route), deps: { market: marketDown, demoAccount: everyoneDemo } },
    ],
  },
  {
    name: "the caller's webhooks and alerts at their caps",
    calls: (route) => {
      const cap = { webhooks: MAX_WEBHOOKS_PER_ACCOUNT, alerts: MAX_ALERTS_PER_ACCOUNT }[
        route.group as string
      ];
      return cap !== undefined && route.method === "POST"
        ? Array.from({ length: cap + 1 }, () => ({ event: sample(route) }))
        : [];
    },
  },
  {
    name: "the company-data source down",
    calls: (route) => [
      {
        event: sample(route),
        deps: { company: companySourceDown, graph: graphSourcesDown, fundamentals: statementsDown },
      },
    ],
  },
  {
    name: "a fund without scheduled events",
    calls: (route) =>
      sample(route).pathParameters?.code === undefined
        ? []
        : [{ event: withRequest(sample(route), { params: { code: "ARKK_BATS" } }) }],
  },
  {
    name: "a market-data source without bars",
    calls: (route) => [{ event: sample(route), deps: { market: withoutBars } }],
  },
  {
    name: "a market-data source with one contract per chain",
    calls: (route) => [{ event: sample(route), deps: { market: thinChains } }],
  },
  {
    name: "a market-data source without option listings (Nova)",
    calls: (route) =>
      route.id === "market.novaSuggestions"
        ? [{ event: sample(route), deps: { market: withoutListings } }]
        : [],
  },
  { name: "the table down", calls: (route) => [{ event: sample(route), deps: tableDown() }] },
  {
    name: "the caller's own webhook, disabled, or with the queue down",
    calls: (route) =>
      route.group !== "webhooks" || route.method === "DELETE" || !sample(route).pathParameters?.id
        ? []
        : [
            { event: withRequest(sample(route), { params: { id: owned.disabled } }) },
            {
              event: withRequest(sample(route), { params: { id: owned.active } }),
              deps: { eventQueue: queueDown },
            },
          ],
  },
  {
    name: "the mailer down",
    calls: (route) => [
      { event: sample(route), deps: { mailer: { send: () => Promise.reject(new Error("no")) } } },
    ],
  },
  {
    name: "the news source down",
    calls: (route) => [{ event: sample(route), deps: { news: newsDown } }],
  },
  {
    name: "the congressional-trades source down",
    calls: (route) => [{ event: sample(route), deps: { congressional: congressDown } }],
  },
  {
    name: "the FDA source down",
    calls: (route) => [{ event: sample(route), deps: { fda: fdaDown } }],
  },
  {
    name: "the FX source down",
    calls: (route) => [{ event: sample(route), deps: { fx: fxDown } }],
  },
  {
    name: "the narrative backend down",
    calls: (route) => [{ event: sample(route), deps: { narrative: narrativeDown } }],
  },
  {
    name: "what a query names (a search text, a list of symbols), unknown or no company",
    calls: (route) => {
      const query = (sample(route).queryStringParameters ?? {}) as Record<string, string>;
      const named: Record<string, readonly string[]> = {
        q: ["zyxwvut"],
        exchange: ["XLON"],
        symbols: [`AAPL,${UNKNOWN.code}`, "AAPL,SPY_ARCA"],
        lang: ["sw"],
      };
      return Object.entries(named).flatMap(([field, values]) =>
        field in query
          ? values.map((value) => ({
              event: withRequest(sample(route), { query: { ...query, [field]: value } }),
            }))
          : [],
      );
    },
  },
  {
    name: "each symbol a body names, unknown",
    calls: (route) => {
      const body = parsedBody(sample(route));
      return symbolPaths(body).map((path) => {
        const event = sample(route);
        event.body = JSON.stringify(withValueAt(body, path, UNKNOWN.symbol));
        return { event };
      });
    },
  },
];

/** A narrative backend (lib/narrative) that fails every text, as an unreachable model does. */
const narrativeDown = {
  name: "down",
  write: () => Promise.reject(new Error("test: the model backend is unavailable")),
};

/**
 * The paths of every `symbol` string and every entry of a `symbols` list in a JSON value, e.g.
 * `["positions", 0, "symbol"]`, `["symbols", 1]`.
 */
function symbolPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => symbolPaths(item, [...path, i]));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (key === "symbol" && typeof item === "string") return [[...path, key]];
    if (key === "symbols" && Array.isArray(item)) return item.map((_, i) => [...path, key, i]);
    return symbolPaths(item, [...path, key]);
  });
}

/** A copy of a JSON value with the value at `path` replaced. */
function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown) {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

/** The route's answer as its Lambda gives it after authentication: dispatch, then the envelope. */
async function answer(route: RouteSpec, call: Call, caller: KeyRecord): Promise<HttpResult> {
  const group = API_GROUPS.find((candidate) => candidate.name === route.group);
  const implementation = group?.implementations[route.id];
  if (!implementation) throw new Error(`${route.id} has no implementation`);
  const requestId = randomUUID();
  try {
    const apiKey = call.keyless ? undefined : caller;
    return await invokeRoute(
      route,
      implementation,
      call.event,
      { ...deps, ...call.deps },
      requestId,
      apiKey,
    );
  } catch (thrown) {
    return responseForThrown(thrown, requestId, () => {});
  }
}

function errorCodeOf(response: HttpResult): string | undefined {
  if (response.statusCode < 400) return undefined;
  return (JSON.parse(response.body) as { error: { code: string } }).error.code;
}

/** A fresh account's key as the handler resolves it for a request that carries it. */
async function callerKey(): Promise<KeyRecord> {
  const email = `errors-${randomUUID()}@example.com`;
  const created = await deps.accounts.register(email, "unused-hash", new Date().toISOString());
  const admission = await deps.limiter.consumeKey(hashApiKey(created.apiKey), Date.now());
  if (!admission.key) throw new Error("the new key was not admitted");
  return admission.key;
}

/** The route's events/ sample, from an address of its own (the contact quota is per IP). */
function sample(route: RouteSpec): APIGatewayProxyEventV2 {
  const event = JSON.parse(readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"));
  event.requestContext.http.sourceIp = `198.18.${randomByte()}.${randomByte()}`;
  return event;
}

function randomByte(): number {
  return Math.floor(Math.random() * 256);
}

function parsedBody(event: APIGatewayProxyEventV2): Record<string, unknown> | undefined {
  return event.body ? JSON.parse(event.body) : undefined;
}

/** The sample with the example request's parts in place of its own. */
function withRequest(
  event: APIGatewayProxyEventV2,
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
): APIGatewayProxyEventV2 {
  if (request.params) event.pathParameters = request.params;
  if (request.query) event.queryStringParameters = request.query;
  if (request.body !== undefined) event.body = JSON.stringify(request.body);
  return event;
}

// --- Sources ---------------------------------------------------------------------------------

/** Where the codes are declared or documented rather than built. */
const CATALOGUE_FILES = [
  "lib/api/error-catalogue.ts",
  "lib/api/openapi.ts",
  "lib/api/openapi-examples.ts",
];

const isRouteFile = (file: string) => /^lib\/api\/groups\/.*routes/.test(file);

/** A route file's text without its `errors: [...]` declarations (a declaration is no use). */
function withoutErrorDeclarations(text: string): string {
  return text.replace(/errors: \[[^\]]*\]/g, "");
}

/** The service's TypeScript sources (lib/ and functions/), generated files excluded. */
function serviceSources(): { file: string; text: string }[] {
  return ["lib", "functions"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.includes("generated/"))
      .map((file) => ({
        file: `${dir}/${file}`,
        text: readFileSync(join(ROOT, dir, file), "utf8"),
      })),
  );
}
