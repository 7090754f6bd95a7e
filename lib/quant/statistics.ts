/**
 * Statistics of return series: what realised betas, volatilities and correlation matrices are
 * computed from. Sample (n − 1) estimators throughout; series are paired by index.
 */

/** Trading sessions per year, for annualising daily figures. */
export const SESSIONS_PER_YEAR = 252;

/** ln(pₜ / pₜ₋₁) for each consecutive pair of prices; one fewer than the prices. */
export function logReturns(prices: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < prices.length; i++) {
    returns.push(Math.log((prices[i] as number) / (prices[i - 1] as number)));
  }
  return returns;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample covariance of two equally long series (NaN below two points). */
export function covariance(x: readonly number[], y: readonly number[]): number {
  const n = pairedLength(x, y);
  if (n < 2) return Number.NaN;
  const mx = mean(x);
  const my = mean(y);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += ((x[i] as number) - mx) * ((y[i] as number) - my);
  return sum / (n - 1);
}

export function variance(x: readonly number[]): number {
  return covariance(x, x);
}

export function standardDeviation(x: readonly number[]): number {
  return Math.sqrt(variance(x));
}

/** Pearson correlation, −1..1; NaN when either series is constant. */
export function correlation(x: readonly number[], y: readonly number[]): number {
  const r = covariance(x, y) / Math.sqrt(variance(x) * variance(y));
  // Rounding can carry |r| a hair past 1 for (anti)proportional series.
  return Math.max(-1, Math.min(1, r));
}

/** Regression beta of an asset's returns on the market's: cov(a, m) / var(m). */
export function beta(asset: readonly number[], market: readonly number[]): number {
  return covariance(asset, market) / variance(market);
}

/**
 * Standard error of that beta, the ordinary least-squares slope's: √(Σe² / (n − 2) / Σ(m − m̄)²)
 * with e the regression's residuals (NaN below three points).
 */
export function betaStandardError(asset: readonly number[], market: readonly number[]): number {
  const n = pairedLength(asset, market);
  if (n < 3) return Number.NaN;
  const slope = beta(asset, market);
  const ma = mean(asset);
  const mm = mean(market);
  let residualSquares = 0;
  let marketSquares = 0;
  for (let i = 0; i < n; i++) {
    const dm = (market[i] as number) - mm;
    const residual = (asset[i] as number) - ma - slope * dm;
    residualSquares += residual * residual;
    marketSquares += dm * dm;
  }
  return Math.sqrt(residualSquares / (n - 2) / marketSquares);
}

/** Annualised volatility (decimal) of daily log returns: σ_daily · √252. */
export function annualisedVolatility(dailyReturns: readonly number[]): number {
  return standardDeviation(dailyReturns) * Math.sqrt(SESSIONS_PER_YEAR);
}

function pairedLength(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) {
    throw new RangeError(`series differ in length: ${x.length} and ${y.length}`);
  }
  return x.length;
}
