import { isoDate } from "../../market/civil-date";
import { datedCloses } from "../../market/dated-closes";
import type { MarketDataProvider } from "../../market/ports";
import { previousTradingDay } from "../../market/trading-days";
import type { NewsDesk } from "../../news/desk";
import { keptPromise } from "../../promise-cache";
import type { InstitutionalPosition, PeopleSource } from "../ports";
import type { GraphSnapshot } from "../snapshot";
import {
  type DatedInsiderTrade,
  type FilerChange,
  INSIDER_WINDOW_DAYS,
  IV_RANK_SESSIONS,
  type OptionSessionVolume,
  PUT_CALL_SESSIONS,
  type ScoredArticle,
  type SupplyPartner,
  shiftDate,
  type TechnicalSeries,
  technicalSeries,
} from "./components";

/**
 * What the score of one stock reads, loaded once per stock per day and shared by its points:
 * prices, insider trades, 13F changes, supply partners, news, option activity, sector P/Es.
 * Every read is cached for the day; a failed read is not (the next request tries again).
 */

export interface StockPrices {
  closes: ReadonlyMap<string, number>;
  technical: TechnicalSeries;
}

export interface ScoreInputs {
  pointDates: readonly string[];
  stock: StockPrices;
  sharesOutstanding: number;
  insiderTrades: readonly DatedInsiderTrade[];
  filerChanges: readonly FilerChange[];
  partners: readonly SupplyPartner[];
  benchmark: ReadonlyMap<string, number>;
  /** The session `sessions` sessions before `date` (the start of a return window). */
  sessionsBefore(date: string, sessions: number): string;
  /** null: the news source is down. */
  news: { articles: readonly ScoredArticle[]; windowStartMs: number } | null;
  /** null: no listed options. */
  options: {
    sessions: readonly OptionSessionVolume[];
    ivByDate: ReadonlyMap<string, number>;
    ivDates: readonly string[];
  } | null;
  /** At the point asked for: trailing P/E and EPS, the sector's median P/E and how many had one. */
  valuation: {
    priceToEarnings: number | null;
    trailingEps: number | null;
    sectorMedian: number | null;
    sectorCount: number;
  };
}

export interface InputsDeps {
  market: MarketDataProvider;
  news: NewsDesk;
  people: PeopleSource;
}

/** Calendar days of closes read before the oldest point: 200 sessions for SMA200, and margin. */
const PRICE_LOOKBACK_DAYS = 400;
const BENCHMARK_SYMBOL = "SPY";

export function scoreInputsLoader(
  snapshot: GraphSnapshot,
  deps: InputsDeps,
  pointDates: readonly string[],
) {
  const latest = pointDates[0] as string;
  const oldest = pointDates.at(-1) as string;
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>) =>
    keptPromise(cache, key, load) as Promise<T>;

  const codeOf = async (symbol: string) => {
    const listed = snapshot.companies.get(symbol);
    if (listed) return listed.code;
    const instruments = await once("instruments", () => deps.market.instruments());
    return instruments.find((i) => i.symbol === symbol && i.contractType === "ETF")?.code;
  };

  const pricesOf = (symbol: string) =>
    once(`prices:${symbol}`, async (): Promise<StockPrices> => {
      const code = await codeOf(symbol);
      const from = shiftDate(oldest, -PRICE_LOOKBACK_DAYS);
      const sessions = code ? ((await datedCloses(deps.market, code, from, latest)) ?? []) : [];
      return {
        closes: new Map(sessions.map((session) => [session.date, session.close])),
        technical: technicalSeries(sessions),
      };
    });

  const reportsOf = (symbol: string) =>
    once(`reports:${symbol}`, async () => {
      const code = await codeOf(symbol);
      const history = deps.market.earningsHistory;
      if (!code || !history) return [];
      const from = shiftDate(oldest, -400);
      const reports = (await history.earningsReports(code, from, latest)) ?? [];
      return reports.filter((report) => report.epsActual !== null);
    });

  /** Trailing P/E of one stock at a point: close over the last four reported EPS; null if ≤ 0. */
  const peAt = async (symbol: string, index: number) => {
    const date = pointDates[index] as string;
    const [prices, reports] = await Promise.all([pricesOf(symbol), reportsOf(symbol)]);
    const known = reports.filter((report) => report.date <= date).slice(-4);
    const close = prices.closes.get(date);
    if (known.length < 4 || close === undefined) return { pe: null, eps: null };
    const eps = known.reduce((sum, report) => sum + (report.epsActual as number), 0);
    return eps > 0 ? { pe: close / eps, eps } : { pe: null, eps };
  };

  const sectorMedianAt = (sector: string, index: number) =>
    once(`sector:${sector}:${index}`, async () => {
      const members = [...snapshot.companies.values()].filter((c) => c.sector === sector);
      const ratios = await Promise.all(members.map(async (m) => (await peAt(m.symbol, index)).pe));
      const positive = ratios.filter((pe): pe is number => pe !== null).sort((a, b) => a - b);
      return { median: medianOf(positive), count: positive.length };
    });

  const newsOf = (symbol: string) =>
    once("news", () => deps.news.view()).then(
      (view) => ({
        windowStartMs: view.windowStartMs,
        articles: view.articles.flatMap((article) => {
          const entry = article.tickerSentiments.find((t) => t.ticker === symbol);
          return entry
            ? [
                {
                  publishedAtMs: article.publishedAtMs,
                  score: entry.score,
                  relevance: entry.relevance,
                },
              ]
            : [];
        }),
      }),
      () => null,
    );

  const optionsOf = (symbol: string, sessionsWanted: number) =>
    once(`options:${symbol}:${sessionsWanted}`, async () => {
      const code = await codeOf(symbol);
      const activity = deps.market.optionActivity;
      if (!code || !activity) return null;
      const history = await activity.history(code, sessionsWanted);
      if (!history) return null;
      const ivHistory =
        (await deps.market.volatilitySurface?.atmIvHistory?.(
          code,
          IV_RANK_SESSIONS + sessionsWanted,
        )) ?? [];
      return {
        sessions: history.sessions.map((session) => ({
          date: session.date,
          callVolume: session.calls.volume,
          putVolume: session.puts.volume,
        })),
        ivByDate: new Map(ivHistory.map((entry) => [entry.date, entry.impliedVolatility])),
        ivDates: ivHistory.map((entry) => entry.date),
      };
    });

  const insiderTradesOf = (symbol: string) =>
    once(`insiders:${symbol}`, async (): Promise<DatedInsiderTrade[]> => {
      const trades = snapshot.insiderTrades.has(symbol)
        ? snapshot.insiderTrades.get(symbol)
        : await deps.people.insiderTrades(symbol, shiftDate(oldest, -INSIDER_WINDOW_DAYS), latest);
      return (trades ?? []).map((trade) => ({
        personCik: trade.personCik,
        transactionDate: trade.transactionDate,
        code: trade.code,
        valueUsd: trade.shares * (trade.pricePerShare ?? 0),
      }));
    });

  const partnersOf = async (symbol: string): Promise<SupplyPartner[]> => {
    const relations = (snapshot.supply ?? []).flatMap(
      (relation): Omit<SupplyPartner, "closes">[] => {
        if (relation.supplierId === symbol && snapshot.companies.has(relation.customerId)) {
          const weight = relation.supplierRevenueShare ?? 0;
          return [
            {
              symbol: relation.customerId,
              role: "customer" as const,
              weight,
              since: relation.since,
            },
          ];
        }
        if (relation.customerId === symbol && snapshot.companies.has(relation.supplierId)) {
          const weight = relation.customerCostShare ?? 0;
          return [
            {
              symbol: relation.supplierId,
              role: "supplier" as const,
              weight,
              since: relation.since,
            },
          ];
        }
        return [];
      },
    );
    return Promise.all(
      relations.map(async (relation) => ({
        ...relation,
        closes: (await pricesOf(relation.symbol)).closes,
      })),
    );
  };

  const valuationOf = async (symbol: string, index: number): Promise<ScoreInputs["valuation"]> => {
    const sector = snapshot.companies.get(symbol)?.sector;
    const [own, peers] = await Promise.all([
      peAt(symbol, index),
      sector ? sectorMedianAt(sector, index) : { median: null, count: 0 },
    ]);
    return {
      priceToEarnings: own.pe,
      trailingEps: own.eps,
      sectorMedian: peers.median,
      sectorCount: peers.count,
    };
  };

  return {
    /** Everything the score of `symbol` at point `index` reads. */
    async of(symbol: string, index: number): Promise<ScoreInputs> {
      // The latest two points (the screen's) need few sessions of option activity; older ones all.
      const optionSessions = (index <= 1 ? 2 : pointDates.length) * 5 + PUT_CALL_SESSIONS + 5;
      const [stock, benchmark, insiderTrades, partners, news, options, valuation] =
        await Promise.all([
          pricesOf(symbol),
          pricesOf(BENCHMARK_SYMBOL),
          insiderTradesOf(symbol),
          partnersOf(symbol),
          newsOf(symbol),
          optionsOf(symbol, optionSessions),
          valuationOf(symbol, index),
        ]);
      return {
        pointDates,
        stock,
        sharesOutstanding: snapshot.sharesOutstanding.get(symbol) ?? 0,
        insiderTrades,
        filerChanges: filerChangesOf(snapshot.holdings.get(symbol) ?? []),
        partners,
        benchmark: benchmark.closes,
        sessionsBefore,
        news,
        options,
        valuation,
      };
    },
  };
}

/** The session `sessions` trading sessions before `date`. */
function sessionsBefore(date: string, sessions: number): string {
  let day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  for (let step = 0; step < sessions; step++) day = previousTradingDay("equity", day);
  return isoDate(day);
}

/**
 * Each filer's change, latest 13F over the one before. A sold-out position (the latest 13F no
 * longer lists the issuer) carries no filing date of its own: it counts from the latest filing
 * date among the issuer's other filers of that quarter.
 */
function filerChangesOf(positions: readonly InstitutionalPosition[]): FilerChange[] {
  const latestFiled = new Map<string, string>();
  for (const { current } of positions) {
    if (!current) continue;
    const known = latestFiled.get(current.quarterEnd);
    if (!known || current.filingDate > known)
      latestFiled.set(current.quarterEnd, current.filingDate);
  }
  return positions.flatMap((position): FilerChange[] => {
    const changeShares = (position.current?.shares ?? 0) - (position.previous?.shares ?? 0);
    if (position.current) {
      const { filingDate, quarterEnd } = position.current;
      return [{ filingDate, quarterEnd, changeShares }];
    }
    const previous = position.previous;
    if (!previous) return [];
    const quarterEnd = nextQuarterEnd(previous.quarterEnd);
    const filingDate = latestFiled.get(quarterEnd);
    return filingDate ? [{ filingDate, quarterEnd, changeShares }] : [];
  });
}

function nextQuarterEnd(quarterEnd: string): string {
  const [year, month] = quarterEnd.split("-").map(Number) as [number, number];
  const next = month === 12 ? [year + 1, 3] : [year, month + 3];
  const lastDay = new Date(Date.UTC(next[0] as number, next[1] as number, 0)).getUTCDate();
  return `${next[0]}-${String(next[1]).padStart(2, "0")}-${lastDay}`;
}

function medianOf(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
