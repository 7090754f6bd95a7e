import type { AnyImplementation } from "../lib/api/dispatch";
import { intelligenceCommitteeImplementations } from "../lib/api/groups/intelligence/implementations/committee";
import { intelligenceCommitteeRoutes } from "../lib/api/groups/intelligence/routes/committee";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { INTELLIGENCE_VERDICT_TEMPLATES } from "../lib/intelligence/templates";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createTemplateWriter } from "../lib/narrative/template-writer";
import { createDynamoClient } from "../lib/store/client";
import { createDocumentStore } from "../lib/store/document-store";
import { ensureTable } from "../lib/store/table";
import { createVerdictStore } from "../lib/store/verdicts";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { callImplementation, type Strings } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";
import { simulatedWorldDeps } from "./world";

/**
 * Handler time in-process for the intelligence committee (issue 19) on the simulated world at a
 * pinned instant, each verdict written to DynamoDB Local on this machine: the cold first
 * analysis (it builds the day's graph, the news window and the IV history), then warm medians of
 * an analysis (target ≤ 25 ms warm, issue 19's), the stored conviction and a compare of five.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 20;
const TARGET_MS = 25;
const TABLE = "bench-intelligence";

function worldDeps(endpoint: string): Deps {
  return simulatedWorldDeps(NOW, {
    narrative: createTemplateWriter(INTELLIGENCE_VERDICT_TEMPLATES),
    verdicts: createVerdictStore(createDocumentStore({ region: "us-east-1", endpoint }), TABLE),
  });
}

function call(
  key: string,
  request: { params?: Strings; query?: Strings; body?: unknown },
  deps: Deps,
) {
  return callImplementation(
    intelligenceCommitteeRoutes as Record<string, RouteSpec>,
    intelligenceCommitteeImplementations as Record<string, AnyImplementation>,
    key,
    request,
    deps,
  );
}

export async function runIntelligenceBench(): Promise<void> {
  console.log(
    `Intelligence committee (simulated world at ${NOW.toISOString()}; in-process, verdicts on DynamoDB Local; median of ${RUNS} warm runs)`,
  );
  const dynamo = await startDynamoDbLocal();
  const admin = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
  try {
    await ensureTable(admin, TABLE);
    clearSimCaches();
    const deps = worldDeps(dynamo.endpoint);
    const aapl = { params: { code: "AAPL_NASDAQ" }, query: { targetDte: "30" } };
    const cases: [
      string,
      string,
      { params?: Strings; query?: Strings; body?: unknown },
      number | undefined,
    ][] = [
      ["analysis of AAPL (seven specialists, stored)", "analysis", aapl, TARGET_MS],
      ["conviction of AAPL (one read)", "conviction", { params: aapl.params }, undefined],
      [
        "compare of five (five analyses, stored)",
        "compare",
        { body: { symbols: ["AAPL", "MSFT", "JPM", "XOM", "KO"] } },
        undefined,
      ],
    ];
    for (const [label, key, request, targetMs] of cases) {
      const timing = await coldAndWarmMs(() => call(key, request, deps), RUNS);
      console.log(timingLine(label, timing, targetMs));
    }
  } finally {
    admin.destroy();
    await dynamo.stop();
  }
}
