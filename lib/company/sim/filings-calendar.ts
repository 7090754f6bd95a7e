import { type DayNumber, dayNumber } from "../../market/civil-date";
import { isTradingDay } from "../../market/nyse-calendar";
import { seedOf, uniform } from "../../market/random";
import { earningsReports } from "../../market/sim/earnings";
import type { UniverseStock } from "../../market/sim/universe";

/**
 * The simulated world's corporate calendar, without prices: when each company reports (the
 * simulated market's earnings reports, lib/market/sim/earnings.ts), when it files its 10-Qs and
 * 10-Ks, when it holds its annual meeting and files the proxy, and when its insiders may trade
 * (outside the blackout before each report). Deterministic per symbol, independent of the clock.
 *
 * Business days are NYSE trading days. A report covers the calendar quarter before the month it
 * comes out in (earnings.ts), so every fiscal year here ends on 31 December.
 */

/** The first day of the filing record. */
export const RECORD_START_DAY: DayNumber = dayNumber(2015, 1, 1);
/** The last day the world is generated for (casts, calendars, trades). */
export const HORIZON_END_DAY: DayNumber = dayNumber(2035, 12, 31);
/** Insiders do not trade in the calendar days before a report (quarterly blackout). */
export const BLACKOUT_DAYS = 28;
/** Trading reopens this many business days after a report's day. */
const WINDOW_OPENS_AFTER_BUSINESS_DAYS = 2;

export interface PeriodicReport {
  /** The earnings release: an 8-K (Items 2.02, 9.01) on this day. */
  reportDay: DayNumber;
  hour: "bmo" | "amc";
  /** The fiscal (calendar) quarter and year reported on. */
  quarter: number;
  year: number;
  /** The quarter's last day: the 10-Q's or 10-K's reportDate. */
  periodEndDay: DayNumber;
  form: "10-Q" | "10-K";
  filingDay: DayNumber;
}

export interface AnnualMeeting {
  year: number;
  day: DayNumber;
  /** The definitive proxy (DEF 14A), 6-8 weeks before. */
  proxyFilingDay: DayNumber;
  /** The 8-K with the vote's results (Item 5.07), 1-4 business days after. */
  voteFilingDay: DayNumber;
}

/** Days insiders may trade in the open market: from `open` to `close`, inclusive. */
export interface TradingWindow {
  open: DayNumber;
  close: DayNumber;
}

export interface CorporateCalendar {
  /** Every report from the one filed first in the record to the horizon, oldest first. */
  reports: readonly PeriodicReport[];
  /** One a year, oldest first. */
  meetings: readonly AnnualMeeting[];
  windows: readonly TradingWindow[];
}

/** A deterministic uniform draw in (0, 1) for a symbol, a purpose and an index. */
export function draw(symbol: string, purpose: string, index: number, lane = 0): number {
  return uniform(seedOf(`${purpose}:${symbol}`), index, lane);
}

/** The day itself when it is a business day, else the next one. */
export function onOrAfterBusinessDay(day: DayNumber): DayNumber {
  let next = day;
  while (!isTradingDay(next)) next++;
  return next;
}

/** `count` business days after `day` (count ≥ 1), or the business day on or after it (0). */
export function addBusinessDays(day: DayNumber, count: number): DayNumber {
  let next = onOrAfterBusinessDay(day);
  for (let i = 0; i < count; i++) next = onOrAfterBusinessDay(next + 1);
  return next;
}

const calendars = new Map<string, CorporateCalendar>();

/** The stock's calendar (memoised: it depends on nothing but the symbol). */
export function corporateCalendar(stock: UniverseStock): CorporateCalendar {
  let calendar = calendars.get(stock.symbol);
  if (!calendar) {
    const reports = periodicReports(stock);
    calendar = {
      reports,
      meetings: annualMeetings(stock.symbol, reports),
      windows: tradingWindows(reports),
    };
    calendars.set(stock.symbol, calendar);
  }
  return calendar;
}

function periodicReports(stock: UniverseStock): PeriodicReport[] {
  // From the autumn before the record: the first reports filed in 2015 cover 2014.
  const released = earningsReports(stock, RECORD_START_DAY - 100, HORIZON_END_DAY, 0);
  return released.map((report, index) => {
    const [y, m, d] = report.date.split("-").map(Number) as [number, number, number];
    const reportDay = dayNumber(y, m, d);
    const annual = report.quarter === 4;
    // 10-Q: 1-3 business days after the release; 10-K: 1-4 weeks after it.
    const lag = annual
      ? 5 + Math.floor(draw(stock.symbol, "10-K", index) * 16)
      : 1 + Math.floor(draw(stock.symbol, "10-Q", index) * 3);
    return {
      reportDay,
      hour: report.hour,
      quarter: report.quarter,
      year: report.year,
      periodEndDay: dayNumber(report.year, report.quarter * 3 + 1, 1) - 1,
      form: annual ? "10-K" : "10-Q",
      filingDay: addBusinessDays(reportDay, lag),
    };
  });
}

/**
 * The annual meeting: a company habit between mid-April and early June, at least nine weeks
 * after the 10-K so that the proxy (6-8 weeks before the meeting) follows the annual report.
 */
function annualMeetings(symbol: string, reports: readonly PeriodicReport[]): AnnualMeeting[] {
  const habit = Math.floor(draw(symbol, "meeting", 0) * 50);
  return reports
    .filter((report) => report.form === "10-K")
    .map((tenK) => {
      const year = yearOf(tenK.filingDay);
      const jitter = Math.floor(draw(symbol, "meeting", year) * 7);
      const usual = dayNumber(year, 4, 15) + habit + jitter;
      const day = onOrAfterBusinessDay(Math.max(usual, tenK.filingDay + 63));
      const lead = 42 + Math.floor(draw(symbol, "proxy", year) * 15);
      const vote = 1 + Math.floor(draw(symbol, "5.07", year) * 4);
      return {
        year,
        day,
        proxyFilingDay: onOrAfterBusinessDay(day - lead),
        voteFilingDay: addBusinessDays(day, vote),
      };
    });
}

/** From two business days after each report to the day before the next one's blackout. */
function tradingWindows(reports: readonly PeriodicReport[]): TradingWindow[] {
  const windows: TradingWindow[] = [];
  for (let i = 0; i + 1 < reports.length; i++) {
    const open = addBusinessDays(
      (reports[i] as PeriodicReport).reportDay,
      WINDOW_OPENS_AFTER_BUSINESS_DAYS,
    );
    const close = (reports[i + 1] as PeriodicReport).reportDay - BLACKOUT_DAYS - 1;
    if (close >= open) windows.push({ open, close });
  }
  return windows;
}

export function yearOf(day: DayNumber): number {
  return new Date(day * 86_400_000).getUTCFullYear();
}
