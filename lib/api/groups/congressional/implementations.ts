import {
  CongressionalDataUnavailable,
  type CongressionalTrade,
} from "../../../congressional/ports";
import {
  matches,
  returnSince,
  type TradeFilter,
  traderRank,
  traderRows,
} from "../../../congressional/queries";
import { MAX_DELAY_DAYS } from "../../../congressional/sim/trades";
import { isoDate } from "../../../market/civil-date";
import { nyWallClock } from "../../../market/ny-time";
import { apiError } from "../../errors";
import { instrumentOf } from "../../market-data";
import { byRankThenId, rankedPage } from "../../pages";
import type { Implementations } from "../../route";
import type { congressionalRoutes } from "./routes";
import type { CongressionalDeps } from "./shared";

export type { CongressionalDeps };

/** The source's failures as the envelope's 503 naming the congressional data. */
async function fromCongress<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CongressionalDataUnavailable) {
      throw apiError("CONGRESSIONAL_DATA_UNAVAILABLE", {
        lacking: error.lacking,
        note: error.note,
        cause: error,
      });
    }
    throw error;
  }
}

/** The clock and the window of the last `days` calendar days (today included). */
function windowOf(deps: CongressionalDeps, days: number) {
  const now = deps.marketClock.now();
  const today = nyWallClock(now.getTime()).day;
  const fromDay = today - days + 1;
  return { now, fromDay, window: { from: isoDate(fromDay), to: isoDate(today) } };
}

/** The rows as served: the trade with its price now and its return. */
async function served(deps: CongressionalDeps, trades: readonly CongressionalTrade[]) {
  const prices = await fromCongress(() =>
    deps.congressional.pricesNow([...new Set(trades.map((t) => t.code))]),
  );
  return trades.map((t) => {
    const priceNow = prices.get(t.code);
    return {
      id: t.id,
      filingId: t.filingId,
      filingUrl: t.filingUrl,
      memberId: t.member.id,
      member: `${t.member.firstName} ${t.member.lastName}`,
      chamber: t.member.chamber,
      party: t.member.party,
      state: t.member.state,
      district: t.member.district,
      owner: t.owner,
      ticker: t.ticker,
      code: t.code,
      assetDescription: t.assetDescription,
      assetType: t.assetType,
      transactionType: t.transactionType,
      transactionDate: t.transactionDate,
      disclosureDate: t.disclosureDate,
      disclosedAt: new Date(t.disclosedAtMs).toISOString(),
      disclosureDelayDays: t.delayDays,
      late: t.late,
      amount: { ...t.amount },
      priceAtTransaction: t.priceAtTransaction,
      priceNow: priceNow ?? null,
      returnSinceTransactionPercent: returnSince(t, priceNow),
    };
  });
}

const round2 = (usd: number) => Math.round(usd * 100) / 100;
const sumOf = (trades: readonly CongressionalTrade[]) =>
  round2(trades.reduce((total, t) => total + t.amount.estimateUsd, 0));

export const congressionalImplementations: Implementations<
  typeof congressionalRoutes,
  CongressionalDeps
> = {
  "congressional.recent": async ({ query }, deps) => {
    const { now, fromDay, window } = windowOf(deps, query.days);
    const filter: TradeFilter = query;
    // A report filed in the window may be for a trade up to MAX_DELAY_DAYS before it.
    const trades = (
      await fromCongress(() =>
        deps.congressional.disclosedTrades(isoDate(fromDay - MAX_DELAY_DAYS)),
      )
    ).filter((t) => t.disclosureDate >= window.from && matches(t, filter));
    // The source's order (newest disclosure first, then id) is the pages' order.
    const page = rankedPage(
      trades.map((trade) => ({ rank: trade.disclosedAtMs, id: trade.id, trade })),
      query.limit,
      query.cursor,
    );
    return {
      asOf: now.toISOString(),
      source: deps.congressional.name,
      window,
      total: trades.length,
      trades: await served(
        deps,
        page.rows.map((row) => row.trade),
      ),
      nextCursor: page.nextCursor,
    };
  },

  "congressional.ticker": async ({ params, query }, deps) => {
    const instrument = await instrumentOf(deps, params.code);
    const { now, window } = windowOf(deps, query.days);
    const filter: TradeFilter = query;
    const trades = (await fromCongress(() => deps.congressional.disclosedTrades(window.from)))
      .filter((t) => t.code === instrument.code && matches(t, filter))
      .map((trade) => ({ rank: Date.parse(trade.transactionDate), id: trade.id, trade }))
      .sort(byRankThenId);
    const all = trades.map((row) => row.trade);
    const page = rankedPage(trades, query.limit, query.cursor);
    const purchases = all.filter((t) => t.transactionType === "purchase");
    const sales = all.filter(
      (t) => t.transactionType === "sale" || t.transactionType === "partial-sale",
    );
    const prices = await fromCongress(() => deps.congressional.pricesNow([instrument.code]));
    return {
      code: instrument.code,
      symbol: instrument.symbol,
      name: instrument.name,
      asOf: now.toISOString(),
      source: deps.congressional.name,
      window,
      priceNow: prices.get(instrument.code) ?? null,
      summary: {
        members: new Set(all.map((t) => t.member.id)).size,
        purchases: purchases.length,
        sales: sales.length,
        exchanges: all.length - purchases.length - sales.length,
        estimatedPurchaseUsd: sumOf(purchases),
        estimatedSaleUsd: sumOf(sales),
        netEstimatedUsd: round2(sumOf(purchases) - sumOf(sales)),
      },
      total: all.length,
      trades: await served(
        deps,
        page.rows.map((row) => row.trade),
      ),
      nextCursor: page.nextCursor,
    };
  },

  "congressional.topTraders": async ({ query }, deps) => {
    const { now, window } = windowOf(deps, query.days);
    const filter: TradeFilter = { chamber: query.chamber, party: query.party };
    const trades = (
      await fromCongress(() => deps.congressional.disclosedTrades(window.from))
    ).filter((t) => matches(t, filter));
    const prices = await fromCongress(() =>
      deps.congressional.pricesNow([...new Set(trades.map((t) => t.code))]),
    );
    const ranked = traderRows(trades, prices)
      .map((row) => ({ rank: traderRank(row, query.sort), id: row.memberId, row }))
      .sort(byRankThenId)
      .map((entry, index) => ({ ...entry, position: index + 1 }));
    const page = rankedPage(ranked, query.limit, query.cursor);
    return {
      asOf: now.toISOString(),
      source: deps.congressional.name,
      window,
      sort: query.sort,
      total: ranked.length,
      traders: page.rows.map(({ row, position }) => {
        const { name, ...figures } = row;
        return { rank: position, ...figures, member: name };
      }),
      nextCursor: page.nextCursor,
    };
  },
};
