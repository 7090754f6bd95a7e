import { dayNumber, isWeekendDay, weekday } from "../market/civil-date";
import { earlyClosesOfYear, holidaysOfYear } from "../market/nyse-calendar";
import { type ExchangeEntry, exchangeNamed } from "./exchanges";

/**
 * Exchange holiday calendars. Only the US equity exchanges have one here: NYSE's (NYSE Rule 7.2,
 * computed by rule for any year with the unscheduled closures NYSE announced, from
 * lib/market/nyse-calendar.ts, the calendar the market clock itself runs on), which Nasdaq, NYSE
 * Arca and Cboe BZX follow: the same full closures and the same 13:00 early closes. Other
 * exchanges' calendars depend on announcements no rule captures reliably (one-off bank holidays,
 * changing bridge days), so they are not served.
 */

/** The exchanges (MICs) whose holidays this serves: the US equity exchanges. */
export const CALENDAR_MICS = ["XNYS", "XNAS", "ARCX", "BATS"] as const;

export const HOLIDAY_YEARS = { min: 2000, max: 2100 } as const;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const NYSE_EARLY_CLOSE = "13:00";

export interface HolidayCalendar {
  year: number;
  holidays: { date: string; weekday: string; name: string }[];
  earlyCloses: { date: string; weekday: string; closeTime: string; reason: string }[];
  /** Weekdays of the year less full holidays. */
  tradingDays: number;
}

const weekdayOf = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return WEEKDAYS[weekday(dayNumber(y, m, d))] as string;
};

function earlyCloseReason(date: string): string {
  if (date.endsWith("-07-03")) return "Day before Independence Day";
  if (date.endsWith("-12-24")) return "Christmas Eve";
  return "Day after Thanksgiving";
}

/** The NYSE calendar of a year (the US equity exchanges'). */
export function nyseCalendar(year: number): HolidayCalendar {
  const holidays = holidaysOfYear(year).map((h) => ({ ...h, weekday: weekdayOf(h.date) }));
  const earlyCloses = earlyClosesOfYear(year).map((date) => ({
    date,
    weekday: weekdayOf(date),
    closeTime: NYSE_EARLY_CLOSE,
    reason: earlyCloseReason(date),
  }));
  let weekdays = 0;
  for (let day = dayNumber(year, 1, 1); day < dayNumber(year + 1, 1, 1); day++) {
    if (!isWeekendDay(day)) weekdays++;
  }
  return { year, holidays, earlyCloses, tradingDays: weekdays - holidays.length };
}

/** The exchange named (MIC or API code) when it has a calendar here; else undefined. */
export function calendarExchange(name: string): ExchangeEntry | undefined {
  const exchange = exchangeNamed(name);
  return exchange?.mic && (CALENDAR_MICS as readonly string[]).includes(exchange.mic)
    ? exchange
    : undefined;
}
