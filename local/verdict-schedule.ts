import type { Logger } from "../lib/deps";
import type { VerdictJobScope } from "../lib/intelligence/job";
import { isoDate } from "../lib/market/civil-date";
import { nyWallClock } from "../lib/market/ny-time";
import { isTradingDay } from "../lib/market/nyse-calendar";

/**
 * The verdict job on this machine (functions/intelligence-job.ts): once at start for the most
 * active stocks, in the background, so `GET /intelligence/{code}/conviction` has verdicts soon
 * after `npm start`; then the universe once per New York trading day after the close, as AWS's
 * daily schedule does (21:30 UTC: 16:30 New York in winter). The market clock decides (SIM_NOW
 * or real time): pinned, it never moves, so the daily run happens at most once, and only if the
 * pinned instant is past 16:30 on a trading day. One run at a time (AWS: reserved concurrency 1).
 */

/** How often the clock is checked for the daily run, as the evaluator's minute. */
export const SCHEDULE_CHECK_INTERVAL_MS = 60_000;

/** The daily run is due from 16:30 New York: half an hour after the regular close. */
export const DAILY_RUN_NY_MINUTE = 16 * 60 + 30;

/**
 * The New York trading day (yyyy-MM-dd) whose daily run is due at `instantMs`, or undefined:
 * none on a weekend or exchange holiday, none before 16:30 New York, none once `lastRunDay`
 * is that day.
 */
export function dailyRunDue(instantMs: number, lastRunDay: string | undefined): string | undefined {
  const clock = nyWallClock(instantMs);
  if (!isTradingDay(clock.day)) return undefined;
  if (clock.hour * 60 + clock.minute < DAILY_RUN_NY_MINUTE) return undefined;
  const day = isoDate(clock.day);
  return day === lastRunDay ? undefined : day;
}

export interface VerdictScheduleOptions {
  /** One run of the job; it starts no further stock once `isStopping()` is true. */
  run(scope: VerdictJobScope, isStopping: () => boolean): Promise<unknown>;
  /** The market clock. */
  marketNow(): Date;
  log: Logger;
  /** SCHEDULE_CHECK_INTERVAL_MS unless a test shortens it. */
  checkIntervalMs?: number;
}

/**
 * Starts the most-active run now and checks for the daily run every interval. The returned
 * function stops: no run starts any more, the run in progress starts no further stock and is
 * waited for (the stocks in progress finish: seconds, not the whole run).
 */
export function startVerdictSchedule(options: VerdictScheduleOptions): () => Promise<void> {
  let stopping = false;
  let running: Promise<void> | undefined;
  let lastDailyRun: string | undefined;
  const launch = (scope: VerdictJobScope) => {
    running = options
      .run(scope, () => stopping)
      .then(
        () => undefined,
        (error: unknown) =>
          options.log.error("local intelligence job", { scope, error: String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
  };

  launch("most-active");
  const timer = setInterval(() => {
    if (running || stopping) return; // a run is going: the next check sees the day again
    const day = dailyRunDue(options.marketNow().getTime(), lastDailyRun);
    if (day === undefined) return;
    lastDailyRun = day; // once per day, failed or not: as AWS, the next day's run is the retry
    launch("universe");
  }, options.checkIntervalMs ?? SCHEDULE_CHECK_INTERVAL_MS);

  return async () => {
    stopping = true;
    clearInterval(timer);
    await running;
  };
}
