import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bollinger,
  computeIndicators,
  ema,
  INDICATOR_NAMES,
  INDICATOR_SERIES,
  type IndicatorSeriesName,
  macd,
  rsi,
  type Series,
  sma,
} from "../../lib/quant/indicators";
import { loadReference } from "./reference";

type RefSeries = (number | null)[];
interface RefData {
  name: string;
  bars: { c: number }[];
  rsi14: RefSeries;
  macd: { line: RefSeries; signal: RefSeries; hist: RefSeries };
  bb20_2: { upper: RefSeries; middle: RefSeries; lower: RefSeries };
  sma20: RefSeries;
  sma50: RefSeries;
  sma200: RefSeries;
  ema12: RefSeries;
  ema26: RefSeries;
}

const reference = loadReference<{ series: RefData[] }>("indicator_vectors.json");

const EXPECTED: Record<IndicatorSeriesName, (s: RefData) => RefSeries> = {
  rsi: (s) => s.rsi14,
  macd: (s) => s.macd.line,
  "macd-signal": (s) => s.macd.signal,
  "macd-hist": (s) => s.macd.hist,
  "bb-upper": (s) => s.bb20_2.upper,
  "bb-middle": (s) => s.bb20_2.middle,
  "bb-lower": (s) => s.bb20_2.lower,
  sma20: (s) => s.sma20,
  sma50: (s) => s.sma50,
  sma200: (s) => s.sma200,
  ema12: (s) => s.ema12,
  ema26: (s) => s.ema26,
};

/** Mismatches: null exactly where the reference is null, else |Δ| ≤ 1e-9·max(1, |want|). */
function compare(got: Series, want: RefSeries): string[] {
  const problems: string[] = [];
  if (got.length !== want.length) return [`length ${got.length} ≠ ${want.length}`];
  want.forEach((w, i) => {
    const g = got[i];
    if (w === null || g === null || g === undefined) {
      if (w !== g) problems.push(`[${i}] ${g} vs ${w}`);
    } else if (!(Math.abs(g - w) <= 1e-9 * Math.max(1, Math.abs(w)))) {
      problems.push(`[${i}] ${g} vs ${w}`);
    }
  });
  return problems;
}

describe("indicators against the reference (TA-Lib conventions)", () => {
  for (const series of reference.series) {
    it(`${series.name}: every series within 1e-9 after warm-up and null during it`, () => {
      const closes = series.bars.map((bar) => bar.c);
      const got = computeIndicators(closes, INDICATOR_NAMES);
      for (const [name, expected] of Object.entries(EXPECTED)) {
        const values = got[name as IndicatorSeriesName];
        expect(values, name).toBeDefined();
        expect(compare(values ?? [], expected(series)), `${series.name}/${name}`).toEqual([]);
      }
    });
  }

  it("gives exactly zero Bollinger width on fully flat windows (flatStretch)", () => {
    const series = reference.series.find((s) => s.name === "flatStretch");
    if (!series) throw new Error("flatStretch missing from the reference");
    const closes = series.bars.map((bar) => bar.c);
    const bands = bollinger(closes, 20, 2);
    let flatWindows = 0;
    for (let i = 19; i < closes.length; i++) {
      const window = closes.slice(i - 19, i + 1);
      if (window.every((c) => c === window[0])) {
        flatWindows++;
        expect(bands.upper[i]).toBe(bands.lower[i]);
        expect(bands.upper[i]).toBe(bands.middle[i]);
      }
    }
    expect(flatWindows).toBeGreaterThan(40);
  });

  it("reports the MACD line, signal and histogram only from index 33", () => {
    const closes = reference.series[0]?.bars.map((bar) => bar.c) ?? [];
    const { line, signal, hist } = macd(closes, 12, 26, 9);
    for (const s of [line, signal, hist]) {
      expect(s.slice(0, 33).every((v) => v === null)).toBe(true);
      expect(s[33]).not.toBeNull();
    }
  });

  it("only returns the requested series", () => {
    const closes = reference.series[0]?.bars.map((bar) => bar.c) ?? [];
    expect(Object.keys(computeIndicators(closes, ["bb", "ema12"])).sort()).toEqual(
      [...INDICATOR_SERIES.bb, ...INDICATOR_SERIES.ema12].sort(),
    );
    expect(computeIndicators(closes, [])).toEqual({});
  });
});

// Naive O(n·k) definitions as independent oracles for the O(n) implementations.
function naiveSma(values: number[], n: number): Series {
  return values.map((_, i) => {
    if (i < n - 1) return null;
    let sum = 0;
    for (let j = i - n + 1; j <= i; j++) sum += values[j] as number;
    return sum / n;
  });
}

function naivePopulationStd(values: number[], n: number, i: number): number {
  const window = values.slice(i - n + 1, i + 1);
  const mean = window.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
}

const closesArb = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), {
  minLength: 0,
  maxLength: 300,
});
const periodArb = fc.integer({ min: 1, max: 40 });

function close(a: number | null | undefined, b: number | null | undefined, scale: number) {
  if (a == null || b == null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, scale);
}

describe("indicator properties", () => {
  it("SMA equals the windowed mean", () => {
    fc.assert(
      fc.property(closesArb, periodArb, (values, n) => {
        const got = sma(values, n);
        naiveSma(values, n).forEach((want, i) => {
          expect(close(got[i], want, 1000)).toBe(true);
        });
      }),
    );
  });

  it("EMA follows its recursion from an SMA seed", () => {
    fc.assert(
      fc.property(closesArb, periodArb, (values, n) => {
        const got = ema(values, n);
        const k = 2 / (n + 1);
        let prev: number | null = null;
        values.forEach((v, i) => {
          if (i === n - 1) prev = naiveSma(values, n)[i] as number;
          else if (prev !== null) prev = prev + k * (v - prev);
          expect(close(got[i], prev, 1000)).toBe(true);
        });
      }),
    );
  });

  it("Bollinger bands are SMA ± k·population σ (two-pass oracle)", () => {
    fc.assert(
      fc.property(closesArb, periodArb, fc.double({ min: 0.5, max: 3, noNaN: true }), (v, n, k) => {
        const bands = bollinger(v, n, k);
        v.forEach((_, i) => {
          if (i < n - 1) {
            expect(bands.upper[i]).toBeNull();
            return;
          }
          const sd = naivePopulationStd(v, n, i);
          expect(close(bands.upper[i], (bands.middle[i] as number) + k * sd, 1000)).toBe(true);
          expect(close(bands.lower[i], (bands.middle[i] as number) - k * sd, 1000)).toBe(true);
        });
      }),
    );
  });

  it("RSI stays within [0, 100] and is 100 on a strictly rising series", () => {
    fc.assert(
      fc.property(closesArb, fc.integer({ min: 2, max: 30 }), (values, n) => {
        for (const value of rsi(values, n)) {
          if (value !== null) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
    const rising = Array.from({ length: 40 }, (_, i) => 10 + i);
    expect(
      rsi(rising, 14)
        .slice(14)
        .every((v) => v === 100),
    ).toBe(true);
  });

  it("handles series shorter than every warm-up with all nulls", () => {
    const got = computeIndicators([1, 2, 3], INDICATOR_NAMES);
    for (const values of Object.values(got)) {
      expect(values).toEqual([null, null, null]);
    }
  });
});
