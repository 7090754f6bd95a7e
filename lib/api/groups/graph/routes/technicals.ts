import { array, boolean, int, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import {
  FLAT_SLOPE_PERCENT,
  LEVELS_LISTED,
  ROC_SESSIONS,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  SMA50_SLOPE_SESSIONS,
  SWING_LOOKBACK_SESSIONS,
  SWING_WING,
} from "../../../technical-figures";
import { OPTIONS_ANALYTICS_DESCRIPTION, optionsAnalyticsSchema } from "./options-analytics";
import { isoDay, isoInstant } from "./schemas";

/** Company graph, part 2: the technical picture and the options analytics of one company. */

const TECHNICALS_DESCRIPTION =
  "The indicator set of GET /market/stocks/{code}/chart summarised for the company, computed " +
  "by the same functions over the same bars: the chart's period 5 (regular-session daily bars " +
  "from 00:00 UTC 365 days before the clock, the session in progress included with its close " +
  "so far; `bars` states the first and last dates, the count and whether the last is in " +
  "progress), full-precision closes, so every sma/rsi/macd figure here equals the last value of " +
  "the chart's series of the same name at the same clock. Rounding as the chart's: RSI 4 " +
  "decimals, price-scaled indicators 2 decimals more than the tick; prices to the tick; " +
  "percents 4 decimals; distances and ratios are computed from the rounded figures shown, so " +
  "they can be recomputed from them. C = the last bar's close. " +
  "Trend: SMA n = mean of the last n closes; distancePercent = (C − SMA)/SMA × 100, position " +
  `above (C > SMA), below (C < SMA) or at. sma50Slope = (SMA50ₜ − SMA50ₜ₋${SMA50_SLOPE_SESSIONS})` +
  `/SMA50ₜ₋${SMA50_SLOPE_SESSIONS} × 100 over ${SMA50_SLOPE_SESSIONS} sessions: rising when ≥ ` +
  `${FLAT_SLOPE_PERCENT}, falling when ≤ −${FLAT_SLOPE_PERCENT}, flat in between. crossState: ` +
  "golden while SMA50 > SMA200, death while SMA50 < SMA200; lastCross is the latest session on " +
  "which the sign of SMA50 − SMA200 changed (golden: to positive), searched where both exist " +
  "in the window (crossSearchedSessions, about the last 52 sessions of a year of bars: an " +
  "older cross reads null). direction: uptrend when C > SMA50 > SMA200, downtrend when C < " +
  "SMA50 < SMA200, mixed otherwise. " +
  "Momentum: RSI 14 is Wilder's (TA-Lib: simple averages of the first 14 changes, then avg = " +
  "(avg·13 + x)/14; RSI = 100·gain/(gain + loss)); state overbought when ≥ " +
  `${RSI_OVERBOUGHT}, oversold when ≤ ${RSI_OVERSOLD}, else neutral. MACD 12/26/9 (TA-Lib): ` +
  "line = EMA12 − EMA26, signal = EMA9 of the line, histogram = line − signal, EMA k = " +
  "2/(n+1) seeded with a simple mean; state bullish when histogram > 0, bearish when < 0, " +
  "neutral at 0; lastCrossover is the latest session on which the histogram changed sign. " +
  `rateOfChange20 = (C/Cₜ₋${ROC_SESSIONS} − 1) × 100. ` +
  "Volatility: ATR 14 is Wilder's average true range (TA-Lib: TR = max(H − L, |H − C₋₁|, |L − " +
  "C₋₁|), first value the mean of 14 TRs, then (atr·13 + TR)/14), atrPercent = ATR/C × 100; " +
  "Bollinger 20/2: middle = SMA20, upper/lower = middle ± 2 population standard deviations of " +
  "the same 20 closes, percentB = (C − lower)/(upper − lower) (above 1: over the upper band), " +
  "bandwidthPercent = (upper − lower)/middle × 100. " +
  `Support and resistance (method swing-points): over the last ${SWING_LOOKBACK_SESSIONS} ` +
  `sessions of the window, a swing high is a session whose high exceeds the highs of the ${SWING_WING} ` +
  `sessions before it and is not exceeded by the ${SWING_WING} after it (a swing low likewise ` +
  `with lows), so the last ${SWING_WING} sessions can be no swing point; resistance lists the ` +
  `distinct swing highs above C, support the swing lows below C, nearest first, at most ` +
  `${LEVELS_LISTED} each (empty when none: at a new high, use the 52-week high). pivotPoints ` +
  "are the classic floor pivots of the last completed session (H, L, C its high, low and " +
  "close): P = (H + L + C)/3, R1 = 2P − L, S1 = 2P − H, R2 = P + (H − L), S2 = P − (H − L). " +
  "range52Week: the highest high and lowest low of the window's bars (the chart's ceiling and " +
  "floor), distanceFromHighPercent = (C − high)/high × 100, distanceFromLowPercent = (C − " +
  "low)/low × 100. Dates are New York session dates. Figures that need more bars than the " +
  "window holds are null. 404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an " +
  "index, a future or a crypto asset (no company of the graph) and for a company without daily " +
  "bars; 503 MARKET_DATA_UNAVAILABLE when the market-data source is down.";

const priceOrNull = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, USD; null during warm-up` });
const percentOrNull = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent, 4 decimals; null when unavailable` });

const position = zEnum(["above", "below", "at"]).nullable().meta({
  description: "Where C stands against the average; null when the average is unavailable",
});

const movingAverage = object({
  name: zEnum(["sma20", "sma50", "sma200"]).meta({ description: "The chart's series name" }),
  sessions: int().meta({ description: "Closes averaged: 20, 50 or 200" }),
  value: priceOrNull("Simple moving average of the last `sessions` closes"),
  distancePercent: percentOrNull("(C − value) / value × 100"),
  position,
});

const datedCross = (kinds: [string, ...string[]], description: string) =>
  object({
    kind: zEnum(kinds),
    date: isoDay("Session of the cross"),
    sessionsAgo: int().meta({ description: "Sessions between that one and the last bar" }),
  })
    .nullable()
    .meta({ description });

const level = object({
  price: number().meta({ description: "The swing high or low, USD, to the tick" }),
  date: isoDay("Session of the swing point"),
  distancePercent: number().meta({ description: "(price − C) / C × 100, percent, 4 decimals" }),
});

export const technicalsSchema = object({
  symbol: string(),
  code: string(),
  name: string(),
  asOf: isoInstant("The clock the figures are computed at"),
  bars: object({
    source: string().meta({
      description: "The chart request whose bars and indicators these are",
      example: "/v1/market/stocks/AAPL_NASDAQ/chart?period=5",
    }),
    period: int().meta({ description: "5: daily bars" }),
    count: int().meta({ description: "Daily bars read" }),
    from: isoDay("First session of the bars"),
    to: isoDay("Last session of the bars"),
    lastBarInProgress: boolean().meta({
      description: "The last bar is today's regular session still trading (its close so far)",
    }),
  }),
  close: number().meta({ description: "C: the last bar's close, USD, to the tick" }),
  trend: object({
    direction: zEnum(["uptrend", "downtrend", "mixed"])
      .nullable()
      .meta({ description: "See the description; null without SMA200" }),
    movingAverages: array(movingAverage).meta({ description: "SMA 20, 50 and 200" }),
    sma50Slope: object({
      sessions: int().meta({ description: `${SMA50_SLOPE_SESSIONS}` }),
      changePercent: percentOrNull("(SMA50 now − SMA50 `sessions` ago) / the latter × 100"),
      direction: zEnum(["rising", "falling", "flat"]).nullable(),
    }),
    crossState: zEnum(["golden", "death"])
      .nullable()
      .meta({ description: "golden: SMA50 > SMA200; death: SMA50 < SMA200; null without both" }),
    lastCross: datedCross(
      ["golden", "death"],
      "Latest SMA50/SMA200 cross within crossSearchedSessions; null when none",
    ),
    crossSearchedSessions: int().meta({
      description: "Sessions of the window on which both SMA50 and SMA200 exist",
    }),
  }),
  momentum: object({
    rsi14: number().nullable().meta({ description: "RSI 14, 0-100, 4 decimals; null in warm-up" }),
    rsiState: zEnum(["overbought", "oversold", "neutral"]).nullable(),
    macd: object({
      line: priceOrNull("EMA12 − EMA26"),
      signal: priceOrNull("EMA9 of the line"),
      histogram: priceOrNull("line − signal"),
      state: zEnum(["bullish", "bearish", "neutral"]).nullable(),
      lastCrossover: datedCross(
        ["bullish", "bearish"],
        "Latest session the histogram changed sign (bullish: to positive); null when none",
      ),
    }),
    rateOfChange20: percentOrNull(`(C / C ${ROC_SESSIONS} sessions before − 1) × 100`),
  }),
  volatility: object({
    atr14: priceOrNull("Wilder's average true range over 14 sessions"),
    atrPercent: percentOrNull("atr14 / C × 100"),
    bollinger: object({
      upper: priceOrNull("SMA20 + 2σ"),
      middle: priceOrNull("SMA20"),
      lower: priceOrNull("SMA20 − 2σ"),
      percentB: number()
        .nullable()
        .meta({ description: "(C − lower) / (upper − lower), 6 decimals; null when flat" }),
      bandwidthPercent: percentOrNull("(upper − lower) / middle × 100"),
    }),
  }),
  supportResistance: object({
    method: zEnum(["swing-points"]).meta({ description: "See the description" }),
    lookbackSessions: int().meta({ description: `${SWING_LOOKBACK_SESSIONS}` }),
    wingSessions: int().meta({ description: `${SWING_WING}` }),
    support: array(level).meta({ description: "Swing lows below C, nearest first" }),
    resistance: array(level).meta({ description: "Swing highs above C, nearest first" }),
    pivotPoints: object({
      session: isoDay("The completed session they are computed from"),
      pivot: number(),
      r1: number(),
      r2: number(),
      s1: number(),
      s2: number(),
    })
      .nullable()
      .meta({ description: "Classic floor pivots, USD, 2 decimals more than the tick" }),
  }),
  range52Week: object({
    high: number().meta({ description: "Highest high of the bars, USD (the chart's ceiling)" }),
    highDate: isoDay("Its session"),
    low: number().meta({ description: "Lowest low of the bars, USD (the chart's floor)" }),
    lowDate: isoDay("Its session"),
    distanceFromHighPercent: number().meta({ description: "(C − high) / high × 100, ≤ 0" }),
    distanceFromLowPercent: number().meta({ description: "(C − low) / low × 100, ≥ 0" }),
  }),
});

export const graphTechnicalRoutes = groupRoutes("graph", {
  technicals: {
    method: "GET",
    path: "/graph/{code}/technicals",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Technical summary: trend, momentum, volatility, support and resistance",
    description: TECHNICALS_DESCRIPTION,
    params: object({ code: contractCode }),
    response: technicalsSchema,
  },
  optionsAnalytics: {
    method: "GET",
    path: "/graph/{code}/options-analytics",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Options analytics of the company, cited from the options and volatility endpoints",
    description: OPTIONS_ANALYTICS_DESCRIPTION,
    params: object({ code: contractCode }),
    response: optionsAnalyticsSchema,
  },
});
