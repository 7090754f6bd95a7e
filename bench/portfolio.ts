import { portfolioImplementations } from "../lib/api/groups/portfolio/implementations";
import { portfolioRoutes } from "../lib/api/groups/portfolio/routes";
import type { RouteSpec } from "../lib/api/route";
import { validate } from "../lib/api/validation";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the portfolio analytics (issue 15) on the simulated market at a
 * pinned instant: the body validated as the dispatcher validates it, then the route's
 * implementation; median of 20 warm runs after one cold run (a fresh market, empty price
 * caches). Analyze: 10 positions by quantity, a year of sessions against SPY (target 20 ms).
 * Backtest: 10 symbols at equal weights, five years, monthly rebalancing (target 100 ms).
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;

const CODES = [
  "AAPL_NASDAQ",
  "MSFT_NASDAQ",
  "NVDA_NASDAQ",
  "AMZN_NASDAQ",
  "GOOGL_NASDAQ",
  "META_NASDAQ",
  "JPM_NYSE",
  "XOM_NYSE",
  "JNJ_NYSE",
  "KO_NYSE",
];

const CONTEXT = {
  requestId: "bench",
  sourceIp: "",
  baseUrl: "",
  apiKey: undefined,
  origin: undefined,
};

function simDeps(): Deps {
  return simulatedDeps(NOW);
}

/** A POST route called as the dispatcher calls it: the JSON body validated, then the handler. */
function call(spec: RouteSpec, body: unknown, deps: Deps): Promise<unknown> {
  const implementation = (portfolioImplementations as Record<string, unknown>)[spec.id] as (
    input: unknown,
    deps: Deps,
  ) => Promise<unknown>;
  const input = {
    params: undefined,
    query: undefined,
    body: validate(spec.body as never, body, "body"),
    context: CONTEXT,
  };
  return implementation(input, deps);
}

export async function runPortfolioBench(): Promise<void> {
  const cases: [label: string, spec: RouteSpec, body: unknown, targetMs: number][] = [
    [
      "analyze, 10 positions, 252 sessions",
      portfolioRoutes.analyze,
      { positions: CODES.map((symbol, i) => ({ symbol, quantity: 10 * (i + 1) })) },
      20,
    ],
    [
      "backtest, 10 symbols, 5 years, monthly",
      portfolioRoutes.backtest,
      { symbols: CODES, start: "2021-11-22", end: "2026-11-20", rebalance: "monthly" },
      100,
    ],
  ];
  console.log(
    `Portfolio analytics (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, spec, body, targetMs] of cases) {
    clearSimCaches();
    const fresh = simDeps();
    const timing = await coldAndWarmMs(() => call(spec, body, fresh), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPortfolioBench();
