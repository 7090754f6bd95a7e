import { mean, sampleStandardDeviation } from "simple-statistics";
import { SESSIONS_PER_YEAR } from "../quant/statistics";

/**
 * Annualised performance figures of a daily return series (simple returns, 252 sessions a
 * year). The risk-free rate is the API's: an annual, continuously compounded rate in percent,
 * whose daily simple return is e^(rate / 100 / 252) − 1. A ratio whose denominator is zero
 * (a flat series, no downside) is null: it has no value, not an infinite one.
 */

export { SESSIONS_PER_YEAR };

/** The daily simple return of an annual continuously compounded rate in percent. */
export function dailyRiskFreeReturn(annualRatePercent: number): number {
  return Math.expm1(annualRatePercent / 100 / SESSIONS_PER_YEAR);
}

/** σ_daily · √252, σ the sample standard deviation (n − 1); decimal. */
export function annualisedVolatility(dailyReturns: readonly number[]): number {
  return sampleStandardDeviation([...dailyReturns]) * Math.sqrt(SESSIONS_PER_YEAR);
}

/** Geometric: (Π(1 + rₜ))^(252 / n) − 1; decimal. */
export function annualisedReturn(dailyReturns: readonly number[]): number {
  let logGrowth = 0;
  for (const r of dailyReturns) logGrowth += Math.log1p(r);
  return Math.expm1((logGrowth * SESSIONS_PER_YEAR) / dailyReturns.length);
}

/** Sharpe = (mean(r) − r_f) / σ · √252, r_f the daily risk-free return. */
export function sharpeRatio(
  dailyReturns: readonly number[],
  annualRatePercent: number,
): number | null {
  const sd = sampleStandardDeviation([...dailyReturns]);
  if (!(sd > 0)) return null;
  const excess = mean([...dailyReturns]) - dailyRiskFreeReturn(annualRatePercent);
  return (excess / sd) * Math.sqrt(SESSIONS_PER_YEAR);
}

/**
 * Downside deviation below the target r_f: √(Σ min(0, rₜ − r_f)² / n), over all n returns
 * (Sortino and Price's definition: days above the target count as zero shortfall).
 */
export function downsideDeviation(dailyReturns: readonly number[], dailyTarget: number): number {
  let sum = 0;
  for (const r of dailyReturns) {
    const shortfall = Math.min(0, r - dailyTarget);
    sum += shortfall * shortfall;
  }
  return Math.sqrt(sum / dailyReturns.length);
}

/** Sortino = (mean(r) − r_f) / downside deviation below r_f · √252. */
export function sortinoRatio(
  dailyReturns: readonly number[],
  annualRatePercent: number,
): number | null {
  const target = dailyRiskFreeReturn(annualRatePercent);
  const downside = downsideDeviation(dailyReturns, target);
  if (!(downside > 0)) return null;
  return ((mean([...dailyReturns]) - target) / downside) * Math.sqrt(SESSIONS_PER_YEAR);
}
