import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nyInstant, nyWallClock } from "../../lib/market/ny-time";
import { isEarlyClose, isTradingDay } from "../../lib/market/nyse-calendar";
import { marketStatus, type SessionInterval, sessionsOpeningOn } from "../../lib/market/sessions";

/**
 * Property tests against an independent model of New York time: the US daylight-saving rules
 * written out by hand (2000-2006: first Sunday of April to last Sunday of October; from 2007:
 * second Sunday of March to first Sunday of November; both at 02:00 local), and the session
 * rules applied to the wall clock. The NYSE calendar itself is checked against published
 * calendars in nyse-calendar.test.ts and used here as given.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const MINUTE = 60_000;

const MIN_INSTANT = Date.UTC(2000, 0, 1);
const MAX_INSTANT = Date.UTC(2100, 0, 1) - 1;
const MIN_DAY = MIN_INSTANT / DAY;
const MAX_DAY = Math.floor(MAX_INSTANT / DAY);

/** n-th Sunday (n = -1: last) of a month, as a UTC day start in ms. */
function sunday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1));
    return first.getTime() + (((7 - first.getUTCDay()) % 7) + (n - 1) * 7) * DAY;
  }
  const last = new Date(Date.UTC(year, month, 0));
  return last.getTime() - last.getUTCDay() * DAY;
}

/** New York's UTC offset in hours (−4 or −5) at an instant, by the written-out DST rules. */
function modelOffsetHours(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const [startDay, endDay] =
    year >= 2007
      ? [sunday(year, 3, 2), sunday(year, 11, 1)]
      : [sunday(year, 4, 1), sunday(year, 10, -1)];
  const start = startDay + 7 * HOUR; // 02:00 EST
  const end = endDay + 6 * HOUR; // 02:00 EDT
  return start <= t && t < end ? -4 : -5;
}

interface ModelClock {
  day: number;
  minute: number;
  second: number;
  zone: "EST" | "EDT";
}

function modelClock(t: number): ModelClock {
  const offset = modelOffsetHours(t);
  const local = t + offset * HOUR;
  const day = Math.floor(local / DAY);
  const msOfDay = local - day * DAY;
  return {
    day,
    minute: Math.floor(msOfDay / MINUTE),
    second: Math.floor((msOfDay % MINUTE) / 1000),
    zone: offset === -4 ? "EDT" : "EST",
  };
}

/** The instants at which New York shows `minute` on `day`: 0 (gap), 1, or 2 (repeated hour). */
function modelInstants(day: number, minute: number): number[] {
  const result: number[] = [];
  for (const offset of [-4, -5]) {
    const t = day * DAY + minute * MINUTE - offset * HOUR;
    if (modelOffsetHours(t) === offset) result.push(t);
  }
  return result;
}

function modelInstant(day: number, minute: number): number {
  const [t, other] = modelInstants(day, minute);
  if (t === undefined || other !== undefined) throw new Error(`no unique instant ${day} ${minute}`);
  return t;
}

function formatModel(c: ModelClock): string {
  const date = new Date(c.day * DAY).toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date} ${pad(Math.floor(c.minute / 60))}:${pad(c.minute % 60)}:${pad(c.second)} ${c.zone}`;
}

const PRE = 4 * 60;
const OPEN = 9 * 60 + 30;
const OVERNIGHT = 20 * 60;

function closeMinute(day: number): number {
  return isEarlyClose(day) ? 13 * 60 : 16 * 60;
}

/** The session at an instant, from the wall clock and the written rules. */
function modelSession(t: number): string {
  const { day, minute } = modelClock(t);
  if (isTradingDay(day)) {
    const close = closeMinute(day);
    if (minute >= PRE && minute < OPEN) return "Pre-Market";
    if (minute >= OPEN && minute < close) return "Market";
    if (minute >= close && minute < close + 240) return "After-Hours";
    if (minute < PRE) return "Overnight";
  }
  if (minute >= OVERNIGHT && isTradingDay(day + 1)) return "Overnight";
  return "Closed";
}

/** Every session start from the rules, for sessions opening on days from..to. */
function modelStarts(from: number, to: number): { name: string; start: number }[] {
  const starts: { name: string; start: number }[] = [];
  for (let d = from; d <= to; d++) {
    if (isTradingDay(d)) {
      starts.push({ name: "Pre-Market", start: modelInstant(d, PRE) });
      starts.push({ name: "Market", start: modelInstant(d, OPEN) });
      starts.push({ name: "After-Hours", start: modelInstant(d, closeMinute(d)) });
    }
    if (isTradingDay(d + 1)) starts.push({ name: "Overnight", start: modelInstant(d, OVERNIGHT) });
  }
  return starts;
}

function sessionsBetween(from: number, to: number): SessionInterval[] {
  const all: SessionInterval[] = [];
  for (let d = from; d <= to; d++) all.push(...sessionsOpeningOn(d));
  return all;
}

const anyInstant = fc
  .date({ min: new Date(MIN_INSTANT), max: new Date(MAX_INSTANT), noInvalidDate: true })
  .map((d) => d.getTime());

/** Instants within a few seconds of a session boundary (in New York wall time). */
const boundaryInstant = fc
  .record({
    day: fc.integer({ min: MIN_DAY + 1, max: MAX_DAY - 1 }),
    minute: fc.constantFrom(0, PRE, OPEN, 13 * 60, 16 * 60, 17 * 60, OVERNIGHT, 24 * 60 - 1),
    deltaMs: fc.integer({ min: -2000, max: 2000 }),
  })
  .map(({ day, minute, deltaMs }) => {
    const [t] = modelInstants(day, minute);
    return (t ?? day * DAY + minute * MINUTE + 5 * HOUR) + deltaMs;
  });

const instant = fc.oneof(anyInstant, boundaryInstant);
const anyDay = fc.integer({ min: MIN_DAY, max: MAX_DAY });

const RUNS = { numRuns: 1500 };

describe("session clock properties (2000-2100)", () => {
  it("the model agrees with the platform's New York clock", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const c = nyWallClock(t);
        const m = modelClock(t);
        expect([c.day, c.hour * 60 + c.minute, c.second, c.zone]).toEqual([
          m.day,
          m.minute,
          m.second,
          m.zone,
        ]);
      }),
      RUNS,
    );
  });

  it("reports the session that the rules give for the wall clock", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const status = marketStatus(new Date(t));
        const clock = modelClock(t);
        const dow = new Date(clock.day * DAY).getUTCDay();
        expect(status.currentSession).toBe(modelSession(t));
        expect(status.currentTimeEst).toBe(formatModel(clock));
        expect(status.serverTimeUtc).toBe(new Date(t).toISOString());
        expect(status.isWeekend).toBe(dow === 0 || dow === 6);
      }),
      RUNS,
    );
  });

  it("the current session, if any, contains the instant; if Closed, none does", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const status = marketStatus(new Date(t));
        const today = modelClock(t).day;
        const containing = sessionsBetween(today - 2, today + 1).filter(
          (s) => s.startMs <= t && t < s.endMs,
        );
        if (status.currentSession === "Closed") {
          expect(containing).toEqual([]);
        } else {
          expect(containing.map((s) => s.name)).toEqual([status.currentSession]);
        }
      }),
      RUNS,
    );
  });

  it("the next session starts strictly after now and no session starts in between", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const status = marketStatus(new Date(t));
        const next = Date.parse(status.nextSessionStartUtc);
        expect(next).toBeGreaterThan(t);
        expect(status.secondsToNextSession).toBe(Math.ceil((next - t) / 1000));

        const today = modelClock(t).day;
        const sessions = sessionsBetween(today - 1, today + 15);
        expect(sessions.filter((s) => s.startMs > t && s.startMs < next)).toEqual([]);
        expect(
          sessions.filter((s) => s.startMs === next).map((s) => s.name),
          "a session opens at nextSessionStartUtc",
        ).toEqual([status.nextSession]);

        const modelNext = modelStarts(today - 1, today + 15).find((s) => s.start > t);
        expect(modelNext).toBeDefined();
        expect([status.nextSession, status.nextSessionStartUtc]).toEqual([
          modelNext?.name,
          new Date(modelNext?.start ?? 0).toISOString(),
        ]);
      }),
      RUNS,
    );
  });

  it("sessions never overlap and have the rule lengths", () => {
    fc.assert(
      fc.property(anyDay, (d) => {
        const sessions = sessionsBetween(d, d + 10);
        const expectedMinutes: Record<string, number[]> = {
          "Pre-Market": [330],
          Market: [390, 210],
          "After-Hours": [240],
          Overnight: [480],
        };
        for (const s of sessions) {
          expect(expectedMinutes[s.name]).toContain((s.endMs - s.startMs) / MINUTE);
        }
        for (let i = 1; i < sessions.length; i++) {
          const prev = sessions[i - 1] as SessionInterval;
          const cur = sessions[i] as SessionInterval;
          expect(prev.endMs).toBeLessThanOrEqual(cur.startMs);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("every trading day has exactly one Market session of 390 or 210 minutes", () => {
    fc.assert(
      fc.property(anyDay, (d) => {
        const markets = sessionsOpeningOn(d).filter((s) => s.name === "Market");
        const dow = new Date(d * DAY).getUTCDay();
        if (!isTradingDay(d)) {
          expect(markets).toEqual([]);
          return;
        }
        expect(dow).not.toBe(0);
        expect(dow).not.toBe(6);
        expect(markets).toHaveLength(1);
        const market = markets[0] as SessionInterval;
        expect(market.startMs).toBe(modelInstant(d, OPEN));
        expect((market.endMs - market.startMs) / MINUTE).toBe(isEarlyClose(d) ? 210 : 390);
      }),
      RUNS,
    );
  });

  it("nyInstant(nyWallClock(t)) round-trips to the minute", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const c = nyWallClock(t);
        const minute = c.hour * 60 + c.minute;
        const back = nyInstant(c.day, minute);
        const candidates = modelInstants(c.day, minute);
        if (candidates.length === 2) {
          // The repeated hour of the autumn change: either reading is a valid answer.
          expect(candidates).toContain(back);
        } else {
          expect(back).toBe(Math.floor(t / MINUTE) * MINUTE);
        }
      }),
      RUNS,
    );
  });

  it("nyInstant gives the instant that shows the wall time, outside the DST gap", () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 24 * 60 - 1 }), (d, minute) => {
        const candidates = modelInstants(d, minute);
        fc.pre(candidates.length > 0);
        const t = nyInstant(d, minute);
        expect(candidates).toContain(t);
        const c = nyWallClock(t);
        expect([c.day, c.hour * 60 + c.minute]).toEqual([d, minute]);
      }),
      RUNS,
    );
  });

  it("nyInstant between 02:00 and 03:00 (overnight bars) is right on every day of 2020-2039", () => {
    for (let d = Date.UTC(2020, 0, 1) / DAY; d < Date.UTC(2040, 0, 1) / DAY; d++) {
      for (const minute of [120, 150, 179]) {
        const candidates = modelInstants(d, minute);
        if (candidates.length === 0) continue; // the spring-forward gap
        expect(candidates).toContain(nyInstant(d, minute));
      }
    }
  });
});
