import type { AnyImplementation } from "../lib/api/dispatch";
import { referenceImplementations } from "../lib/api/groups/reference/implementations";
import { referenceRoutes } from "../lib/api/groups/reference/routes";
import type { RouteSpec } from "../lib/api/route";
import { pinnedClock } from "../lib/deps";
import { createSimulatedFx } from "../lib/reference/fx/sim";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the reference data (issue 20) at a pinned instant (Monday
 * 2026-11-23 10:00 New York, 16:00 CET) with the simulated FX rates: the cold first call and
 * the warm median of each list and of FX convert (target ≤ 2 ms warm, the issue's), and of a
 * five-year FX history (no target).
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 50;
const TARGET_MS = 2;

export async function runReferenceBench(): Promise<void> {
  console.log(
    `Reference data (simulated FX at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  const deps = simulatedDeps(NOW, { fx: createSimulatedFx(pinnedClock(NOW)) });
  const call = (key: string, request: { params?: Strings; query?: Strings }) =>
    callImplementation(
      referenceRoutes as Record<string, RouteSpec>,
      referenceImplementations as Record<string, AnyImplementation>,
      key,
      request,
      deps,
    );
  const cases: [string, string, { params?: Strings; query?: Strings }, number | undefined][] = [
    ["currencies (178)", "currencies", {}, TARGET_MS],
    ["countries (252)", "countries", {}, TARGET_MS],
    ["time zones (419; cold = every zone's formatters)", "timezones", {}, TARGET_MS],
    ["exchanges (25)", "exchanges", {}, TARGET_MS],
    ["markets (5)", "markets", {}, TARGET_MS],
    ["NYSE holidays of a year", "holidays", { query: { year: "2026" } }, TARGET_MS],
    [
      "FX convert 1000 USD to JPY (cold = the simulated series since 1999)",
      "convert",
      { query: { from: "USD", to: "JPY", amount: "1000" } },
      TARGET_MS,
    ],
    [
      "FX history EUR/USD over five years (1,305 days)",
      "fxHistory",
      { params: { from: "EUR", to: "USD" }, query: { from: "2021-11-23", to: "2026-11-23" } },
      undefined,
    ],
  ];
  for (const [label, key, request, targetMs] of cases) {
    const timing = await coldAndWarmMs(() => call(key, request), RUNS);
    console.log(timingLine(label, timing, targetMs, 3));
  }
}
