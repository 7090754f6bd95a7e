import type { AnyImplementation } from "../lib/api/dispatch";
import { marketAnalysisDarkPoolImplementations } from "../lib/api/groups/marketAnalysis/implementations/dark-pool";
import { marketAnalysisDarkPoolRoutes } from "../lib/api/groups/marketAnalysis/routes/dark-pool";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedShortVolume } from "../lib/short-volume/sim";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the dark-pool endpoints (issue 19) on the simulated world at a
 * pinned instant: the request validated as the dispatcher validates it, then the route's
 * implementation; median of 20 warm runs after one cold run (a fresh market and short-volume
 * source, the price engine's caches emptied: the market-wide ones then draw every stock's and
 * fund's sessions from minute bars). No target is set for these routes.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;

function freshDeps(): Deps {
  const deps = simulatedDeps(NOW);
  return { ...deps, shortVolume: createSimulatedShortVolume(deps.market, deps.marketClock) };
}

function call(key: string, request: { params?: Strings; query?: Strings }, deps: Deps) {
  return callImplementation(
    marketAnalysisDarkPoolRoutes as Record<string, RouteSpec>,
    marketAnalysisDarkPoolImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );
}

export async function runDarkPoolBench(): Promise<void> {
  const cases: [label: string, key: string, request: { params?: Strings; query?: Strings }][] = [
    ["dark pool, AAPL, 30 sessions", "darkPool", { params: { code: "AAPL_NASDAQ" } }],
    ["high short ratio, 5 sessions, 155 stocks and funds", "highShortRatio", {}],
    ["dark money flow (DIX), 30 sessions of the large caps", "darkMoneyFlow", {}],
  ];
  console.log(
    `Dark pool (simulated world at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, key, request] of cases) {
    clearSimCaches();
    const deps = freshDeps();
    const timing = await coldAndWarmMs(() => call(key, request, deps), RUNS);
    console.log(timingLine(label, timing, undefined));
  }
}
