/**
 * FIFO lot matching of a trade list, long and short. Trades are taken in time order (ties in
 * the order given). Per symbol the open lots all face one way: a buy with short lots open
 * covers them oldest first, a sell with long lots open closes them oldest first; what is left
 * of the trade opens a new lot its own way (a sell beyond the long quantity opens a short, a
 * buy beyond the short quantity opens a long). Fees are per trade and spread over its
 * quantity: an opening fee stays with its lot (shared pro rata when the lot is closed in
 * parts), a closing fee with the quantity it closes.
 *
 * Realised P&L of a closed lot part of quantity q: (exit − entry) · q for a long,
 * (entry − exit) · q for a short, less its share of the opening and the closing fees.
 */

export type Side = "buy" | "sell";
export type Direction = "long" | "short";

export interface Trade {
  symbol: string;
  side: Side;
  /** Positive; shares (or coins). */
  quantity: number;
  /** Per unit. */
  price: number;
  /** Epoch ms. */
  timestamp: number;
  /** Total for the trade, ≥ 0. */
  fees: number;
}

/** An open lot (or what is left of one). */
export interface OpenLot {
  symbol: string;
  direction: Direction;
  /** Index of the opening trade in the input. */
  tradeIndex: number;
  timestamp: number;
  quantity: number;
  entryPrice: number;
  /** The opening fees still carried by the lot's remaining quantity. */
  fees: number;
}

/** One part of a lot closed by one trade. */
export interface ClosedLot {
  symbol: string;
  direction: Direction;
  quantity: number;
  openTradeIndex: number;
  closeTradeIndex: number;
  openTimestamp: number;
  closeTimestamp: number;
  entryPrice: number;
  exitPrice: number;
  /** The opening and closing fees of this part. */
  fees: number;
  realisedPnl: number;
}

/** Everything one trade closed (the unit a journal's win rate counts). */
export interface ClosingTrade {
  tradeIndex: number;
  symbol: string;
  /** The direction of the position closed. */
  direction: Direction;
  timestamp: number;
  /** Quantity closed (a flip's opening remainder excluded). */
  quantity: number;
  exitPrice: number;
  /** Quantity-weighted entry price of the lots closed. */
  averageEntryPrice: number;
  fees: number;
  realisedPnl: number;
  /** Quantity-weighted calendar days the closed quantity was held. */
  holdingDays: number;
  lots: number;
}

export interface FifoResult {
  closedLots: ClosedLot[];
  closingTrades: ClosingTrade[];
  /** Open lots by symbol, oldest first, in order of each symbol's first trade. */
  openLots: Map<string, OpenLot[]>;
}

/** Quantities this close to zero are zero (binary noise of fractional quantities). */
const QUANTITY_EPSILON = 1e-9;
const MS_PER_DAY = 86_400_000;

/** Trade indices in time order, ties in input order. */
function chronological(trades: readonly Trade[]): number[] {
  return trades
    .map((_, i) => i)
    .sort((a, b) => (trades[a] as Trade).timestamp - (trades[b] as Trade).timestamp || a - b);
}

const directionOf = (side: Side): Direction => (side === "buy" ? "long" : "short");

export function matchFifo(trades: readonly Trade[]): FifoResult {
  const openLots = new Map<string, OpenLot[]>();
  const closedLots: ClosedLot[] = [];
  const closingTrades: ClosingTrade[] = [];
  for (const index of chronological(trades)) {
    const trade = trades[index] as Trade;
    const lots = openLots.get(trade.symbol) ?? [];
    openLots.set(trade.symbol, lots);
    const closed = closeAgainst(lots, trade, index);
    closedLots.push(...closed.parts);
    if (closed.parts.length > 0) closingTrades.push(closingTradeOf(trade, index, closed.parts));
    if (closed.remaining > QUANTITY_EPSILON) {
      lots.push({
        symbol: trade.symbol,
        direction: directionOf(trade.side),
        tradeIndex: index,
        timestamp: trade.timestamp,
        quantity: closed.remaining,
        entryPrice: trade.price,
        fees: trade.fees * (closed.remaining / trade.quantity),
      });
    }
  }
  return { closedLots, closingTrades, openLots };
}

/** Closes the opposite-facing lots oldest first; what is left of the trade's quantity. */
function closeAgainst(lots: OpenLot[], trade: Trade, index: number) {
  const parts: ClosedLot[] = [];
  let remaining = trade.quantity;
  const closingFeePerUnit = trade.fees / trade.quantity;
  while (remaining > QUANTITY_EPSILON && lots[0] && lots[0].direction !== directionOf(trade.side)) {
    const lot = lots[0];
    const quantity = Math.min(lot.quantity, remaining);
    const openingFees = lot.fees * (quantity / lot.quantity);
    const fees = openingFees + closingFeePerUnit * quantity;
    const sign = lot.direction === "long" ? 1 : -1;
    parts.push({
      symbol: trade.symbol,
      direction: lot.direction,
      quantity,
      openTradeIndex: lot.tradeIndex,
      closeTradeIndex: index,
      openTimestamp: lot.timestamp,
      closeTimestamp: trade.timestamp,
      entryPrice: lot.entryPrice,
      exitPrice: trade.price,
      fees,
      realisedPnl: sign * (trade.price - lot.entryPrice) * quantity - fees,
    });
    lot.fees -= openingFees;
    lot.quantity -= quantity;
    remaining -= quantity;
    if (lot.quantity <= QUANTITY_EPSILON) lots.shift();
  }
  return { parts, remaining };
}

function closingTradeOf(trade: Trade, index: number, parts: readonly ClosedLot[]): ClosingTrade {
  let quantity = 0;
  let entryCost = 0;
  let fees = 0;
  let realisedPnl = 0;
  let heldDays = 0;
  for (const part of parts) {
    quantity += part.quantity;
    entryCost += part.entryPrice * part.quantity;
    fees += part.fees;
    realisedPnl += part.realisedPnl;
    heldDays += ((part.closeTimestamp - part.openTimestamp) / MS_PER_DAY) * part.quantity;
  }
  return {
    tradeIndex: index,
    symbol: trade.symbol,
    direction: (parts[0] as ClosedLot).direction,
    timestamp: trade.timestamp,
    quantity,
    exitPrice: trade.price,
    averageEntryPrice: entryCost / quantity,
    fees,
    realisedPnl,
    holdingDays: heldDays / quantity,
    lots: parts.length,
  };
}
