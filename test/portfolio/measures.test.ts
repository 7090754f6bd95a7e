import { describe, expect, it } from "vitest";
import { maxDrawdown } from "../../lib/portfolio/drawdown";
import { cagr, calendarYearReturns } from "../../lib/portfolio/growth";
import {
  annualisedReturn,
  annualisedVolatility,
  dailyRiskFreeReturn,
  downsideDeviation,
  sharpeRatio,
  sortinoRatio,
} from "../../lib/portfolio/ratios";
import { simulateRebalanced } from "../../lib/portfolio/rebalancing";
import { compounded, constantWeightReturns, simpleReturns } from "../../lib/portfolio/returns";
import {
  correlationMatrix,
  covarianceMatrix,
  volatilityContributions,
} from "../../lib/portfolio/risk-contribution";
import { historicalCvar, historicalVar, parametricVar } from "../../lib/portfolio/value-at-risk";

/**
 * The finance formulas of lib/portfolio on hand-built series, each expected value worked out
 * by hand in the comment beside it.
 */

const Z95 = 1.6448536269514722; // Φ⁻¹(0.95)
const Z99 = 2.3263478740408408; // Φ⁻¹(0.99)

describe("value at risk on a hand-built series", () => {
  // −5 % to +5 % in 1 % steps, shuffled: 11 returns, mean 0.
  const returns = [0.02, -0.05, 0.04, 0, -0.01, 0.05, -0.03, 0.01, -0.04, 0.03, -0.02];

  it("historical VaR interpolates between order statistics (R type 7)", () => {
    // Sorted x₀ = −0.05, x₁ = −0.04. Q(0.05): h = 10 × 0.05 = 0.5 → −0.05 + 0.5 × 0.01 = −0.045.
    expect(historicalVar(returns, 0.95)).toBeCloseTo(0.045, 12);
    // Q(0.01): h = 0.1 → −0.05 + 0.1 × 0.01 = −0.049.
    expect(historicalVar(returns, 0.99)).toBeCloseTo(0.049, 12);
  });

  it("CVaR is the mean loss at or beyond the 95 % quantile", () => {
    // Only −0.05 is at or below −0.045.
    expect(historicalCvar(returns, 0.95)).toBeCloseTo(0.05, 12);
    // 21 returns: −10 %..+10 %; Q(0.05): h = 20 × 0.05 = 1 → x₁ = −0.09; tail {−0.10, −0.09}.
    const wider = Array.from({ length: 21 }, (_, k) => (k - 10) / 100);
    expect(historicalCvar(wider, 0.95)).toBeCloseTo(0.095, 12);
  });

  it("parametric VaR is z·s − mean with the sample standard deviation", () => {
    // Σr² = 2 × (0.0025 + 0.0016 + 0.0009 + 0.0004 + 0.0001) = 0.011; s² = 0.011 / 10.
    const s = Math.sqrt(0.0011);
    expect(parametricVar(returns, 0.95)).toBeCloseTo(Z95 * s, 12);
    expect(parametricVar(returns, 0.99)).toBeCloseTo(Z99 * s, 12);
    // A mean of +1 % a day lowers the loss by exactly 1 %.
    const shifted = returns.map((r) => r + 0.01);
    expect(parametricVar(shifted, 0.95)).toBeCloseTo(Z95 * s - 0.01, 12);
  });
});

describe("maximum drawdown on hand-built series", () => {
  it("finds the deepest fall, not the first one", () => {
    // 110 → 88 is −20 %; 120 → 90 is −25 %, never recovered (100 < 120).
    const values = [100, 110, 99, 88, 95, 110, 120, 90, 100];
    expect(maxDrawdown(values)).toEqual({
      depth: expect.closeTo(0.25, 12),
      peakIndex: 6,
      troughIndex: 7,
      recoveryIndex: null,
    });
  });

  it("dates the recovery: the first value back at the peak", () => {
    // 100 → 80 is −20 %; back to 100 at index 3.
    expect(maxDrawdown([100, 80, 90, 100, 105])).toEqual({
      depth: expect.closeTo(0.2, 12),
      peakIndex: 0,
      troughIndex: 1,
      recoveryIndex: 3,
    });
  });

  it("is zero for a series that never falls", () => {
    expect(maxDrawdown([1, 1, 2, 3])).toEqual({
      depth: 0,
      peakIndex: 0,
      troughIndex: 0,
      recoveryIndex: 0,
    });
  });
});

describe("Sharpe, Sortino, volatility and growth", () => {
  // mean 0.005; deviations ±0.005, ±0.015: Σ = 0.0005, s² = 0.0005 / 3.
  const returns = [0.01, -0.01, 0.02, 0];

  it("computes Sharpe = (mean − r_f) / s · √252", () => {
    const s = Math.sqrt(0.0005 / 3);
    expect(sharpeRatio(returns, 0)).toBeCloseTo((0.005 / s) * Math.sqrt(252), 10);
    const rf = Math.exp(0.04 / 252) - 1;
    expect(dailyRiskFreeReturn(4)).toBeCloseTo(rf, 15);
    expect(sharpeRatio(returns, 4)).toBeCloseTo(((0.005 - rf) / s) * Math.sqrt(252), 10);
    expect(annualisedVolatility(returns)).toBeCloseTo(s * Math.sqrt(252), 12);
  });

  it("computes Sortino over all n returns with shortfalls below r_f", () => {
    // At r_f = 0 only −0.01 falls short: DD = √(0.0001 / 4) = 0.005 → Sortino = 1 · √252.
    expect(downsideDeviation(returns, 0)).toBeCloseTo(0.005, 15);
    expect(sortinoRatio(returns, 0)).toBeCloseTo(Math.sqrt(252), 10);
  });

  it("has no ratio without a denominator", () => {
    expect(sharpeRatio([0.01, 0.01, 0.01], 0)).toBeNull();
    expect(sortinoRatio([0.01, 0.02], 0)).toBeNull();
  });

  it("annualises geometrically and compounds", () => {
    // 252 days of +0.1 %: (1.001)^252 − 1.
    const daily = new Array(252).fill(0.001);
    expect(annualisedReturn(daily)).toBeCloseTo(1.001 ** 252 - 1, 12);
    expect(compounded([0.1, -0.5], 100)).toEqual([
      100,
      expect.closeTo(110, 12),
      expect.closeTo(55, 12),
    ]);
    expect(simpleReturns([100, 110, 55])).toEqual([
      expect.closeTo(0.1, 15),
      expect.closeTo(-0.5, 15),
    ]);
  });

  it("computes CAGR over Julian years", () => {
    // 100 → 121 in 730.5 days (two years of 365.25): 10 % a year.
    expect(cagr(100, 121, 730.5)).toBeCloseTo(0.1, 12);
  });
});

describe("calendar-year returns", () => {
  const isYearEnd = (date: string) => date.endsWith("-12-31");

  it("measures each year from the previous year's last value and flags partial years", () => {
    const dates = ["2024-12-31", "2025-06-30", "2025-12-31", "2026-03-31"];
    expect(calendarYearReturns(dates, [100, 110, 120, 90], isYearEnd)).toEqual([
      { year: 2025, return: expect.closeTo(0.2, 12), partial: false },
      { year: 2026, return: expect.closeTo(-0.25, 12), partial: true },
    ]);
  });

  it("flags a first year the series starts inside", () => {
    const dates = ["2025-03-03", "2025-12-31", "2026-12-31"];
    expect(calendarYearReturns(dates, [50, 60, 30], isYearEnd)).toEqual([
      { year: 2025, return: expect.closeTo(0.2, 12), partial: true },
      { year: 2026, return: expect.closeTo(-0.5, 12), partial: false },
    ]);
  });
});

describe("rebalancing on a tiny constructed case", () => {
  // A doubles then halves; B is flat. 1000 at 50/50: 50 shares of each at 10.
  const closes = [
    [10, 20, 20, 10],
    [10, 10, 10, 10],
  ];

  it("buys and holds: the weights drift", () => {
    // t1: 50·20 + 50·10 = 1500; t3: 50·10 + 500 = 1000.
    const run = simulateRebalanced(closes, [0.5, 0.5], 1000, () => false);
    expect(run.values).toEqual([1000, 1500, 1500, 1000]);
    expect(run.rebalanceIndices).toEqual([]);
  });

  it("resets to the targets at the chosen closes", () => {
    // At t1's close 1500 → A 750 / 20 = 37.5 shares, B 75; t3: 37.5·10 + 75·10 = 1125.
    const run = simulateRebalanced(closes, [0.5, 0.5], 1000, (t) => t === 1);
    expect(run.values).toEqual([1000, 1500, 1500, 1125]);
    expect(run.rebalanceIndices).toEqual([1]);
    expect(run.finalShares).toEqual([37.5, 75]);
  });

  it("never rebalances at the last session", () => {
    const run = simulateRebalanced(closes, [0.5, 0.5], 1000, () => true);
    expect(run.rebalanceIndices).toEqual([1, 2]);
  });
});

describe("risk contributions", () => {
  it("weights returns and splits volatility by Euler allocation", () => {
    // Two uncorrelated-by-construction series: a = (1, −1, 1, −1)%, b = (1, 1, −1, −1)%.
    const a = [0.01, -0.01, 0.01, -0.01];
    const b = [0.01, 0.01, -0.01, -0.01];
    expect(constantWeightReturns([a, b], [0.5, 0.5])).toEqual([0.01, 0, 0, -0.01]);
    // var(a) = var(b) = 4 × 0.0001 / 3; cov(a, b) = 0.
    const v = 0.0004 / 3;
    const cov = covarianceMatrix([a, b]);
    expect(cov[0]?.[0]).toBeCloseTo(v, 15);
    expect(cov[0]?.[1]).toBeCloseTo(0, 15);
    // w = (0.75, 0.25): σ² = (0.5625 + 0.0625) v; contributions 0.5625 v / σ and 0.0625 v / σ.
    const risk = volatilityContributions([0.75, 0.25], cov);
    const sigma = Math.sqrt(0.625 * v);
    expect(risk.volatility).toBeCloseTo(sigma, 15);
    expect(risk.contributions[0]).toBeCloseTo((0.5625 * v) / sigma, 15);
    expect(risk.contributions[1]).toBeCloseTo((0.0625 * v) / sigma, 15);
    expect((risk.contributions[0] as number) / sigma).toBeCloseTo(0.9, 12);
    expect(risk.marginal[0]).toBeCloseTo((0.75 * v) / sigma, 15);
    expect(correlationMatrix([a, b, [1, 1, 1, 1]])).toEqual([
      [1, 0, null],
      [0, 1, null],
      [null, null, null],
    ]);
  });
});
