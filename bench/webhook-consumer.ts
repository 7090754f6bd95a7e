import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { systemClock } from "../lib/deps";
import { createDynamoClient } from "../lib/store/client";
import { createDeliveryLog } from "../lib/store/delivery-log";
import { createDocumentStore } from "../lib/store/document-store";
import { ensureTable } from "../lib/store/table";
import { createWebhookStore } from "../lib/store/webhooks";
import { type ConsumerDeps, consumeBatch } from "../lib/webhooks/consumer";
import { sqsEventQueue } from "../lib/webhooks/event-queue";
import { newEventId, newSigningSecret } from "../lib/webhooks/signing";
import { createGuardedDispatcher } from "../lib/webhooks/ssrf-dispatcher";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { startLocalQueue } from "../local/queue";
import { startQueuePoller } from "../local/queue-poller";
import { recordAtLeast, recordAtMost } from "./report";
import { median } from "./stats";

/**
 * The delivery consumer on this machine: webhook.test events on fauxqs, polled into the
 * consumer (as the SQS event source would, batches of 10) by POLLERS concurrent pollers
 * (concurrent Lambda invocations), delivered signed through the guarded dispatcher to a
 * receiver on 127.0.0.1 that answers 200, each attempt logged in DynamoDB Local. Two runs:
 * a burst of BURST events enqueued at once (throughput: events / time to the last receipt),
 * then STEADY events at STEADY_PER_SECOND, under capacity (latency from the send to the queue
 * to the receiver reading the request, p50 and p99). Everything shares this machine's two
 * cores with fauxqs, DynamoDB Local and the receiver.
 */
const BURST = 500;
const STEADY = 200;
const STEADY_PER_SECOND = 20;
const POLLERS = 4;
const TARGETS = { throughputPerSecond: 50, p50Ms: 250, p99Ms: 1000 } as const;

export async function runWebhookConsumerBench(): Promise<void> {
  const [dynamo, queue] = await Promise.all([startDynamoDbLocal(), startLocalQueue()]);
  const receiver = await startReceiver();
  const dispatcher = createGuardedDispatcher({ allowHttpLoopback: true });
  try {
    const admin = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
    await ensureTable(admin, "bench").finally(() => admin.destroy());
    const db = createDocumentStore({ region: "us-east-1", endpoint: dynamo.endpoint });
    const webhooks = createWebhookStore(db, "bench");
    const webhook = await webhooks.create(
      1,
      { url: `${receiver.url}/bench`, events: ["webhook.test"], description: null },
      newSigningSecret(),
      new Date().toISOString(),
    );
    const eventQueue = sqsEventQueue({
      region: "us-east-1",
      queueUrl: queue.webhookQueueUrl,
      deadLetterQueueUrl: queue.deadLetterQueueUrl,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      endpoint: queue.endpoint,
    });
    const deps: ConsumerDeps = {
      webhooks,
      deliveryLog: createDeliveryLog(db, "bench"),
      queue: eventQueue,
      dispatcher,
      clock: systemClock(),
      random: Math.random,
      log: { info: () => undefined, error: (message) => console.error(message) },
    };
    const newMessage = () => {
      const event = {
        id: newEventId(),
        type: "webhook.test",
        timestamp: new Date().toISOString(),
        data: { webhookId: webhook.id, message: "bench" },
      };
      return { message: { event, userId: 1, webhookId: webhook.id, attempt: 1 } };
    };
    const pollers = Array.from({ length: POLLERS }, () =>
      startQueuePoller({
        queueUrl: queue.webhookQueueUrl,
        handler: (event) => consumeBatch(event.Records, deps),
      }),
    );
    const sentAt = new Map<string, number>();
    const send = async (batch: ReturnType<typeof newMessage>[]) => {
      const now = performance.now();
      for (const entry of batch) sentAt.set(entry.message.event.id, now);
      await eventQueue.send(batch);
    };

    const burst = Array.from({ length: BURST }, newMessage);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BURST / 10 }, (_, i) => send(burst.slice(i * 10, i * 10 + 10))),
    );
    await receiver.waitFor(BURST);
    const throughput = BURST / ((performance.now() - started) / 1000);

    const steadyFrom = receiver.arrivals.length;
    for (let i = 0; i < STEADY; i++) {
      await send([newMessage()]);
      await new Promise((resolve) => setTimeout(resolve, 1000 / STEADY_PER_SECOND));
    }
    await receiver.waitFor(BURST + STEADY);
    await Promise.all(pollers.map((poller) => poller.stop()));
    const latencies = receiver.arrivals
      .slice(steadyFrom)
      .map(([id, at]) => at - (sentAt.get(id) ?? at));
    report(throughput, latencies);
  } finally {
    await dispatcher.destroy();
    await receiver.stop();
    await Promise.allSettled([queue.stop(), dynamo.stop()]);
  }
}

function report(throughput: number, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
  const p50 = median(latencies);
  const mark = (ok: boolean) => (ok ? "met" : "NOT MET");
  recordAtLeast(
    `burst of ${BURST}, deliveries per second`,
    throughput,
    TARGETS.throughputPerSecond,
    "/s",
  );
  const steady = `${STEADY} at ${STEADY_PER_SECOND}/s, enqueue → receipt`;
  recordAtMost(`${steady}, p50`, p50, TARGETS.p50Ms, "ms", 0);
  recordAtMost(`${steady}, p99`, p99, TARGETS.p99Ms, "ms", 0);
  console.log(
    `webhook consumer on fauxqs, ${POLLERS} pollers, receiver on 127.0.0.1 (npm run bench):\n` +
      `  burst of ${BURST}: ${throughput.toFixed(0)} deliveries/s (target ≥ ${TARGETS.throughputPerSecond}: ${mark(throughput >= TARGETS.throughputPerSecond)})\n` +
      `  ${STEADY} at ${STEADY_PER_SECOND}/s, enqueue → receipt: p50 ${p50.toFixed(0)} ms (target ≤ ${TARGETS.p50Ms}: ${mark(p50 <= TARGETS.p50Ms)}), ` +
      `p99 ${p99.toFixed(0)} ms (target ≤ ${TARGETS.p99Ms}: ${mark(p99 <= TARGETS.p99Ms)})`,
  );
}

/** A receiver that notes each event id (webhook-id) and when it arrived. */
async function startReceiver() {
  const arrivals: [string, number][] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  const server = createServer((request, response) => {
    arrivals.push([String(request.headers["webhook-id"]), performance.now()]);
    request.resume();
    request.on("end", () => response.writeHead(200).end("ok"));
    if (waiter && arrivals.length >= waiter.count) waiter.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    waitFor: (count: number) =>
      new Promise<void>((resolve, reject) => {
        if (arrivals.length >= count) return resolve();
        waiter = { count, resolve };
        setTimeout(
          () => reject(new Error(`only ${arrivals.length} of ${count} arrived`)),
          300_000,
        ).unref();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
