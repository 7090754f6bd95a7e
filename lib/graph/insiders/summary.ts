import type { InsiderTrade } from "../ports";
import { type InsiderCluster, isOpenMarketPurchase } from "./clusters";

/**
 * An issuer's insider activity over the last 90 days and the last 12 months, as insider
 * trackers summarise it: open-market purchases (code P, non-derivative) and sales (code S,
 * non-derivative), their counts, shares and values, the net, and who traded. Grants, exercises,
 * tax withholdings and gifts are left out (no decision to buy or sell in the market). Pure.
 */

export const SUMMARY_WINDOWS = { last90Days: 90, last12Months: 365 } as const;

export interface TradeTotals {
  /** Form 4 lines. */
  count: number;
  shares: number;
  valueUsd: number;
}

export interface ActivityWindow {
  days: number;
  /** today − days (inclusive), yyyy-MM-dd. */
  from: string;
  to: string;
  purchases: TradeTotals;
  sales: TradeTotals & { underPlan: number };
  /** purchases.shares − sales.shares. */
  netShares: number;
  /** purchases.valueUsd − sales.valueUsd. */
  netValueUsd: number;
  /** Distinct insiders with a purchase or a sale. */
  distinctInsiders: number;
  buyers: number;
  sellers: number;
}

export interface InsiderSummary {
  last90Days: ActivityWindow;
  last12Months: ActivityWindow;
  /** The cluster with the latest last purchase; null when none. */
  latestCluster: InsiderCluster | null;
}

/** An open-market sale (Form 4 code S, non-derivative). */
export function isOpenMarketSale(trade: InsiderTrade): boolean {
  return trade.code === "S" && !trade.derivative && trade.acquiredDisposed === "D";
}

const MS_PER_DAY = 86_400_000;

/** The day `days` before `isoDate`, yyyy-MM-dd. */
export function isoDaysBefore(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * MS_PER_DAY)
    .toISOString()
    .slice(0, 10);
}

/** The windows ending `today` (trades of any date given; those outside are ignored). */
export function insiderSummary(
  trades: readonly InsiderTrade[],
  today: string,
  clusters: readonly InsiderCluster[],
): InsiderSummary {
  const latestCluster = clusters.reduce<InsiderCluster | null>(
    (latest, cluster) =>
      latest === null || cluster.lastDate >= latest.lastDate ? cluster : latest,
    null,
  );
  return {
    last90Days: activityWindow(trades, today, SUMMARY_WINDOWS.last90Days),
    last12Months: activityWindow(trades, today, SUMMARY_WINDOWS.last12Months),
    latestCluster,
  };
}

export function activityWindow(
  trades: readonly InsiderTrade[],
  today: string,
  days: number,
): ActivityWindow {
  const from = isoDaysBefore(today, days);
  const inWindow = trades.filter((t) => t.transactionDate >= from && t.transactionDate <= today);
  const purchases = inWindow.filter(isOpenMarketPurchase);
  const sales = inWindow.filter(isOpenMarketSale);
  const bought = totalsOf(purchases);
  const sold = totalsOf(sales);
  const buyers = new Set(purchases.map((t) => t.personCik));
  const sellers = new Set(sales.map((t) => t.personCik));
  return {
    days,
    from,
    to: today,
    purchases: bought,
    sales: { ...sold, underPlan: sales.filter((t) => t.tradingPlan === true).length },
    netShares: bought.shares - sold.shares,
    netValueUsd: (Math.round(bought.valueUsd * 100) - Math.round(sold.valueUsd * 100)) / 100,
    distinctInsiders: new Set([...buyers, ...sellers]).size,
    buyers: buyers.size,
    sellers: sellers.size,
  };
}

/** Counts, shares and value (whole cents summed, so totals are exact to the cent). */
function totalsOf(trades: readonly InsiderTrade[]): TradeTotals {
  let cents = 0;
  let shares = 0;
  for (const trade of trades) {
    shares += trade.shares;
    if (trade.pricePerShare !== null) cents += Math.round(trade.shares * trade.pricePerShare * 100);
  }
  return { count: trades.length, shares, valueUsd: cents / 100 };
}
