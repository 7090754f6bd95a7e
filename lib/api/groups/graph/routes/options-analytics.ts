import { array, int, number, object, string, enum as zEnum } from "zod";
import { isoDay, isoInstant } from "./schemas";

/** GET /graph/{code}/options-analytics: the options endpoints' figures, cited. */

/** The skew is read at the listed expiration nearest this many calendar days. */
export const SKEW_TARGET_DAYS = 30;
/** Unusual prints listed in the flow section (the newest). */
export const FLOW_PRINTS_LISTED = 3;

export const OPTIONS_ANALYTICS_DESCRIPTION =
  "The options analytics of the company, each section the figures of the endpoint it names in " +
  "`source`, computed by the same code at the same clock (so they equal that endpoint's answer " +
  "to the request in `source`, by construction): ivRank from GET /options/{code}/iv-rank (the " +
  "surface's 30-day at-the-money IV, 2 decimals, ranked against its last 252 sessions: rank = " +
  "(current − low)/(high − low) × 100, percentile = share of sessions below the current × " +
  "100); skew from GET /volatility/{code}/skew at the listed expiration nearest " +
  `${SKEW_TARGET_DAYS} calendar days (the earlier on a tie): the 25-delta put, 50-delta and ` +
  "25-delta call volatilities, riskReversal25 = call25Iv − put25Iv, butterfly25 = (call25Iv + " +
  "put25Iv)/2 − atmIv, putSkewRatio = put25Iv/atmIv; termStructure from GET " +
  "/volatility/{code}/term-structure: constant-maturity iv30, iv60, iv90 (interpolated in total " +
  "variance), slope = iv60 − iv30 in volatility points and its shape (contango ≥ 0.1, " +
  "backwardation ≤ −0.1, else flat); putCallRatio from GET /options/{code}/put-call-ratio, its " +
  "total over every listed expiration (put figure / call figure by volume, open interest and " +
  "premium Σ volume × mid × 100); gex from GET /volatility/{code}/gex with every expiration " +
  "and the default dealer convention long-calls-short-puts: total GEX = Σ sign × Γ × OI × 100 × " +
  "S² × 0.01 (USD per 1 % move), gammaRegime positive (dealers long gamma: moves damped) or " +
  "negative (short gamma: moves amplified), zeroGammaLevel the spot where the re-priced total " +
  "changes sign (the flip level), the call and put walls; flow from GET /options/{code}/flow " +
  "with its default thresholds (premium ≥ 100000 USD or size ≥ 250 contracts, or an opening or " +
  "volume-over-open-interest print of ≥ 10 contracts): the unusual prints of today's tape up to " +
  `the clock, their premium totals by side and lean, and the ${FLOW_PRINTS_LISTED} newest. ` +
  "Each section states asOf (the clock its figures are computed at). A section whose endpoint " +
  "would answer 404 (INSUFFICIENT_OPTION_DATA: too few strikes or expirations; NO_CHAIN_DATA " +
  "for that part) is null and `unavailable` says why; the other sections still answer. " +
  "Volatilities percent 4 decimals (the IV rank's IVs 2), ratios 6 decimals, USD 2 decimals. " +
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, a future or a " +
  "crypto asset (no company of the graph). A company without listed options answers 200 with " +
  "every section null and `unavailable` naming NO_CHAIN_DATA for each (what each cited " +
  "endpoint answers), so a screen over the universe reads one shape. 503 " +
  "MARKET_DATA_UNAVAILABLE when the market-data source is down or keeps no option " +
  "expirations, implied-volatility history or options tape.";

const source = (example: string) =>
  string().meta({ description: "The request whose answer the figures are", example });
const asOf = isoInstant("The clock the figures are computed at");
const vol = (description: string) =>
  number().meta({ description: `${description}, percent, 4 decimals` });
const points = (description: string) =>
  number().meta({ description: `${description}, volatility points, 4 decimals` });
const ratioOrNull = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, 6 decimals; null when the call side is 0` });
const usd = (description: string) => number().meta({ description: `${description}, USD` });

const ivRank = object({
  source: source("/v1/options/AAPL_NASDAQ/iv-rank"),
  asOf,
  currentImpliedVolatility: number().meta({ description: "30-day ATM IV, percent, 2 decimals" }),
  ivRank: number().meta({ description: "0-100, 4 decimals" }),
  ivPercentile: number().meta({ description: "0-100, 4 decimals" }),
  yearHigh: number().meta({ description: "Highest IV of the history and now, percent" }),
  yearHighDate: isoDay("Its session"),
  yearLow: number().meta({ description: "Lowest IV of the history and now, percent" }),
  yearLowDate: isoDay("Its session"),
  historyLength: int().meta({ description: "Sessions of the IV history" }),
});

const skew = object({
  source: source("/v1/volatility/AAPL_NASDAQ/skew?expiry=2026-12-24"),
  asOf,
  expiration: isoDay("The expiration read"),
  daysToExpiration: int().meta({ description: "Calendar days to it" }),
  put25Iv: vol("Volatility at the 25-delta put"),
  atmIv: vol("Volatility at the 50-delta strike"),
  call25Iv: vol("Volatility at the 25-delta call"),
  riskReversal25: points("call25Iv − put25Iv (negative: puts dearer)"),
  butterfly25: points("(call25Iv + put25Iv) / 2 − atmIv"),
  putSkewRatio: number().meta({ description: "put25Iv / atmIv, 6 decimals" }),
});

const termStructure = object({
  source: source("/v1/volatility/AAPL_NASDAQ/term-structure"),
  asOf,
  iv30: vol("30-day constant-maturity volatility"),
  iv60: vol("60-day constant-maturity volatility"),
  iv90: vol("90-day constant-maturity volatility"),
  slope: points("iv60 − iv30"),
  shape: zEnum(["contango", "backwardation", "flat"]),
});

const putCallRatio = object({
  source: source("/v1/options/AAPL_NASDAQ/put-call-ratio"),
  asOf,
  volumeRatio: ratioOrNull("putVolume / callVolume"),
  openInterestRatio: ratioOrNull("putOpenInterest / callOpenInterest"),
  premiumRatio: ratioOrNull("putPremium / callPremium"),
  callVolume: int().meta({ description: "Contracts traded in the session so far" }),
  putVolume: int(),
  callOpenInterest: int().meta({ description: "Open contracts" }),
  putOpenInterest: int(),
});

const gex = object({
  source: source("/v1/volatility/AAPL_NASDAQ/gex"),
  asOf,
  dealerConvention: zEnum(["long-calls-short-puts"]).meta({ description: "The default" }),
  totalGammaExposure: usd("Net GEX per 1 % move, 2 decimals"),
  gammaRegime: zEnum(["positive", "negative"]).meta({
    description: "Dealers long (positive) or short (negative) gamma",
  }),
  zeroGammaLevel: number()
    .nullable()
    .meta({ description: "The flip level: spot where the total changes sign, USD; null: none" }),
  zeroGammaDistancePercent: number()
    .nullable()
    .meta({ description: "(zeroGammaLevel − S) / S × 100, percent, 4 decimals" }),
  callWall: number().nullable().meta({ description: "Strike of the largest |call GEX|, USD" }),
  putWall: number().nullable().meta({ description: "Strike of the largest |put GEX|, USD" }),
  underlyingLivePrice: usd("S, the spot the chains are priced against"),
});

const flowPrint = object({
  time: isoInstant("Time of the print"),
  contract: string().meta({ description: "OCC symbol" }),
  right: zEnum(["C", "P"]),
  strike: usd("Strike"),
  expiration: isoDay("Expiration"),
  size: int().meta({ description: "Contracts" }),
  premium: usd("price × size × 100, 2 decimals"),
  aggressor: zEnum(["buyer", "seller", "unknown"]),
  tradeType: zEnum(["sweep", "block", "single"]),
});

const flow = object({
  source: source("/v1/options/AAPL_NASDAQ/flow?limit=3"),
  asOf,
  tapePrintCount: int().meta({ description: "Prints on today's tape up to the clock" }),
  unusualPrintCount: int().meta({ description: "Unusual prints among them" }),
  totalPremium: usd("Premium of every unusual print, 2 decimals"),
  callPremium: usd("Of unusual call prints, 2 decimals"),
  putPremium: usd("Of unusual put prints, 2 decimals"),
  bullishPremium: usd("Calls bought + puts sold, 2 decimals"),
  bearishPremium: usd("Puts bought + calls sold, 2 decimals"),
  unclassifiedPremium: usd("Prints with an unknown aggressor, 2 decimals"),
  latest: array(flowPrint).meta({
    description: `The ${FLOW_PRINTS_LISTED} newest unusual prints (the flow's first items)`,
  }),
});

export const ANALYTICS_SECTIONS = [
  "ivRank",
  "skew",
  "termStructure",
  "putCallRatio",
  "gex",
  "flow",
] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

export const optionsAnalyticsSchema = object({
  symbol: string(),
  code: string(),
  name: string(),
  asOf: isoInstant("The clock of the answer"),
  ivRank: ivRank.nullable(),
  skew: skew.nullable(),
  termStructure: termStructure.nullable(),
  putCallRatio: putCallRatio.nullable(),
  gex: gex.nullable(),
  flow: flow.nullable(),
  unavailable: array(
    object({
      section: zEnum(ANALYTICS_SECTIONS),
      code: zEnum(["INSUFFICIENT_OPTION_DATA", "NO_CHAIN_DATA"]).meta({
        description: "What the cited endpoint answers",
      }),
      reason: string(),
    }),
  ).meta({ description: "The sections that are null, and why; empty when all answer" }),
});
