/**
 * A hedged book as the hedge engine sees it: stock and option legs on one or more underlyings,
 * each leg with the price it is carried at today. Pure data; the API layer reads the market and
 * builds these (lib/api/groups/hedge), the engine (payoff.ts, greeks.ts, metrics.ts) computes.
 *
 * Units: prices and premiums USD per share; quantities in shares (stock) or contracts (options,
 * `multiplier` shares each); moves as decimals (−0.1 = −10 %) inside the engine.
 */

export type Right = "C" | "P";

/** An underlying the book holds or hedges with, as priced now. */
export interface Underlying {
  /** Contract code, e.g. AAPL_NASDAQ. */
  code: string;
  /** Ticker, e.g. AAPL. */
  symbol: string;
  /** Live price now (mark, else last), USD. */
  price: number;
  /** Realised beta to SPY (see lib/api/realised-beta.ts). */
  beta: number;
}

export interface StockLeg {
  kind: "stock";
  /** The underlying's code. */
  code: string;
  /** Shares: positive long, negative short. */
  quantity: number;
  /** USD per share the leg is carried at: the live price (P&L is measured from today). */
  price: number;
}

export interface OptionLeg {
  kind: "option";
  /** The underlying's code. */
  code: string;
  /** OCC contract symbol, e.g. AAPL261218P00185000. */
  contract: string;
  /** yyyy-MM-dd. */
  expiration: string;
  right: Right;
  strike: number;
  /** Contracts: positive bought, negative written. */
  quantity: number;
  /** Shares per contract. */
  multiplier: number;
  /**
   * USD per share the leg is carried at: for a hedge leg what is paid (the ask) or received
   * (the bid), or the price the user states; for an option the book already holds, the mid.
   */
  price: number;
  /** Where `price` comes from: the ask (bought), the bid (sold), the mid (held), or stated. */
  priceSource: "ask" | "bid" | "mid" | "stated";
  /** The contract's quote when read, USD per share. */
  bid: number;
  ask: number;
  /** Black-Scholes delta per share at `volatilityPercent` (see greeks.ts). */
  delta: number;
  /** The volatility the delta is computed at, percent; null when none could be found. */
  volatilityPercent: number | null;
}

export type BookLeg = StockLeg | OptionLeg;

/** Cash paid to open the legs: positive a debit, negative a credit (USD). */
export function cashOutlay(legs: readonly BookLeg[]): number {
  let total = 0;
  for (const leg of legs) total += leg.quantity * sharesPerUnit(leg) * leg.price;
  return total;
}

/** Shares one unit of the leg stands for: 1 for stock, the multiplier for an option. */
export function sharesPerUnit(leg: BookLeg): number {
  return leg.kind === "stock" ? 1 : leg.multiplier;
}

/**
 * The notional a book controls: Σ |shares| × price over stock legs plus Σ |contracts| ×
 * multiplier × underlying price over option legs (USD). What costs are a percent of.
 */
export function grossNotional(
  legs: readonly BookLeg[],
  underlyings: ReadonlyMap<string, Underlying>,
): number {
  let total = 0;
  for (const leg of legs) {
    const spot = underlyings.get(leg.code)?.price ?? 0;
    total += Math.abs(leg.quantity) * sharesPerUnit(leg) * spot;
  }
  return total;
}
