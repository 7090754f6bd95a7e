import { type BookLeg, cashOutlay, grossNotional, type Underlying } from "./book";
import { type DeltaFigures, deltaFigures, pathDelta } from "./greeks";
import {
  extremesOf,
  type PayoffExtremes,
  pathPnl,
  priceAt,
  protectionOf,
  type ScenarioPath,
} from "./payoff";

/**
 * Everything the hedge endpoints say about a book and a hedge, unrounded: what the hedge costs,
 * where it protects, the extremes and breakevens at expiry, the scenario P&L and the deltas
 * before and after. Amounts USD; moves decimals (−0.1 = −10 %); percents in percent units.
 */

/** The scenario moves, percent, against a long book; a short book's are their mirror. */
export const SCENARIO_MOVES_PERCENT = [-30, -20, -10, -5, 5, 10] as const;

const DAYS_PER_YEAR = 365;

/** A move of the path and every underlying's price there. */
export interface PricedMove {
  /** Decimal move of the path's reference. */
  move: number;
  prices: { code: string; symbol: string; price: number }[];
}

export interface Scenario extends PricedMove {
  /** The positions alone. */
  unhedgedPnl: number;
  /** The hedge legs alone (premiums included). */
  hedgePnl: number;
  /** Positions and hedge. */
  hedgedPnl: number;
}

export type Exposure = "long" | "short" | "flat";

export interface HedgeMetrics {
  /** The positions' value now: Σ quantity × multiplier × carried price. */
  bookValue: number;
  /** The positions' gross notional (book.ts grossNotional): what costs are a percent of. */
  notional: number;
  /** Cash to open the hedge: positive a debit, negative a credit. */
  netCost: number;
  /** netCost / notional × 100. */
  costPercent: number;
  /** costPercent × 365 / days to expiry. */
  costPercentAnnualised: number;
  /** The positions' exposure along the path (sign of its delta there). */
  exposure: Exposure;
  protectionStart: PricedMove | null;
  protectionEnd: PricedMove | null;
  /** bookValue + maxLoss: the least the hedged book is worth at expiry; null if unbounded. */
  floor: number | null;
  /** bookValue + maxGain: the most it is worth at expiry; null if unbounded. */
  cap: number | null;
  hedged: PayoffExtremes;
  unhedged: PayoffExtremes;
  breakevens: PricedMove[];
  scenarios: Scenario[];
  before: DeltaFigures;
  after: DeltaFigures;
}

export interface BookInputs {
  positions: readonly BookLeg[];
  hedge: readonly BookLeg[];
  underlyings: ReadonlyMap<string, Underlying>;
  path: ScenarioPath;
  /** SPY's live price, for beta-weighted deltas in SPY shares. */
  benchmarkPrice: number;
  /** Calendar days to the hedge's expiry (at least 1 is used). */
  days: number;
}

export function hedgeMetrics(inputs: BookInputs): HedgeMetrics {
  const { positions, hedge, path } = inputs;
  const all = [...positions, ...hedge];
  const book = pathPnl(positions, path);
  const hedgeOnly = pathPnl(hedge, path);
  const hedged = pathPnl(all, path);
  const orientation = Math.sign(pathDelta(positions, path));
  const protection = protectionOf(hedgeOnly, orientation);
  const bookValue = cashOutlay(positions);
  const notional = grossNotional(positions, inputs.underlyings);
  const netCost = cashOutlay(hedge);
  const costPercent = notional > 0 ? (netCost / notional) * 100 : 0;
  const extremes = extremesOf(hedged);
  const codes = codesOf(all);
  const priced = (move: number) => pricedMove(move, codes, inputs);
  const moves = SCENARIO_MOVES_PERCENT.map((p) => (orientation < 0 ? -p : p) / 100);
  return {
    bookValue,
    notional,
    netCost,
    costPercent,
    costPercentAnnualised: (costPercent * DAYS_PER_YEAR) / Math.max(1, inputs.days),
    exposure: orientation > 0 ? "long" : orientation < 0 ? "short" : "flat",
    protectionStart: protection.start === null ? null : priced(protection.start),
    protectionEnd: protection.end === null ? null : priced(protection.end),
    floor: extremes.maxLoss === null ? null : bookValue + extremes.maxLoss,
    cap: extremes.maxGain === null ? null : bookValue + extremes.maxGain,
    hedged: extremes,
    unhedged: extremesOf(book),
    breakevens: extremes.breakevens.map(priced),
    scenarios: moves.map((move) => ({
      ...priced(move),
      unhedgedPnl: book.at(move),
      hedgePnl: hedgeOnly.at(move),
      hedgedPnl: hedged.at(move),
    })),
    before: deltaFigures(positions, codes, inputs.underlyings, inputs.benchmarkPrice),
    after: deltaFigures(all, codes, inputs.underlyings, inputs.benchmarkPrice),
  };
}

/** The underlyings the legs are on, in order of first appearance. */
export function codesOf(legs: readonly BookLeg[]): string[] {
  return [...new Set(legs.map((leg) => leg.code))];
}

function pricedMove(move: number, codes: readonly string[], inputs: BookInputs): PricedMove {
  return {
    move,
    prices: codes.map((code) => ({
      code,
      symbol: (inputs.underlyings.get(code) as Underlying).symbol,
      price: priceAt(inputs.path, code, move),
    })),
  };
}
