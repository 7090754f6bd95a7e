import type { Clock } from "../deps";
import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Instrument, MarketDataProvider } from "../market/ports";
import type { ClosesCache } from "./correlation";
import { buildCompanyGraph, type CompanyGraph, type InsiderActivity } from "./graph";
import type {
  GraphSources,
  InsiderTrade,
  Institution,
  InstitutionalPosition,
  SupplyRelation,
  UnlistedCompany,
} from "./ports";
import type { ListedCompany } from "./similarity";

/**
 * The graph as of one New York day, with what it was built from: built once per day per
 * process (the first request of a day pays for it; later ones read it), never from a failed
 * read (a failure is not cached). Market capitalisations use the day's last price.
 */
export interface GraphSnapshot {
  /** yyyy-MM-dd (New York). */
  day: string;
  /** When it was built, ISO 8601 (the market clock). */
  builtAt: string;
  provider: string;
  graph: CompanyGraph;
  companies: ReadonlyMap<string, ListedCompany>;
  unlisted: ReadonlyMap<string, UnlistedCompany>;
  /** null: the provider has no supply-chain source. */
  supply: readonly SupplyRelation[] | null;
  institutions: ReadonlyMap<string, Institution>;
  holdings: ReadonlyMap<string, readonly InstitutionalPosition[]>;
  sharesOutstanding: ReadonlyMap<string, number>;
  insiderActivity: readonly InsiderActivity[];
  /**
   * Per issuer, its Form 4 lines dated in the last INSIDER_ACTIVITY_DAYS days, oldest first;
   * empty when the sources do not hold every issuer's trades (peopleInGraph false).
   */
  insiderTrades: ReadonlyMap<string, readonly InsiderTrade[]>;
  /** Daily closes read for correlations during the day (correlation.ts). */
  closes: ClosesCache;
}

export interface SnapshotDeps {
  market: MarketDataProvider;
  graph: GraphSources;
  marketClock: Clock;
}

/** Insider trades feed the graph's insider-traded edges over this many days. */
export const INSIDER_ACTIVITY_DAYS = 365;

/** Per set of sources, the day's graph and the market it was built over. */
const snapshots = new WeakMap<
  GraphSources,
  { day: string; market: MarketDataProvider; snapshot: Promise<GraphSnapshot> }
>();

/** The graph of the market clock's New York day (built on the day's first call). */
export function graphSnapshot(deps: SnapshotDeps): Promise<GraphSnapshot> {
  const nowMs = deps.marketClock.now().getTime();
  const day = isoDate(nyWallClock(nowMs).day);
  const cached = snapshots.get(deps.graph);
  if (cached?.day === day && cached.market === deps.market) return cached.snapshot;
  const snapshot = buildSnapshot(deps, day, new Date(nowMs).toISOString());
  snapshots.set(deps.graph, { day, market: deps.market, snapshot });
  snapshot.catch(() => {
    if (snapshots.get(deps.graph)?.snapshot === snapshot) snapshots.delete(deps.graph);
  });
  return snapshot;
}

async function buildSnapshot(
  deps: SnapshotDeps,
  day: string,
  builtAt: string,
): Promise<GraphSnapshot> {
  const { graph: sources } = deps;
  const stocks = (await deps.market.instruments()).filter((i) => i.contractType === "Stock");
  const [companies, unlisted, supply, positions, institutions, holdings, insiderTrades] =
    await Promise.all([
      listedCompanies(deps.market, stocks),
      sources.supplyChain ? sources.supplyChain.unlistedCompanies() : [],
      sources.supplyChain ? sources.supplyChain.relations() : null,
      sources.peopleInGraph ? sources.people.allPositions() : [],
      sources.institutions.institutions(),
      holdingsBySymbol(sources, stocks),
      sources.peopleInGraph ? insiderTradesOf(sources, stocks, day) : new Map(),
    ]);
  const insiderActivity = insiderActivityOf(insiderTrades.values());
  const sharesOutstanding = new Map(
    stocks.map((stock) => [stock.symbol, stock.sharesOutstanding ?? 0]),
  );
  const graph = buildCompanyGraph({
    day,
    companies,
    unlisted,
    supply: supply ?? [],
    positions,
    institutions,
    holdings,
    sharesOutstanding,
    insiderActivity,
  });
  return {
    day,
    builtAt,
    provider: sources.provider,
    graph,
    companies: new Map(companies.map((company) => [company.symbol, company])),
    unlisted: new Map(unlisted.map((company) => [company.companyId, company])),
    supply,
    institutions: new Map(institutions.map((institution) => [institution.cik, institution])),
    holdings,
    sharesOutstanding,
    insiderActivity,
    insiderTrades,
    closes: new Map(),
  };
}

/** The stocks with their market capitalisation at the last price (shares × last close so far). */
async function listedCompanies(
  market: MarketDataProvider,
  stocks: readonly Instrument[],
): Promise<ListedCompany[]> {
  return Promise.all(
    stocks.map(async (stock) => {
      const closes = await market.dailyCloses(stock.code, 1);
      const price = closes?.at(-1) ?? 0;
      return {
        symbol: stock.symbol,
        code: stock.code,
        name: stock.name,
        sector: stock.sector ?? "",
        industry: stock.industry ?? "",
        marketCapUsd: price * (stock.sharesOutstanding ?? 0),
      };
    }),
  );
}

async function holdingsBySymbol(
  sources: GraphSources,
  stocks: readonly Instrument[],
): Promise<Map<string, readonly InstitutionalPosition[]>> {
  const entries = await Promise.all(
    stocks.map(
      async (stock) =>
        [stock.symbol, (await sources.institutions.positionsIn(stock.symbol)) ?? []] as const,
    ),
  );
  return new Map(entries);
}

/** Per issuer, the Form 4 lines dated in the last INSIDER_ACTIVITY_DAYS days. */
async function insiderTradesOf(
  sources: GraphSources,
  stocks: readonly Instrument[],
  day: string,
): Promise<Map<string, readonly InsiderTrade[]>> {
  const from = isoDate(Date.parse(day) / 86_400_000 - INSIDER_ACTIVITY_DAYS);
  const perStock = await Promise.all(
    stocks.map(
      async (stock) =>
        [
          stock.symbol,
          (await sources.people.insiderTrades(stock.symbol, from, day)) ?? [],
        ] as const,
    ),
  );
  return new Map(perStock);
}

/** Per person and issuer, the totals of their trades. */
function insiderActivityOf(perStock: Iterable<readonly InsiderTrade[]>): InsiderActivity[] {
  const activity = new Map<string, InsiderActivity>();
  for (const trades of perStock) {
    for (const trade of trades) {
      const key = `${trade.personCik}:${trade.symbol}`;
      let entry = activity.get(key);
      if (!entry) {
        entry = {
          personCik: trade.personCik,
          personName: trade.personName,
          symbol: trade.symbol,
          trades: 0,
          boughtUsd: 0,
          soldUsd: 0,
          lastTradeDate: trade.transactionDate,
        };
        activity.set(key, entry);
      }
      entry.trades++;
      const valueUsd = trade.shares * (trade.pricePerShare ?? 0);
      if (trade.code === "P") entry.boughtUsd += valueUsd;
      if (trade.code === "S") entry.soldUsd += valueUsd;
      if (trade.transactionDate > entry.lastTradeDate) entry.lastTradeDate = trade.transactionDate;
    }
  }
  return [...activity.values()];
}
