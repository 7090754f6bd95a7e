import { TIERS } from "../account/tiers";
import type { Deps } from "../deps";
import { scannerFilterList, scannerTypeList } from "../market/scanner";
import { marketStatus } from "../market/sessions";
import { KEYLESS_TIER } from "../store/rate-limiter";
import { type AnyImplementation, MAX_BODY_BYTES } from "./dispatch";
import { type ErrorCode, isErrorCode, routeErrorCodes } from "./error-catalogue";
import { ApiError } from "./errors";
import { ALERTS_EXAMPLES } from "./examples/alerts";
import { CALENDAR_EXAMPLES } from "./examples/calendar";
import { COMPANY_EXAMPLES } from "./examples/company";
import { CONGRESSIONAL_EXAMPLES } from "./examples/congressional";
import { CONTENT_EXAMPLES } from "./examples/content";
import { FDA_EXAMPLES } from "./examples/fda";
import { FUNDAMENTALS_EXAMPLES } from "./examples/fundamentals";
import { GRAPH_EARNINGS_EXAMPLES } from "./examples/graph-earnings";
import { GRAPH_INSTITUTIONS_EXAMPLES } from "./examples/graph-institutions";
import { GRAPH_PEOPLE_EXAMPLES } from "./examples/graph-people";
import { GRAPH_PREDICTIONS_EXAMPLES } from "./examples/graph-predictions";
import { GRAPH_RELATIONS_EXAMPLES } from "./examples/graph-relations";
import { GRAPH_RISK_EXAMPLES } from "./examples/graph-risk";
import { GRAPH_SCORE_EXAMPLES } from "./examples/graph-scores";
import { GRAPH_TECHNICALS_EXAMPLES } from "./examples/graph-technicals";
import { HEDGE_EXAMPLES } from "./examples/hedge";
import { INTELLIGENCE_EXAMPLES } from "./examples/intelligence";
import { INTELLIGENCE_REPORT_EXAMPLES } from "./examples/intelligence-reports";
import { MARKET_ANALYSIS_EXAMPLES } from "./examples/market-analysis";
import { MARKET_ANALYSIS_DARK_POOL_EXAMPLES } from "./examples/market-analysis-dark-pool";
import { NEWS_EXAMPLES } from "./examples/news";
import { OPTIONS_CHAIN_EXAMPLES } from "./examples/options-chains";
import { OPTIONS_EXTRA_EXAMPLES } from "./examples/options-extra";
import { OPTIONS_FLOW_EXAMPLES } from "./examples/options-flow";
import { OPTIONS_POSITIONING_EXAMPLES } from "./examples/options-positioning";
import { OPTIONS_SCANNER_EXAMPLES } from "./examples/options-scanner";
import { OPTIONS_VOLATILITY_EXAMPLES } from "./examples/options-volatility";
import { OPTIONS_VOLUME_EXAMPLES } from "./examples/options-volume";
import { PORTFOLIO_EXAMPLES } from "./examples/portfolio";
import { REFERENCE_EXAMPLES } from "./examples/reference";
import { SCREENER_EXAMPLES } from "./examples/screener";
import { VOLATILITY_EXAMPLES } from "./examples/volatility";
import { WEBHOOKS_EXAMPLES } from "./examples/webhooks";
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
export interface ExampleSource {
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

const SOURCES: Record<string, ExampleSource> = {
  ...OPTIONS_CHAIN_EXAMPLES,
  ...OPTIONS_POSITIONING_EXAMPLES,
  ...OPTIONS_VOLATILITY_EXAMPLES,
  ...OPTIONS_VOLUME_EXAMPLES,
  ...OPTIONS_FLOW_EXAMPLES,
  ...OPTIONS_SCANNER_EXAMPLES,
  ...OPTIONS_EXTRA_EXAMPLES,
  ...GRAPH_RELATIONS_EXAMPLES,
  ...GRAPH_PEOPLE_EXAMPLES,
  ...GRAPH_INSTITUTIONS_EXAMPLES,
  ...GRAPH_TECHNICALS_EXAMPLES,
  ...GRAPH_EARNINGS_EXAMPLES,
  ...GRAPH_RISK_EXAMPLES,
  ...GRAPH_PREDICTIONS_EXAMPLES,
  ...GRAPH_SCORE_EXAMPLES,
  ...MARKET_ANALYSIS_DARK_POOL_EXAMPLES,
  ...FUNDAMENTALS_EXAMPLES,
  ...MARKET_ANALYSIS_EXAMPLES,
  ...SCREENER_EXAMPLES,
  ...CONGRESSIONAL_EXAMPLES,
  ...FDA_EXAMPLES,
  ...INTELLIGENCE_EXAMPLES,
  ...INTELLIGENCE_REPORT_EXAMPLES,
  ...VOLATILITY_EXAMPLES,
  ...COMPANY_EXAMPLES,
  ...PORTFOLIO_EXAMPLES,
  ...WEBHOOKS_EXAMPLES,
  ...ALERTS_EXAMPLES,
  ...HEDGE_EXAMPLES,
  ...CALENDAR_EXAMPLES,
  ...NEWS_EXAMPLES,
  ...CONTENT_EXAMPLES,
  ...REFERENCE_EXAMPLES,
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
      lastPrice: 197.1,
      bid: 197.09,
      ask: 197.12,
      open: 196.7,
      close: 197.1,
      previousClose: 197.1,
      high: 197.16,
      low: 196.29,
      yearHigh: 282.85,
      yearLow: 182.75,
      change: 0.01,
      changePercent: 0.0051,
      volume: 6_675_270,
      marketSession: "Regular",
      isHalted: false,
      lastUpdated: EXAMPLE_TIME,
      isStale: false,
      markPrice: 197.11,
      livePrice: 197.11,
    },
  },
  "market.chart": {
    request: { ...AAPL_PATH, query: { period: "5", indicators: "rsi" } },
    invalid: [{ ...AAPL_PATH, query: { period: "9", indicators: "rsi,vwap" } }],
    data: {
      symbol: "AAPL",
      period: 5,
      close: 197.1,
      priorClose: 197.1,
      floor: 182.75,
      ceiling: 282.85,
      bars: [
        // 2026-11-19, 11-20 and 11-23 (today, in progress); the real answer has a year of bars.
        {
          open: 198.73,
          high: 199.91,
          low: 194.02,
          close: 195.05,
          volume: 117_706_511,
          timestamp: 1795064400000,
        },
        {
          open: 194.17,
          high: 197.89,
          low: 193.67,
          close: 197.1,
          volume: 49_828_475,
          timestamp: 1795150800000,
        },
        {
          open: 196.7,
          high: 197.16,
          low: 196.29,
          close: 197.1,
          volume: 6_675_270,
          timestamp: 1795410000000,
        },
      ],
      indicators: {
        rsi: [
          { timestamp: 1795064400000, value: 49.9718 },
          { timestamp: 1795150800000, value: 53.6377 },
          { timestamp: 1795410000000, value: 53.6352 },
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
      lastPrice: 197.11,
      change: 0.01,
      changePercent: 0.0051,
    },
  },
  "market.exchanges": {
    request: { params: { symbol: "AAPL" } },
    invalid: [{ params: { symbol: "AAPL NASDAQ" } }],
    data: [{ ...AAPL, contractType: 1, hasOptions: true }],
    errors: [catalogueExample("SYMBOL_NOT_FOUND", { symbol: "AAPX" })],
  },
  "market.tradeable": {
    // The first instrument of each contract type (stock, crypto, future), in the answer's
    // order; the real answer lists the whole universe.
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
        code: "BTC_COINBASE",
        symbol: "BTC",
        exchange: "COINBASE",
        companyName: "Bitcoin",
        contractType: 3,
        hasOptions: false,
      },
      {
        code: "ESZ26_CME",
        symbol: "ESZ26",
        exchange: "CME",
        companyName: "E-mini S&P 500 2026-12",
        contractType: 2,
        hasOptions: false,
      },
    ],
  },
  "market.indices": {
    // The first two of the answer's indices.
    data: [
      {
        symbol: "SPX",
        code: "SPX_INDEX",
        name: "S&P 500 Index",
        exchange: "INDEX",
        lastPrice: 5587.61,
        change: -14.32,
        changePercent: -0.2556,
      },
      {
        symbol: "NDX",
        code: "NDX_INDEX",
        name: "Nasdaq-100 Index",
        exchange: "INDEX",
        lastPrice: 21152.36,
        change: -43.97,
        changePercent: -0.2074,
      },
    ],
  },
  "market.crypto": {
    // The first two of the answer's crypto assets.
    data: [
      {
        symbol: "BTC",
        code: "BTC_COINBASE",
        name: "Bitcoin",
        exchange: "COINBASE",
        lastPrice: 40786.14,
        change: -367.29,
        changePercent: -0.8925,
      },
      {
        symbol: "ETH",
        code: "ETH_COINBASE",
        name: "Ethereum",
        exchange: "COINBASE",
        lastPrice: 793.23,
        change: -13.95,
        changePercent: -1.7282,
      },
    ],
  },
  "market.extended": {
    request: AAPL_PATH,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      yearHigh: 282.85,
      yearLow: 182.75,
      marketCap: 2_917_228_000_000,
      averageDailyVolume: 41_235_707,
      volume: 6_675_270,
      beta: 1.159052,
      rsi14: 53.7301,
      rsi5: 52.4097,
      theta: -0.101794,
      gamma: 0.028979,
      vega: 0.224684,
      dividendAmount: 0.26,
      dividendYieldPercent: 0.5276,
      dividendsTTM: 1.04,
      marketCapFormatted: "2.92T",
      averageDailyVolumeFormatted: "41.2M",
      volumeFormatted: "6.68M",
      impliedVolatility: "24.28%",
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
      dividendYield: 0.5276,
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
      rsi: 53.7301,
      rsi5: 52.4097,
      beta: 1.159052,
      yearHigh: 282.85,
      yearLow: 182.75,
      averageDailyVolume: 41_235_707,
      marketCap: 2_917_228_000_000,
      impliedVolatility: "24.28%",
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
    // The first two rows of the answer.
    data: [
      {
        symbol: "MU",
        code: "MU_NASDAQ",
        companyName: "Micron Technology, Inc.",
        exchange: "NASDAQ",
        lastPrice: 183.64,
        change: 2.86,
        changePercent: 1.582,
        volume: 1_912_095,
        marketCap: 205_676_800_000,
      },
      {
        symbol: "MMM",
        code: "MMM_NYSE",
        companyName: "3M Company",
        exchange: "NYSE",
        lastPrice: 144.63,
        change: 1.19,
        changePercent: 0.8296,
        volume: 1_203_263,
        marketCap: 76_943_160_000,
      },
    ],
  },
  "market.trending": {
    // The first two of the answer's trending stocks.
    data: [
      {
        symbol: "GME",
        code: "GME_NYSE",
        companyName: "GameStop Corp.",
        exchange: "NYSE",
        lastPrice: 12.3,
        change: -0.44,
        changePercent: -3.4537,
        volume: 582_601,
        marketCap: 5_498_100_000,
        trendingRank: 1,
      },
      {
        symbol: "TSLA",
        code: "TSLA_NASDAQ",
        companyName: "Tesla, Inc.",
        exchange: "NASDAQ",
        lastPrice: 239.73,
        change: -5.15,
        changePercent: -2.1031,
        volume: 7_323_950,
        marketCap: 795_903_600_000,
        trendingRank: 2,
      },
    ],
  },
  "market.novaSuggestions": {
    request: { query: { topN: "2", maxDte: "7" } },
    invalid: [{ query: { topN: "100" } }],
    data: {
      modelVersion: "nova-lr-2026-11-24",
      suggestions: [
        {
          symbol: "AMD",
          strike: 230,
          expiry: "2026-11-27",
          right: "P",
          score: 0.957573,
          delta: -0.063632,
          iv: 102.5942,
          premium: 0.84,
        },
        {
          symbol: "PLTR",
          strike: 58,
          expiry: "2026-11-27",
          right: "P",
          score: 0.956232,
          delta: -0.05934,
          iv: 129.6216,
          premium: 0.26,
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
  source: ExampleSource,
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
  source: ExampleSource,
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
