import {
  type DayNumber,
  dayNumber,
  easterSunday,
  isoDate,
  isWeekendDay,
  nthWeekday,
} from "../../market/civil-date";

/**
 * When euro reference rates are published: on TARGET business days (the Eurosystem's payment
 * system is open every weekday except New Year's Day, Good Friday, Easter Monday, 1 May,
 * Christmas Day and 26 December, the closing days in force since 2002), around 16:00 CET
 * (Central European Time, CEST in summer). The publication instant is taken as 16:00 Frankfurt
 * time exactly.
 */

const MS_PER_DAY = 86_400_000;
const PUBLICATION_MINUTE = 16 * 60;
const SUNDAY = 0;

export function isTargetClosingDay(day: DayNumber): boolean {
  if (isWeekendDay(day)) return true;
  const { year, month, date } = ymd(day);
  if ((month === 1 && date === 1) || (month === 5 && date === 1)) return true;
  if (month === 12 && (date === 25 || date === 26)) return true;
  const easter = easterSunday(year);
  return day === easter - 2 || day === easter + 1;
}

export const isTargetBusinessDay = (day: DayNumber): boolean => !isTargetClosingDay(day);

function ymd(day: DayNumber) {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

/**
 * Central European summer time (EU rule since 1996): from 01:00 UTC on the last Sunday of March
 * to 01:00 UTC on the last Sunday of October. The UTC offset of Frankfurt at `instantMs`, hours.
 */
export function frankfurtOffsetHours(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const start = nthWeekday(year, 3, SUNDAY, -1) * MS_PER_DAY + 3_600_000;
  const end = nthWeekday(year, 10, SUNDAY, -1) * MS_PER_DAY + 3_600_000;
  return instantMs >= start && instantMs < end ? 2 : 1;
}

/** The instant a day's rates are published: 16:00 Frankfurt time, epoch ms. */
export function publicationInstant(day: DayNumber): number {
  const localMs = day * MS_PER_DAY + PUBLICATION_MINUTE * 60_000;
  // 16:00 local is 14:00 or 15:00 UTC, far from the 01:00 UTC switch: one pass is exact.
  return localMs - frankfurtOffsetHours(localMs) * 3_600_000;
}

/** The Frankfurt calendar day of an instant. */
export function frankfurtDay(instantMs: number): DayNumber {
  return Math.floor((instantMs + frankfurtOffsetHours(instantMs) * 3_600_000) / MS_PER_DAY);
}

/** The last TARGET business day whose rates are out at `instantMs`. */
export function lastPublishedDay(instantMs: number): DayNumber {
  let day = frankfurtDay(instantMs);
  while (isTargetClosingDay(day) || publicationInstant(day) > instantMs) day--;
  return day;
}

/** Whether the day's rates are out at `instantMs` (a TARGET business day, at or after 16:00 CET). */
export function isPublished(day: DayNumber, instantMs: number): boolean {
  return isTargetBusinessDay(day) && publicationInstant(day) <= instantMs;
}

/** yyyy-MM-dd → day number; undefined for anything else. */
export function dayOf(date: string): DayNumber | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parts) return undefined;
  const day = dayNumber(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  return isoDate(day) === date ? day : undefined;
}
