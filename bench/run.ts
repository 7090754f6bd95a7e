import { runLoadBench } from "../scripts/load/run";
import { runAlertEvaluatorBench } from "./alert-evaluator";
import { runBundleBench } from "./bundles";
import { runCalendarBench } from "./calendar";
import { runCompanyBench } from "./company";
import { runCongressionalBench } from "./congressional";
import { runContentBench } from "./content";
import { runFdaBench } from "./fda";
import { runGraphBench } from "./graph";
import { runHedgeBench } from "./hedge";
import { runIntelligenceBench } from "./intelligence";
import { runIntelligenceJobBench } from "./intelligence-job";
import { runIntelligenceReportsBench } from "./intelligence-reports";
import { loadAverage, machineDescription } from "./machine";
import { runMarketBench } from "./market";
import { runMarketAnalysisBench, runScreenerBench } from "./market-analysis";
import { runDarkPoolBench } from "./market-analysis-dark-pool";
import { runMarketPropertiesBench } from "./market-properties";
import { runNewsBench } from "./news";
import { runOptionsBench } from "./options";
import { runOptionsExtraBench } from "./options-extra";
import { runPortfolioBench } from "./portfolio";
import { runQuantBench } from "./quant";
import { runRateLimitBench } from "./rate-limit";
import { runReferenceBench } from "./reference";
import { beginSection, recordFigure, reportMarkdown, reportTable } from "./report";
import { runVolatilityBench } from "./volatility";
import { runWebhookConsumerBench } from "./webhook-consumer";

/**
 * `npm run bench`: every benchmark of the project, each module's figures printed with their
 * method, then one table of every figure with its target and whether it was met (bench/report.ts).
 * `npm run bench -- --markdown` (or BENCH_MARKDOWN=1) also prints the table as Markdown for the
 * README; BENCH_LOAD=1 adds the load test, which starts the whole local service.
 */
type Section = [section: string, run: () => Promise<unknown>];

/** The load test starts the whole local service: only when asked (BENCH_LOAD=1). */
const LOAD_SECTION: Section = ["Load", runLoadBench];

const SECTIONS: Section[] = [
  ["Bundles", runBundleBench],
  ["Quant", runQuantBench],
  ["Rate limiter", runRateLimitBench],
  ["Market", runMarketBench],
  ["Market properties", runMarketPropertiesBench],
  ["Options", runOptionsBench],
  ["Premium selling", runOptionsExtraBench],
  ["Volatility", runVolatilityBench],
  ["Hedge", runHedgeBench],
  ["Portfolio", runPortfolioBench],
  ["Company", runCompanyBench],
  ["News", runNewsBench],
  ["Calendars", runCalendarBench],
  ["Graph", runGraphBench],
  ["Market analysis", runMarketAnalysisBench],
  ["Dark pool", runDarkPoolBench],
  ["Screener", runScreenerBench],
  ["Reference", runReferenceBench],
  ["Content", runContentBench],
  ["Congressional", runCongressionalBench],
  ["FDA", runFdaBench],
  ["Intelligence", runIntelligenceBench],
  ["Intelligence reports", runIntelligenceReportsBench],
  ["Intelligence job", runIntelligenceJobBench],
  ["Webhook consumer", runWebhookConsumerBench],
  ["Alert evaluator", runAlertEvaluatorBench],
  ...(process.env.BENCH_LOAD === "1" ? [LOAD_SECTION] : []),
];

const markdown = process.argv.includes("--markdown") || process.env.BENCH_MARKDOWN === "1";
const startedAt = new Date();
const loadAtStart = loadAverage();
console.log(`Machine: ${machineDescription()}`);
console.log(`Load average at start: ${loadAtStart} (1 / 5 / 15 min); command: npm run bench\n`);

for (const [section, run] of SECTIONS) {
  beginSection(section);
  try {
    await run();
  } catch (error) {
    // One failing module must not hide the others' figures: it shows as a row not met.
    console.error(`${section} bench failed:`, error);
    recordFigure({ name: "bench module", value: "failed", target: "runs", met: false });
    process.exitCode = 1;
  }
  console.log();
}

const minutes = (Date.now() - startedAt.getTime()) / 60_000;
const loadAtEnd = loadAverage();
console.log("Benchmark report");
console.log(
  `  ${machineDescription()}; load average ${loadAtStart} at start, ${loadAtEnd} at end ` +
    `(1 / 5 / 15 min); ${minutes.toFixed(1)} min from ${startedAt.toISOString()}\n`,
);
console.log(reportTable());
if (markdown) {
  console.log("\n### Benchmark report\n");
  console.log(
    `Run ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineDescription()}; ` +
      `load average (1 / 5 / 15 min) ${loadAtStart} at the start and ${loadAtEnd} at the end; ` +
      `${minutes.toFixed(0)} min; \`npm run bench -- --markdown\`` +
      `${process.env.BENCH_LOAD === "1" ? " with `BENCH_LOAD=1`" : ""}.\n`,
  );
  console.log(reportMarkdown());
}
