import type { AnyImplementation } from "../lib/api/dispatch";
import { fdaImplementations } from "../lib/api/groups/fda/implementations";
import { fdaRoutes } from "../lib/api/groups/fda/routes";
import type { RouteSpec } from "../lib/api/route";
import { type Deps, pinnedClock } from "../lib/deps";
import { decisionSummary } from "../lib/fda/queries";
import { createSimulatedFda } from "../lib/fda/sim/source";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { recordInfo } from "./report";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the FDA catalysts (issue 20) on the simulated world at a pinned
 * instant (a Monday 10:00 New York): the warm medians of the three routes with their default
 * pages, target ≤ 20 ms; cold = the first call on a fresh market (the outcomes read off each
 * decision day's year of closes). Then the simulated world's realised approval rate.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
const TARGET_MS = 20;

function call(key: string, request: { params?: Strings; query?: Strings }, deps: Deps) {
  return callImplementation(
    fdaRoutes as Record<string, RouteSpec>,
    fdaImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );
}

export async function runFdaBench(): Promise<void> {
  console.log(
    `FDA catalysts (simulated world at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const clock = pinnedClock(NOW);
  const market = createSimulatedMarket(clock);
  const deps = simulatedDeps(NOW, { market, fda: createSimulatedFda(market, clock) });
  const cases: [string, string, { params?: Strings; query?: Strings }][] = [
    ["upcoming (90 days, a page of 50)", "upcoming", {}],
    ["approvals (90 days, with reactions)", "approvals", {}],
    ["approvals (730 days, a page of 200)", "approvals", { query: { days: "730", limit: "200" } }],
    ["ticker LLY_NYSE (±365 days)", "ticker", { params: { code: "LLY_NYSE" } }],
  ];
  for (const [label, key, request] of cases) {
    const timing = await coldAndWarmMs(() => call(key, request, deps), RUNS);
    console.log(timingLine(label, timing, TARGET_MS));
  }
  const events = await deps.fda.events({ from: "2019-01-01", to: "2026-11-23" });
  const summary = decisionSummary(events);
  console.log(
    `  realised approval rate 2019-01-01 to 2026-11-23: ${summary.approvalRatePercent?.toFixed(1)} % of ${summary.decisions} decisions (the FDA's first-cycle rate is about 85-90 %)`,
  );
  recordInfo(
    `realised approval rate 2019-2026 (${summary.decisions} decisions)`,
    `${summary.approvalRatePercent?.toFixed(1)} %`,
  );
}
