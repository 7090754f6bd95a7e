import { existsSync } from "node:fs";
import { join } from "node:path";
import { runAlertEvaluatorBench } from "./alert-evaluator";
import { runBundleBench } from "./bundles";
import { runCompanyBench } from "./company";
import { runHedgeBench } from "./hedge";
import { runMarketBench } from "./market";
import { runMarketPropertiesBench } from "./market-properties";
import { runOptionsBench } from "./options";
import { runOptionsExtraBench } from "./options-extra";
import { runPortfolioBench } from "./portfolio";
import { runRateLimitBench } from "./rate-limit";
import { runVolatilityBench } from "./volatility";
import { runWebhookConsumerBench } from "./webhook-consumer";

/** `npm run bench`: every benchmark of the project, figures printed with their method. */
console.log(`node ${process.version} on ${process.arch}; command: npm run bench\n`);
await runBundleBench();
console.log();
await runRateLimitBench();
console.log();
await runMarketBench();
console.log();
await runMarketPropertiesBench();
console.log();
await runOptionsBench();
console.log();
await runOptionsExtraBench();
console.log();
await runVolatilityBench();
console.log();
await runHedgeBench();
console.log();
await runPortfolioBench();
console.log();
await runCompanyBench();
console.log();
await runWebhookConsumerBench();
console.log();
await runAlertEvaluatorBench();
if (existsSync(join(import.meta.dirname, "quant.ts"))) {
  console.log();
  const { runQuantBench } = (await import("./quant")) as { runQuantBench: () => Promise<void> };
  await runQuantBench();
}
