import { execFileSync } from "node:child_process";
import { marketImplementations } from "../lib/api/groups/market/implementations";
import type { marketRoutes } from "../lib/api/groups/market/routes/core";
import type { marketScannerRoutes } from "../lib/api/groups/market/routes/scanner";
import type { RouteInput } from "../lib/api/route";
import { type Deps, pinnedClock } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { formatNumber, recordInfo } from "./report";
import { coldAndWarmMs, median, timingLine } from "./stats";

/**
 * Handler time in-process (validated input in, payload out) for the market endpoints on the
 * simulated market at a pinned instant: median of 20 runs after one warm-up run, plus the
 * cold first run (empty bar caches). Targets (issue 5): quote ≤ 5 ms, 1-day 1-minute chart with
 * all indicators ≤ 15 ms, 5-year daily chart ≤ 20 ms.
 *
 * The scan and trending endpoints quote every stock, so their first call is what a fresh Lambda
 * pays: each is timed as the first handler call in a fresh process (modules loaded, nothing
 * computed, nothing JIT-compiled), median of COLD_RUNS processes; then its second call there.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;
const COLD_RUNS = 5;
/** argv[2] of a child process that times a universe case's first two calls and prints them. */
const COLD_CHILD = "--cold-first-call";

type Input<K extends keyof typeof marketRoutes> = RouteInput<(typeof marketRoutes)[K]>;
type ScannerInput<K extends keyof typeof marketScannerRoutes> = RouteInput<
  (typeof marketScannerRoutes)[K]
>;

const context = {
  requestId: "bench",
  sourceIp: "",
  baseUrl: "",
  apiKey: undefined,
  origin: undefined,
};

function simDeps(): Deps {
  const clock = pinnedClock(NOW);
  return { marketClock: clock, market: createSimulatedMarket(clock) } as unknown as Deps;
}

/** The endpoints that quote the whole universe. */
const UNIVERSE_CASES: Record<string, (deps: Deps) => Promise<unknown>> = {
  "scanner scan (TOP_PERC_GAIN)": async (deps) =>
    marketImplementations["market.scan"](
      {
        params: undefined,
        query: undefined,
        body: { scannerTypeId: 1, instrumentId: 1, locationId: 1, custom: false, filters: [] },
        context,
      } as ScannerInput<"scan">,
      deps,
    ),
  trending: async (deps) =>
    marketImplementations["market.trending"]({ context } as ScannerInput<"trending">, deps),
};

/** In a fresh process: the times of one universe case's first and second calls, in ms, printed. */
async function printColdCalls(label: string): Promise<void> {
  const run = UNIVERSE_CASES[label];
  if (!run) throw new Error(`unknown case ${label}`);
  const deps = simDeps();
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    await run(deps);
    times.push(performance.now() - started);
  }
  console.log(JSON.stringify(times));
}

/** First and second call times of a universe case in a fresh process (this file, under tsx). */
function coldCallsMs(label: string): [number, number] {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, COLD_CHILD, label],
    { encoding: "utf8" },
  );
  return JSON.parse(output) as [number, number];
}

export async function runMarketBench(): Promise<void> {
  const deps = simDeps();
  const code = { code: "AAPL_NASDAQ" };
  const cases: [label: string, run: () => Promise<unknown>, targetMs: number][] = [
    [
      "quote",
      async () =>
        marketImplementations["market.quote"]({ params: code, context } as Input<"quote">, deps),
      5,
    ],
    [
      "1-day 1-minute chart, all indicators",
      async () =>
        marketImplementations["market.chart"](
          {
            params: code,
            query: {
              period: 1,
              extended: true,
              indicators: ["rsi", "macd", "bb", "sma20", "sma50", "sma200", "ema12", "ema26"],
            },
            context,
          } as Input<"chart">,
          deps,
        ),
      15,
    ],
    [
      "5-year daily chart (period 5 over 5 years of bars)",
      async () => {
        const market = deps.market;
        return market.bars("AAPL_NASDAQ", {
          period: 5,
          from: NOW.getTime() - 5 * 365 * 86_400_000,
          to: NOW.getTime() + 1,
          extended: false,
        });
      },
      20,
    ],
  ];
  console.log(
    `Market handlers (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, run, targetMs] of cases) {
    clearSimCaches();
    console.log(timingLine(label, await coldAndWarmMs(run, RUNS), targetMs));
  }
  for (const label of Object.keys(UNIVERSE_CASES)) {
    const runs = Array.from({ length: COLD_RUNS }, () => coldCallsMs(label));
    const cold = runs.map(([first]) => first);
    const secondMs = median(runs.map(([, second]) => second));
    console.log(
      `  ${label}: cold first call ${median(cold).toFixed(0)} ms in a fresh process ` +
        `(median of ${COLD_RUNS}: ${cold.map((ms) => ms.toFixed(0)).join(", ")}), ` +
        `second call ${secondMs.toFixed(0)} ms`,
    );
    recordInfo(
      `${label}: first call in a fresh process (median of ${COLD_RUNS})`,
      `${formatNumber(median(cold), 0)} ms (second call ${formatNumber(secondMs, 0)} ms)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === COLD_CHILD) await printColdCalls(process.argv[3] ?? "");
  else await runMarketBench();
}
