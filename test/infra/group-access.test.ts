import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type DynamoDBClient,
  ScanCommand,
} from "@aws-sdk/client-dynamodb";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HttpResult } from "../../lib/api/envelope";
import { GROUPS } from "../../lib/api/generated/manifest";
import { GROUP_ACCESS } from "../../lib/api/group-access";
import { ROUTES } from "../../lib/api/groups/registry";
import type { Group, RouteSpec } from "../../lib/api/route";
import { createDynamoClient } from "../../lib/store/client";
import { ensureTable } from "../../lib/store/table";
import { gatewayEvent } from "../setup/events";

/**
 * The IAM declaration (lib/api/group-access.ts) against what the code really sends: every
 * route's `events/` sample goes through its group's Lambda handler with DynamoDB Local behind
 * a recording proxy. Each function's calls, transactions counted by their contained actions
 * (that is how IAM authorizes them), must be exactly its declared table actions: a missing
 * one is AccessDenied in AWS, an extra one is privilege nothing uses.
 *
 * Only the functions behind the HTTP API: the webhook consumer and the alert evaluator are
 * not HTTP handlers (no `events/` samples); their own tests exercise them on DynamoDB Local.
 */

type FunctionName = Group | "fallback";
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

const ROOT = join(import.meta.dirname, "../..");
const context = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
/** IAM's action for each kind of TransactWriteItems entry. */
const TRANSACT_ACTIONS: Record<string, string> = {
  Put: "PutItem",
  Update: "UpdateItem",
  Delete: "DeleteItem",
  ConditionCheck: "ConditionCheckItem",
};

/** A fresh /64 per run: the keyless and contact quotas other test files spent are not ours. */
const clientIp = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;
const email = `access-${randomUUID()}@example.com`;
let apiKey = "";

const used = new Map<FunctionName, Set<string>>();
/** Each sample's outcome: "2xx", or the status and error code. */
const outcomes: [string, ...(string | number)[]][] = [];
let calling: FunctionName | undefined;
let closeProxy: () => Promise<void>;

/** Calls arriving while no handler runs (fire-and-forget writes) would go unattributed. */
const stray: string[] = [];

function record(target: string, body: string) {
  if (!calling) {
    stray.push(target);
    return;
  }
  const operation = target.slice(target.indexOf(".") + 1);
  const actions =
    operation === "TransactWriteItems"
      ? (JSON.parse(body).TransactItems as object[]).flatMap((entry) =>
          Object.keys(entry).map((kind) => TRANSACT_ACTIONS[kind] ?? kind),
        )
      : [operation];
  for (const action of actions) used.get(calling)?.add(action);
}

/** Forwards to DynamoDB Local, noting each call's operation (`X-Amz-Target`) and body. */
async function startRecordingProxy(target: string) {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      record(String(incoming.headers["x-amz-target"]), body.toString("utf8"));
      const forward = request(
        new URL(incoming.url ?? "/", target),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on("error", (error) => outgoing.destroy(error));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  closeProxy = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return `http://127.0.0.1:${port}`;
}

function sample(id: string): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${id}.json`), "utf8"));
}

function outcome(route: string, response: HttpResult): [string, ...(string | number)[]] {
  if (response.statusCode >= 200 && response.statusCode < 300) return [route, "2xx"];
  return [route, response.statusCode, JSON.parse(response.body || "{}").error?.code];
}

async function call(name: FunctionName, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const { handler } = (await import(`../../functions/${name}.ts`)) as { handler: Handler };
  event.requestContext.http.sourceIp = clientIp;
  calling = name;
  try {
    return await handler(event, context);
  } finally {
    calling = undefined;
  }
}

/**
 * A key of the test's account for each group: one key's per-minute limit (Free: 60) does not
 * hold every sample of the run.
 */
const groupKeys = new Map<string, string>();
async function keyFor(group: string): Promise<string> {
  if (group === "account") return apiKey;
  let key = groupKeys.get(group);
  if (!key) {
    const created = sample("account.createKey");
    created.headers["x-api-key"] = apiKey;
    created.body = JSON.stringify({ name: `group-${group}-${randomUUID().slice(0, 8)}` });
    key = JSON.parse((await call("account", created)).body).data.apiKey as string;
    groupKeys.set(group, key);
  }
  return key;
}

/** Samples carry placeholders (X-Api-Key, an email, a key id): make them real for this run. */
async function prepare(route: RouteSpec, event: APIGatewayProxyEventV2) {
  if (route.id === "account.register" || route.id === "account.login") {
    const address = route.id === "account.login" ? email : `access-${randomUUID()}@example.com`;
    event.body = JSON.stringify({ ...JSON.parse(event.body ?? "{}"), email: address });
  }
  const groupKey = await keyFor(route.group);
  if (event.headers["x-api-key"] !== undefined) event.headers["x-api-key"] = groupKey;
  if (route.id === "account.revokeKey") {
    const created = sample("account.createKey");
    created.headers["x-api-key"] = apiKey;
    created.body = JSON.stringify({ name: `spare-${randomUUID().slice(0, 8)}` });
    const { id } = JSON.parse((await call("account", created)).body).data;
    event.pathParameters = { keyId: String(id) };
    event.rawPath = `/v1/account/keys/${id}`;
  }
  if (route.id === "alerts.delete") {
    const created = sample("alerts.subscribe");
    created.headers["x-api-key"] = groupKey;
    const { id } = JSON.parse((await call("alerts", created)).body).data;
    event.pathParameters = { id };
    event.rawPath = `/v1/alerts/${id}`;
  }
  if (["webhooks.delete", "webhooks.deliveries", "webhooks.test"].includes(route.id)) {
    const created = sample("webhooks.create");
    created.headers["x-api-key"] = groupKey;
    const { id } = JSON.parse((await call("webhooks", created)).body).data;
    event.pathParameters = { id };
    event.rawPath = event.rawPath.replace(/wh_[a-z2-7]{20}/, id);
  }
}

/**
 * Deletes the read-through caches' items (market data, EDGAR), straight on DynamoDB Local (not
 * through the recording proxy): each function then starts on a cold cache, as it can in AWS, so
 * its cache writes show whatever group ran before it.
 */
async function emptyCaches(admin: DynamoDBClient, tableName: string) {
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await admin.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "begins_with(pk, :cache)",
        ExpressionAttributeValues: { ":cache": { S: "CACHE#" } },
        ProjectionExpression: "pk, sk",
        ExclusiveStartKey: start,
      }),
    );
    const keys = page.Items ?? [];
    for (let i = 0; i < keys.length; i += 25) {
      const deletes = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      await admin.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: deletes } }));
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

beforeAll(async () => {
  // A table of its own, so no other test's cached Nova answer spares this run its PutItem.
  const tableName = `group-access-${randomUUID()}`;
  const admin = createDynamoClient({
    region: "us-east-1",
    endpoint: String(process.env.DYNAMODB_ENDPOINT),
    requestTimeoutMs: 30_000,
  });
  await ensureTable(admin, tableName);
  vi.stubEnv("TABLE_NAME", tableName);
  const proxy = await startRecordingProxy(String(process.env.DYNAMODB_ENDPOINT));
  vi.stubEnv("DYNAMODB_ENDPOINT", proxy);
  // As deployed: mail goes to SES (unconfigured here, so 502), not to the local outbox
  // table; the simulated market behind the market cache, as a vendor is (MARKET_CACHE=on), so
  // the functions that read market data (market, options) show the cache's GetItem and PutItem.
  vi.stubEnv("MAILER", "ses");
  vi.stubEnv("CONTACT_FROM", "");
  vi.stubEnv("MARKET_PROVIDER", "sim");
  vi.stubEnv("MARKET_CACHE", "on");
  // The test's account is the demo account, so the premium-selling feed's samples answer 2xx.
  vi.stubEnv("DEMO_ACCOUNT_EMAIL", email);
  for (const name of [...GROUPS, "fallback"] as const) used.set(name, new Set());

  const register = sample("account.register");
  register.body = JSON.stringify({ ...JSON.parse(register.body ?? "{}"), email });
  apiKey = JSON.parse((await call("account", register)).body).data.apiKey;
  let group: Group | undefined;
  for (const route of ROUTES) {
    if (route.group !== group) {
      group = route.group;
      await emptyCaches(admin, tableName);
    }
    const event = sample(route.id);
    await prepare(route, event);
    outcomes.push(outcome(route.id, await call(route.group, event)));
  }
  admin.destroy();
  // A request carrying X-Api-Key is counted against that key on every API route, keyless and
  // unmetered ones included (spec, Authentication 6): one such call per group with no keyed sample.
  const keyed = new Set(
    ROUTES.filter((route) => sample(route.id).headers["x-api-key"] !== undefined).map(
      (route) => route.group,
    ),
  );
  for (const route of ROUTES) {
    if (route.versioned === false || keyed.has(route.group)) continue;
    keyed.add(route.group);
    const event = sample(route.id);
    event.headers["x-api-key"] = apiKey;
    await call(route.group, event);
  }
  const unknown = gatewayEvent({ method: "GET", path: "/v1/no-such-thing", routeKey: "$default" });
  outcomes.push(outcome("$default", await call("fallback", unknown)));
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await closeProxy?.();
});

describe("declared table access", () => {
  it("was exercised: every sample reached its implementation", () => {
    const expected = ([route]: [string, ...unknown[]]) => {
      if (route === "$default") return [route, 404, "NOT_FOUND"];
      // SES is not configured here; the daily contact quota was counted before the hand-off.
      if (route.endsWith(".contact")) return [route, 502, "SEND_FAILED"];
      return [route, "2xx"];
    };
    expect(outcomes).toEqual(outcomes.map(expected));
  });

  it("saw no call outlive its request", () => {
    expect(stray).toEqual([]);
  });

  it.each([...GROUPS, "fallback"] as const)("%s: exactly the actions its code sends", (name) => {
    expect([...(used.get(name) ?? [])].sort()).toEqual([...GROUP_ACCESS[name].table].sort());
  });
});
