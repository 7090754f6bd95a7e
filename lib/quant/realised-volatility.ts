/**
 * Realised (historical) volatility estimators from daily OHLC bars. Each gives a daily variance
 * over the last n sessions; `annualisedPercent` turns it into an annualised volatility in percent
 * (√(252 · variance) × 100). Bars are oldest first and the series holds n + 1 of them: the first
 * only supplies the close before the window (close-to-close and Yang-Zhang need it).
 *
 * With, for session i, Oᵢ Hᵢ Lᵢ Cᵢ its prices and Cᵢ₋₁ the close before:
 * - close-to-close: rᵢ = ln(Cᵢ/Cᵢ₋₁), σ² = Σ(rᵢ − r̄)² / (n − 1);
 * - Parkinson (1980): σ² = Σ ln(Hᵢ/Lᵢ)² / (4 n ln 2);
 * - Garman-Klass (1980): σ² = (1/n) Σ [½ ln(Hᵢ/Lᵢ)² − (2 ln 2 − 1) ln(Cᵢ/Oᵢ)²];
 * - Rogers-Satchell (1991): σ² = (1/n) Σ [ln(Hᵢ/Cᵢ) ln(Hᵢ/Oᵢ) + ln(Lᵢ/Cᵢ) ln(Lᵢ/Oᵢ)];
 * - Yang-Zhang (2000): σ² = σₒ² + k σ꜀² + (1 − k) σ²_RS, σₒ² the sample variance (n − 1) of the
 *   overnight returns ln(Oᵢ/Cᵢ₋₁), σ꜀² that of the open-to-close returns ln(Cᵢ/Oᵢ), σ²_RS the
 *   Rogers-Satchell variance, k = 0.34 / (1.34 + (n + 1)/(n − 1)).
 */

import { SESSIONS_PER_YEAR, variance } from "./statistics";

/** One session's prices, in any currency (only ratios matter). */
export interface OhlcPrices {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The estimators by name (daily variances, or annualised percents). */
export interface RealisedVolatilities {
  closeToClose: number;
  parkinson: number;
  garmanKlass: number;
  rogersSatchell: number;
  yangZhang: number;
}

export const REALISED_VOLATILITY_ESTIMATORS = [
  "closeToClose",
  "parkinson",
  "garmanKlass",
  "rogersSatchell",
  "yangZhang",
] as const satisfies readonly (keyof RealisedVolatilities)[];

/** The window's sessions: every bar but the first. */
function windowOf(bars: readonly OhlcPrices[]): readonly OhlcPrices[] {
  if (bars.length < 3)
    throw new RangeError("a window needs at least 2 sessions and a close before");
  return bars.slice(1);
}

const meanOf = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample variance of the daily log close-to-close returns. */
export function closeToCloseVariance(bars: readonly OhlcPrices[]): number {
  return variance(
    windowOf(bars).map((bar, i) => Math.log(bar.close / (bars[i] as OhlcPrices).close)),
  );
}

/** Parkinson's high-low variance. */
export function parkinsonVariance(bars: readonly OhlcPrices[]): number {
  const ranges = windowOf(bars).map((bar) => Math.log(bar.high / bar.low) ** 2);
  return meanOf(ranges) / (4 * Math.LN2);
}

/** Garman-Klass variance (opening jumps ignored). */
export function garmanKlassVariance(bars: readonly OhlcPrices[]): number {
  const terms = windowOf(bars).map(
    (bar) =>
      0.5 * Math.log(bar.high / bar.low) ** 2 -
      (2 * Math.LN2 - 1) * Math.log(bar.close / bar.open) ** 2,
  );
  return meanOf(terms);
}

/** Rogers-Satchell's drift-independent variance. */
export function rogersSatchellVariance(bars: readonly OhlcPrices[]): number {
  const terms = windowOf(bars).map(
    (bar) =>
      Math.log(bar.high / bar.close) * Math.log(bar.high / bar.open) +
      Math.log(bar.low / bar.close) * Math.log(bar.low / bar.open),
  );
  return meanOf(terms);
}

/** Yang-Zhang's weight of the open-to-close variance for n sessions. */
export function yangZhangK(sessions: number): number {
  return 0.34 / (1.34 + (sessions + 1) / (sessions - 1));
}

/** Yang-Zhang variance: overnight, open-to-close and Rogers-Satchell parts combined. */
export function yangZhangVariance(bars: readonly OhlcPrices[]): number {
  const window = windowOf(bars);
  const overnight = window.map((bar, i) => Math.log(bar.open / (bars[i] as OhlcPrices).close));
  const openToClose = window.map((bar) => Math.log(bar.close / bar.open));
  const k = yangZhangK(window.length);
  return variance(overnight) + k * variance(openToClose) + (1 - k) * rogersSatchellVariance(bars);
}

/** √(252 · daily variance) × 100: an annualised volatility in percent. */
export function annualisedPercent(dailyVariance: number): number {
  return Math.sqrt(SESSIONS_PER_YEAR * dailyVariance) * 100;
}

/** Every estimator over the window `bars` (n + 1 bars, n ≥ 2), annualised, percent. */
export function realisedVolatilities(bars: readonly OhlcPrices[]): RealisedVolatilities {
  return {
    closeToClose: annualisedPercent(closeToCloseVariance(bars)),
    parkinson: annualisedPercent(parkinsonVariance(bars)),
    garmanKlass: annualisedPercent(garmanKlassVariance(bars)),
    rogersSatchell: annualisedPercent(rogersSatchellVariance(bars)),
    yangZhang: annualisedPercent(yangZhangVariance(bars)),
  };
}
