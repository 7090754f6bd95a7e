import type { AnyImplementation } from "../lib/api/dispatch";
import { companyImplementations } from "../lib/api/groups/company/implementations";
import { companyRoutes } from "../lib/api/groups/company/routes";
import type { RouteSpec } from "../lib/api/route";
import { createSimulatedCompanyData } from "../lib/company/sim";
import { type Deps, pinnedClock } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the company endpoints (issue 13) in the simulated world at a
 * pinned instant: the request validated as the dispatcher validates it, then the route's
 * implementation; median of 50 warm runs after one cold run (a fresh market and company
 * world, empty price caches; modules loaded). Targets (warm): search over the whole universe
 * ≤ 2 ms; profile, events and filings ≤ 5 ms. Social, sector and description have none (shown).
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 50;

function simDeps(): Deps {
  const clock = pinnedClock(NOW);
  const market = createSimulatedMarket(clock);
  return {
    marketClock: clock,
    clock,
    market,
    company: createSimulatedCompanyData(market, clock),
  } as unknown as Deps;
}

const call = (key: string, request: { params?: Strings; query?: Strings }, deps: Deps) =>
  callImplementation(
    companyRoutes as Record<string, RouteSpec>,
    companyImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );

const AAPL = { code: "AAPL_NASDAQ" };

export async function runCompanyBench(): Promise<void> {
  const cases: [label: string, key: string, request: object, targetMs: number | undefined][] = [
    [
      'search "micro" (whole universe, fuzzy pass included)',
      "search",
      { query: { q: "micro" } },
      2,
    ],
    ['search "Microsfot" (a typo)', "search", { query: { q: "Microsfot" } }, 2],
    ["profile", "profile", { params: AAPL }, 5],
    ["events", "events", { params: AAPL }, 5],
    ["filings (default limit 40)", "filings", { params: AAPL, query: {} }, 5],
    [
      "filings, Form 4 only, limit 200",
      "filings",
      { params: AAPL, query: { form: "4", limit: "200" } },
      5,
    ],
    ["social", "social", { params: AAPL }, undefined],
    ["sector", "sector", { params: AAPL }, undefined],
    ["description", "description", { params: AAPL }, undefined],
  ];
  console.log(
    `Company endpoints (simulated world at ${NOW.toISOString()}, AAPL; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, key, request, targetMs] of cases) {
    clearSimCaches();
    const fresh = simDeps();
    const timing = await coldAndWarmMs(() => call(key, request, fresh), RUNS);
    console.log(timingLine(label, timing, targetMs, 3));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCompanyBench();
