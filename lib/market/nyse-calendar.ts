import {
  type DayNumber,
  dayNumber,
  easterSunday,
  isoDate,
  isWeekendDay,
  nthWeekday,
  weekday,
} from "./civil-date";

/**
 * The NYSE holiday and early-close calendar, computed by rule for any year (NYSE Rule 7.2),
 * plus the unscheduled closures the exchange announced separately.
 */

const MONDAY = 1;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

/** Closures not given by any rule (national days of mourning, emergencies). */
const UNSCHEDULED_CLOSURES: Record<string, string> = {
  "2001-09-11": "September 11 attacks",
  "2001-09-12": "September 11 attacks",
  "2001-09-13": "September 11 attacks",
  "2001-09-14": "September 11 attacks",
  "2004-06-11": "National Day of Mourning (Ronald Reagan)",
  "2007-01-02": "National Day of Mourning (Gerald Ford)",
  "2012-10-29": "Hurricane Sandy",
  "2012-10-30": "Hurricane Sandy",
  "2018-12-05": "National Day of Mourning (George H. W. Bush)",
  "2025-01-09": "National Day of Mourning (Jimmy Carter)",
};

/** A fixed-date holiday on a weekend moves to Friday (Saturday) or Monday (Sunday). */
function observed(day: DayNumber): DayNumber {
  const dow = weekday(day);
  if (dow === SATURDAY) return day - 1;
  if (dow === SUNDAY) return day + 1;
  return day;
}

function ruleHolidays(year: number): Map<DayNumber, string> {
  const holidays = new Map<DayNumber, string>();
  const add = (day: DayNumber, name: string) => holidays.set(day, name);

  // New Year's Day on a Saturday is not observed on the Friday before (year-end close).
  const newYear = dayNumber(year, 1, 1);
  if (weekday(newYear) !== SATURDAY) add(observed(newYear), "New Year's Day");
  if (year >= 1998) add(nthWeekday(year, 1, MONDAY, 3), "Martin Luther King, Jr. Day");
  add(nthWeekday(year, 2, MONDAY, 3), "Washington's Birthday");
  add(easterSunday(year) - 2, "Good Friday");
  add(nthWeekday(year, 5, MONDAY, -1), "Memorial Day");
  if (year >= 2022) add(observed(dayNumber(year, 6, 19)), "Juneteenth National Independence Day");
  add(observed(dayNumber(year, 7, 4)), "Independence Day");
  add(nthWeekday(year, 9, MONDAY, 1), "Labor Day");
  add(nthWeekday(year, 11, THURSDAY, 4), "Thanksgiving Day");
  add(observed(dayNumber(year, 12, 25)), "Christmas Day");
  return holidays;
}

/** Early closes (13:00): July 3 and December 24 when Monday-Thursday; the day after Thanksgiving. */
function ruleEarlyCloses(year: number): Set<DayNumber> {
  const early = new Set<DayNumber>();
  for (const eve of [dayNumber(year, 7, 3), dayNumber(year, 12, 24)]) {
    const dow = weekday(eve);
    if (dow >= MONDAY && dow <= THURSDAY) early.add(eve);
  }
  const thanksgiving = nthWeekday(year, 11, THURSDAY, 4);
  if (weekday(thanksgiving + 1) === FRIDAY) early.add(thanksgiving + 1);
  return early;
}

interface YearCalendar {
  holidays: Map<DayNumber, string>;
  earlyCloses: Set<DayNumber>;
}

const yearCache = new Map<number, YearCalendar>();

function yearCalendar(year: number): YearCalendar {
  let calendar = yearCache.get(year);
  if (!calendar) {
    const holidays = ruleHolidays(year);
    for (const [date, name] of Object.entries(UNSCHEDULED_CLOSURES)) {
      if (date.startsWith(`${year}-`)) {
        const [y, m, d] = date.split("-").map(Number) as [number, number, number];
        holidays.set(dayNumber(y, m, d), name);
      }
    }
    const earlyCloses = ruleEarlyCloses(year);
    for (const day of holidays.keys()) earlyCloses.delete(day);
    calendar = { holidays, earlyCloses };
    yearCache.set(year, calendar);
  }
  return calendar;
}

/** The last year looked up, as days [start, end): days are mostly looked up in runs. */
let lastYear: { start: DayNumber; end: DayNumber; calendar: YearCalendar } | undefined;

/** The calendar of the day's year (without a Date per call: bar code asks for every day). */
function calendarOf(day: DayNumber): YearCalendar {
  if (!lastYear || day < lastYear.start || day >= lastYear.end) {
    const year = new Date(day * 86_400_000).getUTCFullYear();
    lastYear = {
      start: dayNumber(year, 1, 1),
      end: dayNumber(year + 1, 1, 1),
      calendar: yearCalendar(year),
    };
  }
  return lastYear.calendar;
}

/** The holiday's name when the exchange is closed all day on this weekday, else undefined. */
export function holidayName(day: DayNumber): string | undefined {
  return calendarOf(day).holidays.get(day);
}

export function isHoliday(day: DayNumber): boolean {
  return holidayName(day) !== undefined;
}

export function isEarlyClose(day: DayNumber): boolean {
  return calendarOf(day).earlyCloses.has(day);
}

export function isTradingDay(day: DayNumber): boolean {
  return !isWeekendDay(day) && !isHoliday(day);
}

/** The year's full holidays (weekdays only), soonest first, as `yyyy-MM-dd`. */
export function holidaysOfYear(year: number): { date: string; name: string }[] {
  return [...yearCalendar(year).holidays.entries()]
    .filter(([day]) => !isWeekendDay(day))
    .sort(([a], [b]) => a - b)
    .map(([day, name]) => ({ date: isoDate(day), name }));
}

/** The year's early-close days as `yyyy-MM-dd`, soonest first. */
export function earlyClosesOfYear(year: number): string[] {
  return [...yearCalendar(year).earlyCloses].sort((a, b) => a - b).map(isoDate);
}
