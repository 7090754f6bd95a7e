import { type DayNumber, dayNumber, isWeekendDay, nthWeekday, weekday } from "../market/civil-date";

/**
 * US federal holidays (5 U.S.C. 6103), the days the statistical agencies (BLS, BEA, Census)
 * and the Department of Labor do not publish. Not the NYSE calendar: Columbus Day and
 * Veterans Day close the agencies but not the exchange, Good Friday the exchange but not the
 * agencies (the Employment Situation has come out on Good Friday, e.g. 2026-04-03).
 */

const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;
const SUNDAY = 0;

/** A fixed-date holiday on a Saturday is observed on Friday, on a Sunday on Monday. */
function observed(day: DayNumber): DayNumber {
  const dow = weekday(day);
  if (dow === SATURDAY) return day - 1;
  if (dow === SUNDAY) return day + 1;
  return day;
}

function holidaysOf(year: number): Set<DayNumber> {
  const days = [
    observed(dayNumber(year, 1, 1)),
    nthWeekday(year, 1, MONDAY, 3), // Martin Luther King, Jr. Day
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    nthWeekday(year, 5, MONDAY, -1), // Memorial Day
    observed(dayNumber(year, 7, 4)),
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    observed(dayNumber(year, 11, 11)), // Veterans Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving Day
    observed(dayNumber(year, 12, 25)),
    // Next year's New Year's Day on a Saturday is observed on this year's December 31.
    observed(dayNumber(year + 1, 1, 1)),
  ];
  if (year >= 2021) days.push(observed(dayNumber(year, 6, 19))); // Juneteenth
  return new Set(days);
}

const cache = new Map<number, Set<DayNumber>>();

export function isFederalHoliday(day: DayNumber): boolean {
  const year = new Date(day * 86_400_000).getUTCFullYear();
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = holidaysOf(year);
    cache.set(year, holidays);
  }
  return holidays.has(day);
}

/** A weekday that is not a federal holiday: a day the agencies publish. */
export function isFederalBusinessDay(day: DayNumber): boolean {
  return !isWeekendDay(day) && !isFederalHoliday(day);
}

/** The n-th (1-based) federal business day of a month. */
export function nthBusinessDay(year: number, month: number, n: number): DayNumber {
  let day = dayNumber(year, month, 1) - 1;
  for (let count = 0; count < n; ) {
    day++;
    if (isFederalBusinessDay(day)) count++;
  }
  return day;
}

/** The day itself when a business day, else the next one. */
export function businessDayOnOrAfter(day: DayNumber): DayNumber {
  let d = day;
  while (!isFederalBusinessDay(d)) d++;
  return d;
}

/** The day itself when a business day, else the one before. */
export function businessDayOnOrBefore(day: DayNumber): DayNumber {
  let d = day;
  while (!isFederalBusinessDay(d)) d--;
  return d;
}
