import type { DayNumber } from "./civil-date";
import { nyWallClock } from "./ny-time";
import type { ChartPeriod, Instrument } from "./ports";
import { instantOf, previousTradingDay, type SessionKind, tradesOn } from "./trading-days";

/** Sessions (trading days) each intraday period shows; calendar days for the longer ones. */
const SESSIONS_BY_PERIOD: Record<ChartPeriod, number> = {
  1: 1,
  2: 5,
  3: 10,
  4: 30,
  5: 0,
  6: 0,
  7: 0,
};
const DAYS_BY_PERIOD: Record<ChartPeriod, number> = {
  1: 0,
  2: 0,
  3: 0,
  4: 0,
  5: 365,
  6: 5 * 365,
  7: 5 * 365,
};

export function sessionKindOf(instrument: Instrument): SessionKind {
  if (instrument.contractType === "Crypto") return "crypto";
  if (instrument.contractType === "Future") return "future";
  return instrument.contractType === "Index" ? "index" : "equity";
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The [from, to) window (epoch ms) a chart of `period` shows at `nowMs`, on whole minutes (whole
 * days for daily and longer bars) so that repeated requests share cache entries; bars start on
 * minutes, so the bars returned are the same.
 */
export function chartWindow(
  instrument: Instrument,
  period: ChartPeriod,
  nowMs: number,
  extended = false,
) {
  const kind = sessionKindOf(instrument);
  const to = Math.floor(nowMs / MINUTE) * MINUTE + MINUTE;
  const sessions = SESSIONS_BY_PERIOD[period];
  if (sessions === 0) {
    return { from: Math.floor((nowMs - DAYS_BY_PERIOD[period] * DAY) / DAY) * DAY, to };
  }
  // Futures period 1 is the trailing 24 hours before the latest bar: fetch enough to span a
  // weekend, then `trailingDay` trims to the window.
  const calendarDays = kind === "crypto" ? sessions : kind === "future" && period === 1 ? 4 : 0;
  if (calendarDays > 0) {
    return { from: Math.floor((nowMs - calendarDays * DAY) / MINUTE) * MINUTE, to };
  }
  let day = latestSessionDay(kind, nowMs);
  for (let i = 1; i < sessions; i++) day = previousTradingDay(kind, day);
  // Sessions start the evening before for futures, and for equities' overnight session.
  const sessionStart = kind === "future" ? -360 : kind === "equity" && extended ? -240 : 0;
  return { from: instantOf(kind, day, sessionStart), to };
}

/** The trading day whose bars are the latest at `nowMs` (today once its first session opened). */
function latestSessionDay(kind: SessionKind, nowMs: number): DayNumber {
  const clock = nyWallClock(nowMs);
  const minute = clock.hour * 60 + clock.minute;
  if (kind === "future" && minute >= 18 * 60 && tradesOn(kind, clock.day + 1)) return clock.day + 1;
  const firstBarMinute = kind === "equity" ? 4 * 60 : kind === "future" ? 0 : 9 * 60 + 30;
  if (tradesOn(kind, clock.day) && minute >= firstBarMinute) return clock.day;
  return previousTradingDay(kind, clock.day);
}

/** A futures period-1 chart: the contiguous 24 hours ending with the latest bar. */
export function trailingDay<T extends { timestamp: number }>(bars: readonly T[]): T[] {
  const last = bars.at(-1);
  if (!last) return [];
  return bars.filter((bar) => bar.timestamp > last.timestamp - DAY);
}
