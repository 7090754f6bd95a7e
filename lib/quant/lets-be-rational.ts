/**
 * Normalised Black function and its inverse, ported from Peter Jäckel's "Let's Be Rational"
 * (LetsBeRational.cpp, 2013-2023 revision; free to use with notice: "Copyright © 2013-2023
 * Peter Jäckel. Permission to use, copy, modify, and distribute this software is freely
 * granted, provided that this notice is preserved.").
 *
 * Normalised quantities: x = ln(F/K), s = σ·√T, b(x,s) = Black(F,K,σ,T)/√(F·K)
 *   b(x,s) = Φ(x/s + s/2)·e^{x/2} − Φ(x/s − s/2)·e^{−x/2}   (call).
 *
 * The inverse uses a four-branch rational-cubic initial guess and (at most) two Householder(3)
 * steps on branch-specific objective functions, which reaches machine precision everywhere.
 * Hot code avoids allocation: internal helpers exchange values through a Float64Array.
 */

import {
  erfcx,
  erfcxAboveThreshold,
  erfSeries,
  expNegHalfSquare,
  inverseNormCdf,
  inverseNormCdfTail,
  normCdfWithExp,
  ONE_OVER_SQRT_TWO_PI,
} from "./normal";
import {
  convexControlAtLeft,
  convexControlAtRight,
  rationalCubicInterpolation,
} from "./rational-cubic";

const DBL_EPSILON = Number.EPSILON;
const DBL_MIN = 2.2250738585072014e-308;
const DBL_MAX = Number.MAX_VALUE;
const SQRT_DBL_MIN = Math.sqrt(DBL_MIN);
const SQRT_DBL_MAX = Math.sqrt(DBL_MAX);
const FOURTH_ROOT_DBL_EPSILON = Math.sqrt(Math.sqrt(DBL_EPSILON));
const SIXTEENTH_ROOT_DBL_EPSILON = Math.sqrt(Math.sqrt(FOURTH_ROOT_DBL_EPSILON));
const SQRT1_2 = Math.SQRT1_2;
const TWO_PI = 2 * Math.PI;
const SQRT_TWO_PI = Math.sqrt(TWO_PI);
const HALF_LN_TWO_PI = 0.5 * Math.log(TWO_PI);
const SQRT_PI_OVER_TWO = Math.sqrt(Math.PI / 2);
const SQRT_THREE = Math.sqrt(3);
const SQRT_ONE_OVER_THREE = Math.sqrt(1 / 3);
const TWO_PI_OVER_SQRT_TWENTY_SEVEN = TWO_PI / Math.sqrt(27);
const SQRT_THREE_OVER_THIRD_ROOT_TWO_PI = Math.sqrt(3) / Math.cbrt(TWO_PI);
const LN_THIRD_ROOT_CONSTANT = Math.log(SQRT_THREE_OVER_THIRD_ROOT_TWO_PI);
/** AS241 switches to its tail formula for p < 0.075, i.e. ln p < ln 0.075. */
const LN_AS241_TAIL = Math.log(0.075);
const PI_OVER_SIX = Math.PI / 6;
const CODY_THRESHOLD = 0.46875;

/** η: below h = x/s < η the asymptotic expansion of b is used. */
const ASYMPTOTIC_THRESHOLD = -10;
/** τ: below t = s/2 < τ the small-t expansion of b is used. */
const SMALL_T_THRESHOLD = 2 * SIXTEENTH_ROOT_DBL_EPSILON;

/**
 * Register file of the normalised-Black evaluators. V8 boxes every double passed to or returned
 * from a call it does not inline (a heap allocation each), and these helpers are too large to
 * be inlined into the iterations that call them several times per solve; exchanging values
 * through a Float64Array keeps them unboxed. Each helper documents the registers it uses.
 */
const reg = new Float64Array(9);
const R_X = 0; // x = ln(F/K) ≤ 0
const R_H = 1; // h = x/s
const R_T = 2; // t = s/2
const R_OUT = 3; // b, or b/b' for the "over vega" evaluators
const R_VEGA = 4; // b'(x,s)
const R_F = 5; // lower/upper map value and its first two derivatives w.r.t. b
const R_FP = 6;
const R_FPP = 7;
const R_EX = 8; // e^{x/2}

/** Sets the moneyness of the following evaluations: x ≤ 0 and e^{x/2}. */
function setMoneyness(x: number, expHalfX: number): void {
  reg[R_X] = x;
  reg[R_EX] = expHalfX;
}

/** Sets the evaluation point: h = x/s, t = s/2 (x as given to setMoneyness). */
function setPoint(x: number, s: number): void {
  reg[R_H] = x / s;
  reg[R_T] = 0.5 * s;
}

function out(): number {
  return reg[R_OUT] as number;
}

function vegaOut(): number {
  return reg[R_VEGA] as number;
}

/** Returned by the solver when β ≥ b_max (price at or above the no-arbitrage maximum). */
export const NORMALISED_ABOVE_MAXIMUM = -1;

/** Intrinsic value of the normalised call, e^{x/2} − e^{−x/2} for x > 0 (series near 0). */
export function normalisedIntrinsicCall(x: number): number {
  if (x <= 0) return 0;
  const x2 = x * x;
  if (x2 < 98 * FOURTH_ROOT_DBL_EPSILON) {
    return x * (1 + x2 * (1 / 24 + x2 * (1 / 1920 + x2 * (1 / 322560 + x2 / 92897280))));
  }
  const bMax = Math.exp(0.5 * x);
  return bMax - 1 / bMax;
}

/** Normalised vega ∂b/∂s = exp(−½((x/s)² + (s/2)²))/√(2π). */
export function normalisedVega(x: number, s: number): number {
  const ax = Math.abs(x);
  if (ax <= 0) return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.125 * s * s);
  if (s <= 0 || s <= ax * SQRT_DBL_MIN) return 0;
  const h = x / s;
  const t = 0.5 * s;
  return ONE_OVER_SQRT_TWO_PI * Math.exp(-0.5 * (h * h + t * t));
}

/**
 * b/b' for h < η = −10 and h + t small: 17th-order asymptotic expansion (A&S 26.2.12) that
 * needs one exponential (in b') instead of four. Reads R_H, R_T; writes R_OUT.
 */
function asymptoticExpansionOverVega(): void {
  const h = reg[R_H] as number;
  const t = reg[R_T] as number;
  const e = (t / h) * (t / h);
  const r = (h + t) * (h - t);
  const q = (h / r) * (h / r);
  // biome-ignore format: transcribed polynomial, kept as in the reference
  const sum = (2.0 + q * (-6.0E0 - 2.0 * e + 3.0 * q * (1.0E1 + e * (2.0E1 + 2.0 * e) + 5.0 * q * (-1.4E1 + e * (-7.0E1 + e * (-4.2E1 - 2.0 * e)) + 7.0 * q * (1.8E1 + e * (1.68E2 + e * (2.52E2 + e * (7.2E1 + 2.0 * e))) + 9.0 * q * (-2.2E1 + e * (-3.3E2 + e * (-9.24E2 + e * (-6.6E2 + e * (-1.1E2 - 2.0 * e)))) + 1.1E1 * q * (2.6E1 + e * (5.72E2 + e * (2.574E3 + e * (3.432E3 + e * (1.43E3 + e * (1.56E2 + 2.0 * e))))) + 1.3E1 * q * (-3.0E1 + e * (-9.1E2 + e * (-6.006E3 + e * (-1.287E4 + e * (-1.001E4 + e * (-2.73E3 + e * (-2.1E2 - 2.0 * e)))))) + 1.5E1 * q * (3.4E1 + e * (1.36E3 + e * (1.2376E4 + e * (3.8896E4 + e * (4.862E4 + e * (2.4752E4 + e * (4.76E3 + e * (2.72E2 + 2.0 * e))))))) + 1.7E1 * q * (-3.8E1 + e * (-1.938E3 + e * (-2.3256E4 + e * (-1.00776E5 + e * (-1.84756E5 + e * (-1.51164E5 + e * (-5.4264E4 + e * (-7.752E3 + e * (-3.42E2 - 2.0 * e)))))))) + 1.9E1 * q * (4.2E1 + e * (2.66E3 + e * (4.0698E4 + e * (2.3256E5 + e * (5.8786E5 + e * (7.05432E5 + e * (4.0698E5 + e * (1.08528E5 + e * (1.197E4 + e * (4.2E2 + 2.0 * e))))))))) + 2.1E1 * q * (-4.6E1 + e * (-3.542E3 + e * (-6.7298E4 + e * (-4.90314E5 + e * (-1.63438E6 + e * (-2.704156E6 + e * (-2.288132E6 + e * (-9.80628E5 + e * (-2.01894E5 + e * (-1.771E4 + e * (-5.06E2 - 2.0 * e)))))))))) + 2.3E1 * q * (5.0E1 + e * (4.6E3 + e * (1.0626E5 + e * (9.614E5 + e * (4.08595E6 + e * (8.9148E6 + e * (1.04006E7 + e * (6.53752E6 + e * (2.16315E6 + e * (3.542E5 + e * (2.53E4 + e * (6.0E2 + 2.0 * e))))))))))) + 2.5E1 * q * (-5.4E1 + e * (-5.85E3 + e * (-1.6146E5 + e * (-1.77606E6 + e * (-9.37365E6 + e * (-2.607579E7 + e * (-4.01166E7 + e * (-3.476772E7 + e * (-1.687257E7 + e * (-4.44015E6 + e * (-5.9202E5 + e * (-3.51E4 + e * (-7.02E2 - 2.0 * e)))))))))))) + 2.7E1 * q * (5.8E1 + e * (7.308E3 + e * (2.3751E5 + e * (3.12156E6 + e * (2.003001E7 + e * (6.919458E7 + e * (1.3572783E8 + e * (1.5511752E8 + e * (1.0379187E8 + e * (4.006002E7 + e * (8.58429E6 + e * (9.5004E5 + e * (4.7502E4 + e * (8.12E2 + 2.0 * e))))))))))))) + 2.9E1 * q * (-6.2E1 + e * (-8.99E3 + e * (-3.39822E5 + e * (-5.25915E6 + e * (-4.032015E7 + e * (-1.6934463E8 + e * (-4.1250615E8 + e * (-6.0108039E8 + e * (-5.3036505E8 + e * (-2.8224105E8 + e * (-8.870433E7 + e * (-1.577745E7 + e * (-1.472562E6 + e * (-6.293E4 + e * (-9.3E2 - 2.0 * e)))))))))))))) + 3.1E1 * q * (6.6E1 + e * (1.0912E4 + e * (4.74672E5 + e * (8.544096E6 + e * (7.71342E7 + e * (3.8707344E8 + e * (1.14633288E9 + e * (2.07431664E9 + e * (2.33360622E9 + e * (1.6376184E9 + e * (7.0963464E8 + e * (1.8512208E8 + e * (2.7768312E7 + e * (2.215136E6 + e * (8.184E4 + e * (1.056E3 + 2.0 * e))))))))))))))) + 3.3E1 * (-7.0E1 + e * (-1.309E4 + e * (-6.49264E5 + e * (-1.344904E7 + e * (-1.4121492E8 + e * (-8.344518E8 + e * (-2.9526756E9 + e * (-6.49588632E9 + e * (-9.0751353E9 + e * (-8.1198579E9 + e * (-4.6399188E9 + e * (-1.6689036E9 + e * (-3.67158792E8 + e * (-4.707164E7 + e * (-3.24632E6 + e * (-1.0472E5 + e * (-1.19E3 - 2.0 * e))))))))))))))))) * q)))))))))))))))));
  const bOverVega = (t / r) * sum;
  reg[R_OUT] = bOverVega > 0 ? bOverVega : 0;
}

/**
 * b/b' for small t = s/2 < τ: Jäckel's 12th-order expansion in t of Y(h+t) − Y(h−t), Y = Φ/φ,
 * which avoids the catastrophic cancellation of the direct formula. Its coefficients are
 * linear in a = 1 + h·Y(h); they are split as b/b' = 2t·(P + a·Q) so that the polynomial work
 * runs in parallel with erfcx (same terms as the nested reference form). Reads R_H, R_T;
 * writes R_OUT.
 */
function smallTExpansionOverVega(): void {
  const h = reg[R_H] as number;
  const t = reg[R_T] as number;
  const a = 1 + h * SQRT_PI_OVER_TWO * erfcx(-SQRT1_2 * h);
  const h2 = h * h;
  const h4 = h2 * h2;
  const h8 = h4 * h4;
  const w = t * t;
  const w2 = w * w;
  const w4 = w2 * w2;
  // Jäckel's integer coefficients divided by 3!, 5!, 7!, 9!, 11!, 13! (p: terms without a,
  // q: terms with a), grouped in Estrin's scheme for short dependency chains.
  const p1 = -0.16666666666666666;
  const p2 = -0.058333333333333334 + -0.008333333333333333 * h2;
  const p3 = -0.01130952380952381 + -0.0035714285714285713 * h2 + -0.0001984126984126984 * h4;
  const p4 =
    -0.0015459656084656085 +
    -0.0007853835978835978 * h2 +
    (-9.093915343915344e-5 + -2.7557319223985893e-6 * h2) * h4;
  const p5 =
    -0.00016421657046657045 +
    -0.00011724386724386724 * h2 +
    (-2.1043771043771045e-5 + -1.3027096360429694e-6 * h2) * h4 +
    -2.505210838544172e-8 * h8;
  const p6 =
    -1.4301381488881489e-5 +
    -1.3304114866614867e-5 * h2 +
    (-3.2712272295605627e-6 + -3.092971842971843e-7 * h2) * h4 +
    (-1.204428287761621e-8 + -1.6059043836821613e-10 * h2) * h8;
  const q1 = 0.5 + 0.16666666666666666 * h2;
  const q2 = 0.125 + 0.08333333333333333 * h2 + 0.008333333333333333 * h4;
  const q3 =
    0.020833333333333332 +
    0.020833333333333332 * h2 +
    (0.004166666666666667 + 0.0001984126984126984 * h2) * h4;
  const q4 =
    0.0026041666666666665 +
    0.003472222222222222 * h2 +
    (0.0010416666666666667 + 9.92063492063492e-5 * h2) * h4 +
    2.7557319223985893e-6 * h8;
  const q5 =
    0.00026041666666666666 +
    0.00043402777777777775 * h2 +
    (0.00017361111111111112 + 2.48015873015873e-5 * h2) * h4 +
    (1.3778659611992946e-6 + 2.505210838544172e-8 * h2) * h8;
  const q6 =
    2.170138888888889e-5 +
    4.340277777777778e-5 * h2 +
    (2.170138888888889e-5 + 4.133597883597884e-6 * h2) * h4 +
    (3.4446649029982366e-7 + 1.252605419272086e-8 * h2 + 1.6059043836821613e-10 * h4) * h8;
  const sumP = w * p1 + w2 * (p2 + w * p3) + w4 * (p4 + w * p5 + w2 * p6);
  const sumQ = 1 + w * q1 + w2 * (q2 + w * q3) + w4 * (q4 + w * q5 + w2 * q6);
  const bOverVega = 2 * t * (sumP + a * sumQ);
  reg[R_OUT] = bOverVega > 0 ? bOverVega : 0;
}

/**
 * 2·b(x,s) for x ≤ 0 (e^{x/2} read from R_EX) from Cody's functions, b = ½·[e^{x/2}·erfc(q₁) − e^{−x/2}·erfc(q₂)] with
 * q₁ = −(h+t)/√2, q₂ = (t−h)/√2 ≥ 0, h = x/s, t = s/2 and e = exp(−(h²+t²)/2). Every exponential
 * involved is a product of e and e^{±x/2} (e.g. exp(−q₁²) = e·e^{−x/2}), so at most one more
 * exp call is needed; where q₁ ≥ 0.46875 the erfcx form needs e alone and has no cancellation.
 */
function codyTwoB(h: number, t: number, e: number): number {
  const q1 = -SQRT1_2 * (h + t);
  const q2 = SQRT1_2 * (t - h);
  if (q1 >= CODY_THRESHOLD) return e * (erfcxAboveThreshold(q1) - erfcxAboveThreshold(q2));
  const ex = reg[R_EX] as number;
  // e^{x/2}·erfc(q₁), using erfc(q) = 2 − erfcx(−q)·exp(−q²) for q < −0.46875.
  const term1 =
    q1 < -CODY_THRESHOLD
      ? 2 * ex - erfcxAboveThreshold(-q1) * e
      : ex * (1 - q1 * erfSeries(q1 * q1));
  const term2 =
    q2 >= CODY_THRESHOLD ? e * erfcxAboveThreshold(q2) : (1 - q2 * erfSeries(q2 * q2)) / ex;
  return term1 - term2;
}

/** Jäckel's region test h < η and h + t < τ + η for the asymptotic expansion. */
function isAsymptoticRegion(h: number, t: number): boolean {
  return h < ASYMPTOTIC_THRESHOLD && h + t < SMALL_T_THRESHOLD + ASYMPTOTIC_THRESHOLD;
}

/**
 * b(x,s) for x ≤ 0, s > 0. Reads R_X, R_H, R_T; writes b to R_OUT and b' to R_VEGA
 * (b' = e/√(2π) is a by-product of every branch).
 */
function evalBlack(): void {
  const h = reg[R_H] as number;
  const t = reg[R_T] as number;
  const e = Math.exp(-0.5 * (h * h + t * t));
  const vega = ONE_OVER_SQRT_TWO_PI * e;
  reg[R_VEGA] = vega;
  let b: number;
  if (isAsymptoticRegion(h, t)) {
    asymptoticExpansionOverVega();
    b = out() * vega;
  } else if (t < SMALL_T_THRESHOLD) {
    smallTExpansionOverVega();
    b = out() * vega;
  } else b = 0.5 * codyTwoB(h, t, e);
  reg[R_OUT] = b > 0 ? b : 0;
}

/** b/b' for x ≤ 0, s > 0, finite where b and b' underflow. Reads R_X, R_H, R_T; writes R_OUT. */
function evalBlackOverVega(): void {
  const h = reg[R_H] as number;
  const t = reg[R_T] as number;
  if (isAsymptoticRegion(h, t)) asymptoticExpansionOverVega();
  else if (t < SMALL_T_THRESHOLD) smallTExpansionOverVega();
  else evalCodyOverVega(h, t);
}

/** evalBlackOverVega in Cody's region (t ≥ τ). */
function evalCodyOverVega(h: number, t: number): void {
  const q1 = -SQRT1_2 * (h + t);
  if (q1 >= CODY_THRESHOLD) {
    // b/b' = √(π/2)·[erfcx(q₁) − erfcx(q₂)]: no exponential, no underflow.
    reg[R_OUT] =
      SQRT_PI_OVER_TWO * (erfcxAboveThreshold(q1) - erfcxAboveThreshold(SQRT1_2 * (t - h)));
    return;
  }
  const halfSq = 0.5 * (h * h + t * t);
  const twoB = codyTwoB(h, t, Math.exp(-halfSq));
  const bOverVega = 0.5 * twoB * SQRT_TWO_PI * Math.exp(halfSq);
  reg[R_OUT] = bOverVega > 0 ? bOverVega : 0;
}

/** Normalised Black call b(x,s), accurate in relative terms for any x and s ≥ 0. */
export function normalisedBlackCall(x: number, s: number): number {
  const intrinsic = normalisedIntrinsicCall(x);
  if (!(s > 0)) return intrinsic;
  const otm = -Math.abs(x);
  setMoneyness(otm, Math.exp(0.5 * otm));
  setPoint(otm, s);
  evalBlack();
  return intrinsic + out();
}

function householder3Factor(nu: number, hh2: number, hh3: number): number {
  return (1 + 0.5 * hh2 * nu) / (1 + nu * (hh2 + (hh3 * nu) / 6));
}

function householder4Factor(nu: number, hh2: number, hh3: number, hh4: number): number {
  return (
    (1 + nu * (hh2 + (nu * hh3) / 6)) /
    (1 + nu * (1.5 * hh2 + nu * ((hh2 * hh2) / 4 + hh3 / 3 + (nu * hh4) / 24)))
  );
}

/**
 * Lower map f(b) = (2π/√27)·|x|·Φ(−z)³, z = |x|/(√3·s), and f', f'' w.r.t. b (eq. 4.36), at the
 * point left in R_X, R_T by evalBlack; its b' (R_VEGA) turns exp(z² + s²/8) into
 * exp(−z²/2)/(√(2π)·b'), saving an exponential. Writes R_F, R_FP, R_FPP.
 */
function lowerMap(): void {
  const x = reg[R_X] as number;
  const s = 2 * (reg[R_T] as number);
  const vega = vegaOut();
  const ax = Math.abs(x);
  const z = SQRT_ONE_OVER_THREE * Math.abs(reg[R_H] as number); // |x|/(√3·s) = |h|/√3
  const y = z * z;
  const s2 = s * s;
  const gauss = Math.exp(-0.5 * z * z); // feeds the initial guess only
  const erfcxZ = erfcx(z * SQRT1_2);
  const phiCdf = 0.5 * erfcxZ * gauss; // Φ(−z)
  const phiOverPdf = SQRT_PI_OVER_TWO * erfcxZ; // Φ(−z)/φ(z)
  const growth = vega > 1e-150 ? gauss / (SQRT_TWO_PI * vega) : Math.exp(y + 0.125 * s2);
  reg[R_FPP] =
    ((PI_OVER_SIX * y) / (s2 * s)) *
    phiCdf *
    (8 * SQRT_THREE * s * ax + (3 * s2 * (s2 - 8) - 8 * x * x) * phiOverPdf) *
    (growth * growth);
  const phi2 = phiCdf * phiCdf;
  reg[R_FP] = TWO_PI * y * phi2 * growth;
  reg[R_F] = TWO_PI_OVER_SQRT_TWENTY_SEVEN * ax * (phi2 * phiCdf);
}

/**
 * Inverse of the lower map (formula 4.38): s = |x|/(√3·|Φ⁻¹(u)|), u = c·∛(f/|x|), c = √3/∛(2π).
 * Usually u < 0.075, where AS241 only needs ln u: taking ln u = ln c + ln(f/|x|)/3 saves the
 * cube root.
 */
function inverseLowerMap(x: number, f: number): number {
  const ax = Math.abs(x);
  const ratio = f / ax;
  let z: number;
  if (ratio > 1e-300) {
    const lnU = LN_THIRD_ROOT_CONSTANT + Math.log(ratio) * (1 / 3);
    z = lnU < LN_AS241_TAIL ? -inverseNormCdfTail(Math.sqrt(-lnU)) : inverseNormCdf(Math.exp(lnU));
  } else {
    // f/|x| may underflow: keep the two cube roots of the reference.
    z = inverseNormCdf((SQRT_THREE_OVER_THIRD_ROOT_TWO_PI * Math.cbrt(f)) / Math.cbrt(ax));
  }
  return Math.abs(x / (SQRT_THREE * z));
}

/** Upper map f(b) = Φ(−s/2) and its derivatives w.r.t. b at the point in R_X, R_T. */
function upperMap(): void {
  const x = reg[R_X] as number;
  const t = reg[R_T] as number;
  const s = 2 * t;
  const gauss = expNegHalfSquare(t); // exp(−s²/8)
  reg[R_F] = normCdfWithExp(-t, gauss);
  const w = (x / s) * (x / s);
  const halfW = Math.exp(0.5 * w);
  reg[R_FP] = -0.5 * halfW;
  reg[R_FPP] = SQRT_PI_OVER_TWO * ((halfW * halfW) / gauss) * (w / s);
}

/**
 * b(x, s_c) at the inflection point s_c = √(2|x|), x ≤ 0: there h + t = 0, so Φ(h+t) = ½ and
 * b = ½·e^{x/2}·(1 − erfcx(√|x|)); bMax = e^{x/2} is passed in to save the exponentials.
 * For tiny |x| this loses ~log₁₀(1/√|x|) digits to cancellation, harmless for the initial
 * guess (b_c only places an interpolation node and a branch boundary).
 */
function blackAtCentre(sC: number, bMax: number): number {
  const q2 = SQRT1_2 * sC; // √|x|
  const term2 =
    q2 >= CODY_THRESHOLD ? bMax * erfcxAboveThreshold(q2) : (1 - q2 * erfSeries(q2 * q2)) / bMax;
  const b = 0.5 * (bMax - term2);
  return b > 0 ? b : 0;
}

/** Number of Householder iterations used by the last normalisedImpliedVolatilityOtmCall. */
let lastIterations = 0;

export function lastImpliedVolatilityIterations(): number {
  return lastIterations;
}

function clampStep(lo: number, hi: number, v: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Householder iterations on the lowest branch: objective g(s) = 1/ln b(s) − 1/ln β, ln β given. */
function iterateLowest(lnBeta: number, x: number, s0: number, sRight: number, n: number): number {
  let s = s0;
  let ds = -DBL_MAX;
  let iterations = 0;
  const invLnBeta = 1 / lnBeta;
  for (; iterations < n && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
    setPoint(x, s);
    const h = reg[R_H] as number;
    const t = reg[R_T] as number;
    const invS = 1 / s;
    evalBlackOverVega();
    const bx = out(); // b/b'
    const lnB = Math.log(bx) - HALF_LN_TWO_PI - 0.5 * (h * h + t * t); // ln b = ln(b/b') + ln b'
    const g = (lnBeta - lnB) * invLnBeta;
    const nu = g * lnB * bx; // Newton step −g/g'
    const hOverS = h * invS;
    const bHh2 = h * hOverS - 0.5 * t; // b''/b'
    const c = 3 * hOverS * hOverS;
    const bHh3 = bHh2 * bHh2 - c - 0.25; // b'''/b'
    if (x < -190) {
      ds = nu * lowestHouseholder4Factor(nu, bx, lnB, bHh2, bHh3, c, invS);
    } else {
      // Householder(3) factor in terms of ν·h₂ and ν²·h₃ (h₂ = g''/g', h₃ = g'''/g'), expanded
      // so that neither 1/ln b nor b'/b needs a division of its own.
      const nuHh2 = nu * bHh2 - g * (lnB + 2);
      const nu2Hh3 =
        nu * nu * bHh3 + g * g * (2 * lnB * lnB + 6 * (lnB + 1)) - 3 * g * nu * bHh2 * (lnB + 2);
      ds = (nu * (1 + 0.5 * nuHh2)) / (1 + nuHh2 + nu2Hh3 * (1 / 6));
    }
    const next = clampStep(DBL_MIN, sRight, s + ds);
    ds = next - s;
    s = next;
  }
  lastIterations = iterations;
  return s;
}

/**
 * Householder(4) factor on the lowest branch; for x < −190 it removes a residual inaccuracy of
 * two Householder(3) steps (Jäckel, 2023-12-14). λ = 1/ln b.
 */
function lowestHouseholder4Factor(
  nu: number,
  bx: number,
  lnB: number,
  bHh2: number,
  bHh3: number,
  c: number,
  invS: number,
): number {
  const bpob = 1 / bx;
  const lambda = 1 / lnB;
  const otlambda = 1 + 2 * lambda;
  const sqBpob = bpob * bpob;
  const bppob = bHh2 * bpob;
  const mu = 6 * lambda * (1 + lambda);
  const hh2 = bHh2 - bpob * otlambda;
  const hh3 = bHh3 + sqBpob * (2 + mu) - bppob * 3 * otlambda;
  const hh4 =
    bHh2 * (bHh3 - 0.5) -
    (bHh2 - 2 * invS) * 2 * c -
    bpob * (sqBpob * (6 + lambda * (22 + lambda * (36 + lambda * 24))) - bppob * (12 + 6 * mu)) -
    bppob * bHh2 * 3 * otlambda -
    bHh3 * bpob * 4 * otlambda;
  return householder4Factor(nu, hh2, hh3, hh4);
}

/** Highest branch: g(s) = ln(b̄_β/b̄(s)) with b̄ = b_max − b evaluated without cancellation. */
function iterateHighest(
  beta: number,
  bMax: number,
  x: number,
  s0: number,
  sLeft: number,
  n: number,
): number {
  let s = s0;
  let ds = -DBL_MAX;
  let iterations = 0;
  const betaBar = bMax - beta;
  for (; iterations < n && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
    const h = x / s;
    const t = 0.5 * s;
    const erfcxSum = erfcx((t + h) * SQRT1_2) + erfcx((t - h) * SQRT1_2);
    const gp = (2 * ONE_OVER_SQRT_TWO_PI) / erfcxSum; // b'/b̄
    const bBar = 0.5 * Math.exp(-0.5 * (h * h + t * t)) * erfcxSum; // b_max − b, no cancellation
    const g = Math.log(betaBar / bBar);
    const hOverS = h / s;
    const bHh2 = h * hOverS - 0.5 * t;
    const c = 3 * hOverS * hOverS;
    const bHh3 = bHh2 * bHh2 - c - 0.25;
    const nu = -g * SQRT_PI_OVER_TWO * erfcxSum; // −g/g'
    const hh2 = bHh2 + gp;
    const hh3 = bHh3 + gp * (2 * gp + 3 * bHh2);
    if (x < -580) {
      const hh4 =
        bHh2 * (bHh3 - 0.5) -
        (bHh2 - 2 / s) * 2 * c +
        gp * (6 * gp * (gp + 2 * bHh2) + 3 * bHh2 * bHh2 + 4 * bHh3);
      ds = nu * householder4Factor(nu, hh2, hh3, hh4);
    } else ds = nu * householder3Factor(nu, hh2, hh3);
    const next = clampStep(sLeft, DBL_MAX, s + ds);
    ds = next - s;
    s = next;
  }
  lastIterations = iterations;
  return s;
}

/** Middle branches: g(s) = b(s) − β. */
function iterateMiddle(
  beta: number,
  x: number,
  s0: number,
  sLeft: number,
  sRight: number,
  n: number,
): number {
  let s = s0;
  let ds = -DBL_MAX;
  let iterations = 0;
  for (; iterations < n && Math.abs(ds) > DBL_EPSILON * s; ++iterations) {
    setPoint(x, s);
    const h = reg[R_H] as number;
    evalBlack();
    const nu = (beta - out()) / vegaOut();
    const hOverS = h / s;
    const hh2 = h * hOverS - 0.25 * s;
    const hh3 = hh2 * hh2 - 3 * hOverS * hOverS - 0.25;
    ds = nu * householder3Factor(nu, hh2, hh3);
    const next = clampStep(sLeft, sRight, s + ds);
    ds = next - s;
    s = next;
  }
  lastIterations = iterations;
  return s;
}

/**
 * Normalised implied volatility s = σ√T of an out-of-the-money call: x = ln(F/K) ≤ 0 and
 * 0 ≤ β = price/√(F·K). Returns NORMALISED_ABOVE_MAXIMUM when β ≥ e^{x/2}, 0 when β ≤ 0.
 * `maxIterations` (default 2) Householder steps; 0 returns the initial guess.
 */
export function normalisedImpliedVolatilityOtmCall(beta: number, x: number, maxIterations = 2) {
  return solveOtmCall(beta, x, Math.exp(0.5 * x), maxIterations);
}

/** As normalisedImpliedVolatilityOtmCall with b_max = e^{x/2} supplied by the caller. */
export function solveOtmCall(beta: number, x: number, bMax: number, maxIterations: number) {
  lastIterations = 0;
  if (!(beta > 0)) return 0;
  if (beta >= bMax) return NORMALISED_ABOVE_MAXIMUM;
  setMoneyness(x, bMax);
  const sC = Math.sqrt(Math.abs(2 * x));
  const bC = blackAtCentre(sC, bMax);
  // At s_c = √(2|x|): h² + t² = |x|, so b'(x,s_c) = e^{x/2}/√(2π).
  const vC = ONE_OVER_SQRT_TWO_PI * bMax;
  if (beta < bC) {
    const sL = sC - bC / vC;
    setPoint(x, sL);
    evalBlack();
    const bL = out();
    const vL = vegaOut();
    if (beta < bL) {
      const lnBeta = Math.log(beta); // issued early: independent of the initial guess below
      lowerMap();
      const mapF = reg[R_F] as number;
      const mapFp = reg[R_FP] as number;
      const r = convexControlAtRight(0, bL, 0, mapF, 1, mapFp, reg[R_FPP] as number, true);
      let f = rationalCubicInterpolation(beta, 0, bL, 0, mapF, 1, mapFp, r);
      if (!(f > 0)) {
        // Round-off for extreme |x|: quadratic through f(0) = 0, f'(0) = 1 and f(b_l).
        const t = beta / bL;
        f = (mapF * t + bL * (1 - t)) * t;
      }
      return iterateLowest(lnBeta, x, inverseLowerMap(x, f), sL, maxIterations);
    }
    const dL = 1 / vL;
    const dC = 1 / vC;
    const r = convexControlAtRight(bL, bC, sL, sC, dL, dC, 0, false);
    const s = rationalCubicInterpolation(beta, bL, bC, sL, sC, dL, dC, r);
    return iterateMiddle(beta, x, s, sL, sC, maxIterations);
  }
  const sU = vC > DBL_MIN ? sC + (bMax - bC) / vC : sC;
  setPoint(x, sU);
  evalBlack();
  const bU = out();
  if (beta <= bU) {
    const vU = vegaOut();
    const dC = 1 / vC;
    const dU = 1 / vU;
    const r = convexControlAtLeft(bC, bU, sC, sU, dC, dU, 0, false);
    const s = rationalCubicInterpolation(beta, bC, bU, sC, sU, dC, dU, r);
    return iterateMiddle(beta, x, s, sC, sU, maxIterations);
  }
  upperMap();
  const mapF = reg[R_F] as number;
  const mapFp = reg[R_FP] as number;
  const mapFpp = reg[R_FPP] as number;
  let f = -DBL_MAX;
  if (mapFpp > -SQRT_DBL_MAX && mapFpp < SQRT_DBL_MAX) {
    const r = convexControlAtLeft(bU, bMax, mapF, 0, mapFp, -0.5, mapFpp, true);
    f = rationalCubicInterpolation(beta, bU, bMax, mapF, 0, mapFp, -0.5, r);
  }
  if (f <= 0) {
    // Quadratic through f(b_u), f(b_max) = 0 and f'(b_max) = −½.
    const h = bMax - bU;
    const t = (beta - bU) / h;
    f = (mapF * (1 - t) + 0.5 * h * t) * (1 - t);
  }
  const s = -2 * inverseNormCdf(f);
  if (beta > 0.5 * bMax) return iterateHighest(beta, bMax, x, s, sU, maxIterations);
  return iterateMiddle(beta, x, s, sU, DBL_MAX, maxIterations);
}
