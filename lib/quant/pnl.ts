/**
 * Profit and loss at expiry of a multi-leg option position.
 *
 * P&L at expiry is piecewise linear in the underlying price with kinks only at the strikes,
 * so breakevens and extremes are computed exactly from the kink points; the price grid is for
 * plotting only.
 */

export type OptionRight = "C" | "P";

export interface StrategyLeg {
  /** Contracts; positive = long (bought), negative = short (written). */
  quantity: number;
  /** Premium paid (long) or received (short) per share, ≥ 0. */
  premiumPerShare: number;
  strike: number;
  right: OptionRight;
  /** Shares per contract (default 100). */
  multiplier?: number;
}

export interface PnlPoint {
  underlyingPrice: number;
  pnl: number;
}

export interface StrategyPnl {
  /** GRID_POINTS prices from min(spot, strikes)·0.5 to max(spot, strikes)·1.5, spot included. */
  points: PnlPoint[];
  /** Exact underlying prices ≥ 0 where P&L at expiry is zero, ascending. */
  breakevens: number[];
  /** Highest P&L for underlying prices in the swept range (the grid's span). */
  maxProfit: number;
  /** Lowest P&L (negative = loss) for underlying prices in the swept range. */
  maxLoss: number;
  /** P&L keeps rising above the highest strike (positive slope there). */
  maxProfitUnbounded: boolean;
  /** P&L keeps falling above the highest strike (negative slope there). */
  maxLossUnbounded: boolean;
  pnlAtSpot: number;
  /** Cash paid to open the position: positive = net debit, negative = net credit. */
  netPremium: number;
}

export const GRID_POINTS = 121;
export const DEFAULT_MULTIPLIER = 100;

/** Payoff at expiry per share of one option. */
export function optionPayoff(right: OptionRight, strike: number, underlyingPrice: number): number {
  const intrinsic = right === "C" ? underlyingPrice - strike : strike - underlyingPrice;
  return intrinsic > 0 ? intrinsic : 0;
}

/** Position P&L at expiry for one underlying price (premiums included). */
export function pnlAtExpiry(legs: readonly StrategyLeg[], underlyingPrice: number): number {
  let pnl = 0;
  for (const leg of legs) {
    const shares = leg.quantity * (leg.multiplier ?? DEFAULT_MULTIPLIER);
    pnl += shares * (optionPayoff(leg.right, leg.strike, underlyingPrice) - leg.premiumPerShare);
  }
  return pnl;
}

/** Cash paid to open the position (positive = debit). */
export function netPremium(legs: readonly StrategyLeg[]): number {
  let total = 0;
  for (const leg of legs) {
    total += leg.quantity * (leg.multiplier ?? DEFAULT_MULTIPLIER) * leg.premiumPerShare;
  }
  return total;
}

/** d(P&L)/d(price) above every strike: only calls contribute there. */
function slopeAboveStrikes(legs: readonly StrategyLeg[]): number {
  let slope = 0;
  for (const leg of legs) {
    if (leg.right === "C") slope += leg.quantity * (leg.multiplier ?? DEFAULT_MULTIPLIER);
  }
  return slope;
}

/**
 * GRID_POINTS prices over [low, high] with `spot` exactly on the grid: each side of spot is
 * spaced evenly, with points shared in proportion to its width.
 */
export function priceGrid(spot: number, low: number, high: number): number[] {
  const intervals = GRID_POINTS - 1;
  const below = Math.min(
    intervals - 1,
    Math.max(1, Math.round((intervals * (spot - low)) / (high - low))),
  );
  const above = intervals - below;
  const grid: number[] = [];
  for (let i = 0; i < below; i++) grid.push(low + ((spot - low) * i) / below);
  grid.push(spot);
  for (let j = 1; j < above; j++) grid.push(spot + ((high - spot) * j) / above);
  grid.push(high);
  return grid;
}

/** Sorted distinct strikes: the only places where the P&L slope changes. */
function kinks(legs: readonly StrategyLeg[]): number[] {
  const strikes = [...new Set(legs.map((leg) => leg.strike))];
  return strikes.sort((a, b) => a - b);
}

/** Zero crossings of the piecewise linear P&L on [0, ∞). */
function findBreakevens(legs: readonly StrategyLeg[], strikes: readonly number[]): number[] {
  const nodes = [0, ...strikes.filter((k) => k > 0)];
  const values = nodes.map((price) => pnlAtExpiry(legs, price));
  const roots: number[] = [];
  const push = (price: number) => {
    if (roots.length === 0 || price > (roots[roots.length - 1] as number)) roots.push(price);
  };
  for (let i = 0; i < nodes.length; i++) {
    const a = nodes[i] as number;
    const pa = values[i] as number;
    if (pa === 0) push(a);
    if (i + 1 < nodes.length) {
      const b = nodes[i + 1] as number;
      const pb = values[i + 1] as number;
      if ((pa < 0 && pb > 0) || (pa > 0 && pb < 0)) push(a + (pa * (b - a)) / (pa - pb));
    }
  }
  // Beyond the highest kink the P&L is linear with the call slope.
  const last = nodes[nodes.length - 1] as number;
  const pLast = values[values.length - 1] as number;
  const slope = slopeAboveStrikes(legs);
  if (slope !== 0 && pLast !== 0 && pLast * slope < 0) push(last - pLast / slope);
  // Identically zero P&L (no legs, or legs that cancel): no meaningful breakeven.
  if (slope === 0 && values.every((v) => v === 0)) return [];
  return roots;
}

/**
 * P&L at expiry of `legs` around `spot`: plotting grid, exact breakevens, extremes and
 * whether they are unbounded. Finite positive inputs never produce NaN.
 */
export function strategyPnlAtExpiry(legs: readonly StrategyLeg[], spot: number): StrategyPnl {
  const strikes = kinks(legs);
  const low = 0.5 * Math.min(spot, ...strikes);
  const high = 1.5 * Math.max(spot, ...strikes);
  const points = priceGrid(spot, low, high).map((underlyingPrice) => ({
    underlyingPrice,
    pnl: pnlAtExpiry(legs, underlyingPrice),
  }));
  // Extremes in the swept range [low, high] of a piecewise linear function lie at an end or a
  // kink (every strike is inside the range by construction).
  const candidates = [low, ...strikes, high];
  let maxProfit = Number.NEGATIVE_INFINITY;
  let maxLoss = Number.POSITIVE_INFINITY;
  for (const price of candidates) {
    const pnl = pnlAtExpiry(legs, price);
    if (pnl > maxProfit) maxProfit = pnl;
    if (pnl < maxLoss) maxLoss = pnl;
  }
  const slope = slopeAboveStrikes(legs);
  return {
    points,
    breakevens: findBreakevens(legs, strikes),
    maxProfit,
    maxLoss,
    maxProfitUnbounded: slope > 0,
    maxLossUnbounded: slope < 0,
    pnlAtSpot: pnlAtExpiry(legs, spot),
    netPremium: netPremium(legs),
  };
}
