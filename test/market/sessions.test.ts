import { describe, expect, it } from "vitest";
import { formatNyClock, nyInstant, nyWallClock } from "../../lib/market/ny-time";
import {
  type MarketStatus,
  marketStatus,
  regularCloseMinute,
  type SessionInterval,
  sessionAt,
  sessionsOpeningOn,
} from "../../lib/market/sessions";

/** Day number of an ISO date, computed here without the code under test. */
function day(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function show(sessions: SessionInterval[]): [string, string, string][] {
  return sessions.map((s) => [s.name, iso(s.startMs), iso(s.endMs)]);
}

type Session = MarketStatus["currentSession"];

interface Case {
  /** What the instant is in New York, for the reader. */
  note: string;
  at: string;
  current: Session;
  next: Session;
  nextStart: string;
  /** Hand-computed seconds from `at` to `nextStart`, rounded up. */
  seconds: number;
  clock: string;
  weekend?: boolean;
  holiday?: boolean;
  early?: boolean;
}

function check(c: Case) {
  const status = marketStatus(new Date(c.at));
  expect(status).toEqual({
    currentSession: c.current,
    nextSession: c.next,
    secondsToNextSession: c.seconds,
    isWeekend: c.weekend ?? false,
    isHoliday: c.holiday ?? false,
    isEarlyClose: c.early ?? false,
    currentTimeEst: c.clock,
    serverTimeUtc: new Date(c.at).toISOString(),
    nextSessionStartUtc: c.nextStart,
  });
  // The hand-computed seconds agree with the two instants (guards against typos in the table).
  expect(c.seconds).toBe(Math.ceil((Date.parse(c.nextStart) - Date.parse(c.at)) / 1000));
}

describe("marketStatus on a normal winter day (Wed 2026-01-14, EST = UTC-5)", () => {
  const cases: Case[] = [
    {
      note: "03:59:59, end of the overnight session",
      at: "2026-01-14T08:59:59.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-01-14T09:00:00.000Z",
      seconds: 1,
      clock: "2026-01-14 03:59:59 EST",
    },
    {
      note: "04:00 pre-market opens",
      at: "2026-01-14T09:00:00.000Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-01-14T14:30:00.000Z",
      seconds: 19_800,
      clock: "2026-01-14 04:00:00 EST",
    },
    {
      note: "09:29:59",
      at: "2026-01-14T14:29:59.000Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-01-14T14:30:00.000Z",
      seconds: 1,
      clock: "2026-01-14 09:29:59 EST",
    },
    {
      note: "09:29:59.001 rounds up to one second",
      at: "2026-01-14T14:29:59.001Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-01-14T14:30:00.000Z",
      seconds: 1,
      clock: "2026-01-14 09:29:59 EST",
    },
    {
      note: "09:29:58.999 rounds up to two seconds",
      at: "2026-01-14T14:29:58.999Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-01-14T14:30:00.000Z",
      seconds: 2,
      clock: "2026-01-14 09:29:58 EST",
    },
    {
      note: "09:30 market opens",
      at: "2026-01-14T14:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-01-14T21:00:00.000Z",
      seconds: 23_400,
      clock: "2026-01-14 09:30:00 EST",
    },
    {
      note: "15:59:59",
      at: "2026-01-14T20:59:59.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-01-14T21:00:00.000Z",
      seconds: 1,
      clock: "2026-01-14 15:59:59 EST",
    },
    {
      note: "16:00 after-hours",
      at: "2026-01-14T21:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-01-15T01:00:00.000Z",
      seconds: 14_400,
      clock: "2026-01-14 16:00:00 EST",
    },
    {
      note: "19:59:59 (already the 15th in UTC)",
      at: "2026-01-15T00:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-01-15T01:00:00.000Z",
      seconds: 1,
      clock: "2026-01-14 19:59:59 EST",
    },
    {
      note: "20:00 overnight for Thursday",
      at: "2026-01-15T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-01-15T09:00:00.000Z",
      seconds: 28_800,
      clock: "2026-01-14 20:00:00 EST",
    },
    {
      note: "midnight inside the overnight session",
      at: "2026-01-15T05:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-01-15T09:00:00.000Z",
      seconds: 14_400,
      clock: "2026-01-15 00:00:00 EST",
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus on a normal summer day (Wed 2026-07-15, EDT = UTC-4)", () => {
  const cases: Case[] = [
    {
      note: "03:59:59",
      at: "2026-07-15T07:59:59.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-07-15T08:00:00.000Z",
      seconds: 1,
      clock: "2026-07-15 03:59:59 EDT",
    },
    {
      note: "04:00",
      at: "2026-07-15T08:00:00.000Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-07-15T13:30:00.000Z",
      seconds: 19_800,
      clock: "2026-07-15 04:00:00 EDT",
    },
    {
      note: "09:29:59",
      at: "2026-07-15T13:29:59.000Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-07-15T13:30:00.000Z",
      seconds: 1,
      clock: "2026-07-15 09:29:59 EDT",
    },
    {
      note: "09:30",
      at: "2026-07-15T13:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-07-15T20:00:00.000Z",
      seconds: 23_400,
      clock: "2026-07-15 09:30:00 EDT",
    },
    {
      note: "15:59:59",
      at: "2026-07-15T19:59:59.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-07-15T20:00:00.000Z",
      seconds: 1,
      clock: "2026-07-15 15:59:59 EDT",
    },
    {
      note: "16:00",
      at: "2026-07-15T20:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-07-16T00:00:00.000Z",
      seconds: 14_400,
      clock: "2026-07-15 16:00:00 EDT",
    },
    {
      note: "19:59:59",
      at: "2026-07-15T23:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-07-16T00:00:00.000Z",
      seconds: 1,
      clock: "2026-07-15 19:59:59 EDT",
    },
    {
      note: "20:00",
      at: "2026-07-16T00:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-07-16T08:00:00.000Z",
      seconds: 28_800,
      clock: "2026-07-15 20:00:00 EDT",
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus over weekends", () => {
  const cases: Case[] = [
    {
      note: "Fri 2026-01-09 19:59:59 EST, last second of after-hours",
      at: "2026-01-10T00:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-01-12T01:00:00.000Z",
      seconds: 172_801,
      clock: "2026-01-09 19:59:59 EST",
    },
    {
      note: "Fri 2026-01-09 20:00 EST: closed until Sunday 20:00",
      at: "2026-01-10T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-12T01:00:00.000Z",
      seconds: 172_800,
      clock: "2026-01-09 20:00:00 EST",
    },
    {
      note: "Sat 2026-01-10 00:00 EST",
      at: "2026-01-10T05:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-12T01:00:00.000Z",
      seconds: 158_400,
      clock: "2026-01-10 00:00:00 EST",
      weekend: true,
    },
    {
      note: "Sat 2026-01-10 12:00 EST",
      at: "2026-01-10T17:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-12T01:00:00.000Z",
      seconds: 115_200,
      clock: "2026-01-10 12:00:00 EST",
      weekend: true,
    },
    {
      note: "Sun 2026-01-11 19:59:59 EST",
      at: "2026-01-12T00:59:59.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-12T01:00:00.000Z",
      seconds: 1,
      clock: "2026-01-11 19:59:59 EST",
      weekend: true,
    },
    {
      note: "Sun 2026-01-11 20:00 EST: Sunday-night overnight",
      at: "2026-01-12T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-01-12T09:00:00.000Z",
      seconds: 28_800,
      clock: "2026-01-11 20:00:00 EST",
      weekend: true,
    },
    {
      note: "Fri 2026-07-17 21:30 EDT",
      at: "2026-07-18T01:30:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-07-20T00:00:00.000Z",
      seconds: 167_400,
      clock: "2026-07-17 21:30:00 EDT",
    },
    {
      note: "Fri 2026-01-16 20:00 EST before the MLK Day long weekend",
      at: "2026-01-17T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-20T01:00:00.000Z",
      seconds: 259_200,
      clock: "2026-01-16 20:00:00 EST",
    },
    {
      note: "Sun 2026-01-18 20:00 EST: no overnight before a Monday holiday",
      at: "2026-01-19T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-20T01:00:00.000Z",
      seconds: 86_400,
      clock: "2026-01-18 20:00:00 EST",
      weekend: true,
    },
    {
      note: "Mon 2026-01-19 12:00 EST, MLK Day",
      at: "2026-01-19T17:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-01-20T01:00:00.000Z",
      seconds: 28_800,
      clock: "2026-01-19 12:00:00 EST",
      holiday: true,
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus around Thanksgiving 2026 (holiday Thu 11-26, early close Fri 11-27)", () => {
  const cases: Case[] = [
    {
      note: "Wed 19:59:59 after-hours",
      at: "2026-11-26T00:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 86_401,
      clock: "2026-11-25 19:59:59 EST",
    },
    {
      note: "Wed 20:00: no overnight before the holiday",
      at: "2026-11-26T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 86_400,
      clock: "2026-11-25 20:00:00 EST",
    },
    {
      note: "Thu 00:00",
      at: "2026-11-26T05:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 72_000,
      clock: "2026-11-26 00:00:00 EST",
      holiday: true,
    },
    {
      note: "Thu 04:00: no pre-market",
      at: "2026-11-26T09:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 57_600,
      clock: "2026-11-26 04:00:00 EST",
      holiday: true,
    },
    {
      note: "Thu 09:30: no market",
      at: "2026-11-26T14:30:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 37_800,
      clock: "2026-11-26 09:30:00 EST",
      holiday: true,
    },
    {
      note: "Thu 12:00",
      at: "2026-11-26T17:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 28_800,
      clock: "2026-11-26 12:00:00 EST",
      holiday: true,
    },
    {
      note: "Thu 19:59:59",
      at: "2026-11-27T00:59:59.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-27T01:00:00.000Z",
      seconds: 1,
      clock: "2026-11-26 19:59:59 EST",
      holiday: true,
    },
    {
      note: "Thu 20:00: overnight on the holiday evening, Friday trades",
      at: "2026-11-27T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-11-27T09:00:00.000Z",
      seconds: 28_800,
      clock: "2026-11-26 20:00:00 EST",
      holiday: true,
    },
    {
      note: "Fri 04:00",
      at: "2026-11-27T09:00:00.000Z",
      current: "Pre-Market",
      next: "Market",
      nextStart: "2026-11-27T14:30:00.000Z",
      seconds: 19_800,
      clock: "2026-11-27 04:00:00 EST",
      early: true,
    },
    {
      note: "Fri 09:30: market until 13:00",
      at: "2026-11-27T14:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-11-27T18:00:00.000Z",
      seconds: 12_600,
      clock: "2026-11-27 09:30:00 EST",
      early: true,
    },
    {
      note: "Fri 12:59:59",
      at: "2026-11-27T17:59:59.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-11-27T18:00:00.000Z",
      seconds: 1,
      clock: "2026-11-27 12:59:59 EST",
      early: true,
    },
    {
      note: "Fri 13:00: after-hours until 17:00, then nothing until Sunday 20:00",
      at: "2026-11-27T18:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 198_000,
      clock: "2026-11-27 13:00:00 EST",
      early: true,
    },
    {
      note: "Fri 16:00 is still after-hours (not its start)",
      at: "2026-11-27T21:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 187_200,
      clock: "2026-11-27 16:00:00 EST",
      early: true,
    },
    {
      note: "Fri 16:59:59",
      at: "2026-11-27T21:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 183_601,
      clock: "2026-11-27 16:59:59 EST",
      early: true,
    },
    {
      note: "Fri 17:00 closed",
      at: "2026-11-27T22:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 183_600,
      clock: "2026-11-27 17:00:00 EST",
      early: true,
    },
    {
      note: "Fri 19:00 closed",
      at: "2026-11-28T00:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 176_400,
      clock: "2026-11-27 19:00:00 EST",
      early: true,
    },
    {
      note: "Fri 20:00 closed (Saturday does not trade)",
      at: "2026-11-28T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 172_800,
      clock: "2026-11-27 20:00:00 EST",
      early: true,
    },
    {
      note: "Sat 12:00",
      at: "2026-11-28T17:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-30T01:00:00.000Z",
      seconds: 115_200,
      clock: "2026-11-28 12:00:00 EST",
      weekend: true,
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus around Christmas 2026 (early close Thu 12-24, holiday Fri 12-25)", () => {
  const cases: Case[] = [
    {
      note: "Wed 12-23 20:00: overnight (Thursday trades)",
      at: "2026-12-24T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-12-24T09:00:00.000Z",
      seconds: 28_800,
      clock: "2026-12-23 20:00:00 EST",
    },
    {
      note: "Thu 09:30",
      at: "2026-12-24T14:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-12-24T18:00:00.000Z",
      seconds: 12_600,
      clock: "2026-12-24 09:30:00 EST",
      early: true,
    },
    {
      note: "Thu 13:00: after-hours, next session Sunday night",
      at: "2026-12-24T18:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-12-28T01:00:00.000Z",
      seconds: 284_400,
      clock: "2026-12-24 13:00:00 EST",
      early: true,
    },
    {
      note: "Thu 17:00 closed",
      at: "2026-12-24T22:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-12-28T01:00:00.000Z",
      seconds: 270_000,
      clock: "2026-12-24 17:00:00 EST",
      early: true,
    },
    {
      note: "Thu 20:00: no overnight before Christmas",
      at: "2026-12-25T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-12-28T01:00:00.000Z",
      seconds: 259_200,
      clock: "2026-12-24 20:00:00 EST",
      early: true,
    },
    {
      note: "Fri 12-25 12:00",
      at: "2026-12-25T17:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-12-28T01:00:00.000Z",
      seconds: 201_600,
      clock: "2026-12-25 12:00:00 EST",
      holiday: true,
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus before other full holidays", () => {
  const cases: Case[] = [
    {
      note: "Thu 2026-04-02 19:59:59 EDT, before Good Friday",
      at: "2026-04-02T23:59:59.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-04-06T00:00:00.000Z",
      seconds: 259_201,
      clock: "2026-04-02 19:59:59 EDT",
    },
    {
      note: "Thu 2026-04-02 20:00 EDT: no overnight before Good Friday",
      at: "2026-04-03T00:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-04-06T00:00:00.000Z",
      seconds: 259_200,
      clock: "2026-04-02 20:00:00 EDT",
    },
    {
      note: "Good Friday 2026-04-03 12:00 EDT",
      at: "2026-04-03T16:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-04-06T00:00:00.000Z",
      seconds: 201_600,
      clock: "2026-04-03 12:00:00 EDT",
      holiday: true,
    },
    {
      note: "Wed 2025-01-08 20:00 EST, before the Carter day of mourning",
      at: "2025-01-09T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2025-01-10T01:00:00.000Z",
      seconds: 86_400,
      clock: "2025-01-08 20:00:00 EST",
    },
    {
      note: "Thu 2025-01-09 10:00 EST, day of mourning",
      at: "2025-01-09T15:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2025-01-10T01:00:00.000Z",
      seconds: 36_000,
      clock: "2025-01-09 10:00:00 EST",
      holiday: true,
    },
    {
      note: "Thu 2025-01-09 20:00 EST: overnight for Friday",
      at: "2025-01-10T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2025-01-10T09:00:00.000Z",
      seconds: 28_800,
      clock: "2025-01-09 20:00:00 EST",
      holiday: true,
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus across the spring DST change (Sun 2026-03-08)", () => {
  const cases: Case[] = [
    {
      note: "Fri 16:00 EST, next session Sunday 20:00 EDT (51 real hours)",
      at: "2026-03-06T21:00:00.000Z",
      current: "After-Hours",
      next: "Overnight",
      nextStart: "2026-03-09T00:00:00.000Z",
      seconds: 183_600,
      clock: "2026-03-06 16:00:00 EST",
    },
    {
      note: "Fri 20:00 EST, 47 real hours to Sunday 20:00 EDT",
      at: "2026-03-07T01:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-03-09T00:00:00.000Z",
      seconds: 169_200,
      clock: "2026-03-06 20:00:00 EST",
    },
    {
      note: "Sun 01:59:59 EST",
      at: "2026-03-08T06:59:59.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-03-09T00:00:00.000Z",
      seconds: 61_201,
      clock: "2026-03-08 01:59:59 EST",
      weekend: true,
    },
    {
      note: "Sun 03:00:00 EDT, one second later",
      at: "2026-03-08T07:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-03-09T00:00:00.000Z",
      seconds: 61_200,
      clock: "2026-03-08 03:00:00 EDT",
      weekend: true,
    },
    {
      note: "Sun 19:59:59 EDT",
      at: "2026-03-08T23:59:59.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-03-09T00:00:00.000Z",
      seconds: 1,
      clock: "2026-03-08 19:59:59 EDT",
      weekend: true,
    },
    {
      note: "Sun 20:00 EDT = 00:00Z Monday",
      at: "2026-03-09T00:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-03-09T08:00:00.000Z",
      seconds: 28_800,
      clock: "2026-03-08 20:00:00 EDT",
      weekend: true,
    },
    {
      note: "Mon 03:59:59 EDT",
      at: "2026-03-09T07:59:59.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-03-09T08:00:00.000Z",
      seconds: 1,
      clock: "2026-03-09 03:59:59 EDT",
    },
    {
      note: "Mon 09:30 EDT",
      at: "2026-03-09T13:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-03-09T20:00:00.000Z",
      seconds: 23_400,
      clock: "2026-03-09 09:30:00 EDT",
    },
  ];
  it.each(cases)("$note", check);
});

describe("marketStatus across the autumn DST change (Sun 2026-11-01)", () => {
  const cases: Case[] = [
    {
      note: "Fri 20:00 EDT, 49 real hours to Sunday 20:00 EST",
      at: "2026-10-31T00:00:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-02T01:00:00.000Z",
      seconds: 176_400,
      clock: "2026-10-30 20:00:00 EDT",
    },
    {
      note: "Sun 01:30 EDT (first 01:30)",
      at: "2026-11-01T05:30:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-02T01:00:00.000Z",
      seconds: 70_200,
      clock: "2026-11-01 01:30:00 EDT",
      weekend: true,
    },
    {
      note: "Sun 01:30 EST (second 01:30)",
      at: "2026-11-01T06:30:00.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-02T01:00:00.000Z",
      seconds: 66_600,
      clock: "2026-11-01 01:30:00 EST",
      weekend: true,
    },
    {
      note: "Sun 19:59:59 EST",
      at: "2026-11-02T00:59:59.000Z",
      current: "Closed",
      next: "Overnight",
      nextStart: "2026-11-02T01:00:00.000Z",
      seconds: 1,
      clock: "2026-11-01 19:59:59 EST",
      weekend: true,
    },
    {
      note: "Sun 20:00 EST",
      at: "2026-11-02T01:00:00.000Z",
      current: "Overnight",
      next: "Pre-Market",
      nextStart: "2026-11-02T09:00:00.000Z",
      seconds: 28_800,
      clock: "2026-11-01 20:00:00 EST",
      weekend: true,
    },
    {
      note: "Mon 09:30 EST",
      at: "2026-11-02T14:30:00.000Z",
      current: "Market",
      next: "After-Hours",
      nextStart: "2026-11-02T21:00:00.000Z",
      seconds: 23_400,
      clock: "2026-11-02 09:30:00 EST",
    },
  ];
  it.each(cases)("$note", check);
});

describe("sessionsOpeningOn", () => {
  it("a normal summer Wednesday has four sessions", () => {
    expect(show(sessionsOpeningOn(day("2026-07-15")))).toEqual([
      ["Pre-Market", "2026-07-15T08:00:00.000Z", "2026-07-15T13:30:00.000Z"],
      ["Market", "2026-07-15T13:30:00.000Z", "2026-07-15T20:00:00.000Z"],
      ["After-Hours", "2026-07-15T20:00:00.000Z", "2026-07-16T00:00:00.000Z"],
      ["Overnight", "2026-07-16T00:00:00.000Z", "2026-07-16T08:00:00.000Z"],
    ]);
  });

  it("the day before Thanksgiving has no overnight", () => {
    expect(show(sessionsOpeningOn(day("2026-11-25")))).toEqual([
      ["Pre-Market", "2026-11-25T09:00:00.000Z", "2026-11-25T14:30:00.000Z"],
      ["Market", "2026-11-25T14:30:00.000Z", "2026-11-25T21:00:00.000Z"],
      ["After-Hours", "2026-11-25T21:00:00.000Z", "2026-11-26T01:00:00.000Z"],
    ]);
  });

  it("Thanksgiving opens only the overnight session", () => {
    expect(show(sessionsOpeningOn(day("2026-11-26")))).toEqual([
      ["Overnight", "2026-11-27T01:00:00.000Z", "2026-11-27T09:00:00.000Z"],
    ]);
  });

  it("the early close after Thanksgiving", () => {
    expect(show(sessionsOpeningOn(day("2026-11-27")))).toEqual([
      ["Pre-Market", "2026-11-27T09:00:00.000Z", "2026-11-27T14:30:00.000Z"],
      ["Market", "2026-11-27T14:30:00.000Z", "2026-11-27T18:00:00.000Z"],
      ["After-Hours", "2026-11-27T18:00:00.000Z", "2026-11-27T22:00:00.000Z"],
    ]);
  });

  it("Christmas Eve 2026, an early close before a holiday", () => {
    expect(show(sessionsOpeningOn(day("2026-12-24")))).toEqual([
      ["Pre-Market", "2026-12-24T09:00:00.000Z", "2026-12-24T14:30:00.000Z"],
      ["Market", "2026-12-24T14:30:00.000Z", "2026-12-24T18:00:00.000Z"],
      ["After-Hours", "2026-12-24T18:00:00.000Z", "2026-12-24T22:00:00.000Z"],
    ]);
    expect(sessionsOpeningOn(day("2026-12-25"))).toEqual([]);
    expect(sessionsOpeningOn(day("2026-12-26"))).toEqual([]);
  });

  it("the DST weekend: nothing on Saturday, an EDT overnight on Sunday", () => {
    expect(sessionsOpeningOn(day("2026-03-07"))).toEqual([]);
    expect(show(sessionsOpeningOn(day("2026-03-08")))).toEqual([
      ["Overnight", "2026-03-09T00:00:00.000Z", "2026-03-09T08:00:00.000Z"],
    ]);
    expect(show(sessionsOpeningOn(day("2026-11-01")))).toEqual([
      ["Overnight", "2026-11-02T01:00:00.000Z", "2026-11-02T09:00:00.000Z"],
    ]);
  });

  it("regularCloseMinute is 13:00 on early closes and 16:00 otherwise", () => {
    expect(regularCloseMinute(day("2026-11-27"))).toBe(13 * 60);
    expect(regularCloseMinute(day("2026-12-24"))).toBe(13 * 60);
    expect(regularCloseMinute(day("2026-11-25"))).toBe(16 * 60);
  });

  it("sessionAt finds the overnight session that opened the day before", () => {
    const found = sessionAt(day("2026-07-16"), Date.parse("2026-07-16T03:00:00Z"));
    expect(found && show([found])).toEqual([
      ["Overnight", "2026-07-16T00:00:00.000Z", "2026-07-16T08:00:00.000Z"],
    ]);
    expect(sessionAt(day("2026-11-26"), Date.parse("2026-11-26T17:00:00Z"))).toBeUndefined();
  });
});

describe("ny-time", () => {
  it("reads the New York wall clock", () => {
    expect(nyWallClock(Date.parse("2026-03-08T06:59:59.999Z"))).toMatchObject({
      day: day("2026-03-08"),
      year: 2026,
      month: 3,
      date: 8,
      hour: 1,
      minute: 59,
      second: 59,
      zone: "EST",
    });
    expect(nyWallClock(Date.parse("2026-07-01T03:05:09Z"))).toMatchObject({
      day: day("2026-06-30"),
      hour: 23,
      minute: 5,
      second: 9,
      zone: "EDT",
    });
    expect(nyWallClock(Date.parse("2026-01-01T04:59:59Z"))).toMatchObject({
      year: 2025,
      month: 12,
      date: 31,
      hour: 23,
      zone: "EST",
    });
  });

  it("formats with zero padding", () => {
    expect(formatNyClock(nyWallClock(Date.parse("2027-02-03T09:04:05Z")))).toBe(
      "2027-02-03 04:04:05 EST",
    );
    expect(formatNyClock(nyWallClock(Date.parse("2026-03-08T05:00:00Z")))).toBe(
      "2026-03-08 00:00:00 EST",
    );
  });

  it("converts New York wall time to instants", () => {
    expect(iso(nyInstant(day("2026-01-14"), 9 * 60 + 30))).toBe("2026-01-14T14:30:00.000Z");
    expect(iso(nyInstant(day("2026-07-15"), 9 * 60 + 30))).toBe("2026-07-15T13:30:00.000Z");
    expect(iso(nyInstant(day("2026-03-08"), 0))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(nyInstant(day("2026-03-08"), 60 + 59))).toBe("2026-03-08T06:59:00.000Z");
    expect(iso(nyInstant(day("2026-03-08"), 3 * 60))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(nyInstant(day("2026-03-08"), 20 * 60))).toBe("2026-03-09T00:00:00.000Z");
    expect(iso(nyInstant(day("2026-11-01"), 0))).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(nyInstant(day("2026-11-01"), 2 * 60))).toBe("2026-11-01T07:00:00.000Z");
    expect(iso(nyInstant(day("2026-11-01"), 20 * 60))).toBe("2026-11-02T01:00:00.000Z");
    expect(iso(nyInstant(day("2026-12-31"), 23 * 60 + 59))).toBe("2027-01-01T04:59:00.000Z");
  });

  it("resolves the repeated 01:00-02:00 hour of the autumn change to one of its two instants", () => {
    const t = nyInstant(day("2026-11-01"), 60 + 30);
    expect(["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(iso(t));
  });
});
