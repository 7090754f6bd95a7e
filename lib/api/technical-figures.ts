import type { CoreDeps, Deps } from "../deps";
import { chartWindow } from "../market/chart-window";
import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Bar, Instrument } from "../market/ports";
import {
  indicatorDecimals,
  roundBar,
  roundDecimals,
  roundPercent,
  roundRatio,
} from "../market/precision";
import { marketStatus } from "../market/sessions";
import { atr, bollinger, macd, rsi, type Series, sma } from "../quant";
import { apiError } from "./errors";
import { fromProvider } from "./market-data";

/**
 * The figures of GET /graph/{code}/technicals from the chart's daily bars: the indicator
 * functions of lib/quant/indicators.ts over the full-precision closes (as the chart computes
 * them), rounded as the chart rounds them; distances from the rounded figures shown.
 */

/** RSI 14 at or above this is overbought, at or below RSI_OVERSOLD oversold. */
export const RSI_OVERBOUGHT = 70;
export const RSI_OVERSOLD = 30;
/** Sessions the SMA 50 slope is measured over, and the band (percent) called flat. */
export const SMA50_SLOPE_SESSIONS = 10;
export const FLAT_SLOPE_PERCENT = 0.5;
/** Sessions of the rate of change. */
export const ROC_SESSIONS = 20;
/** Support and resistance: swing points of the last SWING_LOOKBACK_SESSIONS sessions. */
export const SWING_LOOKBACK_SESSIONS = 60;
/** A swing point is the extreme of the SWING_WING sessions either side of it. */
export const SWING_WING = 2;
/** Levels listed on each side at most, nearest first. */
export const LEVELS_LISTED = 3;

/** The chart's daily period: GET /market/stocks/{code}/chart?period=5. */
export const DAILY_PERIOD = 5;

export type TechnicalDeps = Pick<CoreDeps, "marketClock"> & Pick<Deps, "market">;

/** The chart's period-5 bars at the clock (the same window, so the same indicator values). */
export async function chartDailyBars(deps: TechnicalDeps, instrument: Instrument): Promise<Bar[]> {
  const nowMs = deps.marketClock.now().getTime();
  const window = chartWindow(instrument, DAILY_PERIOD, nowMs, false);
  const bars = await fromProvider(() =>
    deps.market.bars(instrument.code, { period: DAILY_PERIOD, ...window, extended: false }),
  );
  return bars ?? [];
}

/** Whether the last daily bar is today's regular session, still trading. */
export function lastBarInProgress(deps: TechnicalDeps, bars: readonly Bar[]): boolean {
  const now = deps.marketClock.now();
  const lastBar = bars.at(-1);
  if (!lastBar || marketStatus(now).currentSession !== "Market") return false;
  return nyWallClock(lastBar.timestamp).day === nyWallClock(now.getTime()).day;
}

const dateOf = (bar: Bar) => isoDate(nyWallClock(bar.timestamp).day);
const last = (series: Series) => series.at(-1) ?? null;

/** (value − base) / base × 100, percent; null without both. */
function percentFrom(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return roundPercent(((value - base) / base) * 100);
}

/** The latest index where the sign of `series` changed (to > 0 or to < 0), with its new sign. */
function lastSignChange(series: Series): { index: number; positive: boolean } | undefined {
  for (let i = series.length - 1; i > 0; i--) {
    const now = series[i];
    const before = series[i - 1];
    if (now == null || before == null) return undefined;
    if (now > 0 && before <= 0) return { index: i, positive: true };
    if (now < 0 && before >= 0) return { index: i, positive: false };
  }
  return undefined;
}

/** Sessions (from the end) on which `series` has a value. */
const definedSessions = (series: Series) => series.filter((value) => value !== null).length;

function positionOf(close: number, average: number | null) {
  if (average === null) return null;
  return close > average
    ? ("above" as const)
    : close < average
      ? ("below" as const)
      : ("at" as const);
}

/** The figures over the chart's daily bars at the clock; 404 NO_DATA without bars. */
export async function technicalsOf(deps: TechnicalDeps, instrument: Instrument) {
  const bars = await chartDailyBars(deps, instrument);
  if (bars.length === 0) {
    throw apiError("NO_DATA", {
      what: "technicals",
      code: instrument.code,
      reason: "the market-data source has no daily bars for it",
    });
  }
  return technicalFigures({ instrument, bars, lastBarInProgress: lastBarInProgress(deps, bars) });
}

export interface TechnicalInputs {
  instrument: Instrument;
  /** Daily bars of the chart's period 5, full precision, oldest first (at least one). */
  bars: readonly Bar[];
  lastBarInProgress: boolean;
}

export function technicalFigures({ instrument, bars, lastBarInProgress }: TechnicalInputs) {
  const closes = bars.map((bar) => bar.close);
  const rounded = bars.map((bar) => roundBar(bar, instrument));
  const lastBar = rounded.at(-1) as Bar;
  const close = lastBar.close;
  const decimals = indicatorDecimals(instrument, closes.at(-1) ?? 0);
  const price = (value: number | null) => (value === null ? null : roundDecimals(value, decimals));
  const series = {
    sma20: sma(closes, 20),
    sma50: sma(closes, 50),
    sma200: sma(closes, 200),
    rsi: rsi(closes, 14),
    macd: macd(closes, 12, 26, 9),
    bands: bollinger(closes, 20, 2),
    atr: atr(
      bars.map((bar) => bar.high),
      bars.map((bar) => bar.low),
      closes,
      14,
    ),
  };
  const context = { rounded, close, price };
  return {
    bars: {
      period: 5,
      count: bars.length,
      from: dateOf(bars[0] as Bar),
      to: dateOf(lastBar),
      lastBarInProgress,
    },
    close,
    trend: trendOf(series, context),
    momentum: momentumOf(series, context),
    volatility: volatilityOf(series, context),
    supportResistance: supportResistanceOf(rounded, close, lastBarInProgress, decimals),
    range52Week: rangeOf(rounded, close),
  };
}

type Figures = {
  sma20: Series;
  sma50: Series;
  sma200: Series;
  rsi: Series;
  macd: ReturnType<typeof macd>;
  bands: ReturnType<typeof bollinger>;
  atr: Series;
};
interface Context {
  rounded: Bar[];
  close: number;
  price: (value: number | null) => number | null;
}

/** A dated cross at index `index` of the bars. */
function crossAt<K extends string>(rounded: readonly Bar[], index: number, kind: K) {
  return {
    kind,
    date: dateOf(rounded[index] as Bar),
    sessionsAgo: rounded.length - 1 - index,
  };
}

function trendOf(series: Figures, { rounded, close, price }: Context) {
  const averages = (["sma20", "sma50", "sma200"] as const).map((name) => {
    const value = price(last(series[name]));
    return {
      name,
      sessions: Number(name.slice(3)),
      value,
      distancePercent: percentFrom(close, value),
      position: positionOf(close, value),
    };
  });
  const [, sma50, sma200] = averages.map((average) => average.value);
  const before = series.sma50.at(-1 - SMA50_SLOPE_SESSIONS);
  const slope = percentFrom(sma50 ?? null, price(before ?? null));
  const gap = series.sma50.map((value, i) => {
    const long = series.sma200[i];
    return value == null || long == null ? null : value - long;
  });
  const cross = lastSignChange(gap);
  const bothExist = sma50 != null && sma200 != null;
  return {
    direction: !bothExist
      ? null
      : close > sma50 && sma50 > sma200
        ? ("uptrend" as const)
        : close < sma50 && sma50 < sma200
          ? ("downtrend" as const)
          : ("mixed" as const),
    movingAverages: averages,
    sma50Slope: {
      sessions: SMA50_SLOPE_SESSIONS,
      changePercent: slope,
      direction:
        slope === null
          ? null
          : slope >= FLAT_SLOPE_PERCENT
            ? ("rising" as const)
            : slope <= -FLAT_SLOPE_PERCENT
              ? ("falling" as const)
              : ("flat" as const),
    },
    crossState: !bothExist
      ? null
      : (last(gap) ?? 0) > 0
        ? ("golden" as const)
        : (last(gap) ?? 0) < 0
          ? ("death" as const)
          : null,
    lastCross: cross
      ? crossAt(rounded, cross.index, cross.positive ? ("golden" as const) : ("death" as const))
      : null,
    crossSearchedSessions: definedSessions(gap),
  };
}

function rsiStateOf(value: number | null) {
  if (value === null) return null;
  if (value >= RSI_OVERBOUGHT) return "overbought" as const;
  return value <= RSI_OVERSOLD ? ("oversold" as const) : ("neutral" as const);
}

function momentumOf(series: Figures, { rounded, close, price }: Context) {
  const rsiValue = last(series.rsi);
  const rsi14 = rsiValue === null ? null : roundPercent(rsiValue);
  const histogram = last(series.macd.hist);
  const crossover = lastSignChange(series.macd.hist);
  const before = rounded.at(-1 - ROC_SESSIONS);
  return {
    rsi14,
    rsiState: rsiStateOf(rsi14),
    macd: {
      line: price(last(series.macd.line)),
      signal: price(last(series.macd.signal)),
      histogram: price(histogram),
      state:
        histogram === null
          ? null
          : histogram > 0
            ? ("bullish" as const)
            : histogram < 0
              ? ("bearish" as const)
              : ("neutral" as const),
      lastCrossover: crossover
        ? crossAt(
            rounded,
            crossover.index,
            crossover.positive ? ("bullish" as const) : ("bearish" as const),
          )
        : null,
    },
    rateOfChange20: percentFrom(close, before?.close ?? null),
  };
}

function volatilityOf(series: Figures, { close, price }: Context) {
  const atr14 = price(last(series.atr));
  const upper = price(last(series.bands.upper));
  const middle = price(last(series.bands.middle));
  const lower = price(last(series.bands.lower));
  const width = upper === null || lower === null ? null : upper - lower;
  return {
    atr14,
    atrPercent: atr14 === null ? null : roundPercent((atr14 / close) * 100),
    bollinger: {
      upper,
      middle,
      lower,
      percentB:
        width === null || width === 0 ? null : roundRatio((close - (lower as number)) / width),
      bandwidthPercent: width === null || !middle ? null : roundPercent((width / middle) * 100),
    },
  };
}

/** Whether bar i's `pick` is a swing extreme: beyond the wing before, not exceeded after. */
function isSwing(bars: readonly Bar[], i: number, pick: (bar: Bar) => number, sign: 1 | -1) {
  const value = sign * pick(bars[i] as Bar);
  for (let j = i - SWING_WING; j < i; j++) if (!(value > sign * pick(bars[j] as Bar))) return false;
  for (let j = i + 1; j <= i + SWING_WING; j++)
    if (sign * pick(bars[j] as Bar) > value) return false;
  return true;
}

/** Distinct swing levels on one side of the close, nearest first. */
function levels(bars: readonly Bar[], close: number, sign: 1 | -1) {
  const start = Math.max(SWING_WING, bars.length - SWING_LOOKBACK_SESSIONS);
  const pick = sign === 1 ? (bar: Bar) => bar.high : (bar: Bar) => bar.low;
  const found = new Map<number, Bar>();
  for (let i = start; i < bars.length - SWING_WING; i++) {
    if (!isSwing(bars, i, pick, sign)) continue;
    const level = pick(bars[i] as Bar);
    const beyond = sign === 1 ? level > close : level < close;
    const known = found.get(level);
    if (beyond && (!known || known.timestamp < (bars[i] as Bar).timestamp)) {
      found.set(level, bars[i] as Bar);
    }
  }
  return [...found.entries()]
    .sort((a, b) => sign * (a[0] - b[0]))
    .slice(0, LEVELS_LISTED)
    .map(([price, bar]) => ({
      price,
      date: dateOf(bar),
      distancePercent: roundPercent(((price - close) / close) * 100),
    }));
}

function supportResistanceOf(
  bars: readonly Bar[],
  close: number,
  lastBarInProgress: boolean,
  decimals: number,
) {
  const session = bars.at(lastBarInProgress ? -2 : -1);
  const pivots = session && pivotPoints(session, decimals);
  return {
    method: "swing-points" as const,
    lookbackSessions: SWING_LOOKBACK_SESSIONS,
    wingSessions: SWING_WING,
    support: levels(bars, close, -1),
    resistance: levels(bars, close, 1),
    pivotPoints: session && pivots ? { session: dateOf(session), ...pivots } : null,
  };
}

/** Classic floor pivots of one session. */
function pivotPoints({ high, low, close }: Bar, decimals: number) {
  const pivot = (high + low + close) / 3;
  const round = (value: number) => roundDecimals(value, decimals);
  return {
    pivot: round(pivot),
    r1: round(2 * pivot - low),
    r2: round(pivot + (high - low)),
    s1: round(2 * pivot - high),
    s2: round(pivot - (high - low)),
  };
}

function rangeOf(bars: readonly Bar[], close: number) {
  let high = bars[0] as Bar;
  let low = bars[0] as Bar;
  for (const bar of bars) {
    if (bar.high > high.high) high = bar;
    if (bar.low < low.low) low = bar;
  }
  return {
    high: high.high,
    highDate: dateOf(high),
    low: low.low,
    lowDate: dateOf(low),
    distanceFromHighPercent: roundPercent(((close - high.high) / high.high) * 100),
    distanceFromLowPercent: roundPercent(((close - low.low) / low.low) * 100),
  };
}
