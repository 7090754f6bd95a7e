import { type DayNumber, dayNumber } from "./civil-date";

/** New York wall-clock time for instants, and back, via the platform's time-zone data. */

export const NEW_YORK = "America/New_York";

/** Built on first use: loading the time-zone data costs ~15 ms, which routes without dates skip. */
let formatter: Intl.DateTimeFormat | undefined;
const newYorkFormatter = () =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: NEW_YORK,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  });

export interface NyWallClock {
  day: DayNumber;
  year: number;
  month: number;
  date: number;
  hour: number;
  minute: number;
  second: number;
  /** EST or EDT. */
  zone: string;
}

export function nyWallClock(instantMs: number): NyWallClock {
  const parts: Record<string, string> = {};
  formatter ??= newYorkFormatter();
  for (const part of formatter.formatToParts(instantMs)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const date = Number(parts.day);
  return {
    day: dayNumber(year, month, date),
    year,
    month,
    date,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    zone: parts.timeZoneName ?? "ET",
  };
}

/** Offset of New York from UTC at an instant, in ms (−5 h in winter, −4 h in summer). */
function nyOffsetMs(instantMs: number): number {
  const clock = nyWallClock(instantMs);
  const wallAsUtc =
    clock.day * 86_400_000 + ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000;
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which New York's clock shows `minuteOfDay` on `day`. Session boundaries
 * are never inside the 02:00-03:00 daylight-saving gap, so the answer is unambiguous.
 */
export function nyInstant(day: DayNumber, minuteOfDay: number): number {
  const wallAsUtc = day * 86_400_000 + minuteOfDay * 60_000;
  if (minuteOfDay >= 120 && minuteOfDay < 180) {
    // On days the clocks do not change (all but two a year), the day's one offset holds from
    // 02:00 to 03:00 too: overnight-session bars are there, and Intl lookups cost microseconds.
    const before = day * 86_400_000 - nyInstant(day, 0);
    if (before === day * 86_400_000 + 180 * 60_000 - nyInstant(day, 180)) {
      return wallAsUtc - before;
    }
  }
  // Clocks change at 02:00: one offset holds all day before 02:00, another from 03:00 on.
  const key = minuteOfDay < 120 ? 2 * day : minuteOfDay >= 180 ? 2 * day + 1 : undefined;
  let offset = key === undefined ? undefined : offsetCache.get(key);
  if (offset === undefined) {
    offset = nyOffsetMs(wallAsUtc - nyOffsetMs(wallAsUtc + 5 * 3_600_000));
    if (key !== undefined) {
      if (offsetCache.size > 100_000) offsetCache.clear();
      offsetCache.set(key, offset);
    }
  }
  return wallAsUtc - offset;
}

/** New York's UTC offset (ms) by half-day, since Intl lookups cost microseconds each. */
const offsetCache = new Map<number, number>();

/** `yyyy-MM-dd HH:mm:ss EST` (or EDT). */
export function formatNyClock(clock: NyWallClock): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${clock.year}-${pad(clock.month)}-${pad(clock.date)} ` +
    `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)} ${clock.zone}`
  );
}
