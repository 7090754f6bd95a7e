/**
 * Black-Scholes implied volatility (no dividends, continuously compounded rate) on top of
 * Jäckel's "Let's Be Rational" normalised solver: full double precision in ≤ 2 iterations.
 */

import { NORMALISED_ABOVE_MAXIMUM, solveOtmCall } from "./lets-be-rational";

export type ImpliedVolRefusal = "INVALID_INPUT" | "BELOW_INTRINSIC" | "ABOVE_MAXIMUM";

export type ImpliedVolResult =
  | { ok: true; sigma: number }
  | { ok: false; reason: ImpliedVolRefusal };

/** Codes returned by impliedVolatilityRaw instead of a volatility (all negative). */
export const IV_BELOW_INTRINSIC = -1;
export const IV_ABOVE_MAXIMUM = -2;
export const IV_INVALID_INPUT = -3;

/**
 * Allocation-free implied volatility: σ (decimal, annualised, ≥ 0) or a negative IV_* code.
 * Bounds (discounted, D = e^{−r·years}): call max(S − K·D, 0) ≤ price < S,
 * put max(K·D − S, 0) ≤ price < K·D. A price equal to the lower bound gives σ = 0.
 *
 * @param price option premium per share
 * @param spot underlying price S > 0
 * @param strike strike K > 0
 * @param years time to expiry in years (> 0)
 * @param rate continuously compounded risk-free rate, decimal (0.05 = 5 %)
 */
export function impliedVolatilityRaw(
  price: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  isCall: boolean,
): number {
  // Written as negated comparisons so that NaN is refused too.
  if (!(spot > 0 && strike > 0 && years > 0 && spot < Infinity && strike < Infinity)) {
    return IV_INVALID_INPUT;
  }
  if (!(years < Infinity && Math.abs(rate) < Infinity && Math.abs(price) < Infinity)) {
    return IV_INVALID_INPUT;
  }
  const rt = rate * years;
  const strikeDiscounted = strike * Math.exp(-rt);
  const intrinsic = isCall ? spot - strikeDiscounted : strikeDiscounted - spot;
  if (price < (intrinsic > 0 ? intrinsic : 0)) return IV_BELOW_INTRINSIC;
  if (price >= (isCall ? spot : strikeDiscounted)) return IV_ABOVE_MAXIMUM;
  // x = ln(F/K) = ln(S/K) + r·T (independent of the exp above, so both can run in parallel);
  // in the money (θ·x > 0) maps to the out-of-the-money twin via put-call parity.
  let x = Math.log(spot / strike) + rt;
  const inTheMoney = isCall ? x > 0 : x < 0;
  let otmPrice = inTheMoney ? price - intrinsic : price;
  if (otmPrice < 0) otmPrice = 0;
  const sqrtSpot = Math.sqrt(spot);
  const sqrtStrikeDiscounted = Math.sqrt(strikeDiscounted);
  // β = price/(D·√(F·K)) = price/√(S·K·D) with F = S/D; b_max = e^{−|x|/2} = √(min/max).
  const beta = otmPrice / (sqrtSpot * sqrtStrikeDiscounted);
  let bMax = sqrtSpot / sqrtStrikeDiscounted;
  // Reciprocal-strike symmetry: an OTM put at x is an OTM call at −x.
  if (x > 0) {
    x = -x;
    bMax = sqrtStrikeDiscounted / sqrtSpot;
  }
  const s = solveOtmCall(beta, x, bMax, 2);
  if (s === NORMALISED_ABOVE_MAXIMUM) return IV_ABOVE_MAXIMUM;
  const sigma = s / Math.sqrt(years);
  // Unreachable for finite inputs; keeps NaN from escaping if something degenerate slips by.
  return sigma >= 0 && sigma < Infinity ? sigma : IV_INVALID_INPUT;
}

const REFUSAL_BY_CODE: Record<number, ImpliedVolRefusal> = {
  [IV_BELOW_INTRINSIC]: "BELOW_INTRINSIC",
  [IV_ABOVE_MAXIMUM]: "ABOVE_MAXIMUM",
  [IV_INVALID_INPUT]: "INVALID_INPUT",
};

/**
 * Implied volatility as a discriminated result; never throws. Prices outside the no-arbitrage
 * bounds are refused (BELOW_INTRINSIC / ABOVE_MAXIMUM), non-finite or non-positive spot,
 * strike or years give INVALID_INPUT. Arguments as in impliedVolatilityRaw.
 */
export function impliedVolatility(
  price: number,
  spot: number,
  strike: number,
  years: number,
  rate: number,
  isCall: boolean,
): ImpliedVolResult {
  const sigma = impliedVolatilityRaw(price, spot, strike, years, rate, isCall);
  if (sigma >= 0) return { ok: true, sigma };
  return { ok: false, reason: REFUSAL_BY_CODE[sigma] ?? "INVALID_INPUT" };
}
