import { describe, expect, it } from "vitest";
import {
  annualisedPercent,
  closeToCloseVariance,
  garmanKlassVariance,
  type OhlcPrices,
  parkinsonVariance,
  realisedVolatilities,
  rogersSatchellVariance,
  yangZhangK,
  yangZhangVariance,
} from "../../lib/quant/realised-volatility";

/**
 * The five realised-volatility estimators on a fixed six-bar series (five sessions and the close
 * before), against values computed outside this code base: the textbook formulas evaluated in
 * Python (double precision) from the same prices, pasted below; and against a second, loop-by-loop
 * transcription of each formula in this file. Degenerate series check what each estimator ignores.
 */

/** [open, high, low, close]; the first bar only gives the close before the window. */
const ROWS: [number, number, number, number][] = [
  [100, 101, 99, 100.5],
  [100.8, 102.3, 100.1, 101.9],
  [101.5, 101.9, 99.2, 99.6],
  [99.9, 100.7, 98.4, 100.2],
  [100.6, 103.1, 100.3, 102.8],
  [103.5, 104.0, 101.7, 102.1],
];
const BARS: OhlcPrices[] = ROWS.map(([open, high, low, close]) => ({ open, high, low, close }));

/**
 * Annualised percents from Python 3 (math.log, math.sqrt): σ = √(252·σ²_daily) × 100 with the
 * formulas of Parkinson (1980), Garman & Klass (1980), Rogers & Satchell (1991), Yang & Zhang
 * (2000), n = 5 sessions.
 */
const PYTHON = {
  closeToClose: 29.716340386461194,
  parkinson: 23.297296089272333,
  garmanKlass: 23.043425683131098,
  rogersSatchell: 22.23375473542073,
  yangZhang: 23.66718026715528,
};

/** The textbook formulas once more, written out as sums over i = 1..n. */
function textbook(rows: [number, number, number, number][]) {
  const n = rows.length - 1;
  const o = (i: number) => (rows[i] as number[])[0] as number;
  const h = (i: number) => (rows[i] as number[])[1] as number;
  const l = (i: number) => (rows[i] as number[])[2] as number;
  const c = (i: number) => (rows[i] as number[])[3] as number;
  const sampleVariance = (x: (i: number) => number) => {
    let mean = 0;
    for (let i = 1; i <= n; i++) mean += x(i) / n;
    let sum = 0;
    for (let i = 1; i <= n; i++) sum += (x(i) - mean) ** 2;
    return sum / (n - 1);
  };
  let parkinson = 0;
  let garmanKlass = 0;
  let rogersSatchell = 0;
  for (let i = 1; i <= n; i++) {
    const hl = Math.log(h(i) / l(i));
    const co = Math.log(c(i) / o(i));
    parkinson += (hl * hl) / (4 * n * Math.log(2));
    garmanKlass += (0.5 * hl * hl - (2 * Math.log(2) - 1) * co * co) / n;
    rogersSatchell +=
      (Math.log(h(i) / c(i)) * Math.log(h(i) / o(i)) +
        Math.log(l(i) / c(i)) * Math.log(l(i) / o(i))) /
      n;
  }
  const k = 0.34 / (1.34 + (n + 1) / (n - 1));
  const overnight = sampleVariance((i) => Math.log(o(i) / c(i - 1)));
  const openClose = sampleVariance((i) => Math.log(c(i) / o(i)));
  const annual = (v: number) => Math.sqrt(252 * v) * 100;
  return {
    closeToClose: annual(sampleVariance((i) => Math.log(c(i) / c(i - 1)))),
    parkinson: annual(parkinson),
    garmanKlass: annual(garmanKlass),
    rogersSatchell: annual(rogersSatchell),
    yangZhang: annual(overnight + k * openClose + (1 - k) * rogersSatchell),
  };
}

describe("realised-volatility estimators", () => {
  it("equal the values computed in Python from the textbook formulas", () => {
    const figures = realisedVolatilities(BARS);
    for (const [name, expected] of Object.entries(PYTHON)) {
      expect(figures[name as keyof typeof PYTHON], name).toBeCloseTo(expected, 10);
    }
  });

  it("equal a loop-by-loop transcription of the formulas", () => {
    const figures = realisedVolatilities(BARS);
    const expected = textbook(ROWS);
    for (const [name, value] of Object.entries(expected)) {
      expect(figures[name as keyof typeof expected], name).toBeCloseTo(value, 10);
    }
  });

  it("use Yang-Zhang's k = 0.34 / (1.34 + (n + 1)/(n − 1))", () => {
    expect(yangZhangK(5)).toBeCloseTo(0.34 / (1.34 + 6 / 4), 15);
    expect(yangZhangK(5)).toBeCloseTo(0.11971830985915495, 15);
    expect(yangZhangK(252)).toBeCloseTo(0.34 / (1.34 + 253 / 251), 15);
  });

  it("annualise a daily variance by √252, in percent", () => {
    expect(annualisedPercent(0.0001)).toBeCloseTo(Math.sqrt(0.0252) * 100, 12);
  });

  it("see only gaps when every session is flat: range estimators 0, Yang-Zhang the overnight variance", () => {
    // Each session opens where it trades all day; the gaps between sessions are the only moves.
    const closes = [100, 102, 99, 101, 104, 100];
    const flat = closes.map((price) => ({ open: price, high: price, low: price, close: price }));
    expect(parkinsonVariance(flat)).toBe(0);
    expect(garmanKlassVariance(flat)).toBe(0);
    expect(rogersSatchellVariance(flat)).toBe(0);
    expect(yangZhangVariance(flat)).toBeCloseTo(closeToCloseVariance(flat), 15);
    expect(closeToCloseVariance(flat)).toBeGreaterThan(0);
  });

  it("give Rogers-Satchell 0 for sessions that trend without a wick, where Parkinson does not", () => {
    // Open at the low, close at the high: ln(H/C) = 0 and ln(L/O) = 0.
    const trending = [100, 101, 102, 103].map((low) => ({
      open: low,
      high: low + 1,
      low,
      close: low + 1,
    }));
    expect(rogersSatchellVariance(trending)).toBeCloseTo(0, 15);
    expect(parkinsonVariance(trending)).toBeGreaterThan(0);
  });

  it("refuse a window without two sessions and a close before", () => {
    expect(() => realisedVolatilities(BARS.slice(0, 2))).toThrow(RangeError);
  });
});
