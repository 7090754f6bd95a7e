import type { Deps } from "../../../../deps";
import { datedCloses } from "../../../../market/dated-closes";
import type { Instrument } from "../../../../market/ports";
import { roundDecimals, roundMoney, roundPercent, roundPrice } from "../../../../market/precision";
import { publishedSessions } from "../../../../short-volume/calendar";
import {
  darkIndexOf,
  type IndexInput,
  rankByShortRatio,
  shortRatioPercent,
  type WindowSummary,
  windowSummary,
} from "../../../../short-volume/metrics";
import type { ShortVolumeDay, ShortVolumeRecord } from "../../../../short-volume/ports";
import { apiError } from "../../../errors";
import { ARTICLE, fromProvider, instrumentOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import {
  DARK_MONEY_FLOW,
  DARK_POOL_SESSIONS,
  type marketAnalysisDarkPoolRoutes,
} from "../routes/dark-pool";
import type { MarketAnalysisDeps } from "./shared";

/** What the dark-pool routes read: the group's deps and the short-volume source. */
export type DarkPoolDeps = MarketAnalysisDeps & Pick<Deps, "shortVolume">;

type Equity = Instrument & { contractType: "Stock" | "ETF" };

const isEquity = (instrument: Instrument): instrument is Equity =>
  instrument.contractType === "Stock" || instrument.contractType === "ETF";

/** Shares as served: whole in the simulated world, FINRA's fractions to 6 decimals. */
const roundShares = (shares: number) => roundDecimals(shares, 6);
const roundNullablePercent = (percent: number | null) =>
  percent === null ? null : roundPercent(percent);

function sourceFields(deps: DarkPoolDeps) {
  return {
    source: deps.shortVolume.name === "finra" ? ("finra" as const) : ("sim" as const),
    asOf: deps.marketClock.now().toISOString(),
  };
}

/** The window's published sessions (oldest first) at the market clock. */
function windowOf(deps: DarkPoolDeps, sessions: number) {
  const dates = publishedSessions(deps.marketClock.now().getTime(), sessions);
  return { dates, from: dates[0] as string, to: dates.at(-1) as string };
}

function summaryFields(summary: WindowSummary) {
  return {
    shortVolume: roundShares(summary.shortVolume),
    shortExemptVolume: roundShares(summary.shortExemptVolume),
    totalVolume: roundShares(summary.totalVolume),
    averageShortRatioPercent: roundNullablePercent(summary.averageShortRatioPercent),
  };
}

async function equityOf(deps: DarkPoolDeps, code: string): Promise<Equity> {
  const instrument = await instrumentOf(deps, code);
  if (isEquity(instrument)) return instrument;
  throw apiError("NO_DATA", {
    what: "short-sale volume",
    code: instrument.code,
    reason: `${ARTICLE[instrument.contractType]} is not traded as shares (FINRA's files cover stocks and funds)`,
  });
}

/** The market's stocks and funds. */
async function listedEquities(deps: DarkPoolDeps): Promise<Equity[]> {
  const instruments = await fromProvider(() => deps.market.instruments());
  return instruments.filter(isEquity);
}

/** Every session's file of the window, in the window's order (a session without one: empty). */
async function daysOf(deps: DarkPoolDeps, dates: readonly string[]): Promise<ShortVolumeDay[]> {
  const days = await fromProvider(() =>
    Promise.all(dates.map((date) => deps.shortVolume.day(date))),
  );
  return days.map((day) => day ?? new Map());
}

const recordsOf = (days: readonly ShortVolumeDay[], symbol: string): ShortVolumeRecord[] =>
  days.flatMap((day) => {
    const record = day.get(symbol);
    return record ? [record] : [];
  });

const byCode = (a: { code: string }, b: { code: string }) =>
  a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

/** Shares outstanding: the reference figures', else the listing's; undefined without either. */
async function sharesOf(deps: DarkPoolDeps, instrument: Instrument): Promise<number | undefined> {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  return reference?.kind === "equity" ? reference.sharesOutstanding : instrument.sharesOutstanding;
}

/** A constituent of the dark-pool index: its closes by session date. */
interface Constituent {
  instrument: Equity;
  closes: ReadonlyMap<string, number>;
}

/** The stocks worth at least the floor at the close of `to`, with their closes of the window. */
async function largeCaps(deps: DarkPoolDeps, from: string, to: string): Promise<Constituent[]> {
  const stocks = (await listedEquities(deps)).filter((i) => i.contractType === "Stock");
  const members = await Promise.all(
    stocks.map(async (instrument): Promise<Constituent | undefined> => {
      const shares = await sharesOf(deps, instrument);
      if (shares === undefined) return undefined;
      const closes = await fromProvider(() => datedCloses(deps.market, instrument.code, from, to));
      // Closes as served (to the tick), so that every dollar figure can be redone from the answer.
      const byDate = new Map(
        (closes ?? []).map((session) => [session.date, roundPrice(session.close, instrument)]),
      );
      const close = byDate.get(to);
      if (close === undefined) return undefined;
      return shares * close >= DARK_MONEY_FLOW.minMarketCapUsd
        ? { instrument, closes: byDate }
        : undefined;
    }),
  );
  return members
    .filter((member) => member !== undefined)
    .sort((a, b) => byCode(a.instrument, b.instrument));
}

/** The index inputs of one session: constituents with a record and a close that day. */
function indexInputsOf(constituents: readonly Constituent[], day: ShortVolumeDay, date: string) {
  return constituents.flatMap(({ instrument, closes }) => {
    const record = day.get(instrument.symbol);
    const close = closes.get(date);
    if (!record || close === undefined) return [];
    const input: IndexInput & { instrument: Equity } = {
      symbol: instrument.symbol,
      close,
      shortVolume: record.shortVolume,
      totalVolume: record.totalVolume,
      instrument,
    };
    return [input];
  });
}

const DEFINITION =
  "The market's stocks (funds excluded) with shares outstanding × the close of `to` ≥ USD 10 bn";

export const marketAnalysisDarkPoolImplementations: Implementations<
  typeof marketAnalysisDarkPoolRoutes,
  DarkPoolDeps
> = {
  async "marketAnalysis.darkPool"({ params }, deps) {
    const instrument = await equityOf(deps, params.code);
    const { from, to } = windowOf(deps, DARK_POOL_SESSIONS);
    const records = await fromProvider(() =>
      deps.shortVolume.dailyShortVolume(instrument.symbol, from, to),
    );
    if (!records || records.length === 0) {
      throw apiError("NO_DATA", {
        what: "short-sale volume",
        code: instrument.code,
        reason: `no record in the ${DARK_POOL_SESSIONS} sessions ${from} to ${to}`,
      });
    }
    const summary = windowSummary(records);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      contractType: instrument.contractType,
      ...sourceFields(deps),
      windowSessions: DARK_POOL_SESSIONS,
      from,
      to,
      sessions: summary.sessions,
      ...summaryFields(summary),
      volumeWeightedShortRatioPercent: roundNullablePercent(
        summary.volumeWeightedShortRatioPercent,
      ),
      days: records.map((record) => ({
        date: record.date,
        shortVolume: roundShares(record.shortVolume),
        shortExemptVolume: roundShares(record.shortExemptVolume),
        totalVolume: roundShares(record.totalVolume),
        shortRatioPercent: roundNullablePercent(
          shortRatioPercent(record.shortVolume, record.totalVolume),
        ),
        facilities: record.facilities,
      })),
    };
  },

  async "marketAnalysis.highShortRatio"({ query }, deps) {
    const equities = await listedEquities(deps);
    const { dates, from, to } = windowOf(deps, query.days);
    const days = await daysOf(deps, dates);
    const latest = days.at(-1) ?? new Map();
    const candidates = equities.flatMap((instrument) => {
      const records = recordsOf(days, instrument.symbol);
      if (records.length === 0) return [];
      const summary = windowSummary(records);
      const ratio = summary.volumeWeightedShortRatioPercent;
      return [
        {
          code: instrument.code,
          summary,
          servedRatioPercent: ratio === null ? 0 : roundPercent(ratio),
          item: instrument,
        },
      ];
    });
    const { matched, ranked } = rankByShortRatio(candidates, query.minVolume, query.limit);
    return {
      ...sourceFields(deps),
      days: query.days,
      from,
      to,
      minVolume: query.minVolume,
      candidates: candidates.length,
      matched,
      rows: ranked.map(({ item: instrument, summary, servedRatioPercent }, index) => {
        const last = latest.get(instrument.symbol);
        return {
          rank: index + 1,
          symbol: instrument.symbol,
          code: instrument.code,
          name: instrument.name,
          contractType: instrument.contractType,
          shortRatioPercent: servedRatioPercent,
          ...summaryFields(summary),
          latestShortRatioPercent: last
            ? roundNullablePercent(shortRatioPercent(last.shortVolume, last.totalVolume))
            : null,
          averageDailyVolume: roundShares(summary.averageDailyVolume),
          sessions: summary.sessions,
        };
      }),
    };
  },

  async "marketAnalysis.darkMoneyFlow"({ query }, deps) {
    const { dates, from, to } = windowOf(deps, query.days);
    const constituents = await largeCaps(deps, from, to);
    const days = await daysOf(deps, dates);
    const sessions = dates.flatMap((date, index) => {
      const inputs = indexInputsOf(constituents, days[index] ?? new Map(), date);
      const index_ = darkIndexOf(inputs);
      return index_.indexPercent === null ? [] : [{ date, inputs, index: index_ }];
    });
    const history = sessions.map(({ date, inputs, index }) => ({
      date,
      indexPercent: roundPercent(index.indexPercent as number),
      dollarShortVolume: roundMoney(index.dollarShortVolume),
      dollarTotalVolume: roundMoney(index.dollarTotalVolume),
      constituents: inputs.length,
    }));
    const last = sessions.at(-1);
    const instruments = new Map(last?.inputs.map((input) => [input.symbol, input.instrument]));
    const contributions = (last?.index.contributions ?? [])
      .map((contribution) => ({
        contribution,
        instrument: instruments.get(contribution.symbol) as Equity,
      }))
      .sort(
        (a, b) =>
          b.contribution.dollarShortVolume - a.contribution.dollarShortVolume ||
          byCode(a.instrument, b.instrument),
      )
      .slice(0, query.limit)
      .map(({ contribution: c, instrument }) => ({
        symbol: instrument.symbol,
        code: instrument.code,
        name: instrument.name,
        close: c.close,
        shortVolume: roundShares(c.shortVolume),
        totalVolume: roundShares(c.totalVolume),
        shortRatioPercent: roundNullablePercent(shortRatioPercent(c.shortVolume, c.totalVolume)),
        dollarShortVolume: roundMoney(c.dollarShortVolume),
        dollarTotalVolume: roundMoney(c.dollarTotalVolume),
        dollarShortSharePercent: roundPercent(c.dollarShortSharePercent),
        contributionPoints: roundPercent(c.contributionPoints),
      }));
    const mean =
      history.length > 0
        ? sessions.reduce((sum, s) => sum + (s.index.indexPercent as number), 0) / history.length
        : null;
    return {
      ...sourceFields(deps),
      days: query.days,
      from,
      to,
      universe: {
        definition: DEFINITION,
        minMarketCapUsd: DARK_MONEY_FLOW.minMarketCapUsd,
        marketCapDate: to,
        constituents: constituents.length,
      },
      latest: history.at(-1) ?? null,
      averageIndexPercent: roundNullablePercent(mean),
      history,
      contributions,
    };
  },
};
