/**
 * Interpolation on a volatility surface: along a smile (linear in any abscissa: log-moneyness,
 * delta) and along the term structure (linear in total variance w = σ²·T, the arbitrage-free
 * way constant-maturity measures such as the VIX are built).
 */

/**
 * y at `x` by linear interpolation between the two points bracketing it; `points` are in any
 * order of x. Undefined when x lies outside their range (no extrapolation). Where several
 * consecutive pairs bracket x (a non-monotonic abscissa), the first in the given order is used.
 */
export function interpolateLinear(
  points: readonly { x: number; y: number }[],
  x: number,
): number | undefined {
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as { x: number; y: number };
    const b = points[i + 1] as { x: number; y: number };
    if (a.x === x) return a.y;
    const inside = (a.x < x && x < b.x) || (b.x < x && x < a.x);
    if (inside) return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
  }
  const last = points.at(-1);
  return last?.x === x ? last.y : undefined;
}

/** One expiration's at-the-money volatility. */
export interface TermPoint {
  /** Years to expiry, > 0. */
  years: number;
  /** Decimal volatility. */
  sigma: number;
}

export interface ConstantMaturity {
  /** Decimal volatility at the target maturity. */
  sigma: number;
  /** Total variance σ²·T at the target maturity. */
  totalVariance: number;
  /** The bracketing terms, or the nearest one when the target lies outside them. */
  from: TermPoint;
  to: TermPoint;
  /** The target lies outside the listed maturities: the nearest term's volatility, held flat. */
  extrapolated: boolean;
}

/**
 * The volatility at `years`, interpolated linearly in total variance between the terms either
 * side: w = w₁ + (w₂ − w₁)(T − T₁)/(T₂ − T₁), σ = √(w/T). Outside the listed maturities the
 * nearest term's volatility is held flat (flagged). `terms`: ascending by years, non-empty.
 */
export function constantMaturityVolatility(
  terms: readonly TermPoint[],
  years: number,
): ConstantMaturity {
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) throw new RangeError("no term to interpolate");
  const flat = (term: TermPoint) => ({
    sigma: term.sigma,
    totalVariance: term.sigma * term.sigma * years,
    from: term,
    to: term,
    extrapolated: term.years !== years,
  });
  if (years <= first.years) return flat(first);
  if (years >= last.years) return flat(last);
  const upper = terms.findIndex((term) => term.years >= years);
  const to = terms[upper] as TermPoint;
  const from = terms[upper - 1] as TermPoint;
  const w1 = from.sigma * from.sigma * from.years;
  const w2 = to.sigma * to.sigma * to.years;
  const totalVariance = w1 + ((w2 - w1) * (years - from.years)) / (to.years - from.years);
  return {
    sigma: Math.sqrt(totalVariance / years),
    totalVariance,
    from,
    to,
    extrapolated: false,
  };
}

/** The forward variance rate between two terms: (w₂ − w₁)/(T₂ − T₁), per year. */
export function forwardVarianceRate(from: TermPoint, to: TermPoint): number {
  return (to.sigma ** 2 * to.years - from.sigma ** 2 * from.years) / (to.years - from.years);
}
