import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { ROUTE_MANIFEST } from "../lib/api/generated/manifest";
import { createRouter } from "../lib/api/router";
import { DEFAULT_TABLE_NAME, loadConfig, loadLocalConfig } from "../lib/config";
import { createDynamoClient } from "../lib/store/client";
import { ensureTable } from "../lib/store/table";
import { type DynamoDbLocal, startDynamoDbLocal } from "../local/dynamodb-local";

/**
 * `npm run invoke -- <route id | event file>`: calls the route's Lambda handler in this
 * process with an API Gateway v2 sample event from events/, like `sam local invoke` without
 * Docker, and prints the handler's response. The database is DYNAMODB_ENDPOINT's, else a
 * running `npm start`'s (same DATA_DIR), else a DynamoDB Local started in memory for this call.
 * The samples' placeholder X-Api-Key is replaced by a key of a fresh account.
 */
const ROOT = join(import.meta.dirname, "..");
const PLACEHOLDER_KEY = "mdk_REPLACEWITHYOURAPIKEY0000000000000000";
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<{ body?: string }>;

const arg = process.argv[2];
if (!arg) {
  console.error("usage: npm run invoke -- <route id, e.g. market.status | path/to/event.json>");
  process.exit(2);
}
const eventFile = arg.endsWith(".json") ? arg : join(ROOT, "events", `${arg}.json`);
const event = readEvent(eventFile);
const router = createRouter(ROUTE_MANIFEST);
const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

const started = await useDatabase();
try {
  if (event.headers?.["x-api-key"] === PLACEHOLDER_KEY) {
    event.headers["x-api-key"] = await freshApiKey();
    console.error("invoke: the sample's X-Api-Key placeholder is replaced by a new account's key");
  }
  const handler = await handlerFor(event);
  console.log(JSON.stringify(await handler(event, context), null, 2));
} finally {
  await started?.stop();
}

function readEvent(file: string): APIGatewayProxyEventV2 {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as APIGatewayProxyEventV2;
  } catch (error) {
    console.error(`invoke: cannot read ${file}: ${(error as Error).message}`);
    console.error("Give a route id (a file name in events/, e.g. market.status) or an event file.");
    process.exit(2);
  }
}

/** Points the handlers' environment at a database; returns the DynamoDB Local it started, if any. */
async function useDatabase(): Promise<DynamoDbLocal | undefined> {
  process.env.TABLE_NAME ??= DEFAULT_TABLE_NAME;
  if (loadConfig(process.env).dynamoEndpoint) return undefined;
  const local = loadLocalConfig(process.env);
  const running = await runningNpmStart(local.dataDir);
  if (running) {
    console.error(`invoke: using the database of the running npm start (${running})`);
    process.env.DYNAMODB_ENDPOINT = running;
    return undefined;
  }
  console.error(
    "invoke: npm start is not running; starting DynamoDB Local in memory for this call",
  );
  let dynamo: DynamoDbLocal;
  try {
    dynamo = await startDynamoDbLocal({ readyTimeoutMs: local.dynamoStartTimeoutMs });
  } catch (error) {
    console.error(`invoke: ${(error as Error).message}`);
    console.error("Run `npm start` in another terminal first (it needs Java 17+ too), then retry.");
    process.exit(1);
  }
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const client = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
  await ensureTable(client, process.env.TABLE_NAME).finally(() => client.destroy());
  return dynamo;
}

/** The DynamoDB address a running `npm start` wrote to $DATA_DIR/runtime.json, if it answers. */
async function runningNpmStart(dataDir: string): Promise<string | undefined> {
  let endpoint: string;
  try {
    const runtime = JSON.parse(readFileSync(join(dataDir, "runtime.json"), "utf8"));
    endpoint = String(runtime.dynamoEndpoint);
  } catch {
    return undefined;
  }
  const answers = await fetch(endpoint, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  return answers ? endpoint : undefined;
}

/** The Lambda handler that serves the event (its group's, or the `$default` fallback). */
async function handlerFor(call: APIGatewayProxyEventV2): Promise<Handler> {
  const found = router.match(call.requestContext.http.method, call.rawPath);
  const group =
    router.byRouteKey(call.routeKey)?.group ??
    (found.kind === "route" ? found.route.group : "fallback");
  return ((await import(`../functions/${group}.ts`)) as { handler: Handler }).handler;
}

/** Registers an account through the account Lambda, as a client would, and returns its key. */
async function freshApiKey(): Promise<string> {
  const register = readEvent(join(ROOT, "events", "account.register.json"));
  register.body = JSON.stringify({
    email: `invoke-${randomUUID()}@example.com`,
    password: "invoke-sample-password",
  });
  const response = await (await handlerFor(register))(register, context);
  const apiKey = JSON.parse(response.body ?? "{}")?.data?.apiKey;
  if (typeof apiKey !== "string") throw new Error(`registration failed: ${response.body}`);
  return apiKey;
}
