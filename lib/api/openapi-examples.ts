import { TIERS } from "../account/tiers";
import type { Deps } from "../deps";
import { scannerFilterList, scannerTypeList } from "../market/scanner";
import { marketStatus } from "../market/sessions";
import { KEYLESS_TIER } from "../store/rate-limiter";
import { type AnyImplementation, MAX_BODY_BYTES } from "./dispatch";
import { type ErrorCode, isErrorCode, routeErrorCodes } from "./error-catalogue";
import { ApiError } from "./errors";
import { metaImplementations } from "./groups/meta/implementations";
import { optionsImplementations } from "./groups/options/implementations";
import {
  catalogueExample,
  type ErrorExample,
  type OperationExamples,
  type RequestExample,
} from "./openapi";
import type { RequestContext, RouteSpec } from "./route";
import { validate } from "./validation";

/**
 * The OpenAPI document's examples, keyed by route id: a realistic request, the success data
 * and the errors whose example needs more than the catalogue's (error-catalogue.ts words every
 * answer; the document lists the codes each route declares). Only the build imports this
 * module. Success data of pure operations (the calculators, the descriptor, the session clock,
 * static lists) and every 400 come from the real code; market and account data are written by
 * hand from the simulated market at EXAMPLE_TIME. test/api/openapi.test.ts checks every
 * example against its route's schemas, and the error answers against what the Lambdas answer.
 */

/** The instant the examples describe: a Monday morning in New York, the market open. */
export const EXAMPLE_TIME = "2026-11-23T15:00:00.000Z";

const EXAMPLE_META = {
  requestId: "Vv9mXhE7IAMEbWQ=",
  timestamp: EXAMPLE_TIME,
  version: "v1",
} as const;

const EXAMPLE_CONTEXT: RequestContext = {
  requestId: EXAMPLE_META.requestId,
  sourceIp: "203.0.113.10",
  baseUrl: "https://api.example.com",
  apiKey: undefined,
  origin: undefined,
};

/** The deployment settings computed examples depend on (the calculators' default rate). */
export type ExampleSettings = Pick<Deps, "defaultRiskFreeRatePercent">;

/** An operation's examples as written here, before the computed parts are filled in. */
interface Source {
  request?: RequestExample;
  /** Requests the operation refuses with 400; the examples are what the service answers. */
  invalid?: RequestExample[];
  /** Success data as written; or `compute` calls the real (pure) implementation. */
  data?: unknown;
  compute?: AnyImplementation;
  /**
   * Examples of codes the route declares, where the catalogue's example is not the one to
   * show (another contract, another quota); the other codes are shown as the catalogue words them.
   */
  errors?: ErrorExample[];
}

// Examples of the codes every operation of its kind shares (error-catalogue.ts,
// sharedErrorCodes): authentication and metering (functions/shared/http-handler.ts, the rate
// limiter), the body limit (dispatch) and the envelope's 500.

function rateLimited(tier: string, limit: "minute" | "daily"): ErrorExample {
  const retryAfterSeconds = limit === "minute" ? 41 : 32_400;
  return catalogueExample(
    "RATE_LIMIT_EXCEEDED",
    { limit, tier, retryAfterSeconds },
    { name: `RATE_LIMIT_EXCEEDED (${tier}, ${limit === "minute" ? "per minute" : "daily"})` },
  );
}

/** The shared codes' examples, as the operation's kind answers them: by key mode and metering. */
function sharedExamples(route: RouteSpec): ErrorExample[] {
  // A request that carries X-Api-Key is checked and counted against that key on every route.
  const keySent = (error: ErrorExample) =>
    route.auth === "key" ? error : { ...error, when: `only when a key is sent: ${error.when}` };
  // Keyless requests count against the client's IP, except on unmetered routes.
  const ipCounted = route.auth === "none" && !route.unmetered;
  const tier = ipCounted ? KEYLESS_TIER : "Free";
  const limits = [rateLimited(tier, "minute"), rateLimited(tier, "daily")];
  const examples = [
    catalogueExample("MISSING_API_KEY"),
    keySent(catalogueExample("INVALID_API_KEY")),
    keySent(catalogueExample("KEY_REVOKED")),
    catalogueExample("PAYLOAD_TOO_LARGE", { limitBytes: MAX_BODY_BYTES, receivedBytes: 70_312 }),
    ...(ipCounted ? limits : limits.map(keySent)),
    catalogueExample("INTERNAL_ERROR"),
    ipCounted
      ? catalogueExample("RATE_LIMITER_UNAVAILABLE")
      : keySent(catalogueExample("RATE_LIMITER_UNAVAILABLE")),
  ];
  const codes: readonly ErrorCode[] = routeErrorCodes(route);
  return examples.filter((example) => codes.includes(example.code));
}

// Data shared by the market examples: AAPL in the simulated market at EXAMPLE_TIME.

const AAPL = { symbol: "AAPL", code: "AAPL_NASDAQ", exchange: "NASDAQ", name: "Apple Inc." };
const AAPL_PATH = { params: { code: AAPL.code } };
const BAD_CODE = { params: { code: "AAPL" } };

function noData(what: string, code: string, reason: string): ErrorExample {
  return catalogueExample("NO_DATA", { what, code, reason });
}

const scanRow = {
  symbol: "MU",
  code: "MU_NASDAQ",
  companyName: "Micron Technology, Inc.",
  exchange: "NASDAQ",
  lastPrice: 213.82,
  change: 5.65,
  changePercent: 2.7141,
  volume: 3_042_172,
  marketCap: 239_478_400_000,
};

/** An AAPL-like option: spot 230, strike 235, 30 days to expiry. */
const AAPL_CALL = { underlyingPrice: 230, strike: 235, daysToExpiration: 30 };

const EMAIL = "jane.doe@example.com";
const API_KEY = "mdk_4idUbBcNa784NrxZY1R82lLyPU6U27UK3LBy0O";

const contactBody = {
  name: "Jane Doe",
  email: EMAIL,
  company: "Example Capital",
  message: "We would like an Enterprise quote for 40 developers.",
};

/** The contact form's own daily quota per client IP, beyond the keyless limits. */
const contactQuota: ErrorExample = {
  ...rateLimited("Contact form", "daily"),
  when: "over 10 messages from this client IP today (UTC)",
};

const SOURCES: Record<string, Source> = {
  "meta.descriptor": { compute: metaImplementations["meta.descriptor"] },

  "account.register": {
    request: { body: { email: EMAIL, password: "correct-horse-battery" } },
    invalid: [{ body: { email: "jane.doe@example", password: "short" } }],
    data: {
      userId: 1042,
      email: EMAIL,
      apiKey: API_KEY,
      tier: "Free",
      message: "Account created. Store this API key now: it is not shown again.",
    },
  },
  "account.login": {
    request: { body: { email: EMAIL, password: "correct-horse-battery" } },
    invalid: [{ body: { email: EMAIL } }],
    data: {
      token: "mdt_SpQDlAJUrgFMe1PrWuIuk8IzJHTiL2b_1gjIhs3nrs0",
      userId: 1042,
      email: EMAIL,
      expiresAt: "2026-11-24T15:00:00.000Z",
    },
  },
  "account.listKeys": {
    data: [
      {
        id: 1,
        keyPrefix: API_KEY.slice(0, 12),
        name: "default",
        isActive: true,
        created: "2026-10-02T08:14:51.000Z",
        lastUsedAt: "2026-11-23T14:59:58.000Z",
      },
      {
        id: 7,
        keyPrefix: "mdk_2c9YLrCq",
        name: "ci",
        isActive: false,
        created: "2026-10-20T16:03:12.000Z",
        lastUsedAt: "2026-11-02T09:41:07.000Z",
      },
    ],
  },
  "account.createKey": {
    request: { body: { name: "ci" } },
    invalid: [{ body: { name: "" } }],
    data: {
      apiKey: "mdk_2c9YLrCqD4itkP0I8ca64ZDuU3WZQH5p3ehPrC",
      id: 7,
      keyPrefix: "mdk_2c9YLrCq",
      name: "ci",
      message: "Key created. Store it now: it is not shown again.",
    },
  },
  "account.revokeKey": {
    request: { params: { keyId: "7" } },
    invalid: [{ params: { keyId: "ci" } }],
    data: null,
  },
  "account.usage": {
    data: { tier: "Free", rateLimit: 60, dailyLimit: 1000, isActive: true },
  },
  "account.tiers": { data: TIERS },
  "account.contact": {
    request: { body: { ...contactBody, subject: "Enterprise pricing", inquiryType: "sales" } },
    invalid: [{ body: { name: "Jane Doe", email: EMAIL } }],
    data: { message: "Thank you. Your message has been forwarded." },
    errors: [contactQuota],
  },

  "corporate.contact": {
    request: { body: { ...contactBody, source: "pricing-page" } },
    invalid: [
      { body: { ...contactBody, email: "jane.doe@" } },
      { body: { ...contactBody, name: " " } },
      { body: { ...contactBody, message: "" } },
      { body: { ...contactBody, source: "x".repeat(201) } },
    ],
    data: { message: "Thank you. We will be in touch." },
    errors: [contactQuota],
  },

  "market.status": { compute: () => marketStatus(new Date(EXAMPLE_TIME)) },
  "market.quote": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      lastPrice: 203.23,
      bid: 203.23,
      ask: 203.26,
      open: 202.06,
      close: 203.23,
      previousClose: 202.11,
      high: 203.37,
      low: 201.44,
      yearHigh: 290.97,
      yearLow: 186.94,
      change: 1.14,
      changePercent: 0.564,
      volume: 8_458_344,
      marketSession: "Regular",
      isHalted: false,
      lastUpdated: EXAMPLE_TIME,
      isStale: false,
      markPrice: 203.25,
      livePrice: 203.25,
    },
  },
  "market.chart": {
    request: { ...AAPL_PATH, query: { period: "5", indicators: "rsi" } },
    invalid: [{ ...AAPL_PATH, query: { period: "9", indicators: "rsi,vwap" } }],
    data: {
      symbol: "AAPL",
      period: 5,
      close: 203.23,
      priorClose: 202.11,
      floor: 194.1,
      ceiling: 207.58,
      bars: [
        // 2026-11-19, 11-20 and 11-23 (today, in progress); the real answer has a year of bars.
        {
          open: 206.13,
          high: 207.58,
          low: 194.1,
          close: 197.87,
          volume: 79_920_259,
          timestamp: 1795064400000,
        },
        {
          open: 195.76,
          high: 202.84,
          low: 194.14,
          close: 202.11,
          volume: 51_090_869,
          timestamp: 1795150800000,
        },
        {
          open: 202.06,
          high: 203.37,
          low: 201.44,
          close: 203.23,
          volume: 8_458_344,
          timestamp: 1795410000000,
        },
      ],
      indicators: {
        rsi: [
          { timestamp: 1795064400000, value: 41.7356 },
          { timestamp: 1795150800000, value: 48.6117 },
          { timestamp: 1795410000000, value: 50.2926 },
        ],
      },
    },
  },
  "market.details": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      code: AAPL.code,
      name: AAPL.name,
      contractType: "Stock",
      exchange: "NASDAQ",
      currency: "USD",
      hasOptions: true,
      sector: "Information Technology",
      industry: "Technology Hardware, Storage & Peripherals",
      lastPrice: 203.25,
      change: 1.14,
      changePercent: 0.564,
    },
  },
  "market.exchanges": {
    request: { params: { symbol: "AAPL" } },
    invalid: [{ params: { symbol: "AAPL NASDAQ" } }],
    data: [{ ...AAPL, contractType: 1, hasOptions: true }],
    errors: [catalogueExample("SYMBOL_NOT_FOUND", { symbol: "AAPX" })],
  },
  "market.tradeable": {
    data: [
      {
        code: AAPL.code,
        symbol: "AAPL",
        exchange: "NASDAQ",
        companyName: AAPL.name,
        contractType: 1,
        hasOptions: true,
      },
      {
        code: "ESZ26_CME",
        symbol: "ESZ26",
        exchange: "CME",
        companyName: "E-mini S&P 500 Dec 2026",
        contractType: 2,
        hasOptions: false,
      },
      {
        code: "BTC_COINBASE",
        symbol: "BTC",
        exchange: "COINBASE",
        companyName: "Bitcoin",
        contractType: 3,
        hasOptions: false,
      },
    ],
  },
  "market.indices": {
    data: [
      {
        symbol: "SPX",
        code: "SPX_INDEX",
        name: "S&P 500 Index",
        exchange: "INDEX",
        lastPrice: 6675.16,
        change: 18.11,
        changePercent: 0.272,
      },
      {
        symbol: "NDX",
        code: "NDX_INDEX",
        name: "Nasdaq-100 Index",
        exchange: "INDEX",
        lastPrice: 22384.47,
        change: 19.62,
        changePercent: 0.0877,
      },
    ],
  },
  "market.crypto": {
    data: [
      {
        symbol: "BTC",
        code: "BTC_COINBASE",
        name: "Bitcoin",
        exchange: "COINBASE",
        lastPrice: 77551.91,
        change: 2450.64,
        changePercent: 3.2631,
      },
      {
        symbol: "ETH",
        code: "ETH_COINBASE",
        name: "Ethereum",
        exchange: "COINBASE",
        lastPrice: 1151.1,
        change: -14.12,
        changePercent: -1.2118,
      },
    ],
  },
  "market.extended": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      yearHigh: 290.97,
      yearLow: 186.94,
      marketCap: 3_008_100_000_000,
      averageDailyVolume: 44_802_575,
      volume: 8_458_344,
      beta: 1.2,
      rsi14: 50.3418,
      rsi5: 56.6235,
      theta: -0.201344,
      gamma: 0.01379,
      vega: 0.231438,
      dividendAmount: 0.26,
      dividendYieldPercent: 0.5117,
      dividendsTTM: 1.04,
      marketCapFormatted: "3.01T",
      averageDailyVolumeFormatted: "44.8M",
      volumeFormatted: "8.46M",
      impliedVolatility: "49.43%",
      rsiStatus: "Neutral",
      shortableShares: "734.1M",
      feeRate: "0.25%",
      shortable: true,
      exDividendDate: "2026-11-10",
      nextExDividendDate: "2027-02-10",
      upcomingEvent: "Earnings",
      upcomingEventDate: "2027-01-27",
      upcomingEarnings: "2027-01-27 AMC",
      updatedOn: EXAMPLE_TIME,
    },
    errors: [noData("extended data", "SPX_INDEX", "indices have none")],
  },
  "market.shortInterest": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: { symbol: "AAPL", shortable: true, shortableShares: 734_080_000, feeRate: 0.25 },
    errors: [noData("short interest", "BTC_COINBASE", "crypto assets have none")],
  },
  "market.dividends": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      dividendAmount: 0.26,
      dividendYield: 0.5117,
      dividendTTM: 1.04,
      exDividendDate: "2026-11-10",
      nextExDividendDate: "2027-02-10",
    },
    errors: [noData("dividends", "SPX_INDEX", "indices have none")],
  },
  "market.technicals": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      rsi: 50.3418,
      rsi5: 56.6235,
      beta: 1.2,
      yearHigh: 290.97,
      yearLow: 186.94,
      averageDailyVolume: 44_802_575,
      marketCap: 3_008_100_000_000,
      impliedVolatility: "49.43%",
    },
    errors: [noData("technicals", "NDX_INDEX", "indices have none")],
  },
  "market.scannerTypes": {
    data: scannerTypeList(),
  },
  "market.scannerFilters": {
    data: scannerFilterList(),
  },
  "market.scan": {
    request: {
      body: {
        scannerTypeId: 1,
        filters: [
          { id: 1, code: "priceAbove", min: 50 },
          { id: 5, code: "volumeAbove", min: 1_000_000 },
        ],
      },
    },
    invalid: [
      { body: { scannerTypeId: 1, filters: [{ id: 1, code: "priceAbove", min: 500, max: 50 }] } },
    ],
    data: [
      scanRow,
      {
        symbol: "SMCI",
        code: "SMCI_NASDAQ",
        companyName: "Super Micro Computer, Inc.",
        exchange: "NASDAQ",
        lastPrice: 73.83,
        change: 1.7,
        changePercent: 2.3569,
        volume: 4_549_299,
        marketCap: 43_928_850_000,
      },
    ],
  },
  "market.trending": {
    data: [
      { ...scanRow, trendingRank: 1 },
      {
        symbol: "MRNA",
        code: "MRNA_NASDAQ",
        companyName: "Moderna, Inc.",
        exchange: "NASDAQ",
        lastPrice: 28.91,
        change: -0.67,
        changePercent: -2.265,
        volume: 1_609_472,
        marketCap: 11_274_900_000,
        trendingRank: 2,
      },
    ],
  },
  "market.novaSuggestions": {
    request: { query: { topN: "2", maxDte: "7" } },
    invalid: [{ query: { topN: "100" } }],
    data: {
      modelVersion: "nova-lr-2026-11-22",
      suggestions: [
        {
          symbol: "PLTR",
          strike: 57,
          expiry: "2026-11-27",
          right: "P",
          score: 0.973409,
          delta: -0.0562,
          iv: 177.6413,
          premium: 0.36,
        },
        {
          symbol: "AMD",
          strike: 290,
          expiry: "2026-11-27",
          right: "P",
          score: 0.969917,
          delta: -0.059509,
          iv: 140.1107,
          premium: 1.44,
        },
      ],
    },
  },

  "options.calculator": {
    request: { body: { ...AAPL_CALL, impliedVolatility: 28, right: "C" } },
    invalid: [{ body: { ...AAPL_CALL, impliedVolatility: "28%", right: "X" } }],
    compute: optionsImplementations["options.calculator"],
  },
  "options.impliedVolatility": {
    // The call's price at 28 % volatility, to the cent.
    request: { body: { marketPrice: 5.51, ...AAPL_CALL, right: "C" } },
    invalid: [
      { body: { marketPrice: 0, ...AAPL_CALL } },
      { body: { marketPrice: 231, ...AAPL_CALL } },
    ],
    compute: optionsImplementations["options.impliedVolatility"],
  },
  "options.pnlProfile": {
    // A 235/245 bull call spread, both legs priced at 28 % volatility.
    request: {
      body: {
        underlyingPrice: 230,
        legs: [
          { quantity: 1, premium: 5.51, strike: 235, right: "C" },
          { quantity: -1, premium: 2.51, strike: 245, right: "C" },
        ],
      },
    },
    invalid: [{ body: { underlyingPrice: 230, legs: [] } }],
    compute: optionsImplementations["options.pnlProfile"],
  },
};

/** The route's input as dispatch validates it: path, then query, then body. */
function validated(route: RouteSpec, request: RequestExample) {
  const codes = route.fieldErrorCodes;
  return {
    params: route.params ? validate(route.params, request.params ?? {}, "path") : undefined,
    query: route.query ? validate(route.query, request.query ?? {}, "query") : undefined,
    body: route.body ? validate(route.body, request.body, "body", codes) : undefined,
    context: EXAMPLE_CONTEXT,
  };
}

/** What the service answers to a request it refuses: validation's, else the implementation's. */
async function refusal(
  route: RouteSpec,
  source: Source,
  request: RequestExample,
  deps: ExampleSettings,
) {
  try {
    const input = validated(route, request);
    await source.compute?.(input, deps);
  } catch (error) {
    if (error instanceof ApiError && isErrorCode(error.code)) {
      const { status, code, message, details } = error;
      const field = /'([^']*)'/.exec(message)?.[1] ?? "";
      const { when } = catalogueExample(code);
      return { status, code, message, details, when, name: `${code} (${field})`, summary: message };
    }
    throw error;
  }
  return undefined;
}

/** The documented answer; a documented request its own route refuses is a mistake here. */
async function computed(
  route: RouteSpec,
  compute: AnyImplementation,
  request: RequestExample,
  deps: ExampleSettings,
): Promise<unknown> {
  try {
    return await compute(validated(route, request), deps);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${route.id}: the example request is refused (${reason}); query and path values are strings (use coerce)`,
    );
  }
}

async function resolve(
  route: RouteSpec,
  source: Source,
  deps: ExampleSettings,
): Promise<OperationExamples> {
  const request = source.request ?? {};
  const data = source.compute ? await computed(route, source.compute, request, deps) : source.data;
  const refused: ErrorExample[] = [];
  for (const invalid of source.invalid ?? []) {
    const error = await refusal(route, source, invalid, deps);
    if (error) refused.push(error);
  }
  const errors = [...refused, ...sharedExamples(route), ...(source.errors ?? [])];
  return { request, data, errors, meta: EXAMPLE_META };
}

/** The requests an operation's examples show: the one it answers, and those it refuses. */
export function exampleRequests(routeId: string): {
  request: RequestExample | undefined;
  invalid: readonly RequestExample[];
} {
  const source = SOURCES[routeId];
  return { request: source?.request, invalid: source?.invalid ?? [] };
}

/**
 * Every documented route's examples. `deps` gives the computed answers the deployment's
 * settings (the calculators' default risk-free rate); nothing here does I/O.
 */
export async function operationExamples(
  routes: readonly RouteSpec[],
  deps: ExampleSettings,
): Promise<Record<string, OperationExamples>> {
  const entries: [string, OperationExamples][] = [];
  for (const route of routes) {
    const source = SOURCES[route.id];
    if (source) entries.push([route.id, await resolve(route, source, deps)]);
  }
  return Object.fromEntries(entries);
}
