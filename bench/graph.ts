import type { AnyImplementation } from "../lib/api/dispatch";
import { graphImplementations } from "../lib/api/groups/graph/implementations";
import { graphRoutes } from "../lib/api/groups/graph/routes";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { GRAPH_BRIEF_TEMPLATES } from "../lib/graph/brief/templates";
import { graphSnapshot } from "../lib/graph/snapshot";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createTemplateWriter } from "../lib/narrative/template-writer";
import { callImplementation, type Strings } from "./call-implementation";
import { formatNumber, recordInfo } from "./report";
import { coldAndWarmMs, timingLine } from "./stats";
import { simulatedWorldDeps } from "./world";

/**
 * Handler time in-process for the company graph (issue 17) on the simulated world at a pinned
 * instant: the cold build of the day's graph (every company's supply edges, people, 13F holders
 * and 12 months of Form 4s, read from a fresh world), then the warm medians of the network at
 * depth 2, the supply-chain impact and the insider clusters across the market (target ≤ 20 ms
 * warm, issue 17's), and issue 18's (≤ 25 ms warm): the cascade risk at depth 3, the score, the
 * fragility and a screen over the whole universe (the first of a day builds every company's
 * score and fragility: its cold figure); the build has none.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
/** Issue 17's target for its endpoints, issue 18's for its own. */
const PART_ONE_TARGET_MS = 20;
const PART_TWO_TARGET_MS = 25;

function worldDeps(): Deps {
  return simulatedWorldDeps(NOW, { narrative: createTemplateWriter(GRAPH_BRIEF_TEMPLATES) });
}

function call(
  key: string,
  request: { params?: Strings; query?: Strings; body?: unknown },
  deps: Deps,
) {
  return callImplementation(
    graphRoutes as Record<string, RouteSpec>,
    graphImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );
}

export async function runGraphBench(): Promise<void> {
  console.log(
    `Company graph (simulated world at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const deps = worldDeps();
  const started = performance.now();
  const snapshot = await graphSnapshot(deps);
  const buildMs = performance.now() - started;
  console.log(
    `  the day's graph built cold: ${buildMs.toFixed(0)} ms (${snapshot.graph.order} nodes, ${snapshot.graph.size} edges; once per New York day per process; no target)`,
  );
  recordInfo(
    `the day's graph built cold (${snapshot.graph.order} nodes, ${snapshot.graph.size} edges)`,
    `${formatNumber(buildMs, 0)} ms`,
  );
  const aapl = { code: "AAPL_NASDAQ" };
  const cases: [
    string,
    string,
    { params?: Strings; query?: Strings; body?: unknown },
    number | undefined,
  ][] = [
    [
      "network around AAPL, depth 2",
      "network",
      { params: aapl, query: { depth: "2" } },
      PART_ONE_TARGET_MS,
    ],
    [
      "supply-chain impact on AAPL, 3 tiers",
      "supplyChainImpact",
      { params: aapl, query: {} },
      PART_ONE_TARGET_MS,
    ],
    [
      "insider clusters across the market (recent)",
      "insiderClustersRecent",
      {},
      PART_ONE_TARGET_MS,
    ],
    [
      "insider clusters across the market (snapshot)",
      "insiderClustersSnapshot",
      {},
      PART_ONE_TARGET_MS,
    ],
    [
      "cascade risk from and to AAPL, depth 3",
      "cascadeRisk",
      { params: aapl, query: {} },
      PART_TWO_TARGET_MS,
    ],
    ["score of AAPL (13 weekly points)", "score", { params: aapl }, PART_TWO_TARGET_MS],
    ["fragility of AAPL", "fragility", { params: aapl }, PART_TWO_TARGET_MS],
    [
      "screen over the universe (130 companies, 3 filters)",
      "screen",
      {
        body: {
          filters: { score: { min: 50 }, fragility: { max: 40 }, daysToEarnings: { max: 30 } },
        },
      },
      PART_TWO_TARGET_MS,
    ],
    ["largest score changes of the week", "recentScoreChanges", {}, undefined],
    ["summary of AAPL (six statements)", "summary", { params: aapl }, undefined],
    ["technicals of AAPL", "technicals", { params: aapl }, undefined],
    [
      "options analytics of AAPL (six cited computations)",
      "optionsAnalytics",
      { params: aapl },
      undefined,
    ],
    [
      "earnings history of AAPL (12 reports)",
      "earningsHistory",
      { params: aapl, query: {} },
      undefined,
    ],
  ];
  for (const [label, key, request, targetMs] of cases) {
    const timing = await coldAndWarmMs(() => call(key, request, deps), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
}
