import type { AnyImplementation } from "../lib/api/dispatch";
import { volatilityImplementations } from "../lib/api/groups/volatility/implementations";
import { volatilityRoutes } from "../lib/api/groups/volatility/routes";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { clearOptionActivityCache } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the volatility analytics (issue 15) on the simulated market at a
 * pinned instant, as bench/options.ts measures the options group: the request validated as the
 * dispatcher validates it, then the route's implementation; median of 20 warm runs after one
 * cold run (a fresh market, empty price and option-activity caches). AAPL: 13 listed
 * expirations, about 1,700 contracts in all. Targets: surface, gex over every expiration and
 * hv-iv ≤ 20 ms warm (the issue's); term structure and skew are shown beside them.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;
const CODE = "AAPL_NASDAQ";

function simDeps(): Deps {
  return simulatedDeps(NOW);
}

function call(key: string, query: Strings, deps: Deps): Promise<unknown> {
  return callImplementation(
    volatilityRoutes as Record<string, RouteSpec>,
    volatilityImplementations as Record<string, AnyImplementation>,
    key,
    { params: { code: CODE }, query },
    deps,
  );
}

export async function runVolatilityBench(): Promise<void> {
  const cases: [label: string, key: string, query: Strings, targetMs: number | undefined][] = [
    ["surface, every expiration", "surface", {}, 20],
    ["gex, every expiration", "gex", {}, 20],
    ["hv-iv (6 windows × 5 estimators, IV rank)", "hvIv", {}, 20],
    ["term structure", "termStructure", {}, undefined],
    ["skew, 2026-12-18", "skew", { expiry: "2026-12-18" }, undefined],
  ];
  console.log(
    `Volatility analytics (simulated market at ${NOW.toISOString()}, ${CODE}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, key, query, targetMs] of cases) {
    clearSimCaches();
    clearOptionActivityCache();
    const fresh = simDeps();
    const timing = await coldAndWarmMs(() => call(key, query, fresh), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runVolatilityBench();
