import { afterAll, describe, expect, it } from "vitest";
import { loadLocalConfig } from "../../lib/config";
import { maxWithinSpan } from "../../scripts/load/limiter-probe";
import { runLoad } from "../../scripts/load/run";
import { stopAllServices } from "../../scripts/load/service";
import { correct, formatSummary } from "../../scripts/load/summary";

/**
 * `npm run load`'s own code, briefly, so it cannot rot: the service started as `npm start`
 * starts it, a few connections for a few seconds of the weighted mix, the raw UpdateItem
 * measurement and the Free key sent past its per-minute limit. Asserted: the database file in
 * WAL mode, no connection error or timeout, no 5xx, the mix answered 2xx only, the Free key
 * never admitted more than its limit within 60 s and its counter matching what was admitted.
 * Nothing about speed.
 */

// Whatever happened (a failed assertion, a timeout), the service and its java are stopped.
afterAll(() => stopAllServices(), 120_000);

describe("npm run load (short)", () => {
  it("drives the local service with no error, no 5xx, and the limiter within its limit", async () => {
    const summary = await runLoad({
      seconds: 4,
      connections: 4,
      rawSeconds: 2,
      simNow: "2026-11-23T15:00:00Z",
      settleTimeoutMs: 60_000,
    });
    const report = formatSummary(summary);
    console.log(report);

    // npm start's database file, which the load and the raw measurement share, is in WAL mode.
    expect(summary.database.sqliteModes, report).toBe(
      "journal_mode=wal synchronous=1 temp_store=2",
    );
    expect(summary.database.jit, report).toBe(loadLocalConfig(process.env).dynamoLocalJit);
    expect(summary.keyed.answered, report).toBeGreaterThan(0);
    expect(summary.keyed.errors, report).toBe(0);
    expect(summary.keyed.server5xx, report).toBe(0);
    expect(summary.keyed.non2xx, report).toBe(0);
    expect(summary.raw.updates, report).toBeGreaterThan(0);
    // Every answered request was counted once against the raised key; the load's stop may cut
    // off at most one request per connection after it was counted.
    expect(summary.keyed.counter, report).toBeGreaterThanOrEqual(summary.keyed.answeredWithKey);
    expect(summary.keyed.counter, report).toBeLessThanOrEqual(
      summary.keyed.answeredWithKey + summary.options.connections,
    );

    const { limiter } = summary;
    expect(limiter.errors, report).toBe(0);
    expect(Object.keys(limiter.statuses).sort(), report).toEqual(["200", "429"]);
    expect(limiter.admitted, report).toBeLessThanOrEqual(limiter.perMinuteLimit);
    expect(limiter.maxAdmittedIn60s, report).toBeLessThanOrEqual(limiter.perMinuteLimit);
    expect(limiter.counter, report).toBe(limiter.admitted);
    expect(correct(summary), report).toBe(true);
  }, 600_000);
});

describe("maxWithinSpan", () => {
  const answer = (sentMs: number, answeredMs: number) => ({ sentMs, answeredMs, status: 200 });

  it("counts the answers whose request and answer both fall within one span", () => {
    const answers = [answer(0, 10), answer(20, 30), answer(59_000, 59_990), answer(59_500, 60_100)];
    // The last came back after 0 + 60 s; from 20 ms on, all but the first fit.
    expect(maxWithinSpan(answers, 60_000)).toBe(3);
    expect(maxWithinSpan([], 60_000)).toBe(0);
    expect(maxWithinSpan([answer(0, 70_000)], 60_000)).toBe(0);
  });
});
