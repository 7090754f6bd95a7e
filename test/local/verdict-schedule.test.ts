import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VerdictJobScope } from "../../lib/intelligence/job";
import {
  dailyRunDue,
  SCHEDULE_CHECK_INTERVAL_MS,
  startVerdictSchedule,
} from "../../local/verdict-schedule";

/**
 * `npm start`'s verdict job schedule (local/verdict-schedule.ts): when the daily run is due, on
 * hand-picked instants either side of 16:30 New York in winter (EST, UTC−5) and summer (EDT,
 * UTC−4), across the UTC date line, on weekends and an exchange holiday; and the schedule
 * itself on fake timers with a stand-in for the job: the most-active run at start, the
 * universe at most once per New York day on a pinned clock, a stop that waits for the run in
 * progress and tells it to start nothing more.
 */

const at = (iso: string) => Date.parse(iso);

describe("dailyRunDue", () => {
  it.each([
    ["a winter weekday at 16:29 EST", "2026-01-14T21:29:00Z", undefined],
    ["a winter weekday at 16:30 EST", "2026-01-14T21:30:00Z", "2026-01-14"],
    ["a summer weekday at 16:29 EDT", "2026-07-15T20:29:00Z", undefined],
    ["a summer weekday at 16:30 EDT", "2026-07-15T20:30:00Z", "2026-07-15"],
    ["a summer weekday at 17:30 EDT (AWS's 21:30 UTC)", "2026-07-15T21:30:00Z", "2026-07-15"],
    ["22:00 EST, already the next day in UTC", "2026-01-15T03:00:00Z", "2026-01-14"],
    ["00:30 EST, the next New York morning", "2026-01-15T05:30:00Z", undefined],
    ["the Monday after clocks moved to EDT, 16:30", "2026-03-09T20:30:00Z", "2026-03-09"],
    [
      "the Monday after clocks moved to EDT, 15:30 (20:30 UTC in EST)",
      "2026-03-09T19:30:00Z",
      undefined,
    ],
    ["a Saturday evening", "2026-01-17T23:00:00Z", undefined],
    ["a Sunday evening", "2026-01-18T23:00:00Z", undefined],
    ["Independence Day observed (Friday 2026-07-03)", "2026-07-03T21:00:00Z", undefined],
  ])("%s: %s → %s", (_label, instant, due) => {
    expect(dailyRunDue(at(instant), undefined)).toBe(due);
  });

  it("is not due again the same New York day, and due the next trading day", () => {
    expect(dailyRunDue(at("2026-01-14T23:00:00Z"), "2026-01-14")).toBeUndefined();
    // 20:00 EST on the 14th is 01:00 UTC on the 15th: still the 14th's run, already done.
    expect(dailyRunDue(at("2026-01-15T01:00:00Z"), "2026-01-14")).toBeUndefined();
    expect(dailyRunDue(at("2026-01-15T21:30:00Z"), "2026-01-14")).toBe("2026-01-15");
  });
});

describe("startVerdictSchedule", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A stand-in for the job: records each run's scope, finishes when `finish` is called. */
  function fakeJob() {
    const runs: VerdictJobScope[] = [];
    const stopsSeen: boolean[] = [];
    let finish: () => void = () => undefined;
    const run = (scope: VerdictJobScope, isStopping: () => boolean) => {
      runs.push(scope);
      return new Promise<void>((resolve) => {
        finish = () => {
          stopsSeen.push(isStopping());
          resolve();
        };
      });
    };
    return { runs, stopsSeen, run, finish: () => finish() };
  }

  const errors: unknown[] = [];
  const log = {
    info: () => undefined,
    error: (_m: string, fields?: object) => errors.push(fields),
  };
  const minutes = (n: number) => vi.advanceTimersByTimeAsync(n * SCHEDULE_CHECK_INTERVAL_MS);

  it("runs the most active at start, then the universe once on a pinned clock after the close", async () => {
    const job = fakeJob();
    const pinned = new Date("2026-01-14T21:45:00Z"); // 16:45 EST, a Wednesday
    const stop = startVerdictSchedule({ run: job.run, marketNow: () => pinned, log });
    expect(job.runs).toEqual(["most-active"]);
    await minutes(3); // the start run still going: the daily run waits for it
    expect(job.runs).toEqual(["most-active"]);
    job.finish();
    await minutes(1);
    expect(job.runs).toEqual(["most-active", "universe"]);
    job.finish();
    await minutes(60); // the clock does not move: the same New York day, no second run
    expect(job.runs).toEqual(["most-active", "universe"]);
    await stop();
  });

  it("runs no daily run before the close", async () => {
    const job = fakeJob();
    const pinned = new Date("2026-01-14T20:00:00Z"); // 15:00 EST
    const stop = startVerdictSchedule({ run: job.run, marketNow: () => pinned, log });
    job.finish();
    await minutes(60);
    expect(job.runs).toEqual(["most-active"]);
    await stop();
  });

  it("follows a moving clock: one daily run per trading day", async () => {
    const job = fakeJob();
    let nowMs = at("2026-01-14T21:00:00Z"); // 16:00 EST, Wednesday
    const stop = startVerdictSchedule({ run: job.run, marketNow: () => new Date(nowMs), log });
    job.finish();
    for (let minute = 0; minute < 3 * 24 * 60; minute++) {
      nowMs += SCHEDULE_CHECK_INTERVAL_MS;
      await minutes(1);
      job.finish();
    }
    // Wednesday, Thursday, Friday after the close; through Saturday 16:00 EST, no weekend run.
    expect(job.runs).toEqual(["most-active", "universe", "universe", "universe"]);
    await stop();
  });

  it("stops by waiting for the run in progress, which is told to start nothing more", async () => {
    const job = fakeJob();
    const stop = startVerdictSchedule({
      run: job.run,
      marketNow: () => new Date("2026-01-14T21:45:00Z"),
      log,
    });
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // the start run is still going
    job.finish();
    await stopping;
    expect(job.stopsSeen).toEqual([true]);
    await minutes(10); // nothing starts after a stop, due or not
    expect(job.runs).toEqual(["most-active"]);
  });

  it("logs a failed run and keeps the schedule", async () => {
    errors.length = 0;
    const runs: VerdictJobScope[] = [];
    const stop = startVerdictSchedule({
      run: async (scope) => {
        runs.push(scope);
        throw new Error("all 10 analyses failed");
      },
      marketNow: () => new Date("2026-01-14T21:45:00Z"),
      log,
    });
    await minutes(2);
    expect(runs).toEqual(["most-active", "universe"]);
    expect(errors).toEqual([
      { scope: "most-active", error: "Error: all 10 analyses failed" },
      { scope: "universe", error: "Error: all 10 analyses failed" },
    ]);
    await stop();
  });
});
