import type { DayNumber } from "../market/civil-date";
import { nyInstant, nyWallClock } from "../market/ny-time";

/** Instants as the calendars show them: UTC and New York wall-clock time with its offset. */

const MS_PER_DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** ISO 8601 in New York time with its UTC offset, e.g. `2026-11-12T08:30:00-05:00`. */
export function nyIsoDateTime(instantMs: number): string {
  const clock = nyWallClock(instantMs);
  const wallMs =
    clock.day * MS_PER_DAY + ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000;
  const offsetMinutes = Math.round((wallMs - Math.floor(instantMs / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return (
    `${clock.year}-${pad(clock.month)}-${pad(clock.date)}T` +
    `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The instant New York's clock shows `hh:mm` on a day. */
export function nyTime(day: DayNumber, hour: number, minute = 0): number {
  return nyInstant(day, hour * 60 + minute);
}
