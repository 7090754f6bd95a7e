import type { AnyImplementation } from "../lib/api/dispatch";
import { congressionalImplementations } from "../lib/api/groups/congressional/implementations";
import { congressionalRoutes } from "../lib/api/groups/congressional/routes";
import type { RouteSpec } from "../lib/api/route";
import { createSimulatedCongress } from "../lib/congressional/sim/source";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the congressional trades on the simulated world at a pinned
 * instant (a Monday 10:00 New York): the cold cost of the first call (the day's draw of every
 * fictional member's trades over 912 days, valued at the market's closes: once per New York
 * day), then the warm medians of the three routes against the list routes' target, ≤ 25 ms.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
const TARGET_MS = 25;

export async function runCongressionalBench(): Promise<void> {
  console.log(
    `Congressional trades (simulated world at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const base = simulatedDeps(NOW);
  const deps = simulatedDeps(NOW, {
    market: base.market,
    congressional: createSimulatedCongress(base.market, base.marketClock),
  });
  const call = (key: string, query: Strings, params?: Strings) =>
    callImplementation(
      congressionalRoutes as Record<string, RouteSpec>,
      congressionalImplementations as Record<string, AnyImplementation>,
      key,
      { query, ...(params ? { params } : {}) },
      deps,
    );
  const cases: [string, string, Strings, Strings | undefined][] = [
    ["recent (30 days, 50 rows; cold = the day's draw)", "recent", {}, undefined],
    ["ticker AAPL_NASDAQ (365 days)", "ticker", {}, { code: "AAPL_NASDAQ" }],
    ["top traders (365 days, every member priced)", "topTraders", {}, undefined],
  ];
  for (const [label, key, query, params] of cases) {
    const timing = await coldAndWarmMs(() => call(key, query, params), RUNS);
    console.log(timingLine(label, timing, TARGET_MS));
  }
}
