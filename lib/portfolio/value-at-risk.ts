import { mean, quantileSorted, sampleStandardDeviation } from "simple-statistics";
import { inverseNormCdf } from "../quant/normal";

/**
 * One-period value at risk and expected shortfall of a return series, as losses: positive
 * numbers are losses (a fraction of the value held). `confidence` is a decimal (0.95).
 *
 * - historical VaR = −Q(1 − c), Q the empirical quantile of the returns with linear
 *   interpolation between order statistics (R type 7, numpy's default);
 * - historical CVaR (expected shortfall) = −mean of the returns at or below Q(1 − c);
 * - parametric (variance-covariance, normal) VaR = z_c · σ − μ, μ and σ the sample mean and
 *   standard deviation (n − 1) of the returns, z_c = Φ⁻¹(c) (1.644854 at 95 %, 2.326348 at 99 %).
 */

const ascending = (returns: readonly number[]) => [...returns].sort((a, b) => a - b);

export function historicalVar(returns: readonly number[], confidence: number): number {
  return -quantileSorted(ascending(returns), 1 - confidence);
}

export function historicalCvar(returns: readonly number[], confidence: number): number {
  const sorted = ascending(returns);
  const threshold = quantileSorted(sorted, 1 - confidence);
  const tail = sorted.filter((r) => r <= threshold);
  return -mean(tail);
}

export function parametricVar(returns: readonly number[], confidence: number): number {
  return inverseNormCdf(confidence) * sampleStandardDeviation([...returns]) - mean([...returns]);
}
