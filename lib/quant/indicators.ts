/**
 * Technical indicators on a close series under TA-Lib conventions. Every series has the input's
 * length, with `null` during its warm-up. All are O(n).
 */

export type Series = (number | null)[];

/** Indicators that can be requested. */
export const INDICATOR_NAMES = [
  "rsi",
  "macd",
  "bb",
  "sma20",
  "sma50",
  "sma200",
  "ema12",
  "ema26",
] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];

/** Output series produced by each requested indicator. */
export const INDICATOR_SERIES = {
  rsi: ["rsi"],
  macd: ["macd", "macd-signal", "macd-hist"],
  bb: ["bb-upper", "bb-middle", "bb-lower"],
  sma20: ["sma20"],
  sma50: ["sma50"],
  sma200: ["sma200"],
  ema12: ["ema12"],
  ema26: ["ema26"],
} as const satisfies Record<IndicatorName, readonly string[]>;
export type IndicatorSeriesName = (typeof INDICATOR_SERIES)[IndicatorName][number];

function nullSeries(length: number): Series {
  return new Array<number | null>(length).fill(null);
}

function windowSum(values: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] as number;
  return sum;
}

/**
 * Simple moving average, first value at index n−1. Rolling sum, re-summed exactly once per
 * window length so rounding drift stays bounded (amortised O(1) per value).
 */
export function sma(values: readonly number[], n: number): Series {
  const out = nullSeries(values.length);
  if (!(n >= 1) || values.length < n) return out;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= n) sum -= values[i - n] as number;
    if (i < n - 1) continue;
    if ((i - n + 1) % n === 0) sum = windowSum(values, i - n + 1, i + 1);
    out[i] = sum / n;
  }
  return out;
}

/**
 * EMA with k = 2/(n+1) seeded at index start+n−1 with the mean of values[start .. start+n−1]
 * (TA-Lib), written into `out` from the seed on.
 */
function emaInto(out: Series, values: readonly number[], n: number, start: number): void {
  const seedIndex = start + n - 1;
  if (seedIndex >= values.length) return;
  const k = 2 / (n + 1);
  let prev = windowSum(values, start, seedIndex + 1) / n;
  out[seedIndex] = prev;
  for (let i = seedIndex + 1; i < values.length; i++) {
    prev = ((values[i] as number) - prev) * k + prev;
    out[i] = prev;
  }
}

/** Exponential moving average (TA-Lib: SMA seed at index n−1, then k = 2/(n+1)). */
export function ema(values: readonly number[], n: number): Series {
  const out = nullSeries(values.length);
  if (n >= 1) emaInto(out, values, n, 0);
  return out;
}

function rsiValue(avgGain: number, avgLoss: number): number {
  const total = avgGain + avgLoss;
  return total === 0 ? 0 : 100 * (avgGain / total); // TA-Lib order: never above 100
}

/**
 * Wilder's RSI (TA-Lib): first value at index n from the simple averages of the first n
 * changes, then avg = (avg·(n−1) + x)/n. 0/0 (no change at all) gives 0, as TA-Lib.
 */
export function rsi(values: readonly number[], n = 14): Series {
  const out = nullSeries(values.length);
  if (!(n >= 1) || values.length <= n) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= n; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= n;
  loss /= n;
  out[n] = rsiValue(gain, loss);
  for (let i = n + 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    gain = (gain * (n - 1) + (change > 0 ? change : 0)) / n;
    loss = (loss * (n - 1) + (change < 0 ? -change : 0)) / n;
    out[i] = rsiValue(gain, loss);
  }
  return out;
}

/**
 * Population standard deviation over a sliding window of n, first value at index n−1.
 * Sliding Welford updates (never E[x²] − E[x]²), re-computed two-pass once per window length;
 * a window of identical values gives exactly 0.
 */
export function rollingStdDev(values: readonly number[], n: number): Series {
  const out = nullSeries(values.length);
  if (!(n >= 1) || values.length < n) return out;
  let mean = 0;
  let m2 = 0;
  let run = 0; // length of the current streak of identical values
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    run = i > 0 && x === values[i - 1] ? run + 1 : 1;
    if (i < n) {
      const delta = x - mean;
      mean += delta / (i + 1);
      m2 += delta * (x - mean);
    } else {
      const old = values[i - n] as number;
      const delta = x - old;
      const nextMean = mean + delta / n;
      m2 += delta * (x - nextMean + old - mean);
      mean = nextMean;
    }
    if (i < n - 1) continue;
    if ((i - n + 1) % n === 0) {
      mean = windowSum(values, i - n + 1, i + 1) / n;
      m2 = 0;
      for (let j = i - n + 1; j <= i; j++) m2 += ((values[j] as number) - mean) ** 2;
    }
    out[i] = run >= n || m2 <= 0 ? 0 : Math.sqrt(m2 / n);
  }
  return out;
}

export interface BollingerBands {
  upper: Series;
  middle: Series;
  lower: Series;
}

/** Bollinger bands: SMA(n) ± k·population standard deviation of the same n closes. */
export function bollinger(values: readonly number[], n = 20, k = 2): BollingerBands {
  const middle = sma(values, n);
  const deviation = rollingStdDev(values, n);
  const upper = nullSeries(values.length);
  const lower = nullSeries(values.length);
  for (let i = 0; i < values.length; i++) {
    const m = middle[i];
    const d = deviation[i];
    if (m == null || d == null) continue;
    upper[i] = m + k * d;
    lower[i] = m - k * d;
  }
  return { upper, middle, lower };
}

export interface Macd {
  line: Series;
  signal: Series;
  hist: Series;
}

/**
 * MACD exactly as TA_MACD: both EMAs are seeded at index slow−1 (the fast one with the mean of
 * the `fast` closes ending there), the signal EMA is seeded with the mean of the first `signal`
 * line values, and all three series start at index slow+signal−2 (33 for 12/26/9).
 */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  const length = values.length;
  const result: Macd = {
    line: nullSeries(length),
    signal: nullSeries(length),
    hist: nullSeries(length),
  };
  const [fastN, slowN] = fast <= slow ? [fast, slow] : [slow, fast]; // TA-Lib swaps them too
  const lineStart = slowN - 1;
  const first = lineStart + signal - 1;
  if (!(fastN >= 1 && signal >= 1) || first >= length) return result;
  const fastEma = nullSeries(length);
  const slowEma = nullSeries(length);
  emaInto(fastEma, values, fastN, slowN - fastN);
  emaInto(slowEma, values, slowN, 0);
  const raw: number[] = [];
  for (let i = lineStart; i < length; i++)
    raw.push((fastEma[i] as number) - (slowEma[i] as number));
  const rawSignal = nullSeries(raw.length);
  emaInto(rawSignal, raw, signal, 0);
  for (let i = first; i < length; i++) {
    const line = raw[i - lineStart] as number;
    const sig = rawSignal[i - lineStart] as number;
    result.line[i] = line;
    result.signal[i] = sig;
    result.hist[i] = line - sig;
  }
  return result;
}

/**
 * Wilder's average true range (TA-Lib ATR): TRᵢ = max(Hᵢ − Lᵢ, |Hᵢ − Cᵢ₋₁|, |Lᵢ − Cᵢ₋₁|) from
 * index 1; the first value, at index n, is the mean of TR₁..TRₙ, then atr = (atr·(n−1) + TR)/n.
 * Price units; the three arrays have the same length.
 */
export function atr(
  highs: readonly number[],
  lows: readonly number[],
  closes: readonly number[],
  n = 14,
): Series {
  const out = nullSeries(closes.length);
  if (!(n >= 1) || closes.length <= n) return out;
  const trueRange = (i: number) => {
    const high = highs[i] as number;
    const low = lows[i] as number;
    const previous = closes[i - 1] as number;
    return Math.max(high - low, Math.abs(high - previous), Math.abs(low - previous));
  };
  let average = 0;
  for (let i = 1; i <= n; i++) average += trueRange(i);
  average /= n;
  out[n] = average;
  for (let i = n + 1; i < closes.length; i++) {
    average = (average * (n - 1) + trueRange(i)) / n;
    out[i] = average;
  }
  return out;
}

/**
 * The requested indicators with their standard parameters (RSI 14, MACD 12/26/9, Bollinger
 * 20/2, SMA 20/50/200, EMA 12/26), keyed by output series name (see INDICATOR_SERIES).
 */
export function computeIndicators(
  closes: readonly number[],
  names: readonly IndicatorName[],
): Partial<Record<IndicatorSeriesName, Series>> {
  const out: Partial<Record<IndicatorSeriesName, Series>> = {};
  for (const name of new Set(names)) {
    switch (name) {
      case "rsi":
        out.rsi = rsi(closes, 14);
        break;
      case "macd": {
        const m = macd(closes, 12, 26, 9);
        out.macd = m.line;
        out["macd-signal"] = m.signal;
        out["macd-hist"] = m.hist;
        break;
      }
      case "bb": {
        const b = bollinger(closes, 20, 2);
        out["bb-upper"] = b.upper;
        out["bb-middle"] = b.middle;
        out["bb-lower"] = b.lower;
        break;
      }
      case "sma20":
      case "sma50":
      case "sma200":
        out[name] = sma(closes, Number(name.slice(3)));
        break;
      case "ema12":
      case "ema26":
        out[name] = ema(closes, Number(name.slice(3)));
        break;
    }
  }
  return out;
}
