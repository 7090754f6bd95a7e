import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type LocalRuntime, startLocalRuntime } from "../../local/runtime";
import { registerAccount } from "../setup/accounts";
import { fetchFrom } from "../setup/http";

/**
 * The whole push channel as `npm start` runs it: the local runtime with its background jobs
 * (the alert evaluator on a shortened schedule, the consumer polling fauxqs), subscriptions
 * made through the HTTP API, and a receiver on 127.0.0.1 (allowed by the local-development
 * setting) that verifies every delivery with the standardwebhooks package.
 */

vi.stubEnv("WEBHOOK_ALLOW_HTTP_LOOPBACK", "on");
// A table of its own (the runtime creates it): the evaluator sees only this file's alerts.
vi.stubEnv("TABLE_NAME", `pipeline-${randomUUID()}`);

/** The evaluator's period here (a minute in `npm start` and AWS). */
const EVALUATOR_INTERVAL_MS = 300;

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

let runtime: LocalRuntime;
let receiver: Server;
let receiverUrl = "";
const deliveries: Delivery[] = [];
let apiKey = "";

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  runtime = await startLocalRuntime({
    port: 0,
    dynamoEndpoint: inject("dynamoEndpoint"),
    backgroundJobs: { evaluatorIntervalMs: EVALUATOR_INTERVAL_MS, verdictJob: false },
  });
  apiKey = (await registerAccount(runtime.apiUrl)).apiKey;
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  vi.unstubAllEnvs();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetchFrom(`${runtime.apiUrl}${path}`, {
    method,
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { data: any; error: unknown };
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("alerts delivered by webhook, as npm start runs them", () => {
  it("fires an alert once, delivered signed; a test event follows the same path", async () => {
    const webhook = await call("POST", "/webhooks", { url: receiverUrl, events: ["alert.price"] });
    const verifier = new Webhook(webhook.secret);
    const quote = await call("GET", "/market/stocks/AAPL_NASDAQ/quote");
    // Half the live price: the condition holds at the first evaluation, and keeps holding.
    const threshold = Math.floor(quote.livePrice / 2);
    const alert = await call("POST", "/alerts/subscribe", {
      code: "AAPL_NASDAQ",
      type: "price_above",
      threshold,
      webhookId: webhook.id,
    });

    await waitFor(() => deliveries.length === 1, "the alert's delivery");
    const payload = verifier.verify(
      deliveries[0]?.body ?? "",
      deliveries[0]?.headers as Record<string, string>,
    ) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("alert.price");
    expect(payload.data).toMatchObject({
      alertId: alert.id,
      code: "AAPL_NASDAQ",
      alertType: "price_above",
      threshold,
    });
    expect(payload.data.value as number).toBeGreaterThanOrEqual(threshold);

    // Several more evaluations while the condition still holds: no repeat.
    await pause(EVALUATOR_INTERVAL_MS * 8);
    expect(deliveries).toHaveLength(1);
    const [listed] = (await call("GET", "/alerts")).alerts;
    expect(listed).toMatchObject({ id: alert.id, status: "fired" });
    expect(listed.lastTriggeredAt).not.toBeNull();

    const test = await call("POST", `/webhooks/${webhook.id}/test`);
    await waitFor(() => deliveries.length === 2, "the test delivery");
    expect(deliveries[1]?.headers["webhook-id"]).toBe(test.eventId);
    expect(() =>
      verifier.verify(deliveries[1]?.body ?? "", deliveries[1]?.headers as Record<string, string>),
    ).not.toThrow();

    const log = await call("GET", `/webhooks/${webhook.id}/deliveries`);
    expect(log.attempts.map((entry: { eventType: string; state: string }) => entry)).toEqual([
      expect.objectContaining({
        eventId: test.eventId,
        eventType: "webhook.test",
        state: "delivered",
      }),
      expect.objectContaining({
        eventType: "alert.price",
        attempt: 1,
        status: 204,
        state: "delivered",
      }),
    ]);
  });
});
