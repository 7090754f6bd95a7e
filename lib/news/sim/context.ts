import { type DayNumber, isoDate } from "../../market/civil-date";
import { earningsDay } from "../../market/company-data";
import { nyInstant } from "../../market/ny-time";
import { type EarningsReport, earningsReports, reactionDay } from "../../market/sim/earnings";
import type { UniverseStock } from "../../market/sim/universe";
import { previousTradingDay } from "../../market/trading-days";
import type { PriceBook } from "./prices";
import { COMPANIES } from "./world";

/** What a story generator reads: the day it writes for and the sessions the book holds. */
export interface DayContext {
  /** The New York day whose articles are written (each is published on this day). */
  day: DayNumber;
  book: PriceBook;
  /** The clock, for on-demand reads of past sessions only: it never changes what is written. */
  nowMs: number;
}

/** The first instant after the New York day: a story's deadline. */
export function dayEndMs(day: DayNumber): number {
  return nyInstant(day + 1, 0);
}

/** An instant of the day, New York time. */
export function at(day: DayNumber, hour: number, minute = 0): number {
  return nyInstant(day, hour * 60 + minute);
}

// ---------------------------------------------------------------------------------------------
// Earnings reports (lib/market/sim/earnings.ts), with their actuals
// ---------------------------------------------------------------------------------------------

const reportDaysMemo = new Map<string, Set<DayNumber>>();

/** The days a stock reports in a year (memoised: every day's stories ask every stock). */
function reportDays(stock: UniverseStock, year: number): Set<DayNumber> {
  const key = `${stock.symbol}:${year}`;
  let days = reportDaysMemo.get(key);
  if (!days) {
    days = new Set((stock.earningsMonths ?? []).map((m) => earningsDay(stock.symbol, year, m)));
    reportDaysMemo.set(key, days);
  }
  return days;
}

/** The stock's report dated `day`, with its actuals (callers publish it only once it is out). */
export function reportOn(stock: UniverseStock, day: DayNumber): EarningsReport | undefined {
  if (!stock.earningsHour) return undefined;
  const year = new Date(day * 86_400_000).getUTCFullYear();
  if (!reportDays(stock, year).has(day)) return undefined;
  return earningsReports(stock, day, day, nyInstant(day + 1, 0))[0];
}

/** The stock's latest report before `day` (with actuals), within the last 130 days. */
export function previousReport(stock: UniverseStock, day: DayNumber): EarningsReport | undefined {
  return earningsReports(stock, day - 130, day - 1, nyInstant(day, 0)).at(-1);
}

export interface ReactingReport {
  stock: UniverseStock;
  report: EarningsReport;
  reportDay: DayNumber;
}

/** The reports whose first session after the release is `day` (a bmo report's own day, an amc one's next). */
export function reportsReactingOn(day: DayNumber): ReactingReport[] {
  const out: ReactingReport[] = [];
  const candidates = [day, previousTradingDay("equity", day)];
  for (const stock of COMPANIES) {
    for (const reportDay of candidates) {
      const report = reportOn(stock, reportDay);
      if (report && reactionDay(reportDay, report.hour) === day) {
        out.push({ stock, report, reportDay });
      }
    }
  }
  return out;
}

/** yyyy-MM-dd of a day (ids). */
export function dateKey(day: DayNumber): string {
  return isoDate(day);
}
