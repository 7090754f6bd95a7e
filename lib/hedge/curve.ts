import { priceGrid, strategyPnlAtExpiry } from "../quant/pnl";
import type { BookLeg } from "./book";
import { pathPnl, type ScenarioPath, strategyLegOf } from "./payoff";

/**
 * The P&L curve at expiry of a book: GRID_POINTS (121) prices of the path's reference, spot on
 * the grid. With one underlying it is lib/quant/pnl.ts strategyPnlAtExpiry itself (stock legs
 * as calls struck at 0, so the grid reaches down to 0); with several, the same grid rule over the
 * reference's price, each underlying at its beta-implied price (payoff.ts).
 */

export interface CurvePoint {
  /** The reference's price, USD. */
  price: number;
  /** Decimal move of the reference from now. */
  move: number;
  /** USD at expiry. */
  pnl: number;
}

export function pnlCurve(legs: readonly BookLeg[], path: ScenarioPath): CurvePoint[] {
  const spot = (path.underlyings.get(path.reference) ?? { price: 0 }).price;
  const codes = new Set(legs.map((leg) => leg.code));
  if (codes.size === 1 && codes.has(path.reference)) {
    const profile = strategyPnlAtExpiry(legs.map(strategyLegOf), spot);
    return profile.points.map((point) => ({
      price: point.underlyingPrice,
      move: point.underlyingPrice / spot - 1,
      pnl: point.pnl,
    }));
  }
  const pnl = pathPnl(legs, path);
  const referencePrice = (move: number) => spot * (1 + move);
  // The kinks as reference prices (the path's first node is the reference at 0).
  const kinkPrices = pnl.nodes.map(referencePrice).filter((price) => price >= 0);
  const low = 0.5 * Math.min(spot, ...kinkPrices);
  const high = 1.5 * Math.max(spot, ...kinkPrices);
  return priceGrid(spot, low, high).map((price) => {
    const move = price / spot - 1;
    return { price, move, pnl: pnl.at(move) };
  });
}
