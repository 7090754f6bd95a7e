import {
  type ClusterParameters,
  DEFAULT_CLUSTER_PARAMETERS,
  detectClusters,
} from "../../../../graph/insiders/clusters";
import { type DayBar, fiftyTwoWeekRanges, RANGE_DAYS } from "../../../../graph/insiders/range";
import { scoreTrade } from "../../../../graph/insiders/score";
import {
  type ActivityWindow,
  activityWindow,
  insiderSummary,
  type TradeTotals,
} from "../../../../graph/insiders/summary";
import type { InsiderTrade, Position } from "../../../../graph/ports";
import { nyInstant } from "../../../../market/ny-time";
import type { Instrument } from "../../../../market/ports";
import { roundDecimals, roundPercent } from "../../../../market/precision";
import { fromProvider, servedQuoteOf } from "../../../market-data";
import { rankedPage } from "../../../pages";
import type { Implementations } from "../../../route";
import { CLUSTER_DAYS, type graphPeopleRoutes, HOLDINGS_LOOKBACK_DAYS } from "../routes/people";
import { marketPurchases } from "./people-market";
import {
  byLatestPurchase,
  clockOf,
  clusterRow,
  companyTrades,
  dayOfIso,
  daysBefore,
  notKnown,
  titleOf,
  tradeRow,
} from "./people-rows";
import { fromCompanySource, type GraphDeps } from "./shared";

const MS_PER_DAY = 86_400_000;

const DEFAULTS = {
  minInsiders: DEFAULT_CLUSTER_PARAMETERS.minInsiders,
  windowDays: DEFAULT_CLUSTER_PARAMETERS.windowDays,
  minValue: DEFAULT_CLUSTER_PARAMETERS.minValueUsd,
};

/** The query's cluster parameters as the analytics take them. */
const parametersOf = (query: {
  minInsiders: number;
  windowDays: number;
  minValue: number;
}): ClusterParameters => ({
  minInsiders: query.minInsiders,
  windowDays: query.windowDays,
  minValueUsd: query.minValue,
});

export const graphPeopleImplementations: Implementations<typeof graphPeopleRoutes, GraphDeps> = {
  "graph.insiders": async ({ params, query }, deps) => {
    const what = "insiders";
    const { instrument, clock, from, trades } = await companyTrades(
      deps,
      params.code,
      what,
      HOLDINGS_LOOKBACK_DAYS,
    );
    const positions = await positionsOf(deps, instrument, what, query.includeFormer);
    const byPerson = tradesByPerson(trades);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      asOf: clock.asOf,
      from,
      insiders: positions.map((position) => {
        const own = byPerson.get(position.personCik) ?? [];
        const holding = own.findLast((trade) => !trade.derivative);
        const latest = own.at(-1);
        return {
          ...personFields(position),
          latestFilingDate: latestFilingDate(own),
          latestTransactionDate: latest?.transactionDate ?? null,
          sharesOwned: holding?.sharesOwnedAfter ?? null,
          sharesOwnedAsOf: holding?.transactionDate ?? null,
          formsInLookback: new Set(own.map((trade) => trade.accessionNumber)).size,
          recentTrades: own
            .slice(Math.max(0, own.length - query.trades))
            .reverse()
            .map(tradeRow),
        };
      }),
    };
  },

  "graph.insidersScored": async ({ params, query }, deps) => {
    const { instrument, clock, from, trades } = await companyTrades(
      deps,
      params.code,
      "insider trades",
      query.days,
    );
    const ranges = fiftyTwoWeekRanges(
      await dailyBarsFrom(deps, instrument, daysBefore(from, RANGE_DAYS)),
      trades.map((trade) => trade.transactionDate),
    );
    const lines = new Map<string, number>();
    const rows = trades.map((trade) => {
      const line = (lines.get(trade.accessionNumber) ?? 0) + 1;
      lines.set(trade.accessionNumber, line);
      const range = ranges.get(trade.transactionDate) ?? null;
      return {
        rank: dayOfIso(trade.transactionDate),
        id: `${trade.accessionNumber}#${String(line).padStart(4, "0")}`,
        trade,
        line,
        range,
      };
    });
    rows.sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = rankedPage(rows, query.limit, query.cursor);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      asOf: clock.asOf,
      from,
      to: clock.today,
      total: rows.length,
      nextCursor: page.nextCursor,
      trades: page.rows.map(({ trade, line, range }) => ({
        ...tradeRow(trade),
        line,
        person: {
          cik: trade.personCik,
          name: trade.personName,
          title: titleOf(trade.relationship),
        },
        range52Week: range && {
          low: roundDecimals(range.low, 4),
          high: roundDecimals(range.high, 4),
        },
        ...scoreTrade(trade, range),
      })),
    };
  },

  "graph.insiderClusters": async ({ params, query }, deps) => {
    const { instrument, clock, from, trades } = await companyTrades(
      deps,
      params.code,
      "insider clusters",
      query.days,
    );
    const clusters = detectClusters(trades, parametersOf(query)).sort(byLatestPurchase);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      asOf: clock.asOf,
      parameters: {
        minInsiders: query.minInsiders,
        windowDays: query.windowDays,
        minValue: query.minValue,
        days: query.days,
        from,
        to: clock.today,
      },
      defaults: DEFAULTS,
      clusters: clusters.map((cluster) => clusterRow(cluster, instrument)),
    };
  },

  "graph.insiderSummary": async ({ params }, deps) => {
    const { instrument, clock, trades } = await companyTrades(
      deps,
      params.code,
      "insider activity",
      CLUSTER_DAYS.default,
    );
    const summary = insiderSummary(trades, clock.today, detectClusters(trades));
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      asOf: clock.asOf,
      last90Days: activityRow(summary.last90Days),
      last12Months: activityRow(summary.last12Months),
      latestCluster:
        summary.latestCluster === null ? null : clusterRow(summary.latestCluster, instrument),
      clusterParameters: { ...DEFAULTS, days: CLUSTER_DAYS.default },
    };
  },

  "graph.executives": async ({ params, query }, deps) => {
    const what = "executives";
    const { instrument, clock, trades } = await companyTrades(
      deps,
      params.code,
      what,
      HOLDINGS_LOOKBACK_DAYS,
    );
    const positions = await positionsOf(deps, instrument, what, query.includeFormer);
    const byPerson = tradesByPerson(trades);
    const yearAgo = daysBefore(clock.today, 365);
    const ordered = ROLE_ORDER.flatMap((role) => positions.filter((p) => p.role === role));
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      asOf: clock.asOf,
      executives: ordered.map((position) => {
        const own = byPerson.get(position.personCik) ?? [];
        const year = activityWindow(own, clock.today, 365);
        return {
          ...personFields(position),
          age: position.age,
          form4: {
            formsLast12Months: new Set(
              own.filter((t) => t.filingDate >= yearAgo).map((t) => t.accessionNumber),
            ).size,
            lastFilingDate: latestFilingDate(own),
            sharesBoughtLast12Months: year.purchases.shares,
            sharesSoldLast12Months: year.sales.shares,
            netSharesLast12Months: year.netShares,
          },
        };
      }),
    };
  },

  "graph.insiderClustersRecent": async ({ query }, deps) => {
    const scan = await marketPurchases(deps);
    const clock = clockOf(deps);
    const from = daysBefore(clock.today, query.days);
    const recent = detectClusters(scan.purchases, parametersOf(query))
      .filter((cluster) => cluster.lastDate >= from)
      .sort(byLatestPurchase);
    return {
      asOf: clock.asOf,
      from,
      to: clock.today,
      scanFrom: scan.scanFrom,
      parameters: {
        minInsiders: query.minInsiders,
        windowDays: query.windowDays,
        minValue: query.minValue,
        days: query.days,
        limit: query.limit,
      },
      defaults: DEFAULTS,
      total: recent.length,
      clusters: recent.slice(0, query.limit).map((cluster) => ({
        ...clusterRow(cluster, scan.stocks.get(cluster.symbol) as Instrument),
        daysSinceLastPurchase: dayOfIso(clock.today) - dayOfIso(cluster.lastDate),
      })),
    };
  },

  "graph.insiderClustersSnapshot": async ({ query }, deps) => {
    const scan = await marketPurchases(deps);
    const clock = clockOf(deps);
    const activeFrom = daysBefore(clock.today, query.windowDays);
    const active = detectClusters(scan.purchases, parametersOf(query))
      .filter((cluster) => cluster.lastDate >= activeFrom)
      .sort(byLatestPurchase);
    const clusters = await Promise.all(
      active.map(async (cluster) => {
        const instrument = scan.stocks.get(cluster.symbol) as Instrument;
        const row = clusterRow(cluster, instrument);
        const priceNow = (await servedQuoteOf(deps, instrument)).livePrice;
        return {
          ...row,
          daysSinceLastPurchase: dayOfIso(clock.today) - dayOfIso(cluster.lastDate),
          priceNow,
          changeFromAverageCostPercent: roundPercent(
            ((priceNow - row.averagePrice) / row.averagePrice) * 100,
          ),
        };
      }),
    );
    return {
      asOf: clock.asOf,
      today: clock.today,
      scanFrom: scan.scanFrom,
      parameters: {
        minInsiders: query.minInsiders,
        windowDays: query.windowDays,
        minValue: query.minValue,
      },
      defaults: DEFAULTS,
      clusters,
    };
  },
};

const ROLE_ORDER: Position["role"][] = ["officer", "director", "ten-percent-owner"];

async function positionsOf(
  deps: GraphDeps,
  instrument: Instrument,
  what: string,
  includeFormer: boolean,
): Promise<Position[]> {
  const positions = await fromCompanySource(() =>
    deps.graph.people.positionsOf(instrument.symbol, includeFormer),
  );
  if (!positions) throw notKnown(instrument, what);
  return positions;
}

function personFields(position: Position) {
  const { relationship } = position;
  return {
    cik: position.personCik,
    name: position.name,
    title: position.title,
    role: position.role,
    isDirector: relationship.isDirector,
    isOfficer: relationship.isOfficer,
    isTenPercentOwner: relationship.isTenPercentOwner,
    since: position.since,
    until: position.until,
  };
}

/** Each person's lines, oldest first. */
function tradesByPerson(trades: readonly InsiderTrade[]): Map<string, InsiderTrade[]> {
  const byPerson = new Map<string, InsiderTrade[]>();
  for (const trade of trades) {
    const own = byPerson.get(trade.personCik);
    if (own) own.push(trade);
    else byPerson.set(trade.personCik, [trade]);
  }
  return byPerson;
}

function latestFilingDate(trades: readonly InsiderTrade[]): string | null {
  return trades.reduce<string | null>(
    (latest, trade) => (latest === null || trade.filingDate > latest ? trade.filingDate : latest),
    null,
  );
}

/** Regular-session daily bars from `from` (New York date) to the clock, keyed by their date. */
async function dailyBarsFrom(
  deps: GraphDeps,
  instrument: Instrument,
  from: string,
): Promise<DayBar[]> {
  const bars = await fromProvider(() =>
    deps.market.bars(instrument.code, {
      period: 5,
      from: nyInstant(dayOfIso(from), 0),
      to: deps.marketClock.now().getTime(),
      extended: false,
    }),
  );
  // A daily bar starts at New York midnight: 04:00 or 05:00 UTC of the same date.
  return (bars ?? []).map((bar) => ({
    day: Math.floor(bar.timestamp / MS_PER_DAY),
    low: bar.low,
    high: bar.high,
  }));
}

function activityRow(window: ActivityWindow) {
  const totals = ({ count, shares, valueUsd }: TradeTotals) => ({ count, shares, value: valueUsd });
  return {
    days: window.days,
    from: window.from,
    to: window.to,
    purchases: totals(window.purchases),
    sales: { ...totals(window.sales), underPlan: window.sales.underPlan },
    netShares: window.netShares,
    netValue: window.netValueUsd,
    distinctInsiders: window.distinctInsiders,
    buyers: window.buyers,
    sellers: window.sellers,
  };
}
