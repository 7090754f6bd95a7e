import type { RouteInput } from "../lib/api/route";
import type { marketRoutes } from "../lib/api/routes/market";
import { type Deps, pinnedClock } from "../lib/deps";
import { marketImplementations } from "../lib/handlers/market";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { median } from "./stats";

/**
 * Handler time in-process (validated input in, payload out) for the market endpoints on the
 * simulated market at a pinned instant: median of 20 runs after one warm-up run, plus the
 * cold first run (empty bar caches). Targets: quote ≤ 5 ms, 1-day 1-minute chart with all
 * indicators ≤ 15 ms, 5-year daily chart ≤ 20 ms.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;

type Input<K extends keyof typeof marketRoutes> = RouteInput<(typeof marketRoutes)[K]>;

export async function runMarketBench(): Promise<void> {
  const clock = pinnedClock(NOW);
  const deps = { marketClock: clock, market: createSimulatedMarket(clock) } as unknown as Deps;
  const context = {
    requestId: "bench",
    sourceIp: "",
    baseUrl: "",
    apiKey: undefined,
    origin: undefined,
  };
  const code = { code: "AAPL_NASDAQ" };
  const cases: [string, () => Promise<unknown>][] = [
    [
      "quote",
      async () =>
        marketImplementations["market.quote"]({ params: code, context } as Input<"quote">, deps),
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
    ],
  ];
  console.log(
    `Market handlers (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, run] of cases) {
    clearSimCaches();
    let started = performance.now();
    await run();
    const coldMs = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    console.log(
      `  ${label}: ${median(times).toFixed(2)} ms (cold first run ${coldMs.toFixed(1)} ms)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runMarketBench();
