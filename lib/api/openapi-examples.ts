import { TIERS } from "../account/tiers";
import type { Deps } from "../deps";
import { scannerFilterList, scannerTypeList } from "../market/scanner";
import { marketStatus } from "../market/sessions";
import { KEYLESS_TIER } from "../store/rate-limiter";
import { type AnyImplementation, MAX_BODY_BYTES } from "./dispatch";
import { ApiError } from "./errors";
import { metaImplementations } from "./groups/meta/implementations";
import { optionsImplementations } from "./groups/options/implementations";
import type { ErrorExample, OperationExamples, RequestExample } from "./openapi";
import type { RequestContext, RouteSpec } from "./route";
import { validate } from "./validation";

/**
 * The OpenAPI document's examples, keyed by route id: a realistic request, the success data
 * and every error the operation answers, with the service's real codes and wording. Only the
 * docs function imports this module. Success data of pure operations (the calculators, the
 * descriptor, the session clock, static lists) and every 400 come from the real code; market
 * and account data are written by hand from the simulated market at EXAMPLE_TIME.
 * test/api/openapi.test.ts checks every example against its route's schemas, and the written
 * error answers against what the Lambdas really answer.
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
  /** Answers of this operation beyond those every operation of its kind shares. */
  errors?: ErrorExample[];
}

// Errors shared by kinds of operation: authentication and metering (functions/shared/
// http-handler.ts, the rate limiter), the body limit (dispatch) and the envelope's 500.

const MISSING_API_KEY: ErrorExample = {
  status: 401,
  code: "MISSING_API_KEY",
  message: "This endpoint needs an API key in the X-Api-Key header.",
  details: null,
  when: "no X-Api-Key header",
};

const INVALID_API_KEY: ErrorExample = {
  status: 401,
  code: "INVALID_API_KEY",
  message: "The API key is not valid.",
  details: null,
  when: "X-Api-Key is malformed or unknown",
};

const KEY_REVOKED: ErrorExample = {
  status: 403,
  code: "KEY_REVOKED",
  message: "The API key has been revoked.",
  details: null,
  when: "X-Api-Key was revoked",
};

const PAYLOAD_TOO_LARGE: ErrorExample = {
  status: 413,
  code: "PAYLOAD_TOO_LARGE",
  message: `Request body exceeds ${MAX_BODY_BYTES} bytes.`,
  details: "Received 70312 bytes.",
  when: `the body is larger than ${MAX_BODY_BYTES / 1024} KiB`,
};

function rateLimited(tier: string, limit: "minute" | "day", when?: string): ErrorExample {
  const perMinute = limit === "minute";
  return {
    status: 429,
    code: "RATE_LIMIT_EXCEEDED",
    name: `RATE_LIMIT_EXCEEDED (${tier}, ${perMinute ? "per minute" : "daily"})`,
    message: perMinute ? "Per-minute rate limit exceeded." : "Daily rate limit exceeded.",
    details: `${tier}: retry in ${perMinute ? 41 : 32_400} seconds.`,
    when:
      when ??
      (perMinute
        ? "over the per-minute limit; Retry-After gives the seconds to wait"
        : "over the daily quota (reset at 00:00 UTC); Retry-After gives the seconds to wait"),
  };
}

const INTERNAL_ERROR: ErrorExample = {
  status: 500,
  code: "INTERNAL_ERROR",
  message: "An unexpected error occurred.",
  details: null,
  when: "an unexpected fault, logged with the request id",
};

function unavailable(
  code: string,
  message: string,
  what: string,
  retrySeconds: number,
): ErrorExample {
  return {
    status: 503,
    code,
    message,
    details: null,
    when: `${what}; Retry-After: ${retrySeconds}`,
  };
}

const RATE_LIMITER_UNAVAILABLE = unavailable(
  "RATE_LIMITER_UNAVAILABLE",
  "The rate limiter is temporarily unavailable. Retry shortly.",
  "the rate limiter's table is unreachable",
  1,
);
const DATABASE_UNAVAILABLE = unavailable(
  "DATABASE_UNAVAILABLE",
  "The database is temporarily unavailable. Retry shortly.",
  "the account table is unreachable",
  1,
);
const MARKET_DATA_UNAVAILABLE = unavailable(
  "MARKET_DATA_UNAVAILABLE",
  "Market data is temporarily unavailable.",
  "the market-data source is unreachable",
  5,
);

/** Errors every operation of its kind answers: by key mode, body and metering. */
function sharedErrors(route: RouteSpec): ErrorExample[] {
  // A request that carries X-Api-Key is checked and counted against that key on every route.
  const keySent = (error: ErrorExample) =>
    route.auth === "key" ? error : { ...error, when: `only when a key is sent: ${error.when}` };
  // Keyless requests count against the client's IP, except on unmetered routes.
  const ipCounted = route.auth === "none" && !route.unmetered;
  const tier = ipCounted ? KEYLESS_TIER : "Free";
  const limits = [rateLimited(tier, "minute"), rateLimited(tier, "day")];
  return [
    ...(route.auth === "key" ? [MISSING_API_KEY] : []),
    keySent(INVALID_API_KEY),
    keySent(KEY_REVOKED),
    ...(route.body ? [PAYLOAD_TOO_LARGE] : []),
    ...(ipCounted ? limits : limits.map(keySent)),
    INTERNAL_ERROR,
    ipCounted ? RATE_LIMITER_UNAVAILABLE : keySent(RATE_LIMITER_UNAVAILABLE),
  ];
}

// Data shared by the market examples: AAPL in the simulated market at EXAMPLE_TIME.

const AAPL = { symbol: "AAPL", code: "AAPL_NASDAQ", exchange: "NASDAQ", name: "Apple Inc." };
const AAPL_PATH = { params: { code: AAPL.code } };
const BAD_CODE = { params: { code: "AAPL" } };

function symbolNotFound(code: string): ErrorExample {
  return {
    status: 404,
    code: "SYMBOL_NOT_FOUND",
    message: `No contract with code ${code}.`,
    details: "See GET /v1/market/exchanges/{symbol}.",
    when: "no contract has the code",
  };
}

function noData(what: string, code: string, reason: string): ErrorExample {
  return {
    status: 404,
    code: "NO_DATA",
    message: `No ${what} for ${code}: ${reason}.`,
    details: null,
    when: "the contract has none of these data",
  };
}

const contractErrors = (...more: ErrorExample[]) => [
  symbolNotFound("AAPX_NASDAQ"),
  ...more,
  MARKET_DATA_UNAVAILABLE,
];

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

const contactErrors: ErrorExample[] = [
  rateLimited("Contact form", "day", "over 10 messages from this client IP today (UTC)"),
  {
    status: 502,
    code: "SEND_FAILED",
    message: "The message could not be sent. Please try again later.",
    details: null,
    when: "the mail hand-off was rejected",
  },
];

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
    errors: [
      {
        status: 409,
        code: "EMAIL_ALREADY_REGISTERED",
        message: "An account with this email already exists.",
        details: "email: already registered",
        when: "the email is taken",
      },
      DATABASE_UNAVAILABLE,
    ],
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
    errors: [
      {
        status: 401,
        code: "INVALID_CREDENTIALS",
        message: "Invalid email or password.",
        details: null,
        when: "wrong email or password",
      },
      DATABASE_UNAVAILABLE,
    ],
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
    errors: [DATABASE_UNAVAILABLE],
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
    errors: [
      {
        status: 409,
        code: "KEY_NAME_TAKEN",
        message: "A key named 'ci' already exists.",
        details: "name: taken by a live key",
        when: "a live key of the account has the name",
      },
      DATABASE_UNAVAILABLE,
    ],
  },
  "account.revokeKey": {
    request: { params: { keyId: "7" } },
    invalid: [{ params: { keyId: "ci" } }],
    data: null,
    errors: [
      {
        status: 404,
        code: "KEY_NOT_FOUND",
        message: "No key with id 8 on this account.",
        details: null,
        when: "no key with the id, or another account's",
      },
      {
        status: 409,
        code: "KEY_IN_USE",
        message: "A key cannot revoke itself.",
        details: "Send the request with another key of this account.",
        when: "the key in X-Api-Key is the one being revoked",
      },
      DATABASE_UNAVAILABLE,
    ],
  },
  "account.usage": {
    data: { tier: "Free", rateLimit: 60, dailyLimit: 1000, isActive: true },
  },
  "account.tiers": { data: TIERS },
  "account.contact": {
    request: { body: { ...contactBody, subject: "Enterprise pricing", inquiryType: "sales" } },
    invalid: [{ body: { name: "Jane Doe", email: EMAIL } }],
    data: { message: "Thank you. Your message has been forwarded." },
    errors: contactErrors,
  },

  "corporate.contact": {
    request: { body: { ...contactBody, source: "pricing-page" } },
    invalid: [{ body: { ...contactBody, email: "jane.doe@" } }],
    data: { message: "Thank you. We will be in touch." },
    errors: [
      {
        status: 403,
        code: "ORIGIN_NOT_ALLOWED",
        message: "Origin https://evil.example may not call this endpoint.",
        details: null,
        when: "a browser request from an origin not in CORS_ORIGINS",
      },
      ...contactErrors,
    ],
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
    errors: contractErrors(),
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
    errors: contractErrors({
      status: 404,
      code: "NO_CHART_DATA",
      message: "No chart data for ESZ26_CME in that period.",
      details: null,
      when: "the contract has no bars in the period",
    }),
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
    errors: contractErrors(),
  },
  "market.exchanges": {
    request: { params: { symbol: "AAPL" } },
    invalid: [{ params: { symbol: "AAPL NASDAQ" } }],
    data: [{ ...AAPL, contractType: 1, hasOptions: true }],
    errors: [
      {
        status: 404,
        code: "SYMBOL_NOT_FOUND",
        message: "No contract has the symbol AAPX.",
        details: null,
        when: "no contract has the symbol",
      },
      MARKET_DATA_UNAVAILABLE,
    ],
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
    errors: [MARKET_DATA_UNAVAILABLE],
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
    errors: [MARKET_DATA_UNAVAILABLE],
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
    errors: [MARKET_DATA_UNAVAILABLE],
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
    errors: contractErrors(noData("extended data", "SPX_INDEX", "indices have none")),
  },
  "market.shortInterest": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: { symbol: "AAPL", shortable: true, shortableShares: 734_080_000, feeRate: 0.25 },
    errors: contractErrors(noData("short interest", "BTC_COINBASE", "crypto assets have none")),
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
    errors: contractErrors(noData("dividends", "SPX_INDEX", "indices have none")),
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
    errors: contractErrors(noData("technicals", "NDX_INDEX", "indices have none")),
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
    errors: [MARKET_DATA_UNAVAILABLE],
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
    errors: [MARKET_DATA_UNAVAILABLE],
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
    errors: [
      unavailable(
        "NOVA_UNAVAILABLE",
        "Suggestions are temporarily unavailable.",
        "the model cannot be loaded or scored, or the source lists no options",
        30,
      ),
    ],
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
    if (error instanceof ApiError) {
      const { status, code, message, details } = error;
      const field = /'([^']*)'/.exec(message)?.[1] ?? "";
      const when = "invalid input: the message names the first field, details list every problem";
      return { status, code, message, details, when, name: `${code} (${field})`, summary: message };
    }
    throw error;
  }
  return undefined;
}

async function resolve(
  route: RouteSpec,
  source: Source,
  deps: ExampleSettings,
): Promise<OperationExamples> {
  const request = source.request ?? {};
  const data = source.compute ? await source.compute(validated(route, request), deps) : source.data;
  const refused: ErrorExample[] = [];
  for (const invalid of source.invalid ?? []) {
    const error = await refusal(route, source, invalid, deps);
    if (error) refused.push(error);
  }
  const errors = [...refused, ...sharedErrors(route), ...(source.errors ?? [])];
  return { request, data, errors, meta: EXAMPLE_META };
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
