/**
 * The load's traffic: what a trading tool's users send, weighted as such a tool sends it (many
 * quotes; charts with indicators; option chains and greeks; the calculator; news; a screen now and
 * then; the account's own usage and keys). Every request is valid and answers 2xx, so any
 * other status under load is a finding.
 */

export interface MixRequest {
  /** The kind of request, for the summary's per-kind lines. */
  kind: MixKind;
  method: "GET" | "POST";
  /** Relative to the API's base address (`…/v1`). */
  path: string;
  body?: string;
}

export type MixKind =
  | "quote"
  | "chart"
  | "chain"
  | "greeks"
  | "calculator"
  | "news"
  | "screener"
  | "account"
  | "status";

/** Requests per 100, by kind. */
export const MIX_WEIGHTS: Record<MixKind, number> = {
  quote: 30,
  chart: 14,
  chain: 10,
  greeks: 8,
  calculator: 10,
  news: 10,
  screener: 6,
  account: 6,
  status: 6,
};

/** Popular stocks and ETFs of the simulated universe, all optionable. */
export const SYMBOLS = [
  "AAPL_NASDAQ",
  "MSFT_NASDAQ",
  "NVDA_NASDAQ",
  "AMZN_NASDAQ",
  "META_NASDAQ",
  "TSLA_NASDAQ",
  "AMD_NASDAQ",
  "JPM_NYSE",
  "SPY_ARCA",
  "QQQ_NASDAQ",
] as const;

/** The symbols whose chains and greeks are asked for. */
export const OPTION_SYMBOLS = ["AAPL_NASDAQ", "SPY_ARCA", "TSLA_NASDAQ", "NVDA_NASDAQ"] as const;

/** `yyyy-MM-dd` of an expiration about a month out, per option symbol (read from the API). */
export type Expiries = Record<(typeof OPTION_SYMBOLS)[number], string>;

const CHART_QUERIES = [
  "period=1&indicators=rsi,macd",
  "period=5&indicators=sma20,sma50,sma200",
  "period=2&indicators=bb,ema12,ema26",
  "period=5&indicators=rsi,macd,bb,ema12,ema26",
];

const CALCULATOR_BODIES = [
  { underlyingPrice: 230, strike: 235, daysToExpiration: 30, impliedVolatility: 28, right: "C" },
  { underlyingPrice: 480, strike: 460, daysToExpiration: 45, impliedVolatility: 22, right: "P" },
  { underlyingPrice: 120, strike: 125, daysToExpiration: 7, impliedVolatility: 55, right: "C" },
];

const SCREENS = [
  {
    filters: [
      { field: "peTrailing", operator: "between", value: [0, 20] },
      { field: "sector", operator: "in", value: ["Information Technology"] },
    ],
    sort: { field: "marketCapUsd", order: "desc" },
    limit: 10,
  },
];

const cycle = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
const yyMMdd = (isoDate: string) => isoDate.slice(2).replaceAll("-", "");

/** The requests of one kind, `count` of them, varied over symbols and parameters. */
function requestsOf(kind: MixKind, count: number, expiries: Expiries): MixRequest[] {
  return Array.from({ length: count }, (_, i): MixRequest => {
    const symbol = cycle(SYMBOLS, i);
    const optionSymbol = cycle(OPTION_SYMBOLS, i);
    switch (kind) {
      case "quote":
        return { kind, method: "GET", path: `/market/stocks/${symbol}/quote` };
      case "chart":
        return {
          kind,
          method: "GET",
          path: `/market/stocks/${symbol}/chart?${cycle(CHART_QUERIES, i)}`,
        };
      case "chain":
        return {
          kind,
          method: "GET",
          path: `/options/${optionSymbol}/chain?expiry=${yyMMdd(expiries[optionSymbol])}&right=${i % 2 ? "P" : "C"}`,
        };
      case "greeks":
        return {
          kind,
          method: "GET",
          path: `/options/${optionSymbol}/greeks?expiry=${expiries[optionSymbol]}&right=${i % 2 ? "C" : "P"}`,
        };
      case "calculator":
        return {
          kind,
          method: "POST",
          path: "/options/calculator",
          body: JSON.stringify(cycle(CALCULATOR_BODIES, i)),
        };
      case "news":
        return i % 2
          ? { kind, method: "GET", path: `/news/ticker/${symbol}?limit=10` }
          : { kind, method: "GET", path: "/news/top?limit=10" };
      case "screener":
        return i % 2
          ? { kind, method: "GET", path: "/screener/presets/value" }
          : {
              kind,
              method: "POST",
              path: "/screener/scan",
              body: JSON.stringify(cycle(SCREENS, i)),
            };
      case "account":
        return { kind, method: "GET", path: i % 2 ? "/account/keys" : "/account/usage" };
      default: // status
        return { kind, method: "GET", path: "/market/status" };
    }
  });
}

/**
 * One cycle of 100 requests in the mix's proportions, interleaved (a fixed shuffle), so each
 * connection, which walks the cycle in order, sends every kind spread over time.
 */
export function buildMix(expiries: Expiries): MixRequest[] {
  const all = (Object.entries(MIX_WEIGHTS) as [MixKind, number][]).flatMap(([kind, weight]) =>
    requestsOf(kind, weight, expiries),
  );
  // Mulberry32, fixed seed: the same order every run.
  let seed = 0x5eed_2026;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as MixRequest, all[i] as MixRequest];
  }
  return all;
}

/** The distinct requests of the mix (for priming the caches once before the load). */
export function distinctRequests(mix: readonly MixRequest[]): MixRequest[] {
  const seen = new Map<string, MixRequest>();
  for (const request of mix) seen.set(`${request.method} ${request.path} ${request.body}`, request);
  return [...seen.values()];
}

/** From an expirations answer: the first expiration at least 21 days out (else the last). */
export function monthOutExpiry(
  expirations: readonly { expirationDate: string; daysToExpiration: number }[],
): string {
  const chosen =
    expirations.find((expiration) => expiration.daysToExpiration >= 21) ?? expirations.at(-1);
  if (!chosen) throw new Error("no expirations listed");
  return chosen.expirationDate;
}
