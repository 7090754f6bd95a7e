import { pnlAtExpiry, type StrategyLeg } from "../quant/pnl";
import type { BookLeg, Underlying } from "./book";

/**
 * P&L at expiry of a book along one scenario path. A path moves a reference underlying by `m`
 * (a decimal, −0.1 = −10 %) and every other underlying by `m × β_u / β_ref` (its beta-implied
 * move; the reference moves `m` itself), prices floored at zero. With one underlying that is
 * just "the stock moves m". Along the path the P&L is piecewise linear in `m` with kinks at the
 * strikes and where a price reaches zero, so extremes, breakevens and where protection starts
 * are exact, found at the kinks (as lib/quant/pnl.ts does for one underlying).
 *
 * Each underlying's legs are valued with lib/quant/pnl.ts `pnlAtExpiry`: an option leg as
 * itself, a stock leg as a call struck at 0 (payoff = price) with multiplier 1.
 */

/** The lowest move: the reference at zero. */
export const MIN_MOVE = -1;

export interface ScenarioPath {
  /** The reference underlying's code. */
  reference: string;
  /** Each underlying's price now and its move per unit move of the reference. */
  underlyings: ReadonlyMap<string, { price: number; sensitivity: number }>;
}

/**
 * The path of a book: the reference moves m, each underlying β_u / β_ref × m. The reference's
 * beta must not be zero (the caller picks a reference with a beta, e.g. SPY, whose beta is 1).
 * The reference is always on the path, held or not (the curve is drawn over its price).
 */
export function scenarioPath(
  reference: Underlying,
  underlyings: ReadonlyMap<string, Underlying>,
): ScenarioPath {
  const moves = new Map([[reference.code, { price: reference.price, sensitivity: 1 }]]);
  for (const [code, underlying] of underlyings) {
    const sensitivity = code === reference.code ? 1 : underlying.beta / reference.beta;
    moves.set(code, { price: underlying.price, sensitivity });
  }
  return { reference: reference.code, underlyings: moves };
}

/** An underlying's price after the reference moves `move`; never below zero. */
export function priceAt(path: ScenarioPath, code: string, move: number): number {
  const underlying = path.underlyings.get(code);
  if (!underlying) throw new RangeError(`${code} is not on the path`);
  return Math.max(0, underlying.price * (1 + underlying.sensitivity * move));
}

/** One leg as lib/quant/pnl.ts values it. */
export function strategyLegOf(leg: BookLeg): StrategyLeg {
  if (leg.kind === "stock") {
    return {
      quantity: leg.quantity,
      premiumPerShare: leg.price,
      strike: 0,
      right: "C",
      multiplier: 1,
    };
  }
  return {
    quantity: leg.quantity,
    premiumPerShare: leg.price,
    strike: leg.strike,
    right: leg.right,
    multiplier: leg.multiplier,
  };
}

/** The legs grouped by underlying, as pnl.ts legs. */
function legsByUnderlying(legs: readonly BookLeg[]): Map<string, StrategyLeg[]> {
  const grouped = new Map<string, StrategyLeg[]>();
  for (const leg of legs) {
    const list = grouped.get(leg.code) ?? [];
    list.push(strategyLegOf(leg));
    grouped.set(leg.code, list);
  }
  return grouped;
}

/** A book's P&L at expiry as a function of the move, with what its exact analysis needs. */
export interface PathPnl {
  /** USD at expiry after the reference moves `move`. */
  at(move: number): number;
  /** Moves where the slope may change, ascending, within (MIN_MOVE, ∞), MIN_MOVE first. */
  nodes: number[];
  /** USD per unit move beyond the last node. */
  slopeBeyond: number;
}

export function pathPnl(legs: readonly BookLeg[], path: ScenarioPath): PathPnl {
  const grouped = [...legsByUnderlying(legs)];
  const at = (move: number) => {
    let pnl = 0;
    for (const [code, strategyLegs] of grouped) {
      pnl += pnlAtExpiry(strategyLegs, priceAt(path, code, move));
    }
    return pnl;
  };
  const kinks = new Set<number>();
  let slopeBeyond = 0;
  for (const [code, strategyLegs] of grouped) {
    const { price, sensitivity } = path.underlyings.get(code) as {
      price: number;
      sensitivity: number;
    };
    if (sensitivity === 0) continue;
    // Each strike (the stock's 0 included) is a kink where the price reaches it.
    for (const leg of strategyLegs) kinks.add((leg.strike / price - 1) / sensitivity);
    // Past the highest kink a rising price adds only the calls' (and stock's) slope; a price
    // that falls as the reference rises reaches 0 at a kink and stays there.
    if (sensitivity > 0) {
      let callShares = 0;
      for (const leg of strategyLegs) {
        if (leg.right === "C") callShares += leg.quantity * (leg.multiplier ?? 100);
      }
      slopeBeyond += callShares * price * sensitivity;
    }
  }
  const nodes = [MIN_MOVE, ...[...kinks].filter((k) => k > MIN_MOVE).sort((a, b) => a - b)];
  return { at, nodes, slopeBeyond };
}

export interface PayoffExtremes {
  /** Highest P&L (USD); null when it grows without bound. */
  maxGain: number | null;
  /** Lowest P&L (USD, negative a loss); null when losses grow without bound. */
  maxLoss: number | null;
  /** Moves where the P&L is zero, ascending. */
  breakevens: number[];
}

/** Exact extremes over moves in [MIN_MOVE, ∞) and the breakevens of a path's P&L. */
export function extremesOf(pnl: PathPnl): PayoffExtremes {
  const values = pnl.nodes.map((move) => pnl.at(move));
  const highest = Math.max(...values);
  const lowest = Math.min(...values);
  return {
    maxGain: pnl.slopeBeyond > 0 ? null : highest,
    maxLoss: pnl.slopeBeyond < 0 ? null : lowest,
    breakevens: breakevensOf(pnl, values),
  };
}

function breakevensOf(pnl: PathPnl, values: readonly number[]): number[] {
  if (pnl.slopeBeyond === 0 && values.every((value) => value === 0)) return [];
  const roots: number[] = [];
  const push = (move: number) => {
    if (roots.length === 0 || move > (roots.at(-1) as number)) roots.push(move);
  };
  for (let i = 0; i < pnl.nodes.length; i++) {
    const a = pnl.nodes[i] as number;
    const pa = values[i] as number;
    if (pa === 0) push(a);
    if (i + 1 < pnl.nodes.length) {
      const b = pnl.nodes[i + 1] as number;
      const pb = values[i + 1] as number;
      if ((pa < 0 && pb > 0) || (pa > 0 && pb < 0)) push(a + (pa * (b - a)) / (pa - pb));
    }
  }
  const last = pnl.nodes.at(-1) as number;
  const pLast = values.at(-1) as number;
  if (pnl.slopeBeyond !== 0 && pLast !== 0 && pLast * pnl.slopeBeyond < 0) {
    push(last - pLast / pnl.slopeBeyond);
  }
  return roots;
}

export interface ProtectionRange {
  /** The move from which the hedge pays against the book's exposure; null if it never does. */
  start: number | null;
  /** The move beyond which it stops paying (a spread's far strike); null if it never stops. */
  end: number | null;
}

/**
 * Where the hedge's P&L runs against the book's exposure (`orientation` > 0: a long book, the
 * hedge gains as the move falls; < 0: a short book, it gains as the move rises). Scanning from
 * the current price outwards in the adverse direction, `start` is the first kink past which the
 * hedge gains (the put's strike; an in-the-money put's strike lies above today's price; 0 when
 * no kink opens it, as with a short stock hedge), `end` the kink past which it stops (a put
 * spread's lower strike).
 */
export function protectionOf(hedge: PathPnl, orientation: number): ProtectionRange {
  if (orientation === 0) return { start: null, end: null };
  const down = orientation > 0;
  // Intervals between consecutive nodes, taken from the favourable end to the adverse one.
  const nodes = [...hedge.nodes, Number.POSITIVE_INFINITY];
  const intervals: { near: number; paysAgainst: boolean }[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    const low = nodes[i] as number;
    const high = nodes[i + 1] as number;
    // Moves that favour the book (a rise for a long one) are no place for protection: there a
    // collar's sold call loses as the price rises, which caps gains rather than protecting.
    if (down ? low >= 0 : high <= 0) continue;
    const slope =
      high === Number.POSITIVE_INFINITY
        ? hedge.slopeBeyond
        : (hedge.at(high) - hedge.at(low)) / (high - low);
    intervals.push({
      near: down ? high : low,
      paysAgainst: down ? slope < -1e-9 : slope > 1e-9,
    });
  }
  if (down) intervals.reverse();
  const first = intervals.findIndex((interval) => interval.paysAgainst);
  if (first < 0) return { start: null, end: null };
  const opening = (intervals[first] as (typeof intervals)[number]).near;
  // No kink opens it (a stock hedge): it pays from today's price on.
  const start = Number.isFinite(opening) && opening !== MIN_MOVE ? opening : 0;
  const stop = intervals.slice(first).find((interval) => !interval.paysAgainst);
  return { start, end: stop ? stop.near : null };
}
