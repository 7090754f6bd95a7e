import type { AnyImplementation } from "../lib/api/dispatch";
import { marketAnalysisImplementations } from "../lib/api/groups/marketAnalysis/implementations";
import { marketAnalysisRoutes } from "../lib/api/groups/marketAnalysis/routes";
import { screenerImplementations } from "../lib/api/groups/screener/implementations";
import { screenerRoutes } from "../lib/api/groups/screener/routes";
import type { RouteSpec } from "../lib/api/route";
import { createWorldFilings } from "../lib/company/sim";
import { type Deps, pinnedClock } from "../lib/deps";
import { createSimulatedFundamentals } from "../lib/fundamentals/sim";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the market-wide analyses (issue 19) on the simulated market at a
 * pinned instant (a Monday 10:00 New York): the cold cost of the first market-wide call (every
 * stock's daily bars over 400 days, read once per minute of the clock), then the warm medians
 * of breadth, sectors and movers (target ≤ 25 ms, the issue's) and of the market-wide unusual
 * options flow (no target; its first call scans every optionable stock's tape).
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
const TARGET_MS = 25;

function call(key: string, query: Strings, deps: Deps) {
  return callImplementation(
    marketAnalysisRoutes as Record<string, RouteSpec>,
    marketAnalysisImplementations as Record<string, AnyImplementation>,
    key,
    { query },
    deps,
  );
}

export async function runMarketAnalysisBench(): Promise<void> {
  console.log(
    `Market analysis (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const deps = simulatedDeps(NOW);
  const cases: [string, string, Strings, number | undefined][] = [
    ["breadth (130 stocks, 160 sessions; cold = the minute's tape read)", "breadth", {}, TARGET_MS],
    ["sectors (11, with SPY and the sector ETFs)", "sectors", {}, TARGET_MS],
    ["movers (4 lists of 10)", "movers", {}, TARGET_MS],
    ["unusual options flow across the market", "optionsUnusual", {}, undefined],
  ];
  for (const [label, key, query, targetMs] of cases) {
    const timing = await coldAndWarmMs(() => call(key, query, deps), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
}

/**
 * The stock screener (issue 19) in the same world: a scan over the universe (its first call of a
 * minute builds every stock's row: the tape, statements and IV history), warm target ≤ 25 ms.
 */
export async function runScreenerBench(): Promise<void> {
  console.log(
    `Stock screener (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const clock = pinnedClock(NOW);
  const market = createSimulatedMarket(clock);
  const deps = simulatedDeps(NOW, {
    market,
    fundamentals: createSimulatedFundamentals({
      clock,
      filings: createWorldFilings(market, clock),
    }),
  });
  const body = {
    filters: [
      { field: "peTrailing", operator: "between", value: [0, 25] },
      { field: "rsi14", operator: "lt", value: 60 },
      { field: "marketCapUsd", operator: "gte", value: 1e10 },
    ],
  };
  const timing = await coldAndWarmMs(
    () =>
      callImplementation(
        screenerRoutes as Record<string, RouteSpec>,
        screenerImplementations as Record<string, AnyImplementation>,
        "scan",
        { body },
        deps,
      ),
    RUNS,
  );
  console.log(timingLine("a scan over the universe (130 stocks, 3 filters)", timing, TARGET_MS));
}
