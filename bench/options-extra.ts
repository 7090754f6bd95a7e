import type { AnyImplementation } from "../lib/api/dispatch";
import { clearFeedSnapshots } from "../lib/api/groups/optionsExtra/feed";
import { optionsExtraImplementations } from "../lib/api/groups/optionsExtra/implementations";
import { optionsExtraRoutes } from "../lib/api/groups/optionsExtra/routes";
import { validate } from "../lib/api/validation";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { clearOptionActivityCache } from "../lib/market/sim/simulated-market";
import { simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the premium-selling extras (issue 15) on the simulated market at a
 * pinned instant: the request validated as the dispatcher validates it, then the route's
 * implementation, with the demo check answered in memory (its one table read per cold start is
 * not the figure here). Median of the warm runs after one cold run (a fresh market, empty price
 * and option caches). The feed scans the universe (155 optionable stocks and ETFs, both sides,
 * IV rank each) at most once per market-clock minute per instance: the scan is measured with the
 * snapshot dropped before each run, and a page and the statistics as served from the minute's
 * snapshot. Targets: ripeness of 5 symbols ≤ 50 ms; the universe scan ≤ 2,000 ms (once a minute
 * at most); a page of 100 rows and the statistics from the snapshot ≤ 25 ms.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const SYMBOLS = ["AAPL", "MSFT", "XOM", "JPM", "SPY"];

function simDeps(): Deps {
  return simulatedDeps(NOW, {
    demoAccount: { email: "demo@example.com", isDemoAccount: async () => true },
  } as Partial<Deps>);
}

const CONTEXT = {
  requestId: "bench",
  sourceIp: "",
  baseUrl: "",
  apiKey: { userId: 1 },
  origin: undefined,
};

type Key = keyof typeof optionsExtraRoutes;

async function call(
  key: Key,
  request: { query?: object; body?: unknown },
  deps: Deps,
): Promise<unknown> {
  const spec = optionsExtraRoutes[key];
  const implementation = (optionsExtraImplementations as Record<string, AnyImplementation>)[
    spec.id
  ] as AnyImplementation;
  return implementation(
    {
      params: undefined,
      query:
        "query" in spec && spec.query
          ? validate(spec.query, request.query ?? {}, "query")
          : undefined,
      body: "body" in spec && spec.body ? validate(spec.body, request.body, "body") : undefined,
      context: CONTEXT,
    },
    deps,
  );
}

interface Case {
  label: string;
  run: (deps: Deps) => Promise<unknown>;
  /** Before each timed run (the scan drops the snapshot). */
  before?: (deps: Deps) => void;
  runs: number;
  targetMs: number;
}

const CASES: Case[] = [
  {
    label: `ripeness of ${SYMBOLS.length} symbols (${SYMBOLS.join(", ")})`,
    run: (deps) => call("ripeness", { body: { symbols: SYMBOLS } }, deps),
    runs: 20,
    targetMs: 50,
  },
  {
    label: "feed: universe scan (155 underlyings, both strategies)",
    run: (deps) => call("opportunities", { query: { limit: "100" } }, deps),
    before: (deps) => clearFeedSnapshots(deps),
    runs: 5,
    targetMs: 2000,
  },
  {
    label: "feed: a page of 100 rows from the minute's snapshot",
    run: (deps) => call("opportunities", { query: { limit: "100" } }, deps),
    runs: 20,
    targetMs: 25,
  },
  {
    label: "feed statistics from the minute's snapshot",
    run: (deps) => call("stats", { query: {} }, deps),
    runs: 20,
    targetMs: 25,
  },
];

export async function runOptionsExtraBench(): Promise<void> {
  console.log(
    `Premium-selling extras (simulated market at ${NOW.toISOString()}; in-process; median of the warm runs)`,
  );
  for (const { label, run, before, runs, targetMs } of CASES) {
    clearSimCaches();
    clearOptionActivityCache();
    const fresh = simDeps();
    const timing = await coldAndWarmMs(
      () => run(fresh),
      runs,
      () => before?.(fresh),
    );
    console.log(timingLine(`${label} (${runs} warm runs)`, timing, targetMs));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runOptionsExtraBench();
