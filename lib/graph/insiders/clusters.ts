import type { InsiderRelationship } from "../../company/ports";
import type { InsiderTrade } from "../ports";

/**
 * Cluster buys: several insiders of one issuer buying its stock in the open market within a
 * short window, the pattern insider trackers single out. Pure: trades in, clusters out.
 *
 * Definition. Only open-market purchases count: code P on the non-derivative table (sales,
 * grants, exercises are ignored and never break a cluster). An issuer's purchases are sorted by
 * transaction date. A window starts at each purchase and holds every purchase dated from that
 * day through windowDays later: a purchase exactly windowDays after the start is in, one a day
 * later is out. A window qualifies when it holds purchases by at least minInsiders distinct
 * insiders (several purchases by one insider count once) whose value Σ shares × pricePerShare,
 * in whole cents, reaches minValue. A cluster is the union of qualifying windows that share a
 * purchase: from the first purchase of its first window to the last purchase of its last. So
 * a long buying wave is one cluster, and purchases more than windowDays after every qualifying
 * window's start begin another.
 */

export const DEFAULT_MIN_INSIDERS = 3;
export const DEFAULT_WINDOW_DAYS = 30;
export const DEFAULT_MIN_VALUE_USD = 50_000;

export interface ClusterParameters {
  /** Distinct insiders a window needs, ≥ 2. */
  minInsiders: number;
  /** Calendar days a window spans after its first purchase, ≥ 1. */
  windowDays: number;
  /** Total value a window needs, USD, ≥ 0. */
  minValueUsd: number;
}

export const DEFAULT_CLUSTER_PARAMETERS: Readonly<ClusterParameters> = Object.freeze({
  minInsiders: DEFAULT_MIN_INSIDERS,
  windowDays: DEFAULT_WINDOW_DAYS,
  minValueUsd: DEFAULT_MIN_VALUE_USD,
});

/** One insider's purchases within a cluster. */
export interface ClusterMember {
  personCik: string;
  personName: string;
  relationship: InsiderRelationship;
  purchases: number;
  shares: number;
  valueUsd: number;
  /** valueUsd / shares. */
  averagePrice: number;
  firstDate: string;
  lastDate: string;
}

export interface InsiderCluster {
  symbol: string;
  firstDate: string;
  lastDate: string;
  insiderCount: number;
  purchaseCount: number;
  totalShares: number;
  totalValueUsd: number;
  /** totalValueUsd / totalShares: the insiders' average cost. */
  averagePrice: number;
  /** Largest value first. */
  members: ClusterMember[];
  /** The purchases, oldest first. */
  purchases: InsiderTrade[];
}

/** An open-market purchase of the issuer's stock (Form 4 code P, non-derivative table). */
export function isOpenMarketPurchase(trade: InsiderTrade): boolean {
  return trade.code === "P" && !trade.derivative && trade.acquiredDisposed === "A";
}

const MS_PER_DAY = 86_400_000;
const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY;
/** The line's value in whole cents (0 without a price), so thresholds compare exactly. */
const centsOf = (trade: InsiderTrade) =>
  trade.pricePerShare === null ? 0 : Math.round(trade.shares * trade.pricePerShare * 100);

/**
 * Every cluster in the trades (of any issuers), by issuer in first-seen order, then oldest
 * first. Trades of other codes are ignored.
 */
export function detectClusters(
  trades: readonly InsiderTrade[],
  parameters: ClusterParameters = DEFAULT_CLUSTER_PARAMETERS,
): InsiderCluster[] {
  const bySymbol = new Map<string, InsiderTrade[]>();
  for (const trade of trades) {
    if (!isOpenMarketPurchase(trade)) continue;
    const list = bySymbol.get(trade.symbol);
    if (list) list.push(trade);
    else bySymbol.set(trade.symbol, [trade]);
  }
  return [...bySymbol.values()].flatMap((purchases) => clustersOfIssuer(purchases, parameters));
}

function clustersOfIssuer(
  unsorted: readonly InsiderTrade[],
  { minInsiders, windowDays, minValueUsd }: ClusterParameters,
): InsiderCluster[] {
  const purchases = [...unsorted].sort((a, b) =>
    a.transactionDate < b.transactionDate ? -1 : a.transactionDate > b.transactionDate ? 1 : 0,
  );
  const days = purchases.map((trade) => dayOf(trade.transactionDate));
  const cents = purchases.map(centsOf);
  const minCents = Math.round(minValueUsd * 100);
  const ranges: [start: number, end: number][] = [];
  let end = 0;
  for (let start = 0; start < purchases.length; start++) {
    end = Math.max(end, start);
    while (
      end + 1 < purchases.length &&
      (days[end + 1] as number) - (days[start] as number) <= windowDays
    ) {
      end++;
    }
    const insiders = new Set<string>();
    let total = 0;
    for (let i = start; i <= end; i++) {
      insiders.add((purchases[i] as InsiderTrade).personCik);
      total += cents[i] as number;
    }
    if (insiders.size < minInsiders || total < minCents) continue;
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = end;
    else ranges.push([start, end]);
  }
  return ranges.map(([start, last]) => clusterOf(purchases.slice(start, last + 1)));
}

function clusterOf(purchases: InsiderTrade[]): InsiderCluster {
  const members = new Map<string, ClusterMember & { cents: number }>();
  for (const trade of purchases) {
    const member = members.get(trade.personCik) ?? {
      personCik: trade.personCik,
      personName: trade.personName,
      relationship: trade.relationship,
      purchases: 0,
      shares: 0,
      valueUsd: 0,
      averagePrice: 0,
      firstDate: trade.transactionDate,
      lastDate: trade.transactionDate,
      cents: 0,
    };
    member.purchases++;
    member.shares += trade.shares;
    member.cents += centsOf(trade);
    member.lastDate = trade.transactionDate;
    members.set(trade.personCik, member);
  }
  const served = [...members.values()]
    .map(({ cents, ...member }) => ({
      ...member,
      valueUsd: cents / 100,
      averagePrice: member.shares > 0 ? cents / 100 / member.shares : 0,
    }))
    .sort((a, b) => b.valueUsd - a.valueUsd || a.personCik.localeCompare(b.personCik));
  const totalCents = purchases.reduce((sum, trade) => sum + centsOf(trade), 0);
  const totalShares = purchases.reduce((sum, trade) => sum + trade.shares, 0);
  const first = purchases[0] as InsiderTrade;
  return {
    symbol: first.symbol,
    firstDate: first.transactionDate,
    lastDate: (purchases.at(-1) as InsiderTrade).transactionDate,
    insiderCount: members.size,
    purchaseCount: purchases.length,
    totalShares,
    totalValueUsd: totalCents / 100,
    averagePrice: totalShares > 0 ? totalCents / 100 / totalShares : 0,
    members: served,
    purchases,
  };
}
