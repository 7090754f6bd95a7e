import { ReceiveMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooksRoutes as routes } from "../../lib/api/groups/webhooks/routes";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { MAX_WEBHOOKS_PER_ACCOUNT } from "../../lib/store/webhooks";
import { type EventQueue, QueueUnavailable, sqsEventQueue } from "../../lib/webhooks/event-queue";
import { EVENT_TYPES } from "../../lib/webhooks/events";
import { decodeDeliveryMessage } from "../../lib/webhooks/messages";
import { type LocalQueue, startLocalQueue } from "../../local/queue";
import { newCallerKey } from "../setup/accounts";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { answeredError, expectInvalid } from "../setup/refusals";

/**
 * The webhook subscription endpoints against DynamoDB Local, names resolved by an injected
 * resolver (the tests have no network): the secret is shown once, ids are scoped to their
 * account, the cap holds, and URLs into our network are refused before anything is stored.
 */

/** hooks.example.com is public; internal.example.com resolves to a private address. */
const DNS: Record<string, string[]> = {
  "hooks.example.com": ["93.184.215.14"],
  "internal.example.com": ["10.0.0.5"],
  "mixed.example.com": ["93.184.215.14", "169.254.169.254"],
};
const deps = testDeps({
  webhookUrls: { allowHttpLoopback: false, resolve: async (host) => DNS[host] ?? [] },
});

const URL_OK = "https://hooks.example.com/market-data";

const newCaller = () => newCallerKey(deps.accounts, "webhooks");

const as = (caller: KeyRecord) => ({ context: { apiKey: caller } });
const create = (caller: KeyRecord, body: object) =>
  callRoute(routes.create, { body: body as never, ...as(caller) }, deps);
const list = (caller: KeyRecord) => callRoute(routes.list, as(caller), deps);

describe("GET /webhooks/events", () => {
  it("lists every event type with a description and an example payload of its type", async () => {
    const { events } = await callRoute(routes.events, {}, deps);
    expect(events.map((e) => e.type)).toEqual([
      "alert.price",
      "alert.iv",
      "alert.volume",
      "webhook.test",
    ]);
    for (const event of events) {
      expect(event.description.length).toBeGreaterThan(20);
      expect(event.example.type).toBe(event.type);
      expect(Object.keys(event.example.data).length).toBeGreaterThan(0);
    }
    expect(EVENT_TYPES.length).toBe(events.length);
  });
});

describe("POST, GET and DELETE /webhooks", () => {
  it("returns the signing secret once, lists the subscription without it, deletes it", async () => {
    const caller = await newCaller();
    const created = await create(caller, {
      url: URL_OK,
      events: ["alert.price"],
      description: "desk",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({ url: URL_OK, events: ["alert.price"], status: "active" });
    const listed = await list(caller);
    expect(listed.webhooks).toEqual([
      {
        id: created.id,
        url: URL_OK,
        events: ["alert.price"],
        description: "desk",
        status: "active",
        disabledReason: null,
        createdAt: created.createdAt,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    await callRoute(routes.delete, { params: { id: created.id }, ...as(caller) }, deps);
    expect((await list(caller)).webhooks).toEqual([]);
  });

  it("scopes ids to their account: another account's id is 404 and stays in place", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await create(owner, { url: URL_OK, events: ["alert.iv"] });
    const error = await answeredError(() =>
      callRoute(routes.delete, { params: { id }, ...as(stranger) }, deps),
    );
    expect(error).toMatchObject({ status: 404, code: "WEBHOOK_NOT_FOUND" });
    expect((await list(owner)).webhooks.map((w) => w.id)).toEqual([id]);
    expect((await list(stranger)).webhooks).toEqual([]);
  });

  it(`holds at most ${MAX_WEBHOOKS_PER_ACCOUNT} per account (409), and a deletion frees a place`, async () => {
    const caller = await newCaller();
    const ids: string[] = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++) {
      ids.push((await create(caller, { url: URL_OK, events: ["alert.price"] })).id);
    }
    const over = await answeredError(() =>
      create(caller, { url: URL_OK, events: ["alert.price"] }),
    );
    expect(over).toMatchObject({ status: 409, code: "WEBHOOK_LIMIT_REACHED" });
    expect((await list(caller)).webhooks.length).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
    await callRoute(routes.delete, { params: { id: ids[0] as string }, ...as(caller) }, deps);
    await create(caller, { url: URL_OK, events: ["alert.price"] });
    expect((await list(caller)).webhooks.length).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
  });

  it("refuses URLs into our network with 400 naming url, storing nothing", async () => {
    const caller = await newCaller();
    const refused = [
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://169.254.169.254/latest/meta-data",
      "https://internal.example.com/x",
      "https://mixed.example.com/x",
      "https://unresolvable.example.com/x",
      "https://user:pass@hooks.example.com/x",
      "https://hooks.example.com:22/x",
      "not a url",
    ];
    for (const url of refused) {
      await expectInvalid(() => create(caller, { url, events: ["alert.price"] }), "url");
    }
    expect((await list(caller)).webhooks).toEqual([]);
  });

  it("refuses an empty, unknown or repeated event list with 400 naming events", async () => {
    const caller = await newCaller();
    for (const events of [[], ["alert.unknown"], ["alert.price", "alert.price"]]) {
      await expectInvalid(() => create(caller, { url: URL_OK, events }), "events");
    }
  });
});

describe("GET /webhooks/{id}/deliveries", () => {
  const attempt = (n: number, minute: number, state: "retrying" | "delivered") => ({
    eventId: "msg_01KB0W3R5T8Y2C4N6P8Q0S2V4X",
    eventType: "alert.price",
    attempt: n,
    attemptedAt: `2026-11-24T15:${String(minute).padStart(2, "0")}:00.000Z`,
    status: state === "delivered" ? 200 : 503,
    error: null,
    latencyMs: 100 + n,
    nextAttemptAt:
      state === "delivered" ? null : `2026-11-24T15:${String(minute + 1).padStart(2, "0")}:00.000Z`,
    state,
  });

  it("pages the log newest first with a cursor, as the consumer writes it", async () => {
    const caller = await newCaller();
    const { id } = await create(caller, { url: URL_OK, events: ["alert.price"] });
    const written = [
      attempt(1, 10, "retrying"),
      attempt(2, 11, "retrying"),
      attempt(3, 12, "delivered"),
    ];
    for (const entry of written) await deps.deliveryLog.record(id, entry);
    const deliveries = (query: Record<string, string>) =>
      callRoute(routes.deliveries, { params: { id }, query, ...as(caller) }, deps);
    const first = await deliveries({ limit: "2" });
    expect(first.attempts.map((a) => a.attempt)).toEqual([3, 2]);
    expect(first.attempts[0]).toEqual(written[2]);
    expect(first.cursor).not.toBeNull();
    const second = await deliveries({ limit: "2", cursor: first.cursor as string });
    expect(second.attempts.map((a) => a.attempt)).toEqual([1]);
    const all = await deliveries({});
    expect(all.attempts.length).toBe(3);
    expect(all.cursor).toBeNull();
    await expectInvalid(() => deliveries({ cursor: "bm90LWEtY3Vyc29y" }), "cursor");
    await expectInvalid(() => deliveries({ limit: "0" }), "limit");
  });

  it("answers 404 for another account's subscription and shows nothing of its log", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await create(owner, { url: URL_OK, events: ["alert.price"] });
    await deps.deliveryLog.record(id, attempt(1, 20, "delivered"));
    const error = await answeredError(() =>
      callRoute(routes.deliveries, { params: { id }, query: {}, ...as(stranger) }, deps),
    );
    expect(error).toMatchObject({ status: 404, code: "WEBHOOK_NOT_FOUND" });
  });
});

describe("POST /webhooks/{id}/test", () => {
  let queue: LocalQueue;
  let queued: EventQueue;
  beforeAll(async () => {
    queue = await startLocalQueue();
    queued = sqsEventQueue({
      region: "us-east-1",
      queueUrl: queue.webhookQueueUrl,
      deadLetterQueueUrl: queue.deadLetterQueueUrl,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      endpoint: queue.endpoint,
    });
  });
  afterAll(async () => {
    await queue?.stop();
  });
  const test = (caller: KeyRecord, id: string, eventQueue = queued) =>
    callRoute(routes.test, { params: { id }, ...as(caller) }, { ...deps, eventQueue });

  async function received(): Promise<string[]> {
    const sqs = new SQSClient({
      region: "us-east-1",
      endpoint: queue.endpoint,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    try {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.webhookQueueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
        }),
      );
      return Messages.map((message) => message.Body ?? "");
    } finally {
      sqs.destroy();
    }
  }

  it("enqueues one webhook.test event for the subscription and returns its id", async () => {
    const caller = await newCaller();
    const webhook = await create(caller, { url: URL_OK, events: ["alert.price"] });
    const answer = await test(caller, webhook.id);
    expect(answer).toMatchObject({ webhookId: webhook.id, type: "webhook.test" });
    expect(answer.eventId).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    const messages = (await received()).map((body) => decodeDeliveryMessage(body));
    expect(messages).toEqual([
      {
        event: {
          id: answer.eventId,
          type: "webhook.test",
          timestamp: expect.any(String),
          data: { webhookId: webhook.id, message: "Test delivery" },
        },
        userId: caller.userId,
        webhookId: webhook.id,
        attempt: 1,
      },
    ]);
  });

  it("answers 404 for another account's subscription and enqueues nothing", async () => {
    const owner = await newCaller();
    const webhook = await create(owner, { url: URL_OK, events: ["alert.price"] });
    const stranger = await newCaller();
    const error = await answeredError(() => test(stranger, webhook.id));
    expect([error.status, error.code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);
    expect(await received()).toEqual([]);
  });

  it("answers 409 for a disabled subscription, 503 with Retry-After when the queue is down", async () => {
    const caller = await newCaller();
    const webhook = await create(caller, { url: URL_OK, events: ["alert.price"] });
    const down: EventQueue = {
      send: () => Promise.reject(new QueueUnavailable("test: SQS down")),
      deadLetter: () => Promise.reject(new QueueUnavailable("test: SQS down")),
    };
    const unavailable = await answeredError(() => test(caller, webhook.id, down));
    expect([unavailable.status, unavailable.code, unavailable.headers["retry-after"]]).toEqual([
      503,
      "QUEUE_UNAVAILABLE",
      "5",
    ]);
    await deps.webhooks.disable(caller.userId, webhook.id, "The receiver answered 410 Gone.");
    const disabled = await answeredError(() => test(caller, webhook.id));
    expect([disabled.status, disabled.code]).toEqual([409, "WEBHOOK_DISABLED"]);
    expect(await received()).toEqual([]);
  });
});
