import type { InsiderRelationship } from "../../../../company/ports";
import type { InsiderCluster } from "../../../../graph/insiders/clusters";
import type { InsiderTrade } from "../../../../graph/ports";
import { isoDate } from "../../../../market/civil-date";
import { nyWallClock } from "../../../../market/ny-time";
import type { Instrument } from "../../../../market/ports";
import { roundDecimals, roundMoney } from "../../../../market/precision";
import { apiError } from "../../../errors";
import { fromCompanySource, type GraphDeps, graphCompany } from "./shared";

/**
 * What the people routes share: the clock as New York dates, the issuer's Form 4 lines, and
 * the rows trades and clusters are served as.
 */

const MS_PER_DAY = 86_400_000;

export interface GraphClock {
  nowMs: number;
  /** ISO 8601 UTC of the market clock. */
  asOf: string;
  /** Today in New York, yyyy-MM-dd. */
  today: string;
}

export function clockOf(deps: Pick<GraphDeps, "marketClock">): GraphClock {
  const nowMs = deps.marketClock.now().getTime();
  return {
    nowMs,
    asOf: new Date(nowMs).toISOString(),
    today: isoDate(nyWallClock(nowMs).day),
  };
}

export const dayOfIso = (date: string) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** The date `days` before `date`, yyyy-MM-dd. */
export const daysBefore = (date: string, days: number) => isoDate(dayOfIso(date) - days);

/** The company and its Form 4 lines dated from `days` before today through today, oldest first. */
export async function companyTrades(
  deps: GraphDeps,
  code: string,
  what: string,
  days: number,
): Promise<{ instrument: Instrument; clock: GraphClock; from: string; trades: InsiderTrade[] }> {
  const instrument = await graphCompany(deps, code, what);
  const clock = clockOf(deps);
  const from = daysBefore(clock.today, days);
  const trades = await fromCompanySource(() =>
    deps.graph.people.insiderTrades(instrument.symbol, from, clock.today),
  );
  if (!trades) throw notKnown(instrument, what);
  return { instrument, clock, from, trades };
}

export function notKnown(instrument: Instrument, what: string) {
  return apiError("NO_DATA", {
    what,
    code: instrument.code,
    reason: "the people source does not know the issuer",
  });
}

/** The relationship as one title, as filed: the officer's title, else the director/owner boxes. */
export function titleOf(relationship: InsiderRelationship): string {
  if (relationship.officerTitle) return relationship.officerTitle;
  const boxes = [
    ...(relationship.isDirector ? ["Director"] : []),
    ...(relationship.isTenPercentOwner ? ["10% Owner"] : []),
  ];
  if (boxes.length > 0) return boxes.join(", ");
  return relationship.otherText ?? (relationship.isOfficer ? "Officer" : "Reporting owner");
}

/** The line as served: the form's fields and its value. */
export function tradeRow(trade: InsiderTrade) {
  return {
    securityTitle: trade.securityTitle,
    derivative: trade.derivative,
    transactionDate: trade.transactionDate,
    code: trade.code,
    shares: trade.shares,
    pricePerShare: trade.pricePerShare,
    value: trade.pricePerShare === null ? null : roundMoney(trade.shares * trade.pricePerShare),
    acquiredDisposed: trade.acquiredDisposed,
    sharesOwnedAfter: trade.sharesOwnedAfter,
    ownership: trade.ownership,
    tradingPlan: trade.tradingPlan,
    accessionNumber: trade.accessionNumber,
    filingDate: trade.filingDate,
    form: trade.form,
  };
}

/** The cluster as served, with its company. */
export function clusterRow(cluster: InsiderCluster, instrument: Pick<Instrument, "code" | "name">) {
  return {
    id: `${cluster.symbol}:${cluster.firstDate}`,
    symbol: cluster.symbol,
    code: instrument.code,
    name: instrument.name,
    firstDate: cluster.firstDate,
    lastDate: cluster.lastDate,
    insiderCount: cluster.insiderCount,
    purchaseCount: cluster.purchaseCount,
    totalShares: cluster.totalShares,
    totalValue: roundMoney(cluster.totalValueUsd),
    averagePrice: roundDecimals(cluster.averagePrice, 4),
    members: cluster.members.map((member) => ({
      cik: member.personCik,
      name: member.personName,
      title: titleOf(member.relationship),
      purchases: member.purchases,
      shares: member.shares,
      value: roundMoney(member.valueUsd),
      averagePrice: roundDecimals(member.averagePrice, 4),
      firstDate: member.firstDate,
      lastDate: member.lastDate,
    })),
    accessionNumbers: [...new Set(cluster.purchases.map((trade) => trade.accessionNumber))],
  };
}

/** Latest last purchase first, then the larger total value, then the symbol. */
export function byLatestPurchase(a: InsiderCluster, b: InsiderCluster): number {
  if (a.lastDate !== b.lastDate) return a.lastDate < b.lastDate ? 1 : -1;
  return b.totalValueUsd - a.totalValueUsd || a.symbol.localeCompare(b.symbol);
}
