import { hedgeImplementations } from "../lib/api/groups/hedge/implementations";
import { hedgeRoutes } from "../lib/api/groups/hedge/routes";
import { validate } from "../lib/api/validation";
import type { Deps } from "../lib/deps";
import { HEDGE_TEMPLATES } from "../lib/hedge/rationale";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { clearOptionActivityCache } from "../lib/market/sim/simulated-market";
import { createTemplateWriter } from "../lib/narrative/template-writer";
import { simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for POST /hedge/suggest on the simulated market at a pinned instant:
 * the body validated as the dispatcher validates it, then the implementation (quotes, 60-session
 * betas against SPY, the chains at the hedge's expiration, every put strategy built, measured
 * and ranked, rationales by the template writer); median of 20 warm runs after one cold run (a
 * fresh market, empty price and option-activity caches; modules loaded). Two books: 300 AAPL,
 * and five stocks (the SPY overlay sized on their beta-weighted delta). Target: 20 ms warm.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;
const TARGET_MS = 20;

const context = {
  requestId: "bench",
  sourceIp: "",
  baseUrl: "",
  apiKey: undefined,
  origin: undefined,
};

function simDeps(): Deps {
  return simulatedDeps(NOW, { narrative: createTemplateWriter(HEDGE_TEMPLATES) });
}

function suggest(body: unknown, deps: Deps): Promise<unknown> {
  return Promise.resolve(
    hedgeImplementations["hedge.suggest"](
      {
        params: undefined,
        query: undefined,
        body: validate(hedgeRoutes.suggest.body, body, "body"),
        context,
      },
      deps,
    ),
  );
}

export async function runHedgeBench(): Promise<void> {
  const cases: [label: string, body: unknown][] = [
    [
      "hedge suggest, 300 AAPL, puts",
      { positions: { symbol: "AAPL", quantity: 300 }, optionType: "put" },
    ],
    [
      "hedge suggest, 5 stocks, puts",
      {
        positions: ["AAPL", "MSFT", "NVDA", "JPM", "XOM"].map((symbol) => ({
          symbol,
          quantity: 200,
        })),
        optionType: "put",
      },
    ],
  ];
  console.log(
    `Hedge (simulated market at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, body] of cases) {
    clearSimCaches();
    clearOptionActivityCache();
    const deps = simDeps();
    const timing = await coldAndWarmMs(() => suggest(body, deps), RUNS);
    console.log(timingLine(label, timing, TARGET_MS));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runHedgeBench();
