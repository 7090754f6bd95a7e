import type { AnyImplementation } from "../lib/api/dispatch";
import { calendarImplementations } from "../lib/api/groups/calendar/implementations";
import { calendarRoutes } from "../lib/api/groups/calendar/routes";
import type { RouteSpec } from "../lib/api/route";
import { economicReleases } from "../lib/calendar/economic";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { clearOptionActivityCache } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, median, timingLine } from "./stats";

/**
 * Handler time in-process for the calendars (issue 16) on the simulated market at a pinned
 * instant (Tuesday 2026-11-24 11:00 New York, the week of Thanksgiving and of the late-November
 * reports), as bench/options.ts measures the options group: the request validated as the
 * dispatcher validates it, then the route's implementation; median of 20 warm runs after one
 * cold run (a fresh market, empty price and option-activity caches). Each calendar scans the
 * universe (155 stocks and funds). Targets: economic, earnings, dividends and upcoming with
 * their default windows ≤ 20 ms warm (the figure for lists); the enhanced earnings page
 * (10 reports, each with the earnings straddle, the 12-quarter move history and the IV rank)
 * ≤ 300 ms warm. Then the cost of a year of economic releases (pure, 169 releases).
 */
const NOW = new Date("2026-11-24T16:00:00Z");
const RUNS = 20;

function call(key: string, query: Strings, deps: Deps): Promise<unknown> {
  return callImplementation(
    calendarRoutes as Record<string, RouteSpec>,
    calendarImplementations as Record<string, AnyImplementation>,
    key,
    { query },
    deps,
  );
}

/** Median ms of building a year of releases, after one cold build (time-zone data loaded). */
function yearOfReleasesMs(): { coldMs: number; warmMs: number; count: number } {
  const from = Date.UTC(2026, 0, 1);
  const to = Date.UTC(2027, 0, 1);
  const nowMs = NOW.getTime();
  let started = performance.now();
  const count = economicReleases(from, to, nowMs).length;
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    economicReleases(from, to, nowMs);
    times.push(performance.now() - started);
  }
  return { coldMs, warmMs: median(times), count };
}

export async function runCalendarBench(): Promise<void> {
  const cases: [label: string, key: string, query: Strings, targetMs: number][] = [
    ["economic, default window (8 days)", "economic", {}, 20],
    ["economic, 93 days", "economic", { from: "2026-11-24", to: "2027-02-24" }, 20],
    ["earnings, default window (8 days)", "earnings", {}, 20],
    ["earnings, 31 days", "earnings", { from: "2026-11-24", to: "2026-12-24" }, 20],
    ["earnings/enhanced, default page (10 reports)", "earningsEnhanced", {}, 300],
    ["dividends, default window (30 days)", "dividends", {}, 20],
    ["upcoming, 7 days", "upcoming", {}, 20],
  ];
  console.log(
    `Calendars (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, key, query, targetMs] of cases) {
    clearSimCaches();
    clearOptionActivityCache();
    const fresh = simulatedDeps(NOW);
    const timing = await coldAndWarmMs(() => call(key, query, fresh), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
  const year = yearOfReleasesMs();
  console.log(
    timingLine(`a year of economic releases (2026, ${year.count} releases)`, year, undefined, 3),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runCalendarBench();
