import { roundDecimals } from "../market/precision";
import type { Chamber, CongressionalTrade, Party, TransactionType } from "./ports";

/**
 * What the routes compute over disclosed trades: filters, the return since a trade, and the
 * members' league table. Pure: prices come in as arguments.
 *
 * Return since a transaction, percent: direction × (price now / close on the transaction date
 * − 1) × 100, direction +1 for a purchase and −1 for a sale or partial sale (a sale "wins" when
 * the price has fallen since); an exchange has no direction and no return (null).
 *
 * A member's return since their trades: the mean of their trades' returns weighted by each
 * trade's estimated value (the band's midpoint, the open top band at its minimum),
 * Σ wᵢ·rᵢ / Σ wᵢ over the trades with a return; null when none has one.
 */

export interface TradeFilter {
  chamber?: Chamber | undefined;
  party?: Party | undefined;
  transactionType?: TransactionType | undefined;
  /** Two-letter state. */
  state?: string | undefined;
}

export function matches(trade: CongressionalTrade, filter: TradeFilter): boolean {
  return (
    (filter.chamber === undefined || trade.member.chamber === filter.chamber) &&
    (filter.party === undefined || trade.member.party === filter.party) &&
    (filter.state === undefined || trade.member.state === filter.state) &&
    (filter.transactionType === undefined || trade.transactionType === filter.transactionType)
  );
}

/** +1 purchase, −1 sale or partial sale, 0 exchange. */
export function directionOf(type: TransactionType): 1 | -1 | 0 {
  return type === "purchase" ? 1 : type === "exchange" ? 0 : -1;
}

/** Percent (2 decimals), or null for an exchange or without a price now. */
export function returnSince(
  trade: CongressionalTrade,
  priceNow: number | undefined,
): number | null {
  const direction = directionOf(trade.transactionType);
  if (direction === 0 || priceNow === undefined) return null;
  return roundDecimals(direction * (priceNow / trade.priceAtTransaction - 1) * 100, 2);
}

export interface TraderRow {
  memberId: string;
  name: string;
  chamber: Chamber;
  party: Party;
  state: string;
  district: string | null;
  trades: number;
  purchases: number;
  sales: number;
  exchanges: number;
  estimatedVolumeUsd: number;
  estimatedPurchaseUsd: number;
  estimatedSaleUsd: number;
  lateFilings: number;
  averageDelayDays: number;
  distinctTickers: number;
  topTickers: string[];
  lastTransactionDate: string;
  returnSinceTradesPercent: number | null;
  tradesWithReturn: number;
}

/** One row per member with a trade in `trades`; `prices` are the current prices by code. */
export function traderRows(
  trades: readonly CongressionalTrade[],
  prices: ReadonlyMap<string, number>,
): TraderRow[] {
  const byMember = new Map<string, CongressionalTrade[]>();
  for (const trade of trades) {
    const list = byMember.get(trade.member.id);
    if (list) list.push(trade);
    else byMember.set(trade.member.id, [trade]);
  }
  return [...byMember.values()].map((own) => {
    const member = (own[0] as CongressionalTrade).member;
    let weighted = 0;
    let weights = 0;
    let withReturn = 0;
    const valueByTicker = new Map<string, number>();
    for (const trade of own) {
      const r = returnSince(trade, prices.get(trade.code));
      valueByTicker.set(
        trade.ticker,
        (valueByTicker.get(trade.ticker) ?? 0) + trade.amount.estimateUsd,
      );
      if (r === null) continue;
      // The unrounded return: the rounded one is for display.
      const direction = directionOf(trade.transactionType);
      const exact = direction * ((prices.get(trade.code) as number) / trade.priceAtTransaction - 1);
      weighted += trade.amount.estimateUsd * exact;
      weights += trade.amount.estimateUsd;
      withReturn++;
    }
    const sum = (select: (t: CongressionalTrade) => boolean) =>
      own.filter(select).reduce((total, t) => total + t.amount.estimateUsd, 0);
    return {
      memberId: member.id,
      name: `${member.firstName} ${member.lastName}`,
      chamber: member.chamber,
      party: member.party,
      state: member.state,
      district: member.district,
      trades: own.length,
      purchases: own.filter((t) => t.transactionType === "purchase").length,
      sales: own.filter((t) => directionOf(t.transactionType) === -1).length,
      exchanges: own.filter((t) => t.transactionType === "exchange").length,
      estimatedVolumeUsd: roundDecimals(
        sum(() => true),
        2,
      ),
      estimatedPurchaseUsd: roundDecimals(
        sum((t) => t.transactionType === "purchase"),
        2,
      ),
      estimatedSaleUsd: roundDecimals(
        sum((t) => directionOf(t.transactionType) === -1),
        2,
      ),
      lateFilings: own.filter((t) => t.late).length,
      averageDelayDays: roundDecimals(own.reduce((s, t) => s + t.delayDays, 0) / own.length, 1),
      distinctTickers: valueByTicker.size,
      topTickers: [...valueByTicker.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 3)
        .map(([ticker]) => ticker),
      lastTransactionDate: own.reduce(
        (last, t) => (t.transactionDate > last ? t.transactionDate : last),
        "",
      ),
      returnSinceTradesPercent: weights > 0 ? roundDecimals((weighted / weights) * 100, 2) : null,
      tradesWithReturn: withReturn,
    };
  });
}

export type TraderSort = "volume" | "trades" | "return";

/** The number a sort ranks by, higher first (no return ranks last). */
export function traderRank(row: TraderRow, sort: TraderSort): number {
  if (sort === "trades") return row.trades;
  if (sort === "volume") return row.estimatedVolumeUsd;
  return row.returnSinceTradesPercent ?? -1e9;
}
