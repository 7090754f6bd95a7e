import {
  array,
  boolean,
  int,
  iso,
  nullable,
  number,
  object,
  record,
  string,
  enum as zEnum,
} from "zod";
import { INDICATOR_NAMES } from "../../../../quant";

/** Shared parameter and resource schemas of the market-data endpoints. */

/** How the market endpoints round (lib/market/precision.ts), for route descriptions. */
export const PRECISION_NOTE =
  "Prices are rounded to the instrument's tick (stocks and ETFs $0.01, $0.0001 below $1; " +
  "indices 0.01; futures the contract's tick; crypto 5 significant digits, at most 2 " +
  "decimals), change is livePrice − previousClose of those in their decimals, percents have 4 " +
  "decimals and volumes are integers.";

export { contractCode } from "../../../contract-code";

export const tickerSymbol = string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9.\-/]{0,15}$/, "must be a ticker symbol, e.g. AAPL");

export const quoteSchema = object({
  symbol: string(),
  lastPrice: number(),
  bid: number(),
  ask: number(),
  open: number(),
  close: number().meta({
    description:
      "The latest regular-session settlement: today's once settled, pinned during extended " +
      "hours and overnight",
  }),
  previousClose: number().meta({
    description:
      "The prior settlement: the close before the trading day (equities' overnight session and " +
      "pre-market belong to the coming day; an index's day lasts until its next open; a " +
      "future's trade date opens at 18:00 the evening before; crypto's day is the UTC day)",
  }),
  high: number(),
  low: number(),
  yearHigh: number(),
  yearLow: number(),
  change: number().meta({ description: "livePrice − previousClose (the prior settlement)" }),
  changePercent: number().meta({ description: "Percent units (1.306 = 1.306 %)" }),
  volume: number(),
  marketSession: zEnum(["Pre-Market", "Regular", "After-Hours", "Overnight", "Closed"]),
  isHalted: boolean(),
  lastUpdated: iso.datetime(),
  isStale: boolean().meta({
    description: "Served from the cache while the data source was unavailable",
  }),
  markPrice: nullable(number()).meta({
    description: "Bid/ask-clamped fair value; null without a two-sided market",
  }),
  livePrice: number().meta({ description: "markPrice when present, else lastPrice" }),
});

export const barSchema = object({
  open: number(),
  high: number(),
  low: number(),
  close: number(),
  volume: number(),
  timestamp: int().meta({ description: "Bar start, epoch milliseconds" }),
});

const indicatorPoint = object({ timestamp: int(), value: nullable(number()) });

export const chartSchema = object({
  symbol: string(),
  period: int(),
  close: number().meta({
    description: "Latest regular-session settlement (today's once settled): the quote's close",
  }),
  priorClose: number().meta({
    description:
      "The prior settlement, the close before the trading day: the quote's previousClose",
  }),
  floor: number().meta({ description: "Lowest low of the bars returned" }),
  ceiling: number().meta({ description: "Highest high of the bars returned" }),
  bars: array(barSchema),
  indicators: record(string(), array(indicatorPoint))
    .optional()
    .meta({
      description:
        "Present when requested: series rsi, macd, macd-signal, macd-hist, bb-upper, bb-middle, " +
        "bb-lower, sma20, sma50, sma200, ema12, ema26; value null during each series' warm-up",
    }),
});

/** `rsi,macd,bb` → the indicator names, validated. */
export const indicatorList = string()
  .transform((text) =>
    text
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    array(
      zEnum(INDICATOR_NAMES, {
        error: `must be a comma-separated list of ${INDICATOR_NAMES.join(", ")}`,
      }),
    ),
  )
  .meta({ description: `Comma-separated: ${INDICATOR_NAMES.join(", ")}` });

export const detailsSchema = object({
  symbol: string(),
  code: string(),
  name: string(),
  contractType: zEnum(["Stock", "Future", "Crypto", "Index"]),
  exchange: string(),
  currency: string(),
  hasOptions: boolean(),
  sector: nullable(string()),
  industry: nullable(string()),
  lastPrice: number(),
  change: number(),
  changePercent: number(),
});

export const exchangeEntrySchema = object({
  code: string(),
  symbol: string(),
  exchange: string(),
  name: string(),
  contractType: int().meta({ description: "1 stock or ETF, 2 future, 3 crypto, 4 index" }),
  hasOptions: boolean(),
});

export const tradeableEntrySchema = exchangeEntrySchema
  .omit({ name: true })
  .extend({ companyName: string() });

export const priceEntrySchema = object({
  symbol: string(),
  code: string(),
  name: string(),
  exchange: string(),
  lastPrice: number(),
  change: number(),
  changePercent: number(),
});

export const booleanQuery = zEnum(["true", "false", "1", "0"], {
  error: "must be true or false",
}).transform((text) => text === "true" || text === "1");
