import { PurgeQueueCommand, SQSClient } from "@aws-sdk/client-sqs";
import { pinnedClock } from "../lib/deps";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { type AlertType, createAlertStore, type NewAlert } from "../lib/store/alerts";
import { createDynamoClient } from "../lib/store/client";
import { createDocumentStore } from "../lib/store/document-store";
import { ensureTable } from "../lib/store/table";
import { createWebhookStore } from "../lib/store/webhooks";
import { type EvaluatorDeps, evaluateAlerts } from "../lib/webhooks/evaluator";
import { sqsEventQueue } from "../lib/webhooks/event-queue";
import { newSigningSecret } from "../lib/webhooks/signing";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { startLocalQueue } from "../local/queue";
import { formatNumber, recordAtMost, recordInfo } from "./report";
import { median } from "./stats";

/**
 * The alert evaluator's time per 1,000 active alerts (issue 14): 1,000 alerts on 50 stocks,
 * 10 accounts of 100 alerts (the cap), each account with 2 subscriptions (one to every alert
 * event, one to alert.price), on DynamoDB Local and a fauxqs queue, both on this machine (fauxqs
 * in this process), the simulated market at successive minutes of a regular session. Two
 * cases, median of 5 runs each after one cold run (empty market caches, modules loading):
 * a quiet minute (no condition holds: the Query, 50 observations, no write, no send) and a
 * minute where every alert fires (1,500 events sent in batches of 10, 1,000 conditional
 * writes; the alerts re-armed between runs, untimed). Target: ≤ 5 s per 1,000 alerts in both.
 */
const ACCOUNTS = 10;
const ALERTS_PER_ACCOUNT = 100;
const CODES = 50;
const RUNS = 5;
const TARGET_MS = 5000;
/** 14:00 New York, a Tuesday: the regular session. */
const SESSION_MS = Date.parse("2026-11-24T19:00:00Z");
const MINUTE_MS = 60_000;
const TABLE = "bench-alerts";
const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };
/**
 * Per-attempt DynamoDB timeout of the bench's own untimed writes (creating, deleting and
 * re-arming alerts), as the tests wait on a loaded machine; the evaluator keeps the deployed one.
 */
const SETUP_TIMEOUT_MS = 30_000;

/** Conditions that always hold (fire) and that never do (quiet), per alert type used. */
const ALWAYS: Partial<Record<AlertType, number>> = {
  price_above: 0.0001,
  price_below: 10_000_000,
  iv_above: 1,
  volume_above_average: 0.1,
};
const NEVER: Partial<Record<AlertType, number>> = {
  price_above: 10_000_000,
  price_below: 0.0001,
  iv_above: 500,
  volume_above_average: 100,
};
const TYPES = Object.keys(ALWAYS) as AlertType[];

type Stores = {
  alerts: ReturnType<typeof createAlertStore>;
  webhooks: ReturnType<typeof createWebhookStore>;
};
type Code = { code: string; symbol: string };

export async function runAlertEvaluatorBench(): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  const admin = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
  const queue = await startLocalQueue();
  const sqs = new SQSClient({
    region: "us-east-1",
    endpoint: queue.endpoint,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await ensureTable(admin, TABLE);
    const stores = benchStores(dynamo.endpoint, undefined);
    const setup = benchStores(dynamo.endpoint, SETUP_TIMEOUT_MS);
    let nowMs = SESSION_MS;
    const marketClock = { now: () => new Date(nowMs) };
    const deps: EvaluatorDeps = {
      ...stores,
      market: createSimulatedMarket(marketClock),
      marketClock,
      queue: sqsEventQueue({
        region: "us-east-1",
        queueUrl: queue.webhookQueueUrl,
        deadLetterQueueUrl: queue.deadLetterQueueUrl,
        credentials: LOCAL_CREDENTIALS,
        endpoint: queue.endpoint,
      }),
      log: { info: () => undefined, error: (message) => console.error(`  ${message}`) },
    };
    const codes = await benchCodes();
    await createSubscriptions(setup);
    const total = await createAlerts(setup, codes, NEVER);
    const run = async () => {
      nowMs += MINUTE_MS;
      return evaluateAlerts(deps);
    };

    console.log(
      `Alert evaluator (${total} alerts on ${codes.length} stocks, ${ACCOUNTS} accounts × 2 ` +
        "subscriptions; DynamoDB Local and fauxqs on this machine, fauxqs in-process; " +
        `simulated market, runs a minute apart; median of ${RUNS} runs after a cold one)`,
    );
    const cold = await run();
    const quiet: number[] = [];
    for (let i = 0; i < RUNS; i++) quiet.push((await run()).durationMs);
    report("quiet minute (nothing holds: the Query and 50 observations)", quiet, total);
    console.log(`    cold first run: ${cold.durationMs} ms (market caches empty)`);
    recordInfo(
      "quiet minute, cold first run (market caches empty)",
      `${formatNumber(cold.durationMs, 0)} ms`,
    );

    await deleteAlerts(setup);
    await createAlerts(setup, codes, ALWAYS);
    const firing: number[] = [];
    let events = 0;
    for (let i = 0; i < RUNS; i++) {
      await rearmAll(setup);
      await sqs.send(new PurgeQueueCommand({ QueueUrl: queue.webhookQueueUrl }));
      const summary = await run();
      if (summary.fired !== total || summary.failed > 0) {
        throw new Error(`not every alert fired and was recorded: ${JSON.stringify(summary)}`);
      }
      firing.push(summary.durationMs);
      events = summary.events;
    }
    report(`every alert fires (${events} events sent, ${total} conditional writes)`, firing, total);
  } finally {
    sqs.destroy();
    admin.destroy();
    await queue.stop();
    await dynamo.stop();
  }
}

function report(label: string, durationsMs: number[], alerts: number): void {
  const perThousand = (median(durationsMs) * 1000) / alerts;
  const verdict = perThousand <= TARGET_MS ? "met" : "NOT met";
  recordAtMost(`${label}, per 1,000 alerts`, perThousand, TARGET_MS, "ms", 0);
  console.log(
    `  ${label}: ${perThousand.toFixed(0)} ms per 1,000 alerts ` +
      `(runs ${durationsMs.join(", ")} ms; target ≤ ${TARGET_MS} ms: ${verdict})`,
  );
}

/** The stores on DynamoDB Local, with a per-attempt timeout (undefined: the deployed one). */
function benchStores(endpoint: string, requestTimeoutMs: number | undefined): Stores {
  const db = createDocumentStore({
    region: "us-east-1",
    endpoint,
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
  });
  return { alerts: createAlertStore(db, TABLE), webhooks: createWebhookStore(db, TABLE) };
}

/** The first 50 optionable stocks of the simulated universe. */
async function benchCodes(): Promise<Code[]> {
  const listings = await createSimulatedMarket(pinnedClock(new Date(SESSION_MS))).instruments();
  return listings
    .filter((instrument) => instrument.contractType === "Stock" && instrument.hasOptions)
    .slice(0, CODES)
    .map(({ code, symbol }) => ({ code, symbol }));
}

/** Per account: one subscription to every alert event, one to alert.price. */
async function createSubscriptions({ webhooks }: Stores): Promise<void> {
  const nowIso = new Date().toISOString();
  for (let account = 1; account <= ACCOUNTS; account++) {
    for (const events of [["alert.price", "alert.iv", "alert.volume"], ["alert.price"]]) {
      const url = `https://hooks.example.com/${account}/${events.length}`;
      await webhooks.create(
        account,
        { url, events, description: null },
        newSigningSecret(),
        nowIso,
      );
    }
  }
}

/**
 * 100 alerts per account, spread over the codes and types, at the given thresholds; accounts
 * in parallel, an account's one after another (each raises the account's count in a transaction).
 */
async function createAlerts(
  { alerts }: Stores,
  codes: readonly Code[],
  thresholds: Partial<Record<AlertType, number>>,
): Promise<number> {
  const nowIso = new Date().toISOString();
  const accounts = Array.from({ length: ACCOUNTS }, (_, index) => index + 1);
  await Promise.all(
    accounts.map(async (account) => {
      for (let i = 0; i < ALERTS_PER_ACCOUNT; i++) {
        const n = (account - 1) * ALERTS_PER_ACCOUNT + i;
        const { code, symbol } = codes[n % codes.length] as Code;
        const type = TYPES[Math.floor(n / codes.length) % TYPES.length] as AlertType;
        const threshold = thresholds[type] as number;
        const alert: NewAlert = { code, symbol, type, threshold, webhookId: null };
        await alerts.create(account, alert, nowIso);
      }
    }),
  );
  return ACCOUNTS * ALERTS_PER_ACCOUNT;
}

/** Every alert deleted, accounts in parallel (each delete lowers the account's count). */
async function deleteAlerts({ alerts }: Stores): Promise<void> {
  const byAccount = Map.groupBy(await alerts.active(), (alert) => alert.userId);
  await Promise.all(
    [...byAccount.values()].map(async (owned) => {
      for (const alert of owned) await alerts.delete(alert.userId, alert.id);
    }),
  );
}

/** Every fired alert armed again (untimed), so the next run fires them all. */
async function rearmAll({ alerts }: Stores): Promise<void> {
  const fired = (await alerts.active()).filter((alert) => alert.status === "fired");
  // 20 at a time: a thousand writes at once would only queue up in DynamoDB Local.
  for (let start = 0; start < fired.length; start += 20) {
    const chunk = fired.slice(start, start + 20);
    await Promise.all(chunk.map((alert) => alerts.recordDecision(alert, "armed", null)));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlertEvaluatorBench();
