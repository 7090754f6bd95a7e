import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadLocalConfig } from "../lib/config";
import { startLocalRuntime } from "./runtime";

/** `npm start`: the whole service on this machine (see README, Configuration). */
const config = loadLocalConfig(process.env);
const started = Date.now();
const runtime = await startLocalRuntime({ port: config.port, dataDir: config.dataDir });
console.log(`DynamoDB Local at ${runtime.dynamoEndpoint} (data in ${config.dataDir})`);
console.log(`Webhook queue (fauxqs) at ${runtime.webhookQueueUrl}`);
console.log(`API ready in ${Date.now() - started} ms at ${runtime.apiUrl}`);
console.log(`Docs at ${runtime.origin}/docs`);
// Where local tools (npm run outbox) find this run's database.
await writeFile(
  join(config.dataDir, "runtime.json"),
  JSON.stringify({ apiUrl: runtime.apiUrl, dynamoEndpoint: runtime.dynamoEndpoint }),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  await runtime.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
