import { roundPercent } from "../market/precision";
import { blackScholes, yearsFromDays } from "../quant/black-scholes";
import { impliedVolatility } from "../quant/implied-vol";
import type { BookLeg, Right, Underlying } from "./book";
import type { ScenarioPath } from "./payoff";

/**
 * Deltas of a book: each option leg's Black-Scholes delta (as GET /options/{code}/greeks gives
 * it: the underlying's live price, days to expiry (at least 1) / 365, the leg's implied
 * volatility, the default rate, no dividends), summed per underlying into share equivalents,
 * then weighted by beta into SPY share equivalents:
 *
 *   Δ_u = Σ stock shares + Σ contracts × multiplier × δ_leg         (shares of u)
 *   beta-weighted delta = Σ_u β_u × Δ_u × S_u / S_SPY               (SPY shares)
 */

/** Black-Scholes delta per share of one option. */
export function optionDelta(
  spot: number,
  strike: number,
  days: number,
  volatilityPercent: number,
  ratePercent: number,
  right: Right,
): number {
  const years = yearsFromDays(Math.max(1, days));
  return blackScholes(
    spot,
    strike,
    years,
    volatilityPercent / 100,
    ratePercent / 100,
    right === "C",
  ).delta;
}

/** What a volatility is read or solved from: one listed contract's quote. */
export interface QuotedContract {
  strike: number;
  right: Right;
  bid: number;
  ask: number;
  /** Decimal, when the source supplies it. */
  impliedVolatility?: number | undefined;
}

/**
 * The volatility (percent, 4 decimals) a contract's delta is computed at, as the greeks
 * endpoint finds it: the source's, else the one that reprices the mid; null when neither exists.
 */
export function volatilityPercentOf(
  contract: QuotedContract,
  spot: number,
  days: number,
  ratePercent: number,
): number | null {
  if (contract.impliedVolatility !== undefined) {
    return roundPercent(contract.impliedVolatility * 100);
  }
  const solved = impliedVolatility(
    (contract.bid + contract.ask) / 2,
    spot,
    contract.strike,
    yearsFromDays(Math.max(1, days)),
    ratePercent / 100,
    contract.right === "C",
  );
  return solved.ok ? roundPercent(solved.sigma * 100) : null;
}

/** The contract's delta at that volatility; without one, the intrinsic step (σ = 0). */
export function contractDelta(
  contract: QuotedContract,
  spot: number,
  days: number,
  ratePercent: number,
): { delta: number; volatilityPercent: number | null } {
  const volatilityPercent = volatilityPercentOf(contract, spot, days, ratePercent);
  const delta = optionDelta(
    spot,
    contract.strike,
    days,
    volatilityPercent ?? 0,
    ratePercent,
    contract.right,
  );
  return { delta, volatilityPercent };
}

export interface UnderlyingDelta {
  code: string;
  symbol: string;
  /** Share equivalents of the underlying. */
  deltaShares: number;
  /** deltaShares × price, USD: the dollar delta (value change per 1 % move, × 100). */
  deltaDollars: number;
  beta: number;
}

export interface DeltaFigures {
  byUnderlying: UnderlyingDelta[];
  /** Σ Δ_u × S_u, USD: the book's value change if every price moved 1 %, × 100. */
  deltaDollars: number;
  /** Σ β_u × Δ_u × S_u, USD. */
  betaWeightedDeltaDollars: number;
  /** betaWeightedDeltaDollars / S_SPY: the SPY shares with the same market exposure. */
  betaWeightedDeltaSpyShares: number;
}

/** A leg's share equivalents. */
export function legDeltaShares(leg: BookLeg): number {
  return leg.kind === "stock" ? leg.quantity : leg.quantity * leg.multiplier * leg.delta;
}

/** The deltas of `legs` on the underlyings `codes` (in that order), against SPY's price. */
export function deltaFigures(
  legs: readonly BookLeg[],
  codes: readonly string[],
  underlyings: ReadonlyMap<string, Underlying>,
  benchmarkPrice: number,
): DeltaFigures {
  const shares = new Map<string, number>(codes.map((code) => [code, 0]));
  for (const leg of legs) shares.set(leg.code, (shares.get(leg.code) ?? 0) + legDeltaShares(leg));
  const byUnderlying = codes.map((code) => {
    const underlying = underlyings.get(code) as Underlying;
    const deltaShares = shares.get(code) ?? 0;
    return {
      code,
      symbol: underlying.symbol,
      deltaShares,
      deltaDollars: deltaShares * underlying.price,
      beta: underlying.beta,
    };
  });
  let deltaDollars = 0;
  let betaWeightedDeltaDollars = 0;
  for (const row of byUnderlying) {
    deltaDollars += row.deltaDollars;
    betaWeightedDeltaDollars += row.beta * row.deltaDollars;
  }
  return {
    byUnderlying,
    deltaDollars,
    betaWeightedDeltaDollars,
    betaWeightedDeltaSpyShares: betaWeightedDeltaDollars / benchmarkPrice,
  };
}

/**
 * The book's value change per unit move along a scenario path (USD): Σ_u sensitivity_u × S_u ×
 * Δ_u. Its sign is the book's exposure: positive a long book (hurt by falls), negative a short one.
 */
export function pathDelta(legs: readonly BookLeg[], path: ScenarioPath): number {
  let total = 0;
  for (const leg of legs) {
    const underlying = path.underlyings.get(leg.code);
    if (underlying) total += underlying.sensitivity * underlying.price * legDeltaShares(leg);
  }
  return total;
}
