import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadLocalConfig } from "../lib/config";
import { announceDemoAccount } from "./demo-account";
import { type LocalRuntime, startLocalRuntime } from "./runtime";

/**
 * `npm start`: the whole service on this machine (see README, Configuration). SIGINT (Ctrl-C)
 * and SIGTERM (what a supervisor sends) stop it, whether they reach this process alone, npm
 * (which forwards them here) or the whole process group. DynamoDB Local's java exits when this
 * process does, however it ends (see dynamodb-local.ts).
 */
const config = loadLocalConfig(process.env);
/** A stop that hangs (a stuck connection) must not keep the process alive. */
const STOP_DEADLINE_MS = 30_000;

let runtime: LocalRuntime | undefined;
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return; // npm forwards the terminal's signal, so it often arrives twice
  stopping = true;
  console.log(`${signal}: stopping`);
  setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
  // Still starting: exit at once; java follows when its stdin pipe closes.
  await runtime?.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

const started = Date.now();
runtime = await startLocalRuntime({
  backgroundJobs: {},
  port: config.port,
  dataDir: config.dataDir,
  dynamoStartTimeoutMs: config.dynamoStartTimeoutMs,
  dynamoLocalJit: config.dynamoLocalJit,
});
const sqlite = runtime.dynamoSqliteModes ? `; SQLite ${runtime.dynamoSqliteModes}` : "";
console.log(
  `DynamoDB Local at ${runtime.dynamoEndpoint} (data in ${config.dataDir}${sqlite}; ` +
    `JIT ${config.dynamoLocalJit})`,
);
console.log(`Webhook queue (fauxqs) at ${runtime.webhookQueueUrl}, polled into the consumer`);
console.log("Alert evaluator: every minute, at the market clock");
console.log(
  "Intelligence verdicts: the 10 most active stocks now (in the background), every optionable " +
    "stock after each close (16:30 New York, market clock)",
);
console.log(`API ready in ${Date.now() - started} ms at ${runtime.apiUrl}`);
console.log(`Docs at ${runtime.origin}/docs`);
// Where local tools (npm run outbox, npm run invoke) find this run's database.
await writeFile(
  join(config.dataDir, "runtime.json"),
  JSON.stringify({ apiUrl: runtime.apiUrl, dynamoEndpoint: runtime.dynamoEndpoint }),
);
await announceDemoAccount(process.env);
