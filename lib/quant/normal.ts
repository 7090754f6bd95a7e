/**
 * Standard normal distribution and error functions, accurate far into the tails.
 *
 * erf/erfc/erfcx are W. J. Cody's rational Chebyshev approximations ("Rational Chebyshev
 * approximations for the error function", Math. Comp. 1969; netlib specfun CALERF), arranged as
 * in Peter Jäckel's erf_cody.cpp. The normal CDF is built on erfcx so that its relative error
 * stays near machine precision in the lower tail; the inverse CDF is AS241 (Wichura 1988).
 */

export const SQRT_TWO_PI = 2.5066282746310002;
export const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;
const SQRT1_2 = Math.SQRT1_2;
const ONE_OVER_SQRT_PI = 0.5641895835477563;
/** |x| ≤ this uses the erf series (Cody's first interval). */
const CODY_THRESHOLD = 0.46875;
/** Normal-CDF argument matching CODY_THRESHOLD: −0.46875·√2. */
const NORM_CDF_SPLIT = 0.6629126073623883;
const XNEG = -26.6287357137514; // erfcx(x) overflows below this
const XBIG = 26.543; // erfc(x) underflows above this

/** Cody interval I: erf(x) = x·AB(x²) for |x| ≤ 0.46875. */
export function erfSeries(z: number): number {
  return (
    ((((0.18577770618460315 * z + 3.1611237438705655) * z + 113.86415415105016) * z +
      377.485237685302) *
      z +
      3209.3775891384694) /
    ((((z + 23.601290952344122) * z + 244.02463793444417) * z + 1282.6165260773723) * z +
      2844.236833439171)
  );
}

/**
 * Cody interval II: erfcx(y) for 0.46875 < y ≤ 4. Both degree-8 polynomials are evaluated in
 * Estrin's scheme (shorter dependency chains than Horner; all terms are positive, so the
 * rounding is as benign as Horner's).
 */
function codyCD(y: number): number {
  const y2 = y * y;
  const y4 = y2 * y2;
  const num =
    1230.3393547979972 +
    2051.0783778260716 * y +
    (1712.0476126340707 + 881.952221241769 * y) * y2 +
    (298.6351381974001 +
      66.11919063714163 * y +
      (8.883149794388377 + 0.5641884969886701 * y) * y2) *
      y4 +
    2.1531153547440383e-8 * (y4 * y4);
  const den =
    1230.3393548037495 +
    3439.3676741437216 * y +
    (4362.619090143247 + 3290.7992357334597 * y) * y2 +
    (1621.3895745666903 +
      537.1811018620099 * y +
      (117.6939508913125 + 15.744926110709835 * y) * y2) *
      y4 +
    y4 * y4;
  return num / den;
}

/** Cody interval III: the P/Q correction of erfcx(y) = (1/√π − PQ(1/y²))/y for y > 4. */
function codyPQ(z: number): number {
  return (
    (z *
      (((((0.016315387137302097 * z + 0.30532663496123236) * z + 0.36034489994980445) * z +
        0.12578172611122926) *
        z +
        0.016083785148742275) *
        z +
        0.0006587491615298378)) /
    (((((z + 2.568520192289822) * z + 1.8729528499234604) * z + 0.5279051029514285) * z +
      0.06051834131244132) *
      z +
      0.0023352049762686918)
  );
}

/** erfcx(y) for y > 0.46875: pure rational, no exponential, full relative accuracy. */
export function erfcxAboveThreshold(y: number): number {
  return y <= 4 ? codyCD(y) : (ONE_OVER_SQRT_PI - codyPQ(1 / (y * y))) / y;
}

const SPLITTER = 134217729; // 2^27 + 1, Dekker/Veltkamp split

/** Low part of y² as an exact double-double: y² = y·y + sqLow(y) (Dekker's product). */
function sqLow(y: number, hi: number): number {
  const c = SPLITTER * y;
  const yh = c - (c - y);
  const yl = y - yh;
  return yh * yh - hi + 2 * yh * yl + yl * yl;
}

/**
 * exp(−y²) to ~1 ulp: rounding y² first would cost ~y² ulps, so y² is carried as hi + lo and
 * exp(−hi − lo) = exp(−hi)·(1 − lo) with |lo| ≤ ulp(hi). One exp call (Cody's split needs two).
 */
function expNegSquare(y: number): number {
  if (Math.abs(y) > 40) return 0; // underflows anyway; also keeps ±Infinity from giving NaN
  const hi = y * y;
  return Math.exp(-hi) * (1 - sqLow(y, hi));
}

/** exp(+x²) to ~1 ulp for |x| < 26.7 (erfcx of negative arguments). */
function expPosSquare(x: number): number {
  const hi = x * x;
  return Math.exp(hi) * (1 + sqLow(x, hi));
}

/** exp(−z²/2) to ~1 ulp for any z. */
export function expNegHalfSquare(z: number): number {
  if (Math.abs(z) > 40) return 0;
  const hi = z * z;
  return Math.exp(-0.5 * hi) * (1 - 0.5 * sqLow(z, hi));
}

/** Complementary error function erfc(x) = 1 − erf(x). */
export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= CODY_THRESHOLD) return 1 - x * erfSeries(y * y);
  const erfcAbs = y >= XBIG ? 0 : erfcxAboveThreshold(y) * expNegSquare(y);
  return x < 0 ? 2 - erfcAbs : erfcAbs;
}

/** Error function erf(x). */
export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= CODY_THRESHOLD) return x * erfSeries(y * y);
  const erfcAbs = y >= XBIG ? 0 : erfcxAboveThreshold(y) * expNegSquare(y);
  return x < 0 ? erfcAbs - 1 : 1 - erfcAbs;
}

/** Scaled complementary error function erfcx(x) = exp(x²)·erfc(x); MAX_VALUE on overflow. */
export function erfcx(x: number): number {
  const y = Math.abs(x);
  if (y <= CODY_THRESHOLD) {
    const z = y * y;
    return Math.exp(z) * (1 - x * erfSeries(z));
  }
  if (x < XNEG) return Number.MAX_VALUE;
  const result = erfcxAboveThreshold(y);
  if (x >= 0) return result;
  const e = expPosSquare(x);
  return e + e - result;
}

/** Standard normal density φ(z). */
export function normPdf(z: number): number {
  return ONE_OVER_SQRT_TWO_PI * expNegHalfSquare(z);
}

/**
 * Standard normal CDF Φ(z), given e = exp(−z²/2) already computed (lets Black-Scholes share
 * the exponential between N(d) and n(d)). Tails use Φ(z) = ½·erfcx(−z/√2)·exp(−z²/2): erfcx is
 * smooth, so rounding z costs only ~1 ulp instead of ~z² ulps as with erfc.
 */
export function normCdfWithExp(z: number, e: number): number {
  if (z < -NORM_CDF_SPLIT) return 0.5 * erfcxAboveThreshold(-z * SQRT1_2) * e;
  if (z <= NORM_CDF_SPLIT) {
    const y = z * SQRT1_2;
    return 0.5 + 0.5 * y * erfSeries(y * y);
  }
  return 1 - 0.5 * erfcxAboveThreshold(z * SQRT1_2) * e;
}

/** Standard normal CDF Φ(z); relative error near machine precision for all z < 0. */
export function normCdf(z: number): number {
  if (z >= -NORM_CDF_SPLIT && z <= NORM_CDF_SPLIT) return normCdfWithExp(z, 1);
  return normCdfWithExp(z, expNegHalfSquare(z));
}

// AS241 (PPND16) rational approximations, degree 7/7, evaluated in Estrin's scheme (all
// coefficients and arguments are positive in each branch, so there is no cancellation).
function as241Central(q: number): number {
  const r = 0.180625 - q * q;
  const r2 = r * r;
  const r4 = r2 * r2;
  const num =
    3.3871328727963665 +
    133.14166789178438 * r +
    (1971.5909503065513 + 13731.69376550946 * r) * r2 +
    (45921.95393154987 + 67265.7709270087 * r + (33430.57558358813 + 2509.0809287301227 * r) * r2) *
      r4;
  const den =
    1 +
    42.31333070160091 * r +
    (687.1870074920579 + 5394.196021424751 * r) * r2 +
    (21213.794301586597 +
      39307.89580009271 * r +
      (28729.085735721943 + 5226.495278852854 * r) * r2) *
      r4;
  return (q * num) / den;
}

/**
 * AS241 tail branch: −Φ⁻¹(p) for p < 0.075 given r = √(−ln p) (lets callers that already
 * have ln p skip the logarithm).
 */
export function inverseNormCdfTail(r: number): number {
  if (r < 5) {
    const t = r - 1.6;
    const t2 = t * t;
    const t4 = t2 * t2;
    const num =
      1.4234371107496835 +
      4.630337846156546 * t +
      (5.769497221460691 + 3.6478483247632045 * t) * t2 +
      (1.2704582524523684 +
        0.2417807251774506 * t +
        (0.022723844989269184 + 0.0007745450142783414 * t) * t2) *
        t4;
    const den =
      1 +
      2.053191626637759 * t +
      (1.6763848301838038 + 0.6897673349851 * t) * t2 +
      (0.14810397642748008 +
        0.015198666563616457 * t +
        (0.0005475938084995345 + 1.0507500716444169e-9 * t) * t2) *
        t4;
    return num / den;
  }
  const t = r - 5;
  const t2 = t * t;
  const t4 = t2 * t2;
  const num =
    6.657904643501103 +
    5.463784911164114 * t +
    (1.7848265399172913 + 0.29656057182850487 * t) * t2 +
    (0.026532189526576124 +
      0.0012426609473880784 * t +
      (2.7115555687434876e-5 + 2.0103343992922881e-7 * t) * t2) *
      t4;
  const den =
    1 +
    0.599832206555888 * t +
    (0.1369298809227358 + 0.014875361290850615 * t) * t2 +
    (0.0007868691311456133 +
      1.8463183175100548e-5 * t +
      (1.421511758316446e-7 + 2.0442631033899397e-15 * t) * t2) *
      t4;
  return num / den;
}

/**
 * Inverse standard normal CDF Φ⁻¹(p) (AS241, relative accuracy ~1e-16).
 * p ≤ 0 gives −Infinity, p ≥ 1 gives +Infinity, NaN stays NaN.
 */
export function inverseNormCdf(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return as241Central(q);
  if (!(p > 0)) return p === 0 || p < 0 ? Number.NEGATIVE_INFINITY : Number.NaN;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const z = inverseNormCdfTail(r);
  return q < 0 ? -z : z;
}
