import { type DayNumber, isoDate, weekday } from "../../../../market/civil-date";
import { isTradingDay } from "../../../../market/nyse-calendar";
import type { Instrument } from "../../../../market/ports";
import { roundMoney, roundPercent, roundRatio } from "../../../../market/precision";
import { nextTradingDay, previousTradingDay } from "../../../../market/trading-days";
import { maxDrawdown } from "../../../../portfolio/drawdown";
import { cagr, calendarYearReturns, type YearReturn } from "../../../../portfolio/growth";
import { annualisedVolatility, sharpeRatio, sortinoRatio } from "../../../../portfolio/ratios";
import { simulateRebalanced } from "../../../../portfolio/rebalancing";
import { simpleReturns } from "../../../../portfolio/returns";
import type { Implementations } from "../../../route";
import { BACKTEST_LIMITS, type portfolioBacktestRoutes } from "../routes/backtest";
import { BENCHMARK_KINDS, BENCHMARK_WHAT, HELD_KINDS, HELD_WHAT, PRICES_USED } from "./analyze";
import {
  type CloseSeries,
  closesOn,
  contractsOf,
  dailyClosesOf,
  dayOf,
  invalidContracts,
  lastCompletedSession,
  type NamedContract,
  type PortfolioDeps,
  sharedDates,
} from "./shared";

type BacktestBody = Parameters<
  Implementations<typeof portfolioBacktestRoutes, PortfolioDeps>["portfolio.backtest"]
>[0]["body"];

/** A holding with its target weight (decimal) and the field that named it. */
interface Target extends NamedContract {
  weight: number;
}

function targetsOf(body: BacktestBody): Target[] {
  if (body.weights) {
    return body.weights.map((w, i) => ({
      code: w.symbol,
      field: `weights[${i}].symbol`,
      weight: w.weight / 100,
    }));
  }
  const symbols = body.symbols ?? [];
  return symbols.map((code, i) => ({ code, field: `symbols[${i}]`, weight: 1 / symbols.length }));
}

/**
 * The window's first and last sessions: those on or after start and on or before end; 400
 * naming `end` when its session is not completed yet, `start` when no session falls between.
 */
function sessionsBetween(body: BacktestBody, nowMs: number) {
  const lastCompleted = lastCompletedSession(nowMs);
  const startDay = dayOf(body.start);
  const endDay = body.end === undefined ? lastCompleted : dayOf(body.end);
  const first = isTradingDay(startDay) ? startDay : nextTradingDay("equity", startDay);
  const last = isTradingDay(endDay) ? endDay : previousTradingDay("equity", endDay);
  if (last > lastCompleted) {
    const problem = `must be on or before ${isoDate(lastCompleted)}, the last completed session`;
    invalidContracts([{ field: "end", problem }]);
  }
  if (first > last) {
    const problem = `no session from ${body.start} to ${isoDate(endDay)}`;
    invalidContracts([{ field: "start", problem }]);
  }
  return { first, last };
}

/**
 * Insufficient history, named: a contract without a close on the window's first or last
 * session (its history starts later or ends earlier), or without any close in the window.
 */
function historyProblems(
  named: readonly NamedContract[],
  series: readonly CloseSeries[],
  first: DayNumber,
  last: DayNumber,
) {
  return named.flatMap(({ code, field }, i) => {
    const { dates } = series[i] as CloseSeries;
    const [from, to] = [isoDate(first), isoDate(last)];
    if (dates.length === 0)
      return [{ field, problem: `${code} has no daily close from ${from} to ${to}` }];
    if (dates[0] !== from) {
      return [
        {
          field,
          problem: `${code} has no close on ${from}, the first session: its history starts ${dates[0]}`,
        },
      ];
    }
    if (dates.at(-1) !== to) {
      return [
        {
          field,
          problem: `${code} has no close on ${to}, the last session: its history ends ${dates.at(-1)}`,
        },
      ];
    }
    return [];
  });
}

const monthOf = (date: string) => Number(date.slice(5, 7));
const REBALANCE_MONTHS = {
  none: [],
  monthly: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  quarterly: [3, 6, 9, 12],
};

/** Whether session t is the last of a rebalancing month in the window. */
function rebalanceRule(dates: readonly string[], rebalance: BacktestBody["rebalance"]) {
  const months = REBALANCE_MONTHS[rebalance] as readonly number[];
  return (t: number) => {
    const date = dates[t] as string;
    const next = dates[t + 1];
    return (
      next !== undefined && next.slice(0, 7) !== date.slice(0, 7) && months.includes(monthOf(date))
    );
  };
}

const pct = (decimal: number) => roundPercent(decimal * 100);
const ratio = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : roundRatio(value);

/** Whether a date is its year's last NYSE session. */
function isYearsLastSession(date: string): boolean {
  const day = dayOf(date);
  return (
    isTradingDay(day) && isoDate(nextTradingDay("equity", day)).slice(0, 4) !== date.slice(0, 4)
  );
}

function yearFigure(year: YearReturn | undefined) {
  return year === undefined
    ? null
    : { year: year.year, returnPercent: pct(year.return), partial: year.partial };
}

/** CAGR, volatility, ratios, drawdown and best and worst years of one value series. */
function figuresOf(
  dates: readonly string[],
  values: readonly number[],
  rate: number,
  years: readonly YearReturn[],
) {
  const returns = simpleReturns(values);
  const dd = maxDrawdown(values);
  const start = values[0] as number;
  const end = values.at(-1) as number;
  const days = dayOf(dates.at(-1) as string) - dayOf(dates[0] as string);
  const byReturn = [...years].sort((a, b) => b.return - a.return);
  return {
    finalValue: roundMoney(end),
    totalReturnPercent: pct(end / start - 1),
    cagrPercent: pct(cagr(start, end, days)),
    annualisedVolatilityPercent: pct(annualisedVolatility(returns)),
    sharpeRatio: ratio(sharpeRatio(returns, rate)),
    sortinoRatio: ratio(sortinoRatio(returns, rate)),
    drawdown: {
      maxDrawdownPercent: pct(dd.depth),
      peakDate: dates[dd.peakIndex] as string,
      troughDate: dates[dd.troughIndex] as string,
      recoveryDate: dd.recoveryIndex === null ? null : (dates[dd.recoveryIndex] as string),
    },
    bestYear: yearFigure(byReturn[0]),
    worstYear: yearFigure(byReturn.at(-1)),
  };
}

/** Monday of the date's week, as a day number. */
const weekOf = (date: string) => {
  const day = dayOf(date);
  return day - ((weekday(day) + 6) % 7);
};

/** Every session, or (past BACKTEST_LIMITS.maxDailyPoints) the first and each week's last. */
function curveIndices(dates: readonly string[]): {
  frequency: "daily" | "weekly";
  indices: number[];
} {
  const all = dates.map((_, i) => i);
  if (dates.length <= BACKTEST_LIMITS.maxDailyPoints) return { frequency: "daily", indices: all };
  const weekly = all.filter(
    (i) =>
      i === 0 ||
      i === dates.length - 1 ||
      weekOf(dates[i] as string) !== weekOf(dates[i + 1] as string),
  );
  return { frequency: "weekly", indices: weekly };
}

async function loadWindow(
  deps: PortfolioDeps,
  named: readonly NamedContract[],
  instruments: Map<string, Instrument>,
  first: DayNumber,
  last: DayNumber,
) {
  const series = await Promise.all(
    named.map(({ code }) => dailyClosesOf(deps, instruments.get(code) as Instrument, first, last)),
  );
  const problems = historyProblems(named, series, first, last);
  if (problems.length > 0) invalidContracts(problems);
  const dates = sharedDates(series);
  if (dates.length < BACKTEST_LIMITS.minSessions) {
    invalidContracts([
      {
        field: "start",
        problem:
          `the window ${isoDate(first)} to ${isoDate(last)} holds ${dates.length} sessions with a ` +
          `close of every symbol; a backtest needs at least ${BACKTEST_LIMITS.minSessions}`,
      },
    ]);
  }
  return { dates, closes: series.map((s) => closesOn(s, dates)) };
}

export const backtestImplementations: Implementations<
  typeof portfolioBacktestRoutes,
  PortfolioDeps
> = {
  "portfolio.backtest": async ({ body }, deps) => {
    const nowMs = deps.marketClock.now().getTime();
    const targets = targetsOf(body);
    const benchmarkNamed = { code: body.benchmark, field: "benchmark" };
    const { first, last } = sessionsBetween(body, nowMs);
    const instruments = await contractsOf(deps, [
      ...targets.map((t) => ({ ...t, allowed: HELD_KINDS, what: HELD_WHAT })),
      { ...benchmarkNamed, allowed: BENCHMARK_KINDS, what: BENCHMARK_WHAT },
    ]);
    const { dates, closes } = await loadWindow(
      deps,
      [...targets, benchmarkNamed],
      instruments,
      first,
      last,
    );
    const benchmarkCloses = closes.pop() as number[];
    const weights = targets.map((t) => t.weight);
    const run = simulateRebalanced(
      closes,
      weights,
      body.initialCapital,
      rebalanceRule(dates, body.rebalance),
    );
    const benchmarkValues = benchmarkCloses.map(
      (c) => (body.initialCapital * c) / (benchmarkCloses[0] as number),
    );
    const rate = body.riskFreeRate ?? deps.defaultRiskFreeRatePercent;
    const years = calendarYearReturns(dates, run.values, isYearsLastSession);
    const benchmarkYears = calendarYearReturns(dates, benchmarkValues, isYearsLastSession);
    const benchmark = instruments.get(body.benchmark) as Instrument;
    const curve = curveIndices(dates);
    const finalValue = run.values.at(-1) as number;
    return {
      asOf: new Date(nowMs).toISOString(),
      start: dates[0] as string,
      end: dates.at(-1) as string,
      sessions: dates.length,
      rebalance: body.rebalance,
      rebalances: run.rebalanceIndices.length,
      initialCapital: body.initialCapital,
      riskFreeRate: rate,
      pricesUsed: PRICES_USED,
      holdings: targets.map((t, i) => {
        const instrument = instruments.get(t.code) as Instrument;
        const lastClose = (closes[i] as number[]).at(-1) as number;
        return {
          symbol: instrument.symbol,
          code: instrument.code,
          name: instrument.name,
          targetWeightPercent: pct(t.weight),
          finalWeightPercent: pct(((run.finalShares[i] as number) * lastClose) / finalValue),
        };
      }),
      portfolio: figuresOf(dates, run.values, rate, years),
      benchmark: {
        symbol: benchmark.symbol,
        code: benchmark.code,
        name: benchmark.name,
        ...figuresOf(dates, benchmarkValues, rate, benchmarkYears),
      },
      annualReturns: years.map((year, i) => ({
        year: year.year,
        portfolioReturnPercent: pct(year.return),
        benchmarkReturnPercent: pct((benchmarkYears[i] as YearReturn).return),
        partial: year.partial,
      })),
      equityCurve: {
        frequency: curve.frequency,
        points: curve.indices.map((i) => ({
          date: dates[i] as string,
          value: roundMoney(run.values[i] as number),
          benchmarkValue: roundMoney(benchmarkValues[i] as number),
        })),
      },
    };
  },
};
