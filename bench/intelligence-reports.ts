import type { AnyImplementation } from "../lib/api/dispatch";
import { intelligenceReportImplementations } from "../lib/api/groups/intelligence/implementations/reports";
import { intelligenceReportRoutes } from "../lib/api/groups/intelligence/routes/reports";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { INTELLIGENCE_REPORT_TEMPLATES } from "../lib/intelligence/report-templates";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createTemplateWriter } from "../lib/narrative/template-writer";
import { callImplementation, type Strings } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";
import { simulatedWorldDeps } from "./world";

/**
 * Handler time in-process for the intelligence group's reports (issue 19) on the simulated world
 * at a pinned instant: the cold first call of each (the first builds the day's graph, the news
 * window and the IV history), then warm medians of the risk assessment, the catalyst timeline
 * and the sentiment board (target ≤ 25 ms warm, issue 19's for the intelligence analysis).
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
const TARGET_MS = 25;

function worldDeps(): Deps {
  return simulatedWorldDeps(NOW, {
    narrative: createTemplateWriter(INTELLIGENCE_REPORT_TEMPLATES),
  });
}

function call(key: string, request: { params?: Strings; query?: Strings }, deps: Deps) {
  return callImplementation(
    intelligenceReportRoutes as Record<string, RouteSpec>,
    intelligenceReportImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );
}

export async function runIntelligenceReportsBench(): Promise<void> {
  console.log(
    `Intelligence reports (simulated world at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const deps = worldDeps();
  const aapl = { code: "AAPL_NASDAQ" };
  const cases: [string, string, { params?: Strings; query?: Strings }][] = [
    ["risk assessment of AAPL (five risks, 30 days)", "riskAssessment", { params: aapl }],
    ["catalyst timeline of AAPL (30 days back, 90 ahead)", "catalystTimeline", { params: aapl }],
    ["sentiment board of AAPL (four sources)", "sentiment", { params: aapl }],
  ];
  for (const [label, key, request] of cases) {
    const timing = await coldAndWarmMs(() => call(key, request, deps), RUNS);
    console.log(timingLine(label, timing, TARGET_MS));
  }
}
