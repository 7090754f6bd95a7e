/**
 * Shape-preserving rational cubic interpolation (Delbourgo & Gregory 1985), as used by
 * Jäckel's "Let's Be Rational" for the implied-volatility initial guess.
 */

const DBL_EPSILON = Number.EPSILON;
const DBL_MIN = 2.2250738585072014e-308;
const MIN_CONTROL = -(1 - Math.sqrt(DBL_EPSILON));
const MAX_CONTROL = 2 / (DBL_EPSILON * DBL_EPSILON);

function isZero(x: number): boolean {
  return Math.abs(x) < DBL_MIN;
}

export function rationalCubicInterpolation(
  x: number,
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  r: number,
): number {
  const h = xR - xL;
  if (Math.abs(h) <= 0) return 0.5 * (yL + yR);
  const t = (x - xL) / h;
  // r ≥ MAX_CONTROL means "linear"; written as !(r ≥ …) so NaN propagates as in the reference.
  if (!(r >= MAX_CONTROL)) {
    const omt = 1 - t;
    const t2 = t * t;
    const omt2 = omt * omt;
    return (
      (yR * t2 * t +
        (r * yR - h * dR) * t2 * omt +
        (r * yL + h * dL) * t * omt2 +
        yL * omt2 * omt) /
      (1 + (r - 3) * t * omt)
    );
  }
  return yR * t + yL * (1 - t);
}

/**
 * Control parameter r for which the interpolant's second derivative at one end equals
 * `secondDerivative` (Delbourgo & Gregory); `slope` = (yR − yL)/h and `slopeGap` is
 * slope − dL at the left end or dR − slope at the right end.
 */
function controlToFitSecondDerivative(
  h: number,
  dL: number,
  dR: number,
  secondDerivative: number,
  slopeGap: number,
): number {
  const numerator = 0.5 * h * secondDerivative + (dR - dL);
  if (isZero(numerator)) return 0;
  if (isZero(slopeGap)) return numerator > 0 ? MAX_CONTROL : MIN_CONTROL;
  return numerator / slopeGap;
}

/** Smallest control parameter keeping the interpolant monotone and convex/concave (3.8, 3.18). */
function minimumControl(dL: number, dR: number, s: number, preferShape: boolean): number {
  const monotonic = dL * s >= 0 && dR * s >= 0;
  const convex = dL <= s && s <= dR;
  const concave = dL >= s && s >= dR;
  if (!monotonic && !convex && !concave) return MIN_CONTROL;
  const dRmdL = dR - dL;
  const dRms = Math.abs(dR - s);
  const smdL = Math.abs(s - dL);
  let r1 = -Number.MAX_VALUE;
  let r2 = r1;
  if (monotonic) {
    if (!isZero(s)) r1 = (dR + dL) / s;
    else if (preferShape) r1 = MAX_CONTROL;
  }
  if (convex || concave) {
    // max(|Δd/(dR−s)|, |Δd/(s−dL)|) with one division: rounding is monotone in the divisor.
    if (!(isZero(smdL) || isZero(dRms))) r2 = Math.abs(dRmdL) / Math.min(dRms, smdL);
    else if (preferShape) r2 = MAX_CONTROL;
  } else if (monotonic && preferShape) r2 = MAX_CONTROL;
  return Math.max(MIN_CONTROL, r1, r2);
}

/** Convex-preserving control parameter fitting the second derivative at the left end. */
export function convexControlAtLeft(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeL: number,
  preferShape: boolean,
): number {
  const h = xR - xL;
  const slope = (yR - yL) / h;
  const r = controlToFitSecondDerivative(h, dL, dR, secondDerivativeL, slope - dL);
  return Math.max(r, minimumControl(dL, dR, slope, preferShape));
}

/** Convex-preserving control parameter fitting the second derivative at the right end. */
export function convexControlAtRight(
  xL: number,
  xR: number,
  yL: number,
  yR: number,
  dL: number,
  dR: number,
  secondDerivativeR: number,
  preferShape: boolean,
): number {
  const h = xR - xL;
  const slope = (yR - yL) / h;
  const r = controlToFitSecondDerivative(h, dL, dR, secondDerivativeR, dR - slope);
  return Math.max(r, minimumControl(dL, dR, slope, preferShape));
}
