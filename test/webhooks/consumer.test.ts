import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Logger, systemClock } from "../../lib/deps";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { type ConsumerDeps, consumeBatch, consumeMessage } from "../../lib/webhooks/consumer";
import { MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from "../../lib/webhooks/delivery";
import { type EventQueue, type QueuedMessage, sqsEventQueue } from "../../lib/webhooks/event-queue";
import {
  type DeliveryMessage,
  decodeDeliveryMessage,
  encodeDeliveryMessage,
} from "../../lib/webhooks/messages";
import { WEBHOOK_QUEUE } from "../../lib/webhooks/queue";
import { newEventId, newSigningSecret } from "../../lib/webhooks/signing";
import { createGuardedDispatcher } from "../../lib/webhooks/ssrf-dispatcher";
import { type LocalQueue, startLocalQueue } from "../../local/queue";
import { type QueuePoller, startQueuePoller } from "../../local/queue-poller";
import { newCallerKey } from "../setup/accounts";
import { testDeps } from "../setup/deps";

/**
 * The delivery consumer end to end: fauxqs (the SQS-compatible server) polled into the
 * consumer as Lambda's event source would, DynamoDB Local for subscriptions and the delivery
 * log, and a receiver on 127.0.0.1 that verifies signatures with the standardwebhooks package.
 * The queue's visibility timeout is 1 s so redeliveries come within the test. Time is
 * compressed at one place only: the queue the consumer sends retries to records the delay it
 * asked for and enqueues at once.
 */

const deps = testDeps();
const silent: Logger = { info: () => undefined, error: () => undefined };

let queue: LocalQueue;
/** One SQS client per fauxqs server (the SDK sends to its endpoint, not the queue URL's host). */
const clients = new Map<string, SQSClient>();
function sqs(queueUrl: string): SQSClient {
  const origin = new URL(queueUrl).origin;
  let client = clients.get(origin);
  if (!client) {
    client = new SQSClient({
      region: "us-east-1",
      endpoint: origin,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    clients.set(origin, client);
  }
  return client;
}
let receiver: Server;
let port = 0;
let connections = 0;

/** Per receiver key (/r/<key>): the statuses to answer in turn (the last repeats). */
const scripts = new Map<string, { status: number; headers?: Record<string, string> }[]>();
const secrets = new Map<string, string>();
interface Received {
  key: string;
  headers: IncomingHttpHeaders;
  /** The payload standardwebhooks verified, or why it did not. */
  verified: unknown;
}
const received: Received[] = [];

function verify(key: string, body: string, headers: IncomingHttpHeaders): unknown {
  try {
    return new Webhook(secrets.get(key) ?? "").verify(body, headers as Record<string, string>);
  } catch (error) {
    return `verification failed: ${(error as Error).message}`;
  }
}

beforeAll(async () => {
  queue = await startLocalQueue({ visibilityTimeoutSeconds: 1 });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.shouldKeepAlive = false;
      const key = (request.url ?? "").replace(/^\/r\//, "");
      received.push({
        key,
        headers: request.headers,
        verified: verify(key, Buffer.concat(chunks).toString("utf8"), request.headers),
      });
      const script = scripts.get(key) ?? [{ status: 200 }];
      const step = script.length > 1 ? (script.shift() as (typeof script)[0]) : script[0];
      response.writeHead(step?.status ?? 200, step?.headers).end("ok");
    });
  });
  receiver.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([devDispatcher.destroy(), prodDispatcher.destroy()]);
  for (const client of clients.values()) client.destroy();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await queue?.stop();
});

const devDispatcher = createGuardedDispatcher({ allowHttpLoopback: true });
const prodDispatcher = createGuardedDispatcher({
  allowHttpLoopback: false,
  resolve: async (host) => REBINDING_DNS[host] ?? [],
});
const REBINDING_DNS: Record<string, string[]> = {
  "rebind.example.com": ["127.0.0.1"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "mixed.example.com": ["93.184.215.14", "10.1.2.3"],
};

/** The consumer's queue, recording each requested delay and enqueueing at once. */
function compressedQueue(queueUrl: string, deadLetterQueueUrl: string) {
  const real = sqsEventQueue({
    region: "us-east-1",
    queueUrl,
    deadLetterQueueUrl,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    endpoint: new URL(queueUrl).origin,
  });
  const requested: QueuedMessage[] = [];
  const sender: EventQueue = {
    async send(entries) {
      requested.push(...entries);
      await real.send(entries.map((entry) => ({ message: entry.message })));
    },
    deadLetter: (message, reason) => real.deadLetter(message, reason),
  };
  return { sender, requested };
}

function consumerDeps(overrides: Partial<ConsumerDeps> = {}): ConsumerDeps {
  return {
    webhooks: deps.webhooks,
    deliveryLog: deps.deliveryLog,
    queue: compressedQueue(queue.webhookQueueUrl, queue.deadLetterQueueUrl).sender,
    dispatcher: devDispatcher,
    clock: systemClock(),
    random: () => 0.5,
    log: silent,
    ...overrides,
  };
}

/** The account the latest subscription belongs to (a fresh one per subscription: no cap). */
let caller: KeyRecord;

/** A subscription stored as it would be after creation (the URL check is not under test). */
async function subscription(url: (key: string) => string, events = ["webhook.test"]) {
  caller = await newCallerKey(deps.accounts, "consumer");
  const secret = newSigningSecret();
  const key = `k${Math.random().toString(36).slice(2, 10)}`;
  secrets.set(key, secret);
  const webhook = await deps.webhooks.create(
    caller.userId,
    { url: url(key), events, description: null },
    secret,
    new Date().toISOString(),
  );
  return { webhook, key, secret };
}
const onReceiver = (key: string) => `http://127.0.0.1:${port}/r/${key}`;

function testMessage(webhookId: string, attempt = 1): DeliveryMessage {
  const now = new Date();
  return {
    event: {
      id: newEventId(now.getTime()),
      type: "webhook.test",
      timestamp: now.toISOString(),
      data: { webhookId, message: "Test delivery" },
    },
    userId: caller.userId,
    webhookId,
    attempt,
  };
}

async function enqueue(queueUrl: string, body: string) {
  await sqs(queueUrl).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const logOf = async (webhookId: string) =>
  (await deps.deliveryLog.page(webhookId, 50))?.attempts ?? [];

/** Runs the poller into the consumer for the duration of `body`, then stops it. */
async function polling<T>(
  consumer: ConsumerDeps,
  body: (poller: QueuePoller) => Promise<T>,
  queueUrl = queue.webhookQueueUrl,
): Promise<T> {
  const poller = startQueuePoller({
    queueUrl,
    handler: (event) => consumeBatch(event.Records, consumer),
  });
  try {
    return await body(poller);
  } finally {
    await poller.stop();
  }
}

describe("delivery through the queue", () => {
  it("delivers a signed event that standardwebhooks verifies, and logs the attempt", async () => {
    const { webhook, key } = await subscription(onReceiver);
    const message = testMessage(webhook.id);
    await polling(consumerDeps(), async () => {
      await enqueue(queue.webhookQueueUrl, encodeDeliveryMessage(message));
      await waitFor(async () => (await logOf(webhook.id)).length === 1, "the attempt's log");
    });
    const deliveries = received.filter((request) => request.key === key);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.headers["webhook-id"]).toBe(message.event.id);
    expect(deliveries[0]?.verified).toEqual({
      type: "webhook.test",
      timestamp: message.event.timestamp,
      data: { webhookId: webhook.id, message: "Test delivery" },
    });
    expect(await logOf(webhook.id)).toEqual([
      expect.objectContaining({
        eventId: message.event.id,
        eventType: "webhook.test",
        attempt: 1,
        status: 200,
        error: null,
        nextAttemptAt: null,
        state: "delivered",
      }),
    ]);
  });

  it("retries a receiver failing 3 times along the schedule: 4 attempts, one webhook-id", async () => {
    const { webhook, key } = await subscription(onReceiver);
    scripts.set(key, [{ status: 503 }, { status: 500 }, { status: 503 }, { status: 200 }]);
    const { sender, requested } = compressedQueue(queue.webhookQueueUrl, queue.deadLetterQueueUrl);
    const message = testMessage(webhook.id);
    await polling(consumerDeps({ queue: sender }), async () => {
      await enqueue(queue.webhookQueueUrl, encodeDeliveryMessage(message));
      await waitFor(
        async () => (await logOf(webhook.id))[0]?.state === "delivered",
        "the fourth attempt",
      );
    });
    const log = await logOf(webhook.id);
    expect(log.map((entry) => [entry.attempt, entry.status, entry.state])).toEqual([
      [4, 200, "delivered"],
      [3, 503, "retrying"],
      [2, 500, "retrying"],
      [1, 503, "retrying"],
    ]);
    for (const entry of log.slice(1)) expect(entry.nextAttemptAt).not.toBeNull();
    const ids = received
      .filter((request) => request.key === key)
      .map((r) => r.headers["webhook-id"]);
    expect(ids).toEqual(Array(4).fill(message.event.id));
    // random 0.5 puts the jitter at exactly 1×: 5 s, 5 min, then 30 min in two 15-minute hops.
    expect(
      requested.map((entry) => [
        entry.message.attempt,
        entry.delaySeconds,
        entry.message.waitSeconds,
      ]),
    ).toEqual([
      [2, RETRY_SCHEDULE_SECONDS[0], undefined],
      [3, RETRY_SCHEDULE_SECONDS[1], undefined],
      [4, 900, 900],
      [4, 900, undefined],
    ]);
  });

  it("waits as long as a 429's Retry-After asks when that is longer than the schedule", async () => {
    const { webhook, key } = await subscription(onReceiver);
    scripts.set(key, [{ status: 429, headers: { "retry-after": "120" } }, { status: 204 }]);
    const { sender, requested } = compressedQueue(queue.webhookQueueUrl, queue.deadLetterQueueUrl);
    await polling(consumerDeps({ queue: sender }), async () => {
      await enqueue(queue.webhookQueueUrl, encodeDeliveryMessage(testMessage(webhook.id)));
      await waitFor(async () => (await logOf(webhook.id))[0]?.state === "delivered", "delivery");
    });
    expect(requested.map((entry) => entry.delaySeconds)).toEqual([120]);
  });

  it("redelivers a message whose handling crashed after the send: same webhook-id again", async () => {
    const { webhook, key } = await subscription(onReceiver);
    let crashes = 1;
    const crashingLog: ConsumerDeps["deliveryLog"] = {
      async record(webhookId, attempt) {
        if (crashes-- > 0) throw new Error("injected crash before the acknowledgement");
        await deps.deliveryLog.record(webhookId, attempt);
      },
    };
    const message = testMessage(webhook.id);
    await polling(consumerDeps({ deliveryLog: crashingLog }), async () => {
      await enqueue(queue.webhookQueueUrl, encodeDeliveryMessage(message));
      await waitFor(async () => (await logOf(webhook.id)).length === 1, "the redelivery");
    });
    const ids = received
      .filter((request) => request.key === key)
      .map((r) => r.headers["webhook-id"]);
    expect(ids).toEqual([message.event.id, message.event.id]);
  });

  it("acknowledges 7 good messages once and redelivers only the 3 poison ones, then dead-letters them", async () => {
    const own = await startLocalQueue({ visibilityTimeoutSeconds: 1 });
    try {
      const { webhook } = await subscription(onReceiver);
      const good = Array.from({ length: 7 }, () => encodeDeliveryMessage(testMessage(webhook.id)));
      const poison = [
        "not json",
        '{"event":{}}',
        encodeDeliveryMessage({ ...testMessage(webhook.id), attempt: 0 }),
      ];
      const receipts = new Map<string, number>();
      const consumer = consumerDeps({
        queue: compressedQueue(own.webhookQueueUrl, own.deadLetterQueueUrl).sender,
      });
      const poller = startQueuePoller({
        queueUrl: own.webhookQueueUrl,
        handler: (event) => {
          for (const record of event.Records) {
            receipts.set(record.body, (receipts.get(record.body) ?? 0) + 1);
          }
          return consumeBatch(event.Records, consumer);
        },
      });
      try {
        for (const body of [...good.slice(0, 4), ...poison, ...good.slice(4)]) {
          await enqueue(own.webhookQueueUrl, body);
        }
        await waitFor(
          async () => (await visibleIn(own.deadLetterQueueUrl)) === 3,
          "3 dead letters",
        );
      } finally {
        await poller.stop();
      }
      for (const body of good) expect(receipts.get(body)).toBe(1);
      for (const body of poison) expect(receipts.get(body)).toBe(WEBHOOK_QUEUE.maxReceiveCount);
      const dead = await receiveAll(own.deadLetterQueueUrl);
      expect(dead.sort()).toEqual([...poison].sort());
      expect(await visibleIn(own.webhookQueueUrl)).toBe(0);
    } finally {
      await own.stop();
    }
  });
});

async function visibleIn(queueUrl: string): Promise<number> {
  const { Attributes } = await sqs(queueUrl).send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ["ApproximateNumberOfMessages"],
    }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
}

async function receiveAll(queueUrl: string): Promise<string[]> {
  const { Messages = [] } = await sqs(queueUrl).send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
  );
  return Messages.map((message) => message.Body ?? "");
}

describe("what follows an attempt", () => {
  it("disables the subscription on 410 and drops its later events unsent", async () => {
    const { webhook, key } = await subscription(onReceiver);
    scripts.set(key, [{ status: 410 }]);
    const consumer = consumerDeps();
    expect(await consumeMessage(encodeDeliveryMessage(testMessage(webhook.id)), consumer)).toBe(
      "gone",
    );
    const stored = await deps.webhooks.get(caller.userId, webhook.id);
    expect(stored.status).toBe("disabled");
    expect(stored.disabledReason).toMatch(/410 Gone/);
    expect(await consumeMessage(encodeDeliveryMessage(testMessage(webhook.id)), consumer)).toBe(
      "dropped",
    );
    expect(received.filter((request) => request.key === key)).toHaveLength(1);
  });

  it("fails a 3xx without following it", async () => {
    const { webhook, key } = await subscription(onReceiver);
    scripts.set(key, [{ status: 302, headers: { location: onReceiver(`${key}-followed`) } }]);
    expect(
      await consumeMessage(encodeDeliveryMessage(testMessage(webhook.id)), consumerDeps()),
    ).toBe("failed");
    expect(received.filter((request) => request.key.startsWith(key)).map((r) => r.key)).toEqual([
      key,
    ]);
    expect((await logOf(webhook.id))[0]).toMatchObject({
      status: 302,
      state: "failed",
      nextAttemptAt: null,
    });
  });

  it("sends an event whose last attempt failed to the dead-letter queue", async () => {
    const own = await startLocalQueue();
    try {
      const { webhook, key } = await subscription(onReceiver);
      scripts.set(key, [{ status: 503 }]);
      const message = testMessage(webhook.id, MAX_ATTEMPTS);
      const consumer = consumerDeps({
        queue: compressedQueue(own.webhookQueueUrl, own.deadLetterQueueUrl).sender,
      });
      expect(await consumeMessage(encodeDeliveryMessage(message), consumer)).toBe("failed");
      const dead = await receiveAll(own.deadLetterQueueUrl);
      expect(dead.map((body) => decodeDeliveryMessage(body))).toEqual([message]);
      expect(await visibleIn(own.webhookQueueUrl)).toBe(0);
    } finally {
      await own.stop();
    }
  });

  it("re-enqueues a long wait in 15-minute hops without attempting", async () => {
    const { webhook, key } = await subscription(onReceiver);
    const sent: QueuedMessage[] = [];
    const recording: EventQueue = {
      send: async (entries) => void sent.push(...entries),
      deadLetter: async () => undefined,
    };
    const message = { ...testMessage(webhook.id, 5), waitSeconds: 1000 };
    expect(
      await consumeMessage(encodeDeliveryMessage(message), consumerDeps({ queue: recording })),
    ).toBe("waiting");
    expect(sent).toEqual([{ message: { ...message, waitSeconds: 100 }, delaySeconds: 900 }]);
    expect(received.filter((request) => request.key === key)).toHaveLength(0);
  });

  it("drops an event for a deleted subscription", async () => {
    const { webhook, key } = await subscription(onReceiver);
    await deps.webhooks.delete(caller.userId, webhook.id);
    expect(
      await consumeMessage(encodeDeliveryMessage(testMessage(webhook.id)), consumerDeps()),
    ).toBe("dropped");
    expect(received.filter((request) => request.key === key)).toHaveLength(0);
  });

  it("fails a message that is not a delivery message, for SQS to redrive", async () => {
    const result = await consumeBatch(
      [
        { messageId: "a", body: "{" },
        { messageId: "b", body: JSON.stringify({ event: { id: "x" } }) },
      ],
      consumerDeps(),
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: "a" }, { itemIdentifier: "b" }]);
  });
});

describe("the SSRF guard at delivery", () => {
  it.each([
    ["the listener by its loopback literal", () => `http://127.0.0.1:${port}/r/x`],
    ["the listener by an IPv4-mapped literal", () => `http://[::ffff:127.0.0.1]:${port}/r/x`],
    ["a name rebound to loopback", () => `http://rebind.example.com:${port}/r/x`],
    ["a name rebound to a mapped loopback", () => `http://mapped.example.com:${port}/r/x`],
    ["the cloud metadata address", () => "https://169.254.169.254/latest/meta-data/"],
    ["the IPv6 metadata address", () => "https://[fd00:ec2::254]/"],
    ["a name resolving to the metadata address", () => "https://metadata.example.com/"],
    ["a private address", () => "https://10.0.0.1/hook"],
    ["a carrier-grade NAT address", () => "https://100.64.0.1/hook"],
    ["a name with one private address among public ones", () => "https://mixed.example.com/"],
  ])("never connects to %s: logged as a refused, final failure", async (_label, url) => {
    connections = 0;
    const { webhook } = await subscription(() => url());
    const consumer = consumerDeps({ dispatcher: prodDispatcher });
    expect(await consumeMessage(encodeDeliveryMessage(testMessage(webhook.id)), consumer)).toBe(
      "failed",
    );
    expect((await logOf(webhook.id))[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/^refused to connect/),
      state: "failed",
    });
    expect(connections).toBe(0);
  });
});
