/**
 * Black-Scholes price and greeks for European options without dividends.
 *
 * Conventions: `years` = calendar days / 365, `sigma` and `rate` are decimals (0.2 = 20 %),
 * the rate is continuously compounded. Theta is per calendar day, vega per volatility point
 * (σ + 0.01), rho per rate point (r + 0.01).
 *
 * N(d) comes from erfcx (see normal.ts), so greeks keep their relative accuracy deep in the
 * tails; the first-order rounding of d₁ cancels between S·N(d₁) and K·e^{−rT}·N(d₂).
 */

import { expNegHalfSquare, normCdfWithExp, ONE_OVER_SQRT_TWO_PI } from "./normal";

export const DAYS_PER_YEAR = 365;
const MIN_NORMAL = 2.2250738585072014e-308;

/** Price and sensitivities of one option, per share. */
export interface OptionGreeks {
  price: number;
  /** ∂V/∂S */
  delta: number;
  /** ∂²V/∂S² */
  gamma: number;
  /** Change in value for one calendar day less to expiry. */
  thetaPerDay: number;
  /** Change in value for σ + 1 volatility point. */
  vegaPerVolPoint: number;
  /** Change in value for r + 1 rate point. */
  rhoPerRatePoint: number;
}

/** Years from calendar days (ACT/365). */
export function yearsFromDays(days: number): number {
  return days / DAYS_PER_YEAR;
}

/** A zeroed greeks object, e.g. to reuse with blackScholesInto. */
export function createGreeks(): OptionGreeks {
  return { price: 0, delta: 0, gamma: 0, thetaPerDay: 0, vegaPerVolPoint: 0, rhoPerRatePoint: 0 };
}

/**
 * Limits for σ·√T = 0 (expiry or zero volatility): the option is worth its discounted
 * intrinsic value and delta is a step (½ exactly at the forward). Gamma, a Dirac mass at the
 * forward, is reported as 0 to stay finite; theta keeps only its rate term.
 */
function degenerateInto(
  out: OptionGreeks,
  spot: number,
  strikeDiscounted: number,
  years: number,
  rate: number,
  isCall: boolean,
): OptionGreeks {
  const diff = spot - strikeDiscounted;
  // Probability of finishing in the money for the call (N(d₂) in the limit).
  const callItm = diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
  const itm = isCall ? callItm : 1 - callItm;
  const sign = isCall ? 1 : -1;
  out.price = Math.max(sign * diff, 0);
  out.delta = isCall ? callItm : callItm - 1;
  out.gamma = 0;
  out.thetaPerDay = (-sign * rate * strikeDiscounted * itm) / DAYS_PER_YEAR;
  out.vegaPerVolPoint = diff === 0 ? (spot * ONE_OVER_SQRT_TWO_PI * Math.sqrt(years)) / 100 : 0;
  out.rhoPerRatePoint = (sign * strikeDiscounted * years * itm) / 100;
  return out;
}

/**
 * φ(d₁)/(S·σ√T). Divided in two steps because S·σ√T can underflow to 0 when φ(d₁) has too
 * (tiny spot, expiry a fraction of a second away): 0/0 would be NaN where gamma is 0. When
 * the true value exceeds the double range (the forward within 1e-300 of the strike at
 * expiry), it is the Dirac spike of `degenerateInto` and is reported as 0 the same way.
 */
function gammaOf(pdf1: number, spot: number, s: number): number {
  const gamma = pdf1 / spot / s;
  return gamma < Infinity ? gamma : 0;
}

/**
 * Price and all greeks in one pass, written into `out` (no allocation).
 * Valid domain: spot > 0, strike > 0, years ≥ 0, sigma ≥ 0, finite rate; results are finite
 * there (underflowing values are 0, never NaN).
 */
export function blackScholesInto(
  out: OptionGreeks,
  spot: number,
  strike: number,
  years: number,
  sigma: number,
  rate: number,
  isCall: boolean,
): OptionGreeks {
  const rt = rate * years;
  const discount = Math.exp(-rt);
  const strikeDiscounted = strike * discount;
  const sqrtT = Math.sqrt(years);
  const s = sigma * sqrtT;
  if (s === 0) return degenerateInto(out, spot, strikeDiscounted, years, rate, isCall);
  const d1 = (Math.log(spot / strike) + rt) / s + 0.5 * s;
  const d2 = d1 - s;
  const e1 = expNegHalfSquare(d1);
  // φ(d₂) = φ(d₁)·S/(K·e^{−rT}) exactly; deriving it from e1 keeps the rounding of d₂ out of the
  // difference S·N(d₁) − K·e^{−rT}·N(d₂), which otherwise amplifies it by |d|/s for small s.
  const ratio = spot / strikeDiscounted;
  let e2 = e1 * ratio;
  if (!(e1 >= MIN_NORMAL && e2 < Infinity)) e2 = expNegHalfSquare(d2);
  const pdf1 = ONE_OVER_SQRT_TWO_PI * e1;
  const decay = (-spot * pdf1 * sigma) / (2 * sqrtT);
  if (isCall) {
    const n1 = normCdfWithExp(d1, e1);
    const n2 = normCdfWithExp(d2, e2);
    const price = spot * n1 - strikeDiscounted * n2;
    const intrinsic = spot - strikeDiscounted;
    // Rounding must not take the value below its no-arbitrage floor max(S − K·e^{−rT}, 0).
    out.price = price > intrinsic ? price : intrinsic > 0 ? intrinsic : 0;
    out.delta = n1;
    out.thetaPerDay = (decay - rate * strikeDiscounted * n2) / DAYS_PER_YEAR;
    out.rhoPerRatePoint = (strikeDiscounted * years * n2) / 100;
  } else {
    const n1 = normCdfWithExp(-d1, e1);
    const n2 = normCdfWithExp(-d2, e2);
    const price = strikeDiscounted * n2 - spot * n1;
    const intrinsic = strikeDiscounted - spot;
    out.price = price > intrinsic ? price : intrinsic > 0 ? intrinsic : 0;
    out.delta = -n1;
    out.thetaPerDay = (decay + rate * strikeDiscounted * n2) / DAYS_PER_YEAR;
    out.rhoPerRatePoint = (-strikeDiscounted * years * n2) / 100;
  }
  out.gamma = gammaOf(pdf1, spot, s);
  out.vegaPerVolPoint = (spot * pdf1 * sqrtT) / 100;
  return out;
}

/** Price and greeks as a fresh object; see blackScholesInto. */
export function blackScholes(
  spot: number,
  strike: number,
  years: number,
  sigma: number,
  rate: number,
  isCall: boolean,
): OptionGreeks {
  return blackScholesInto(createGreeks(), spot, strike, years, sigma, rate, isCall);
}

const priceScratch = createGreeks();

/** Black-Scholes premium per share (same arguments as blackScholesInto). */
export function blackScholesPrice(
  spot: number,
  strike: number,
  years: number,
  sigma: number,
  rate: number,
  isCall: boolean,
): number {
  return blackScholesInto(priceScratch, spot, strike, years, sigma, rate, isCall).price;
}
