import { array, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import {
  MCCLELLAN_FAST,
  MCCLELLAN_SLOW,
  NEW_HIGH_LOW_SESSIONS,
} from "../../../../market-analysis/breadth";
import { RELATIVE_VOLUME_SESSIONS } from "../../../market-tape";
import { DEFAULT_MIN_PREMIUM_USD } from "../../../option-analytics/flow";
import { groupRoutes } from "../../../route";

/** Market analysis: sectors, breadth, movers and market-wide unusual options flow. */

export const UNUSUAL_RELATIVE_VOLUME = 2;
export const BREADTH_HISTORY_SESSIONS = 20;
/** Sessions of net advances read for the McClellan EMAs (the slow one needs 39 to start). */
export const BREADTH_WINDOW_SESSIONS = 160;

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd` });
const percent = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent (4 decimals)` });

const TAPE_NOTE =
  "Computed from the daily regular-session bars of every stock the market lists (the " +
  "session in progress included: its close is the last price, its volume the volume so far) " +
  "once per minute of the market clock and shared by every request in that minute.";

const sessionInfo = {
  asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
  session: isoDay("The latest session counted"),
  sessionInProgress: number()
    .int()
    .min(0)
    .max(1)
    .meta({ description: "1 while that session trades, 0 once it has closed" }),
};

const horizons = object({
  oneDay: percent("Last price over the previous close − 1"),
  fiveDays: percent("Over 5 sessions"),
  oneMonth: percent("Over 21 sessions"),
  threeMonths: percent("Over 63 sessions"),
  yearToDate: percent("Over the last close of the previous calendar year"),
});

const moverRow = object({
  symbol: string(),
  code: string(),
  name: string(),
  sector: string().nullable(),
  price: number(),
  changePercent: number(),
  volume: int().meta({ description: "The session's volume (so far)" }),
  dollarVolume: number().meta({ description: "volume × price, USD" }),
  averageVolume: number()
    .nullable()
    .meta({ description: `Mean volume of the ${RELATIVE_VOLUME_SESSIONS} sessions before` }),
  relativeVolume: number().nullable().meta({
    description:
      "volume / (averageVolume × the share of the session elapsed, at least 30 minutes' worth), 4 decimals",
  }),
});

export const marketAnalysisMarketRoutes = groupRoutes("marketAnalysis", {
  sectors: {
    method: "GET",
    path: "/market/analysis/sectors",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "The 11 GICS sectors: returns, relative strength against SPY, advancers and decliners",
    description:
      "Per GICS sector: its stocks' equal-weighted mean return over 1 and 5 sessions, 21 " +
      "(a month), 63 (three months) and since the last close of the previous year; relative " +
      "strength against SPY over the same horizons, ((1 + sector) / (1 + SPY) − 1) × 100; " +
      "today's advancers, decliners and unchanged within it; and its SPDR sector ETF where the " +
      "universe lists one (XLK, XLF, XLE, XLV; null for the others) with the ETF's own returns. " +
      "Sectors without a listed stock still appear, with null figures. Strongest 1-month " +
      `relative strength first. ${TAPE_NOTE}`,
    response: object({
      ...sessionInfo,
      benchmark: object({ symbol: string(), returns: horizons }),
      sectors: array(
        object({
          sector: string(),
          stocks: int(),
          returns: horizons,
          relativeStrength: horizons.meta({ description: "Against SPY, percent" }),
          advancers: int(),
          decliners: int(),
          unchanged: int(),
          etf: object({ symbol: string(), code: string(), returns: horizons }).nullable(),
        }),
      ),
    }),
  },
  breadth: {
    method: "GET",
    path: "/market/analysis/breadth",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Advancers and decliners, highs and lows, TRIN and the McClellan oscillator",
    description:
      "Over the stocks the market lists, for the latest session against each stock's previous " +
      "close: advancers, decliners and unchanged (they sum to `counted`), A/D ratio, up, down " +
      "and unchanged volume, TRIN = (advancers / decliners) / (up volume / down volume) (below 1 " +
      "leans bullish), new 52-week closing highs and lows (the close above the highest or below " +
      `the lowest of the ${NEW_HIGH_LOW_SESSIONS - 1} sessions before), the share of stocks above ` +
      "their 50- and 200-day simple averages. History of the last " +
      `${BREADTH_HISTORY_SESSIONS} sessions: net advances, the A/D line (their running sum ` +
      `from the first of the ${BREADTH_WINDOW_SESSIONS} sessions read), the McClellan ` +
      `oscillator EMA${MCCLELLAN_FAST} − EMA${MCCLELLAN_SLOW} of net advances (EMAs seeded with ` +
      "their simple mean, as TA-Lib) and the summation index, the oscillator's running sum " +
      `from its first value in that window (so its level is relative to the window). ${TAPE_NOTE}`,
    response: object({
      ...sessionInfo,
      counted: int(),
      advancers: int(),
      decliners: int(),
      unchanged: int(),
      advanceDeclineRatio: number().nullable(),
      upVolume: int(),
      downVolume: int(),
      unchangedVolume: int(),
      trin: number().nullable(),
      newHighs: int(),
      newLows: int(),
      percentAbove50Day: percent("Stocks closing above their 50-day average"),
      percentAbove200Day: percent("Stocks closing above their 200-day average"),
      mcclellanOscillator: number().nullable(),
      mcclellanSummation: number().nullable(),
      history: array(
        object({
          date: isoDay("The session"),
          advancers: int(),
          decliners: int(),
          unchanged: int(),
          netAdvances: int(),
          adLine: int(),
          trin: number().nullable(),
          mcclellanOscillator: number().nullable(),
          mcclellanSummation: number().nullable(),
        }),
      ),
    }),
  },
  movers: {
    method: "GET",
    path: "/market/analysis/movers",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Gainers, losers, most active and unusual relative volume",
    description:
      "Over the stocks the market lists, for the latest session: the largest gains and losses " +
      "against the previous close, the most active by share volume, and unusual relative " +
      `volume: the session's volume over the mean of the ${RELATIVE_VOLUME_SESSIONS} sessions ` +
      "before, paced while the session trades (the mean × the share of regular hours elapsed, " +
      "at least 30 minutes' worth; volume is taken as spread evenly over the session, which " +
      `flatters the open and the close), at least ${UNUSUAL_RELATIVE_VOLUME}, largest first. ` +
      "Ties by code. `limit` rows per list (1-50, " +
      `default 10). ${TAPE_NOTE}`,
    query: object({
      limit: coerce.number().int().min(1).max(50).default(10).meta({
        description: "Rows per list, 1-50, default 10",
      }),
    }),
    response: object({
      ...sessionInfo,
      gainers: array(moverRow),
      losers: array(moverRow),
      mostActive: array(moverRow),
      unusualVolume: array(moverRow),
    }),
  },
  optionsUnusual: {
    method: "GET",
    path: "/market/analysis/options-unusual",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "The market-wide unusual options flow, largest premium first",
    description:
      "GET /options/{code}/flow's unusual prints (the same code and criteria: premium ≥ " +
      "minPremium, size ≥ minSize, opening prints, volume over open interest) over every " +
      "optionable stock, largest premium first (ties: later first), with per-stock totals. " +
      `minPremium USD, default ${DEFAULT_MIN_PREMIUM_USD}. Computed once per minute of the ` +
      "market clock per minPremium.",
    query: object({
      minPremium: coerce
        .number()
        .int()
        .min(0)
        .max(100_000_000)
        .default(DEFAULT_MIN_PREMIUM_USD)
        .meta({
          description: `USD, 0-100,000,000, default ${DEFAULT_MIN_PREMIUM_USD}`,
        }),
      limit: coerce.number().int().min(1).max(200).default(25).meta({
        description: "Prints, 1-200, default 25",
      }),
    }),
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
      minPremium: number(),
      stocksScanned: int(),
      unusualPrintCount: int(),
      byStock: array(
        object({
          symbol: string(),
          code: string(),
          prints: int(),
          premium: number().meta({ description: "USD" }),
          bullishPremium: number().meta({ description: "USD, calls bought and puts sold" }),
          bearishPremium: number().meta({ description: "USD, puts bought and calls sold" }),
        }),
      ),
      prints: array(
        object({
          symbol: string(),
          code: string(),
          time: iso.datetime(),
          contract: string(),
          expiration: isoDay("Expiration"),
          strike: number(),
          right: zEnum(["C", "P"]),
          size: int(),
          price: number(),
          premium: number().meta({ description: "price × size × 100, USD" }),
          side: string().meta({ description: "As /options/{code}/flow: atAsk, atBid, ..." }),
          aggressor: string().meta({ description: "buyer, seller or unknown" }),
          lean: zEnum(["bullish", "bearish", "unclassified"]).meta({
            description: "Calls bought or puts sold: bullish; puts bought or calls sold: bearish",
          }),
          reasons: array(string()).meta({ description: "Why the print is unusual" }),
        }),
      ),
    }),
  },
});
