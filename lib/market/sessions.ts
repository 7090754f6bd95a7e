import { type DayNumber, isWeekendDay } from "./civil-date";
import { formatNyClock, nyInstant, nyWallClock } from "./ny-time";
import { isEarlyClose, isHoliday, isTradingDay } from "./nyse-calendar";

/**
 * The US equity session clock. Times are New York wall-clock minutes after midnight:
 * Pre-Market 04:00-09:30, Market 09:30-16:00, After-Hours 16:00-20:00 on trading days
 * (13:00 and 17:00 on early-close days), Overnight 20:00-04:00 on the night before each
 * trading day (Sunday night included), Closed otherwise.
 */
export const SESSION_NAMES = [
  "Pre-Market",
  "Market",
  "After-Hours",
  "Overnight",
  "Closed",
] as const;
export type SessionName = (typeof SESSION_NAMES)[number];

const PRE_MARKET_OPEN = 4 * 60;
const REGULAR_OPEN = 9 * 60 + 30;
const REGULAR_CLOSE = 16 * 60;
const EARLY_CLOSE = 13 * 60;
/** Late trading runs four hours past the regular close (to 17:00 on early-close days). */
const AFTER_HOURS_LENGTH = 4 * 60;
const OVERNIGHT_OPEN = 20 * 60;
/** Longest run of days without a session to search across (e.g. 2001-09-11 plus a weekend). */
const SEARCH_DAYS = 14;

export interface SessionInterval {
  name: Exclude<SessionName, "Closed">;
  startMs: number;
  endMs: number;
}

/** Minute of day at which the regular session closes on a trading day. */
export function regularCloseMinute(day: DayNumber): number {
  return isEarlyClose(day) ? EARLY_CLOSE : REGULAR_CLOSE;
}

/** The sessions that open on a calendar day, in order (the overnight session opens the evening before). */
export function sessionsOpeningOn(day: DayNumber): SessionInterval[] {
  const sessions: SessionInterval[] = [];
  if (isTradingDay(day)) {
    const close = regularCloseMinute(day);
    sessions.push(
      interval("Pre-Market", day, PRE_MARKET_OPEN, day, REGULAR_OPEN),
      interval("Market", day, REGULAR_OPEN, day, close),
      interval("After-Hours", day, close, day, close + AFTER_HOURS_LENGTH),
    );
  }
  if (isTradingDay(day + 1)) {
    sessions.push(interval("Overnight", day, OVERNIGHT_OPEN, day + 1, PRE_MARKET_OPEN));
  }
  return sessions;
}

function interval(
  name: SessionInterval["name"],
  startDay: DayNumber,
  startMinute: number,
  endDay: DayNumber,
  endMinute: number,
): SessionInterval {
  return { name, startMs: nyInstant(startDay, startMinute), endMs: nyInstant(endDay, endMinute) };
}

export interface MarketStatus {
  currentSession: SessionName;
  nextSession: SessionName;
  secondsToNextSession: number;
  isWeekend: boolean;
  isHoliday: boolean;
  isEarlyClose: boolean;
  currentTimeEst: string;
  serverTimeUtc: string;
  nextSessionStartUtc: string;
}

/** The session at an instant and the next one to open. */
export function marketStatus(now: Date): MarketStatus {
  const nowMs = now.getTime();
  const clock = nyWallClock(nowMs);
  const current = sessionAt(clock.day, nowMs);
  const next = nextSessionAfter(clock.day, nowMs);
  return {
    currentSession: current?.name ?? "Closed",
    nextSession: next.name,
    secondsToNextSession: Math.max(0, Math.ceil((next.startMs - nowMs) / 1000)),
    isWeekend: isWeekendDay(clock.day),
    isHoliday: !isWeekendDay(clock.day) && isHoliday(clock.day),
    isEarlyClose: isTradingDay(clock.day) && isEarlyClose(clock.day),
    currentTimeEst: formatNyClock(clock),
    serverTimeUtc: now.toISOString(),
    nextSessionStartUtc: new Date(next.startMs).toISOString(),
  };
}

/** The session containing the instant (start inclusive, end exclusive), if any. */
export function sessionAt(today: DayNumber, nowMs: number): SessionInterval | undefined {
  for (const day of [today - 1, today]) {
    for (const session of sessionsOpeningOn(day)) {
      if (session.startMs <= nowMs && nowMs < session.endMs) return session;
    }
  }
  return undefined;
}

/** The first session opening strictly after the instant. */
export function nextSessionAfter(today: DayNumber, nowMs: number): SessionInterval {
  for (let day = today; day <= today + SEARCH_DAYS; day++) {
    for (const session of sessionsOpeningOn(day)) {
      if (session.startMs > nowMs) return session;
    }
  }
  throw new Error(`No session within ${SEARCH_DAYS} days of ${new Date(nowMs).toISOString()}`);
}
