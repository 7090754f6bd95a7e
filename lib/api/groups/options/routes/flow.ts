import { array, boolean, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import {
  DEFAULT_MIN_PREMIUM_USD,
  DEFAULT_MIN_SIZE_CONTRACTS,
  RELATIVE_MIN_SIZE_CONTRACTS,
  SIDE_BAND_SPREAD_SHARE,
  VOLUME_OI_THRESHOLD,
} from "../../../option-analytics/flow";
import { groupRoutes } from "../../../route";
import { contractCode, daysToExpiration, pricingInputs } from "./schemas";

/**
 * Options flow: the unusual prints of the day's options tape, each classified against the
 * contract's quote, with the premium they moved and which way it leans.
 */

// The thresholds of "unusual" (see FLOW_DESCRIPTION; the query can change the first two) live
// with the flow logic in lib/api/option-analytics/flow.ts.
export {
  DEFAULT_MIN_PREMIUM_USD,
  DEFAULT_MIN_SIZE_CONTRACTS,
  RELATIVE_MIN_SIZE_CONTRACTS,
  SIDE_BAND_SPREAD_SHARE,
  VOLUME_OI_THRESHOLD,
};
/** Prints listed by default and at most. */
export const DEFAULT_FLOW_LIMIT = 50;
export const MAX_FLOW_LIMIT = 500;

const MAX_PREMIUM_QUERY = 1_000_000_000;
const MAX_SIZE_QUERY = 1_000_000;

const UNUSUAL =
  "A print is unusual when any of these holds (its unusualBecause lists which): premium ≥ " +
  `minPremium (USD, default ${DEFAULT_MIN_PREMIUM_USD}); size ≥ minSize (contracts, default ` +
  `${DEFAULT_MIN_SIZE_CONTRACTS}); opening: size > openInterest and size ≥ ` +
  `${RELATIVE_MIN_SIZE_CONTRACTS}; volumeOverOpenInterest: the contract's volume today / ` +
  `openInterest ≥ ${VOLUME_OI_THRESHOLD} and size ≥ ${RELATIVE_MIN_SIZE_CONTRACTS} (the two ` +
  "relative criteria ignore odd lots, which a thin contract makes look large).";

const SIDE =
  "side compares the print's price with the bid and ask (bidAskSource says whose: the tape's " +
  "quote at the print when it carries one, else the contract's current quote from the chain). " +
  `band = max(0.005, ${SIDE_BAND_SPREAD_SHARE} × (ask − bid)) USD: aboveAsk when price > ask + ` +
  "0.005; atAsk when ask − band ≤ price ≤ ask + 0.005; belowBid when price < bid − 0.005; " +
  "atBid when bid − 0.005 ≤ price ≤ bid + band; mid otherwise (inside the spread, away from " +
  "both edges); noQuote when there is no usable quote (none, or ask ≤ 0, or ask < bid). The " +
  "tests run in that order, so at a locked quote (bid = ask) a print at it counts atAsk. " +
  "aggressor: buyer for aboveAsk and atAsk (the buyer crossed the spread), seller for atBid " +
  "and belowBid, unknown for mid and noQuote.";

const TRADE_TYPE =
  "tradeType is the tape's condition: sweep (an intermarket sweep: one order filled across " +
  "venues at once, a sign of urgency), block (a single large negotiated print), single " +
  "(anything else).";

const TOTALS =
  "totals cover every unusual print up to the clock (not only the `limit` listed): " +
  "callPremium + putPremium = bullishPremium + bearishPremium + unclassifiedPremium = " +
  "totalPremium. bullish: calls bought (aggressor buyer) and puts sold (aggressor seller); " +
  "bearish: puts bought and calls sold; unclassified: aggressor unknown.";

const ERRORS_TEXT =
  "400 INVALID_PARAMETER naming minPremium, minSize or limit when out of range. 404 " +
  "NO_CHAIN_DATA for an unknown code or a contract without listed options; 503 " +
  "MARKET_DATA_UNAVAILABLE when the source has no options tape (Alpaca) or is down.";

const FLOW_DESCRIPTION =
  "Unusual options activity of the latest session (today's once the regular session has " +
  "opened, else the previous session's, e.g. Friday's on a weekend) from the options tape up " +
  "to the clock, " +
  "newest first (prints of the same instant in reverse tape order). premium = price × size × " +
  `100 (USD, 2 decimals). ${UNUSUAL} ${SIDE} ${TRADE_TYPE} openInterest, volume, ` +
  "impliedVolatility and delta are the contract's in the chain at the clock (the source " +
  `gives none per print). ${TOTALS} ${ERRORS_TEXT}`;

const usd = (description: string) => number().meta({ description: `${description}, USD` });

const contracts = (description: string) =>
  int().meta({ description: `${description}, contracts (× 100 shares each)` });

const nullableContracts = (description: string) =>
  int()
    .nullable()
    .meta({
      description: `${description}, contracts; null when the chain does not list the contract`,
    });

const integerQuery = (field: string, min: number, max: number, fallback: number) => {
  const range = `must be an integer from ${min} to ${max}`;
  return coerce
    .number({ error: range })
    .int(range)
    .min(min, range)
    .max(max, range)
    .default(fallback)
    .meta({ description: `${field}; ${min}-${max}, default ${fallback}` });
};

const printSchema = object({
  time: iso.datetime().meta({ description: "Instant of the print, ISO 8601 UTC" }),
  contract: string().meta({
    description: "OCC contract symbol: root, yyMMdd, C or P, strike × 1000 in 8 digits",
    example: "AAPL261218C00200000",
  }),
  expiration: string().meta({ description: "yyyy-MM-dd", example: "2026-12-18" }),
  daysToExpiration,
  strike: usd("Strike"),
  right: zEnum(["C", "P"]).meta({ description: "C (call) or P (put)" }),
  size: contracts("Size of the print"),
  price: usd("Price of the print, per share"),
  premium: usd("price × size × 100, 2 decimals"),
  bid: number().nullable().meta({ description: "Bid, USD per share; null without a quote" }),
  ask: number().nullable().meta({ description: "Ask, USD per share; null without a quote" }),
  bidAskSource: zEnum(["print", "current", "none"]).meta({
    description:
      "print: the tape's quote at the print; current: the contract's quote in the chain at " +
      "the clock (the tape carries none); none: neither exists",
  }),
  side: zEnum(["aboveAsk", "atAsk", "mid", "atBid", "belowBid", "noQuote"]).meta({
    description: "Price against bid and ask (tolerances in the route description)",
  }),
  aggressor: zEnum(["buyer", "seller", "unknown"]).meta({
    description: "Who crossed the spread: buyer (aboveAsk, atAsk), seller (atBid, belowBid)",
  }),
  tradeType: zEnum(["sweep", "block", "single"]).meta({
    description: "The tape's condition: sweep, block or single",
  }),
  volume: nullableContracts("The contract's volume today"),
  openInterest: nullableContracts("The contract's open interest"),
  volumeToOpenInterest: number().nullable().meta({
    description: "volume / openInterest, 6 decimals; null when openInterest is 0 or unknown",
  }),
  likelyOpening: boolean()
    .nullable()
    .meta({
      description:
        "size > openInterest: more contracts than were open, so at least part opens new " +
        "positions; null when openInterest is unknown",
    }),
  impliedVolatility: number()
    .nullable()
    .meta({
      description:
        "The contract's implied volatility, annualised, percent (25 = 25 %), 4 decimals; " +
        "null when the source gives none",
    }),
  delta: number()
    .nullable()
    .meta({ description: "The contract's delta, 6 decimals; null when the source gives none" }),
  unusualBecause: array(zEnum(["premium", "size", "opening", "volumeOverOpenInterest"])).meta({
    description: "The criteria of unusual the print meets (at least one)",
  }),
});

export const optionsFlowRoutes = groupRoutes("options", {
  flow: {
    method: "GET",
    path: "/options/{code}/flow",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Unusual options activity of the day, newest first",
    description: FLOW_DESCRIPTION,
    params: object({ code: contractCode }),
    query: object({
      minPremium: integerQuery(
        "Premium (USD) at or above which a print is unusual",
        0,
        MAX_PREMIUM_QUERY,
        DEFAULT_MIN_PREMIUM_USD,
      ),
      minSize: integerQuery(
        "Size (contracts) at or above which a print is unusual",
        1,
        MAX_SIZE_QUERY,
        DEFAULT_MIN_SIZE_CONTRACTS,
      ),
      limit: integerQuery("Prints listed at most", 1, MAX_FLOW_LIMIT, DEFAULT_FLOW_LIMIT),
    }),
    response: pricingInputs.extend({
      symbol: string(),
      criteria: object({
        minPremium: usd("Premium threshold used"),
        minSize: contracts("Size threshold used"),
        relativeMinSize: contracts("Smallest print the opening and volume/OI criteria count"),
        volumeToOpenInterest: number().meta({
          description: "volume / openInterest at or above which a contract's prints count",
        }),
        sideBandSpreadShare: number().meta({
          description: "Share of the spread inside bid and ask counted as at bid / at ask",
        }),
      }).meta({ description: "The definition of unusual and of side, as applied" }),
      tapePrintCount: int().meta({ description: "Prints on today's tape up to the clock" }),
      unusualPrintCount: int().meta({ description: "Unusual prints among them" }),
      totals: object({
        printCount: int().meta({ description: "Unusual prints counted (= unusualPrintCount)" }),
        totalPremium: usd("Premium of every unusual print, 2 decimals"),
        callPremium: usd("Premium of unusual call prints, 2 decimals"),
        putPremium: usd("Premium of unusual put prints, 2 decimals"),
        bullishPremium: usd("Calls bought + puts sold, 2 decimals"),
        bearishPremium: usd("Puts bought + calls sold, 2 decimals"),
        unclassifiedPremium: usd("Prints with an unknown aggressor, 2 decimals"),
      }).meta({ description: "Over every unusual print up to the clock (see the description)" }),
      items: array(printSchema).meta({
        description: "The unusual prints, newest first, at most `limit`",
      }),
    }),
  },
});
