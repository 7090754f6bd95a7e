/**
 * Calendar dates as day numbers (days since 1970-01-01), so date arithmetic is integer
 * arithmetic and no time zone can shift a date.
 */
export type DayNumber = number;

/** English month names, January first (index = month − 1). */
export const MONTH_NAMES: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const MS_PER_DAY = 86_400_000;

export function dayNumber(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: DayNumber): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekendDay(day: DayNumber): boolean {
  const dow = weekday(day);
  return dow === 0 || dow === 6;
}

export function civilDate(day: DayNumber): { year: number; month: number; day: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** `yyyy-MM-dd`. */
export function isoDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): DayNumber {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((dow - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekday(last) - dow + 7) % 7);
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}
