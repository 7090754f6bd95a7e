import { sampleCorrelation, sampleCovariance } from "simple-statistics";

/**
 * How each holding adds to a portfolio's volatility (Euler allocation): with weights w and the
 * sample covariance matrix Σ of the holdings' returns, σ_p = √(wᵀΣw); the marginal
 * contribution of holding i is ∂σ_p/∂wᵢ = (Σw)ᵢ / σ_p; its contribution wᵢ(Σw)ᵢ / σ_p; the
 * contributions sum to σ_p. Per period of the returns (daily here; × √252 annualises).
 */

/** Sample covariances (n − 1) of every pair of equally long series. */
export function covarianceMatrix(series: readonly (readonly number[])[]): number[][] {
  const copies = series.map((s) => [...s]);
  const matrix = copies.map(() => new Array<number>(copies.length).fill(0));
  for (let i = 0; i < copies.length; i++) {
    for (let j = i; j < copies.length; j++) {
      const c = sampleCovariance(copies[i] as number[], copies[j] as number[]);
      (matrix[i] as number[])[j] = c;
      (matrix[j] as number[])[i] = c;
    }
  }
  return matrix;
}

/** Pearson correlations of every pair; null where a series is constant (no correlation). */
export function correlationMatrix(series: readonly (readonly number[])[]): (number | null)[][] {
  const copies = series.map((s) => [...s]);
  return copies.map((x, i) =>
    copies.map((y, j) => {
      if (i === j) return isConstant(x) ? null : 1;
      const r = sampleCorrelation(x, y);
      return Number.isFinite(r) ? Math.max(-1, Math.min(1, r)) : null;
    }),
  );
}

const isConstant = (x: readonly number[]) => x.every((v) => v === x[0]);

export interface VolatilityContributions {
  /** σ_p = √(wᵀΣw), per period. */
  volatility: number;
  /** (Σw)ᵢ / σ_p. */
  marginal: number[];
  /** wᵢ (Σw)ᵢ / σ_p; sums to σ_p. */
  contributions: number[];
}

export function volatilityContributions(
  weights: readonly number[],
  covariance: readonly (readonly number[])[],
): VolatilityContributions {
  const sigmaW = covariance.map((row) =>
    row.reduce((sum, c, j) => sum + c * (weights[j] as number), 0),
  );
  const variance = sigmaW.reduce((sum, s, i) => sum + s * (weights[i] as number), 0);
  const volatility = Math.sqrt(Math.max(0, variance));
  const marginal = sigmaW.map((s) => (volatility > 0 ? s / volatility : 0));
  const contributions = marginal.map((m, i) => m * (weights[i] as number));
  return { volatility, marginal, contributions };
}
