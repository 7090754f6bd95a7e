import { roundDecimals } from "../../../../market/precision";
import {
  breadthLines,
  latestExtremes,
  type SessionBreadth,
  sessionBreadth,
  trin,
} from "../../../../market-analysis/breadth";
import { type DailySeries, returnOver, yearToDateReturn } from "../../../../market-analysis/tape";
import {
  BENCHMARK_SYMBOL,
  type MarketTape,
  marketTape,
  SECTOR_ETFS,
  sessionFiguresOf,
} from "../../../market-tape";
import type { Implementations } from "../../../route";
import {
  BREADTH_HISTORY_SESSIONS,
  BREADTH_WINDOW_SESSIONS,
  type marketAnalysisMarketRoutes,
  UNUSUAL_RELATIVE_VOLUME,
} from "../routes/market";
import { unusualOptionsFlow } from "./options-unusual";
import type { MarketAnalysisDeps } from "./shared";

const round4 = (value: number | null) => (value === null ? null : roundDecimals(value, 4));
const percent = (fraction: number | null) => round4(fraction === null ? null : fraction * 100);

const sessionInfo = (tape: MarketTape) => ({
  asOf: new Date(tape.asOfMs).toISOString(),
  session: tape.session,
  sessionInProgress: tape.inProgress ? 1 : 0,
});

/** Fractions over each horizon. */
function horizonReturns(series: DailySeries) {
  return {
    oneDay: returnOver(series, 1),
    fiveDays: returnOver(series, 5),
    oneMonth: returnOver(series, 21),
    threeMonths: returnOver(series, 63),
    yearToDate: yearToDateReturn(series),
  };
}
type Horizons = ReturnType<typeof horizonReturns>;
const HORIZONS = ["oneDay", "fiveDays", "oneMonth", "threeMonths", "yearToDate"] as const;

const asPercent = (returns: Horizons) =>
  Object.fromEntries(HORIZONS.map((h) => [h, percent(returns[h])])) as Record<
    (typeof HORIZONS)[number],
    number | null
  >;

/** The equal-weighted mean of the members' returns per horizon (null when none has one). */
function meanReturns(members: readonly DailySeries[]): Horizons {
  const all = members.map(horizonReturns);
  const mean = (h: (typeof HORIZONS)[number]) => {
    const values = all.map((r) => r[h]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  };
  return {
    oneDay: mean("oneDay"),
    fiveDays: mean("fiveDays"),
    oneMonth: mean("oneMonth"),
    threeMonths: mean("threeMonths"),
    yearToDate: mean("yearToDate"),
  };
}

function relativeTo(returns: Horizons, benchmark: Horizons) {
  return Object.fromEntries(
    HORIZONS.map((h) => {
      const r = returns[h];
      const b = benchmark[h];
      return [h, r === null || b === null ? null : round4(((1 + r) / (1 + b) - 1) * 100)];
    }),
  ) as Record<(typeof HORIZONS)[number], number | null>;
}

function todayCounts(members: readonly DailySeries[], session: string) {
  const [row] = sessionBreadth(members, [session]) as [SessionBreadth];
  return { advancers: row.advancers, decliners: row.decliners, unchanged: row.unchanged };
}

type MoverRow = ReturnType<typeof sessionFiguresOf>;

const byCode = (a: MoverRow, b: MoverRow) => (a.code < b.code ? -1 : 1);

export const marketAnalysisMarketImplementations: Implementations<
  typeof marketAnalysisMarketRoutes,
  MarketAnalysisDeps
> = {
  "marketAnalysis.sectors": async (_, deps) => {
    const tape = await marketTape(deps);
    const spy = tape.funds.get(BENCHMARK_SYMBOL);
    const benchmark = spy ? horizonReturns(spy) : meanReturns([]);
    const sectors = Object.entries(SECTOR_ETFS).map(([sector, etfSymbol]) => {
      const members = tape.stocks.filter(
        (s) => s.sector === sector && s.dates.at(-1) === tape.session,
      );
      const returns = meanReturns(members);
      const etf = tape.funds.get(etfSymbol);
      return {
        sector,
        stocks: members.length,
        returns: asPercent(returns),
        relativeStrength: relativeTo(returns, benchmark),
        ...todayCounts(members, tape.session),
        etf: etf
          ? { symbol: etf.symbol, code: etf.code, returns: asPercent(horizonReturns(etf)) }
          : null,
      };
    });
    sectors.sort(
      (a, b) =>
        (b.relativeStrength.oneMonth ?? Number.NEGATIVE_INFINITY) -
          (a.relativeStrength.oneMonth ?? Number.NEGATIVE_INFINITY) ||
        a.sector.localeCompare(b.sector),
    );
    return {
      ...sessionInfo(tape),
      benchmark: { symbol: BENCHMARK_SYMBOL, returns: asPercent(benchmark) },
      sectors,
    };
  },

  "marketAnalysis.breadth": async (_, deps) => {
    const tape = await marketTape(deps);
    const calendar = tape.stocks.reduce(
      (longest, s) => (s.dates.length > longest.length ? s.dates : longest),
      [] as readonly string[],
    );
    const dates = calendar.slice(-BREADTH_WINDOW_SESSIONS);
    const rows = sessionBreadth(tape.stocks, dates);
    const lines = breadthLines(rows);
    const latest = rows.at(-1) as SessionBreadth;
    const latestLine = lines.at(-1);
    const history = rows.slice(-BREADTH_HISTORY_SESSIONS).map((row, i, recent) => {
      const line = lines[lines.length - recent.length + i];
      return {
        date: row.date,
        advancers: row.advancers,
        decliners: row.decliners,
        unchanged: row.unchanged,
        netAdvances: line?.netAdvances ?? 0,
        adLine: line?.adLine ?? 0,
        trin: round4(trin(row)),
        mcclellanOscillator: round4(line?.mcclellanOscillator ?? null),
        mcclellanSummation: round4(line?.mcclellanSummation ?? null),
      };
    });
    const extremes = latestExtremes(tape.stocks, tape.session);
    return {
      ...sessionInfo(tape),
      counted: latest.advancers + latest.decliners + latest.unchanged,
      advancers: latest.advancers,
      decliners: latest.decliners,
      unchanged: latest.unchanged,
      advanceDeclineRatio:
        latest.decliners === 0 ? null : round4(latest.advancers / latest.decliners),
      upVolume: Math.round(latest.upVolume),
      downVolume: Math.round(latest.downVolume),
      unchangedVolume: Math.round(latest.unchangedVolume),
      trin: round4(trin(latest)),
      newHighs: extremes.newHighs,
      newLows: extremes.newLows,
      percentAbove50Day: round4(extremes.percentAbove50Day),
      percentAbove200Day: round4(extremes.percentAbove200Day),
      mcclellanOscillator: round4(latestLine?.mcclellanOscillator ?? null),
      mcclellanSummation: round4(latestLine?.mcclellanSummation ?? null),
      history,
    };
  },

  "marketAnalysis.movers": async ({ query }, deps) => {
    const tape = await marketTape(deps);
    const rows = tape.stocks
      .filter((s) => s.dates.at(-1) === tape.session && s.closes.length > 1)
      .map((series) => sessionFiguresOf(series, tape.sessionElapsed));
    const top = (compare: (a: MoverRow, b: MoverRow) => number, keep = (_: MoverRow) => true) =>
      rows
        .filter(keep)
        .sort((a, b) => compare(a, b) || byCode(a, b))
        .slice(0, query.limit);
    return {
      ...sessionInfo(tape),
      gainers: top(
        (a, b) => b.changePercent - a.changePercent,
        (r) => r.changePercent > 0,
      ),
      losers: top(
        (a, b) => a.changePercent - b.changePercent,
        (r) => r.changePercent < 0,
      ),
      mostActive: top((a, b) => b.volume - a.volume),
      unusualVolume: top(
        (a, b) => (b.relativeVolume ?? 0) - (a.relativeVolume ?? 0),
        (r) => (r.relativeVolume ?? 0) >= UNUSUAL_RELATIVE_VOLUME,
      ),
    };
  },

  "marketAnalysis.optionsUnusual": async ({ query }, deps) => unusualOptionsFlow(deps, query),
};
