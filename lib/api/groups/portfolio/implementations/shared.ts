import type { CoreDeps, Deps } from "../../../../deps";
import type { DayNumber } from "../../../../market/civil-date";
import { isoDate } from "../../../../market/civil-date";
import { nyInstant, nyWallClock } from "../../../../market/ny-time";
import { isTradingDay } from "../../../../market/nyse-calendar";
import type { ContractType, Instrument } from "../../../../market/ports";
import { roundPrice } from "../../../../market/precision";
import { regularCloseMinute } from "../../../../market/sessions";
import { previousTradingDay } from "../../../../market/trading-days";
import { apiError } from "../../../errors";
import { fromProvider } from "../../../market-data";

/** What the portfolio group's implementations use (wired in ../index.ts). */
export type PortfolioDeps = CoreDeps & Pick<Deps, "market" | "defaultRiskFreeRatePercent">;

const MS_PER_DAY = 86_400_000;

/** A contract a request body names, with the field that named it (for the 400s). */
export interface NamedContract {
  code: string;
  field: string;
}

/** What a problem with a body's contract says: the field and the problem. */
interface ContractProblem {
  field: string;
  problem: string;
}

/** 400 INVALID_PARAMETER listing every problem, the first in the message. */
export function invalidContracts(problems: readonly ContractProblem[]): never {
  const [first, ...others] = problems;
  if (!first) throw new RangeError("no problem to report");
  throw apiError("INVALID_PARAMETER", { problems: [first, ...others] });
}

const ARTICLE: Record<ContractType, string> = {
  Stock: "a stock",
  ETF: "an ETF",
  Future: "a future",
  Crypto: "a crypto asset",
  Index: "an index",
};

/**
 * The instruments of the named codes (each code looked up once); 400 naming every field whose
 * code no contract has, or whose contract is not of an allowed kind (`what` says which are).
 */
export async function contractsOf(
  deps: Pick<Deps, "market">,
  named: readonly (NamedContract & { allowed: readonly ContractType[]; what: string })[],
): Promise<Map<string, Instrument>> {
  const codes = [...new Set(named.map((n) => n.code))];
  const found = await Promise.all(
    codes.map((code) => fromProvider(() => deps.market.instrument(code))),
  );
  const byCode = new Map(codes.map((code, i) => [code, found[i]]));
  const problems: ContractProblem[] = [];
  for (const { code, field, allowed, what } of named) {
    const instrument = byCode.get(code);
    if (!instrument) {
      problems.push({ field, problem: `no contract has the code ${code}` });
    } else if (!allowed.includes(instrument.contractType)) {
      problems.push({ field, problem: `${code} is ${ARTICLE[instrument.contractType]}; ${what}` });
    }
  }
  if (problems.length > 0) invalidContracts(problems);
  return byCode as Map<string, Instrument>;
}

/** The session whose regular close is the latest at `nowMs` (New York trading days). */
export function lastCompletedSession(nowMs: number): DayNumber {
  const today = nyWallClock(nowMs).day;
  if (isTradingDay(today) && nowMs >= nyInstant(today, regularCloseMinute(today))) return today;
  return previousTradingDay("equity", today);
}

/** yyyy-MM-dd → day number. */
export function dayOf(isoDay: string): DayNumber {
  return Math.floor(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) / MS_PER_DAY);
}

/** yyyy-MM-dd of day numbers, remembered: a five-year backtest labels thousands of bars. */
const isoDates = new Map<DayNumber, string>();

function isoDateOf(day: DayNumber): string {
  let text = isoDates.get(day);
  if (text === undefined) {
    text = isoDate(day);
    isoDates.set(day, text);
  }
  return text;
}

/** Daily closes by session, ascending: dates yyyy-MM-dd and closes to the tick. */
export interface CloseSeries {
  dates: string[];
  closes: number[];
}

/**
 * The daily regular-session closes of `instrument` for the sessions `firstDay` to `lastDay`
 * (inclusive, completed sessions), as the bars port serves them (period 5), to the tick. A
 * bar's date is the UTC date of its timestamp (the port stamps a session at midnight New
 * York, 04:00 or 05:00 UTC).
 */
export async function dailyClosesOf(
  deps: Pick<Deps, "market">,
  instrument: Instrument,
  firstDay: DayNumber,
  lastDay: DayNumber,
): Promise<CloseSeries> {
  const bars = await fromProvider(() =>
    deps.market.bars(instrument.code, {
      period: 5,
      from: nyInstant(firstDay, 0),
      to: nyInstant(lastDay + 1, 0),
      extended: false,
    }),
  );
  const dates: string[] = [];
  const closes: number[] = [];
  for (const bar of bars ?? []) {
    const day = Math.floor(bar.timestamp / MS_PER_DAY);
    if (day < firstDay || day > lastDay) continue;
    dates.push(isoDateOf(day));
    closes.push(roundPrice(bar.close, instrument));
  }
  return { dates, closes };
}

/** The dates every series has, ascending. */
export function sharedDates(series: readonly CloseSeries[]): string[] {
  const [first, ...others] = series;
  if (!first) return [];
  const sets = others.map((s) => new Set(s.dates));
  return first.dates.filter((date) => sets.every((set) => set.has(date)));
}

/** A series' closes on the given dates (each of which it has). */
export function closesOn(series: CloseSeries, dates: readonly string[]): number[] {
  const byDate = new Map(series.dates.map((date, i) => [date, series.closes[i] as number]));
  return dates.map((date) => byDate.get(date) as number);
}
