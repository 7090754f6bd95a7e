import type { DayNumber } from "./civil-date";
import { nyInstant } from "./ny-time";
import { isTradingDay } from "./nyse-calendar";

/**
 * Trading days and session instants by kind of instrument: exchange-listed ones trade on NYSE
 * trading days in New York time, crypto every day in UTC. Calendar facts shared by the
 * simulated market and the chart windows, so they belong to no provider.
 */

export type SessionKind = "equity" | "index" | "crypto" | "future";

const MINUTES_PER_DAY = 1440;

/** Calendar days back that hold at least `sessions` NYSE sessions (weekends, holidays). */
export function calendarDaysHolding(sessions: number): number {
  return Math.ceil(sessions * 1.6 + 10);
}

/** Days on which the instrument trades: NYSE trading days, or every day for crypto. */
export function tradesOn(kind: SessionKind, day: DayNumber): boolean {
  return kind === "crypto" || isTradingDay(day);
}

export function previousTradingDay(kind: SessionKind, day: DayNumber): DayNumber {
  let d = day - 1;
  while (!tradesOn(kind, d)) d--;
  return d;
}

export function nextTradingDay(kind: SessionKind, day: DayNumber): DayNumber {
  let d = day + 1;
  while (!tradesOn(kind, d)) d++;
  return d;
}

/** Epoch ms of a minute of a day: New York time for exchange sessions, UTC for crypto. */
export function instantOf(kind: SessionKind, day: DayNumber, minuteOfDay: number): number {
  return kind === "crypto"
    ? (day * MINUTES_PER_DAY + minuteOfDay) * 60_000
    : nyInstant(day, minuteOfDay);
}
