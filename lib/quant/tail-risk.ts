import { mean, standardDeviation } from "./statistics";

/**
 * Tail statistics of a return series: historical value at risk and expected shortfall, and the
 * shape of the distribution (skewness, excess kurtosis). Pure; returns are decimals (0.01 = 1 %),
 * losses are reported as positive numbers.
 */

/** (pₜ − pₜ₋₁) / pₜ₋₁ for each consecutive pair of prices; one fewer than the prices. */
export function simpleReturns(prices: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < prices.length; i++) {
    const previous = prices[i - 1] as number;
    returns.push((prices[i] as number) / previous - 1);
  }
  return returns;
}

export interface HistoricalTail {
  /** The tail's size: the k worst returns, k = max(1, ⌈n × tailPercent / 100⌉). */
  observations: number;
  /** Value at risk: the k-th worst return, as a loss (positive: a loss). */
  valueAtRisk: number;
  /** Expected shortfall (CVaR): the mean of the k worst returns, as a loss. */
  expectedShortfall: number;
}

/**
 * Historical VaR and CVaR at 100 − `tailPercent` % confidence (5 → 95 %): with the n returns
 * sorted worst first, the tail holds the k = max(1, ⌈n × tailPercent / 100⌉) worst; VaR is the
 * k-th worst, CVaR their mean, both negated (a loss is positive). NaN figures without returns.
 */
export function historicalTail(returns: readonly number[], tailPercent = 5): HistoricalTail {
  if (returns.length === 0) {
    return { observations: 0, valueAtRisk: Number.NaN, expectedShortfall: Number.NaN };
  }
  const sorted = [...returns].sort((a, b) => a - b);
  // n × tailPercent is an integer, so the division is exact where it should be (300 / 100 = 3).
  const k = Math.max(1, Math.ceil((returns.length * tailPercent) / 100));
  const tail = sorted.slice(0, k);
  return {
    observations: k,
    valueAtRisk: -(tail.at(-1) as number),
    expectedShortfall: -mean(tail),
  };
}

/** Σ ((x − x̄) / s)^power over the series, s the sample standard deviation. */
function standardisedMomentSum(values: readonly number[], power: number): number {
  const m = mean(values);
  const s = standardDeviation(values);
  let sum = 0;
  for (const value of values) sum += ((value - m) / s) ** power;
  return sum;
}

/**
 * Sample skewness, adjusted Fisher-Pearson (G1, as Excel's SKEW):
 * n / ((n − 1)(n − 2)) × Σ ((x − x̄) / s)³. Negative: a longer left tail. NaN below 3 values or
 * for a constant series.
 */
export function skewness(values: readonly number[]): number {
  const n = values.length;
  if (n < 3) return Number.NaN;
  return (n / ((n - 1) * (n - 2))) * standardisedMomentSum(values, 3);
}

/**
 * Sample excess kurtosis (G2, as Excel's KURT): n(n + 1) / ((n − 1)(n − 2)(n − 3)) ×
 * Σ ((x − x̄) / s)⁴ − 3(n − 1)² / ((n − 2)(n − 3)). 0 for a normal distribution; positive: fat
 * tails. NaN below 4 values or for a constant series.
 */
export function excessKurtosis(values: readonly number[]): number {
  const n = values.length;
  if (n < 4) return Number.NaN;
  const scale = (n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3));
  const correction = (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
  return scale * standardisedMomentSum(values, 4) - correction;
}
