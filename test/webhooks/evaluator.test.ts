import { randomUUID } from "node:crypto";
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { marketGroupRoutes } from "../../lib/api/groups/market/routes";
import type { Clock, Logger } from "../../lib/deps";
import { formatPercent } from "../../lib/market/company-data";
import { type MarketDataProvider, MarketDataUnavailable } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import {
  type AlertRecord,
  type AlertStore,
  createAlertStore,
  type NewAlert,
} from "../../lib/store/alerts";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore, type DocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { createWebhookStore, type WebhookStore } from "../../lib/store/webhooks";
import type { Observation } from "../../lib/webhooks/alert-evaluation";
import { evaluateAlerts } from "../../lib/webhooks/evaluator";
import { type EventQueue, QueueUnavailable, sqsEventQueue } from "../../lib/webhooks/event-queue";
import { type DeliveryMessage, decodeDeliveryMessage } from "../../lib/webhooks/messages";
import { observeContract } from "../../lib/webhooks/observation";
import { newSigningSecret } from "../../lib/webhooks/signing";
import { type LocalQueue, startLocalQueue } from "../../local/queue";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The alert evaluator against DynamoDB Local (a table of its own per test, since it lists every
 * alert of the table), the simulated market at pinned instants and a real queue (fauxqs).
 * Thresholds are computed from the market at those instants, never hard-coded.
 */

const REGION = "us-east-1";
const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };
/** A regular session (Tuesday) whose minutes are searched for crossings. */
const SESSION_FROM = Date.parse("2026-11-24T15:00:00Z");
const SESSION_MINUTES = 300;
const MINUTE_MS = 60_000;

/** The market's clock, moved by each evaluation; the simulated market reads it too. */
let nowMs = SESSION_FROM;
const marketClock: Clock = { now: () => new Date(nowMs) };
const simulated = createSimulatedMarket(marketClock);
const at = (ms: number) => {
  nowMs = ms;
  return new Date(ms).toISOString();
};

const admin = createDynamoClient({
  region: REGION,
  endpoint: inject("dynamoEndpoint"),
  requestTimeoutMs: 30_000,
});
let queue: LocalQueue;
let sqs: SQSClient;
let sender: EventQueue;
beforeAll(async () => {
  queue = await startLocalQueue();
  sqs = new SQSClient({ region: REGION, endpoint: queue.endpoint, credentials: LOCAL_CREDENTIALS });
  sender = sqsEventQueue({
    region: REGION,
    queueUrl: queue.webhookQueueUrl,
    deadLetterQueueUrl: queue.deadLetterQueueUrl,
    credentials: LOCAL_CREDENTIALS,
    endpoint: queue.endpoint,
  });
});
afterAll(async () => {
  sqs?.destroy();
  admin.destroy();
  await queue?.stop();
});

interface World {
  tableName: string;
  db: DocumentStore;
  alerts: AlertStore;
  webhooks: WebhookStore;
  logged: { message: string; fields?: object }[];
  log: Logger;
}

/** A table of the test's own, its stores and a logger that keeps what it is told. */
async function freshWorld(): Promise<World> {
  const tableName = `evaluator-${randomUUID()}`;
  await ensureTable(admin, tableName);
  const db = createDocumentStore({
    region: REGION,
    endpoint: inject("dynamoEndpoint"),
    requestTimeoutMs: 30_000,
  });
  const logged: World["logged"] = [];
  const keep = (message: string, fields?: object) => logged.push({ message, fields });
  return {
    tableName,
    db,
    alerts: createAlertStore(db, tableName),
    webhooks: createWebhookStore(db, tableName),
    logged,
    log: { info: keep, error: keep },
  };
}

let lastUserId = Math.floor(Math.random() * 1e9);
const newUserId = () => ++lastUserId;

/** One evaluation with the market clock at `ms`. */
function evaluateAt(
  world: World,
  ms: number,
  options: { market?: MarketDataProvider; queue?: EventQueue } = {},
) {
  at(ms);
  return evaluateAlerts({
    alerts: world.alerts,
    webhooks: world.webhooks,
    market: options.market ?? simulated,
    marketClock,
    queue: options.queue ?? sender,
    log: world.log,
  });
}

/** Every message on the queue now, deleted as read. */
async function drain(): Promise<DeliveryMessage[]> {
  const messages: DeliveryMessage[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queue.webhookQueueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    if (Messages.length === 0) return messages;
    for (const received of Messages) {
      const message = decodeDeliveryMessage(received.Body ?? "");
      if (!message) throw new Error(`undecodable message on the queue: ${received.Body}`);
      messages.push(message);
      await sqs.send(
        new DeleteMessageCommand({
          QueueUrl: queue.webhookQueueUrl,
          ReceiptHandle: received.ReceiptHandle,
        }),
      );
    }
  }
}

async function observeAt(ms: number, code: string): Promise<Observation> {
  at(ms);
  const observation = await observeContract(simulated, marketClock, code);
  if (!observation) throw new Error(`${code} is not observable`);
  return observation;
}

/**
 * Two consecutive minutes of the session between which `code`'s live price rises: before,
 * price_above at `threshold` does not hold; after, it does.
 */
async function priceRise(code: string) {
  for (let minute = 0; minute < SESSION_MINUTES; minute++) {
    const beforeMs = SESSION_FROM + minute * MINUTE_MS;
    const afterMs = beforeMs + MINUTE_MS;
    const before = await observeAt(beforeMs, code);
    const after = await observeAt(afterMs, code);
    if (after.livePrice > before.livePrice) {
      return {
        beforeMs,
        afterMs,
        after,
        threshold: (before.livePrice + after.livePrice) / 2,
      };
    }
  }
  throw new Error(`${code}'s price never rises in the session`);
}

const newWebhook = (world: World, userId: number, events: string[]) =>
  world.webhooks.create(
    userId,
    { url: `https://hooks.example.com/${randomUUID()}`, events, description: null },
    newSigningSecret(),
    new Date().toISOString(),
  );

const newAlert = (world: World, userId: number, alert: Partial<NewAlert> & { threshold: number }) =>
  world.alerts.create(
    userId,
    { code: "AAPL_NASDAQ", symbol: "AAPL", type: "price_above", webhookId: null, ...alert },
    new Date().toISOString(),
  );

async function storedAlert(world: World, alert: AlertRecord): Promise<AlertRecord | undefined> {
  return (await world.alerts.list(alert.userId)).find((stored) => stored.id === alert.id);
}

beforeAll(async () => {
  await drain();
});

describe("evaluateAlerts", () => {
  it("fires once per crossing, re-arms when the condition clears, then fires again", async () => {
    const world = await freshWorld();
    const rise = await priceRise("AAPL_NASDAQ");
    const userId = newUserId();
    const webhook = await newWebhook(world, userId, ["alert.price"]);
    const alert = await newAlert(world, userId, { threshold: rise.threshold });

    const below = await evaluateAt(world, rise.beforeMs);
    expect(below).toMatchObject({ alerts: 1, codes: 1, fired: 0, rearmed: 0, events: 0 });
    expect(await drain()).toEqual([]);

    const crossed = await evaluateAt(world, rise.afterMs);
    expect(crossed).toMatchObject({ fired: 1, events: 1, skipped: 0, failed: 0 });
    const [message, ...others] = await drain();
    expect(others).toEqual([]);
    const observedAt = new Date(rise.afterMs).toISOString();
    expect(message).toMatchObject({ userId, webhookId: webhook.id, attempt: 1 });
    expect(message?.event).toEqual({
      id: expect.stringMatching(/^msg_[0-9A-Z]{26}$/),
      type: "alert.price",
      timestamp: observedAt,
      data: {
        alertId: alert.id,
        code: "AAPL_NASDAQ",
        symbol: "AAPL",
        alertType: "price_above",
        threshold: rise.threshold,
        value: rise.after.livePrice,
        observedAt,
      },
    });
    expect(await storedAlert(world, alert)).toMatchObject({
      status: "fired",
      lastTriggeredAt: observedAt,
    });

    // Still above: no repeat, no write.
    expect(await evaluateAt(world, rise.afterMs)).toMatchObject({ fired: 0, rearmed: 0 });
    expect(await drain()).toEqual([]);

    const cleared = await evaluateAt(world, rise.beforeMs);
    expect(cleared).toMatchObject({ fired: 0, rearmed: 1, events: 0 });
    expect(await storedAlert(world, alert)).toMatchObject({
      status: "armed",
      lastTriggeredAt: observedAt,
    });
    expect(await drain()).toEqual([]);

    expect(await evaluateAt(world, rise.afterMs)).toMatchObject({ fired: 1, events: 1 });
    const again = await drain();
    expect(again.map((m) => m.event.data)).toEqual([message?.event.data]);
    expect(again[0]?.event.id).not.toBe(message?.event.id);
  });

  it("targets the alert's webhook, else every active subscription of its account to the event", async () => {
    const world = await freshWorld();
    const rise = await priceRise("MSFT_NASDAQ");
    const owner = newUserId();
    const stranger = newUserId();
    const price = await newWebhook(world, owner, ["alert.price"]);
    const both = await newWebhook(world, owner, ["alert.iv", "alert.price"]);
    const ivOnly = await newWebhook(world, owner, ["alert.iv"]);
    const disabled = await newWebhook(world, owner, ["alert.price"]);
    await world.webhooks.disable(owner, disabled.id, "receiver answered 410");
    const deleted = await newWebhook(world, owner, ["alert.price"]);
    await newWebhook(world, stranger, ["alert.price"]);
    const msft = { code: "MSFT_NASDAQ", symbol: "MSFT", threshold: rise.threshold };
    const toAll = await newAlert(world, owner, msft);
    const toOne = await newAlert(world, owner, { ...msft, webhookId: both.id });
    const toDisabled = await newAlert(world, owner, { ...msft, webhookId: disabled.id });
    const toUnsubscribed = await newAlert(world, owner, { ...msft, webhookId: ivOnly.id });
    const toDeleted = await newAlert(world, owner, { ...msft, webhookId: deleted.id });
    await world.webhooks.delete(owner, deleted.id);

    const quoted: string[] = [];
    const counting: MarketDataProvider = {
      ...simulated,
      quote: (code) => {
        quoted.push(code);
        return simulated.quote(code);
      },
    };
    const summary = await evaluateAt(world, rise.afterMs, { market: counting });
    expect(summary).toMatchObject({ alerts: 5, codes: 1, fired: 5, events: 3, failed: 0 });
    expect(quoted).toEqual(["MSFT_NASDAQ"]); // one observation per code, not per alert
    const pairs = (await drain()).map((m) => [
      (m.event.data as { alertId: string }).alertId,
      m.webhookId,
    ]);
    expect(pairs.sort()).toEqual(
      [
        [toAll.id, price.id],
        [toAll.id, both.id],
        [toOne.id, both.id],
      ].sort(),
    );
    // Fired with nobody to deliver to: recorded all the same, so they wait for the next crossing.
    for (const alert of [toDisabled, toUnsubscribed, toDeleted]) {
      expect((await storedAlert(world, alert))?.status).toBe("fired");
    }
  });

  it("sends IV and volume events with the figures compared", async () => {
    const world = await freshWorld();
    const userId = newUserId();
    const webhook = await newWebhook(world, userId, ["alert.iv", "alert.volume"]);
    const instant = SESSION_FROM + 90 * MINUTE_MS;
    const seen = await observeAt(instant, "SPY_ARCA");
    const ratio = seen.volume / (seen.averageDailyVolume ?? Number.NaN);
    const spy = { code: "SPY_ARCA", symbol: "SPY" };
    const iv = await newAlert(world, userId, {
      ...spy,
      type: "iv_above",
      threshold: seen.ivPercent ?? Number.NaN,
    });
    const volume = await newAlert(world, userId, {
      ...spy,
      type: "volume_above_average",
      threshold: ratio * 0.9,
    });
    expect(await evaluateAt(world, instant)).toMatchObject({ fired: 2, events: 2 });
    const byAlert = new Map(
      (await drain()).map((m) => [(m.event.data as { alertId: string }).alertId, m]),
    );
    expect(byAlert.get(iv.id)).toMatchObject({
      webhookId: webhook.id,
      event: { type: "alert.iv", data: { alertType: "iv_above", value: seen.ivPercent } },
    });
    expect(byAlert.get(volume.id)).toMatchObject({
      webhookId: webhook.id,
      event: {
        type: "alert.volume",
        data: {
          alertType: "volume_above_average",
          volume: seen.volume,
          averageDailyVolume: seen.averageDailyVolume,
        },
      },
    });
    const volumeData = byAlert.get(volume.id)?.event.data as { value: number };
    expect(volumeData.value).toBeCloseTo(ratio, 6);
  });

  it("skips the codes the market cannot answer for, or no longer knows, and leaves their alerts armed", async () => {
    const world = await freshWorld();
    const rise = await priceRise("AAPL_NASDAQ");
    const userId = newUserId();
    await newWebhook(world, userId, ["alert.price"]);
    const observable = await newAlert(world, userId, { threshold: rise.threshold });
    const down = await newAlert(world, userId, { code: "KO_NYSE", symbol: "KO", threshold: 0.01 });
    const delisted = await newAlert(world, userId, {
      code: "ZZZZ_NASDAQ",
      symbol: "ZZZZ",
      threshold: 0.01,
    });
    const outage: MarketDataProvider = {
      ...simulated,
      async quote(code) {
        if (code === "KO_NYSE") throw new MarketDataUnavailable("sim", "KO feed down");
        return simulated.quote(code);
      },
    };
    const summary = await evaluateAt(world, rise.afterMs, { market: outage });
    expect(summary).toMatchObject({ alerts: 3, codes: 3, skipped: 2, fired: 1, events: 1 });
    expect(await drain()).toHaveLength(1);
    expect((await storedAlert(world, observable))?.status).toBe("fired");
    for (const alert of [down, delisted]) {
      expect(await storedAlert(world, alert)).toMatchObject({
        status: "armed",
        lastTriggeredAt: null,
      });
    }
    expect(world.logged).toContainEqual({
      message: expect.stringContaining("market data unavailable"),
      fields: expect.objectContaining({ codes: ["KO_NYSE"], reason: "KO feed down" }),
    });
  });

  it("leaves an alert armed when its send fails, so it fires on the next run", async () => {
    const world = await freshWorld();
    const rise = await priceRise("AAPL_NASDAQ");
    const userId = newUserId();
    await newWebhook(world, userId, ["alert.price"]);
    const alert = await newAlert(world, userId, { threshold: rise.threshold });
    const refusing: EventQueue = {
      send: async () => {
        throw new QueueUnavailable("SQS send failed: injected");
      },
      deadLetter: async () => undefined,
    };
    const failed = await evaluateAt(world, rise.afterMs, { queue: refusing });
    expect(failed).toMatchObject({ fired: 0, events: 0, failed: 1 });
    expect(await storedAlert(world, alert)).toMatchObject({
      status: "armed",
      lastTriggeredAt: null,
    });

    expect(await evaluateAt(world, rise.afterMs)).toMatchObject({ fired: 1, events: 1 });
    expect(await drain()).toHaveLength(1);
  });
});

describe("the alert store's evaluator methods", () => {
  it("active() lists every alert of every account, page after page of one Query on gsi1", async () => {
    const world = await freshWorld();
    const queries: Parameters<DocumentStore["query"]>[0][] = [];
    const counting: DocumentStore = {
      ...world.db,
      query: (input) => {
        queries.push(input);
        return world.db.query(input);
      },
    };
    const alerts = createAlertStore(counting, world.tableName);
    const created: string[] = [];
    for (const userId of [newUserId(), newUserId(), newUserId()]) {
      for (let i = 0; i < 7; i++) {
        created.push((await newAlert(world, userId, { threshold: 100 + i })).id);
      }
    }
    const listed = await alerts.active({ pageSize: 4 });
    expect(listed.map((alert) => alert.id).sort()).toEqual(created.sort());
    expect(queries.length).toBeGreaterThanOrEqual(Math.ceil(created.length / 4));
    expect(queries.every((query) => query.IndexName === "gsi1" && query.Limit === 4)).toBe(true);
    expect(queries.slice(1).every((query) => query.ExclusiveStartKey !== undefined)).toBe(true);
    // Without a page size: DynamoDB's 1 MB pages, the same alerts.
    expect((await alerts.active()).length).toBe(created.length);
  });

  it("recordDecision applies only to the status evaluated, and never recreates a deleted alert", async () => {
    const world = await freshWorld();
    const userId = newUserId();
    const alert = await newAlert(world, userId, { threshold: 1 });
    const firedAt = "2026-11-24T16:01:00.000Z";
    expect(await world.alerts.recordDecision(alert, "fired", firedAt)).toBe(true);
    // Another run evaluated the alert armed too: its decision is refused.
    expect(await world.alerts.recordDecision(alert, "fired", "2026-11-24T16:02:00.000Z")).toBe(
      false,
    );
    expect(await storedAlert(world, alert)).toMatchObject({
      status: "fired",
      lastTriggeredAt: firedAt,
    });

    await world.alerts.delete(userId, alert.id);
    const fired = { ...alert, status: "fired" as const };
    expect(await world.alerts.recordDecision(fired, "armed", null)).toBe(false);
    const { Item } = await world.db.get({
      TableName: world.tableName,
      Key: { pk: `ACCOUNT#${userId}`, sk: `ALERT#${alert.id}` },
      ConsistentRead: true,
    });
    expect(Item).toBeUndefined();
    expect(await world.alerts.active()).toEqual([]);
  });
});

describe("observeContract", () => {
  const instants = ["2026-11-24T16:00:00Z", "2026-11-24T23:30:00Z"];
  const codes = ["AAPL_NASDAQ", "SPY_ARCA", "BTC_COINBASE"];
  it.each(instants.flatMap((instant) => codes.map((code) => [code, instant] as const)))(
    "%s at %s: the figures /quote and /extended serve",
    async (code, instant) => {
      at(Date.parse(instant));
      const deps = testDeps({ market: simulated, marketClock });
      const params = { params: { code } };
      const [quote, extended, observation] = await Promise.all([
        callRoute(marketGroupRoutes.quote, params, deps),
        callRoute(marketGroupRoutes.extended, params, deps),
        observeContract(simulated, marketClock, code),
      ]);
      expect(observation).toBeDefined();
      expect(observation?.livePrice).toBe(quote.livePrice);
      expect(observation?.changePercent).toBe(quote.changePercent);
      expect(observation?.volume).toBe(extended.volume);
      expect(observation?.averageDailyVolume).toBe(extended.averageDailyVolume);
      expect(observation?.averageDailyVolume).toBeGreaterThan(0);
      const iv = observation?.ivPercent;
      expect(iv === undefined ? "" : formatPercent(iv)).toBe(extended.impliedVolatility);
    },
  );

  it("is undefined for a code the market does not know", async () => {
    expect(await observeContract(simulated, marketClock, "ZZZZ_NASDAQ")).toBeUndefined();
  });

  it("throws MarketDataUnavailable when the source cannot answer", async () => {
    const down: MarketDataProvider = {
      ...simulated,
      bars: async () => {
        throw new MarketDataUnavailable("sim", "bars down");
      },
    };
    await expect(observeContract(down, marketClock, "AAPL_NASDAQ")).rejects.toBeInstanceOf(
      MarketDataUnavailable,
    );
  });
});

describe("functions/alert-evaluator", () => {
  it("wires from the environment, evaluates and returns the run's summary", async () => {
    const world = await freshWorld();
    const rise = await priceRise("AAPL_NASDAQ");
    const userId = newUserId();
    const webhook = await newWebhook(world, userId, ["alert.price"]);
    await newAlert(world, userId, { threshold: rise.threshold });
    const settings: Record<string, string> = {
      TABLE_NAME: world.tableName,
      WEBHOOK_QUEUE_URL: queue.webhookQueueUrl,
      WEBHOOK_DEAD_LETTER_QUEUE_URL: queue.deadLetterQueueUrl,
      SIM_NOW: new Date(rise.afterMs).toISOString(),
    };
    const saved = Object.keys(settings).map((name) => [name, process.env[name]] as const);
    Object.assign(process.env, settings);
    try {
      // Wired at import, as in a cold start, from the environment above.
      const { handler } = await import("../../functions/alert-evaluator");
      expect(await handler()).toMatchObject({ alerts: 1, fired: 1, events: 1 });
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const [message] = await drain();
    expect(message).toMatchObject({
      userId,
      webhookId: webhook.id,
      event: { type: "alert.price" },
    });
  });
});
