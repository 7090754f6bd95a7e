import { type DayNumber, isoDate } from "../market/civil-date";
import { nyInstant, nyWallClock } from "../market/ny-time";
import { isTradingDay } from "../market/nyse-calendar";

/**
 * When a trade date's short-sale volume is out. FINRA posts the daily files "no later than
 * 6:00:00pm ET of the same day on the relevant trade date" (its Daily Short Sale Volume Files
 * page); both sources keep to that, so nothing is served ahead of the market clock. Only NYSE
 * sessions have files (weekends and exchange holidays none).
 */

/** 18:00 New York, minutes after midnight: the trade date's file is out from then on. */
export const PUBLICATION_MINUTE = 18 * 60;

const MS_PER_DAY = 86_400_000;

export const dayOfIsoDate = (date: string): DayNumber =>
  Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** Whether `date` is a session whose file is out at `nowMs`. */
export function isPublished(date: string, nowMs: number): boolean {
  const day = dayOfIsoDate(date);
  return isTradingDay(day) && nyInstant(day, PUBLICATION_MINUTE) <= nowMs;
}

/** The latest session whose file is out at `nowMs`. */
export function latestPublishedSession(nowMs: number): string {
  let day = nyWallClock(nowMs).day;
  while (!isPublished(isoDate(day), nowMs)) day--;
  return isoDate(day);
}

/** The `count` latest sessions whose files are out at `nowMs`, oldest first. */
export function publishedSessions(nowMs: number, count: number): string[] {
  const dates: string[] = [];
  let day = dayOfIsoDate(latestPublishedSession(nowMs));
  while (dates.length < count) {
    if (isTradingDay(day)) dates.push(isoDate(day));
    day--;
  }
  return dates.reverse();
}

/** The sessions dated `from` to `to` (inclusive) whose files are out at `nowMs`, oldest first. */
export function publishedSessionsBetween(from: string, to: string, nowMs: number): string[] {
  const dates: string[] = [];
  const last = Math.min(dayOfIsoDate(to), nyWallClock(nowMs).day);
  for (let day = dayOfIsoDate(from); day <= last; day++) {
    const date = isoDate(day);
    if (isPublished(date, nowMs)) dates.push(date);
  }
  return dates;
}
