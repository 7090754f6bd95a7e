import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AttemptOptions,
  type AttemptOutcome,
  attemptDelivery,
  MAX_ATTEMPTS,
  nextAttemptDelaySeconds,
  RETRY_SCHEDULE_SECONDS,
  retryAfterSeconds,
  SQS_MAX_DELAY_SECONDS,
  sqsDelay,
  type WebhookEvent,
} from "../../lib/webhooks/delivery";
import { newEventId, newSigningSecret } from "../../lib/webhooks/signing";
import type { Resolve } from "../../lib/webhooks/ssrf";
import { createGuardedDispatcher } from "../../lib/webhooks/ssrf-dispatcher";

/**
 * One delivery attempt against a real receiver on 127.0.0.1 (reachable only through the
 * local-development setting), and the retry schedule. The receiver's behaviour is chosen by
 * the request path; it counts connections so refused destinations can be shown untouched.
 */

const SECRET = newSigningSecret();
/** 2026-03-02T14:30:00Z: a fixed attempt clock where the receiver does not check signatures. */
const FIXED_MS = Date.parse("2026-03-02T14:30:00.000Z");

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The payload standardwebhooks returned, or its error message. */
  verified: unknown;
}

let server: Server;
let port = 0;
let connections = 0;
const received: Received[] = [];

function verify(rawBody: string, headers: IncomingHttpHeaders): unknown {
  try {
    return new Webhook(SECRET).verify(rawBody, headers as Record<string, string>);
  } catch (error) {
    return `verification failed: ${(error as Error).message}`;
  }
}

/** Route → behaviour. Every response closes its connection, so each request opens a new one. */
function respond(path: string, request: Received, response: import("node:http").ServerResponse) {
  response.shouldKeepAlive = false;
  const at = (iso: string) => new Date(iso).toUTCString();
  switch (path) {
    case "/ok":
      // A receiver answers 2xx only to a delivery it could verify.
      return typeof request.verified === "string"
        ? response.writeHead(400).end(request.verified)
        : response.writeHead(200).end("x".repeat(100_000));
    case "/500":
      return response.writeHead(500).end("boom");
    case "/503":
      return response.writeHead(503, { "retry-after": "30" }).end();
    case "/429":
      return response.writeHead(429, { "retry-after": "120" }).end();
    case "/429-date":
      return response.writeHead(429, { "retry-after": at("2026-03-02T14:40:00Z") }).end();
    case "/429-far":
      return response.writeHead(429, { "retry-after": at("2026-03-09T14:30:00Z") }).end();
    case "/410":
      return response.writeHead(410).end();
    case "/302":
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/followed` }).end();
    case "/400":
      return response.writeHead(400).end("bad");
    case "/reset":
      return response.socket?.destroy();
    case "/hang":
      return; // never answers; closed in afterAll
    default:
      return response.writeHead(200).end("ok");
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "";
      const entry = { path, headers: request.headers, rawBody, verified: undefined as unknown };
      if (path === "/ok") entry.verified = verify(rawBody, request.headers);
      received.push(entry);
      respond(path, entry, response);
    });
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

/** Name resolution for the refused-destination cases: never the system resolver. */
const fakeDns: Resolve = async (host) => {
  if (host === "mixed.test") return ["127.0.0.1", "10.0.0.5"];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};
const dev = createGuardedDispatcher({ allowHttpLoopback: true, resolve: fakeDns });
const prod = createGuardedDispatcher({ allowHttpLoopback: false, resolve: fakeDns });

afterAll(async () => {
  await Promise.allSettled([dev.destroy(), prod.destroy()]);
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function event(overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  return {
    id: newEventId(),
    type: "alert.price",
    timestamp: "2026-03-02T14:29:58.250Z",
    data: { alertId: "al_1", code: "AAPL_NASDAQ", value: 200.42, note: "Société ≥ 5 % 📈" },
    ...overrides,
  };
}

const realClock: AttemptOptions = { dispatcher: dev, now: () => Date.now() };
const fixedClock: AttemptOptions = { dispatcher: dev, now: () => FIXED_MS };

/** One attempt; also checks that no outcome ever carries the secret, whole or its key part. */
async function attempt(
  path: string,
  options: Partial<AttemptOptions> = {},
  theEvent = event(),
): Promise<AttemptOutcome> {
  const url = path.startsWith("http") ? path : `http://127.0.0.1:${port}${path}`;
  const outcome = await attemptDelivery(
    theEvent,
    { url, secret: SECRET },
    { ...realClock, ...options },
  );
  expect(JSON.stringify(outcome)).not.toContain(SECRET.slice("whsec_".length, -4));
  return outcome;
}

const requestsTo = (path: string) => received.filter((request) => request.path === path);

describe("attemptDelivery against a receiver on 127.0.0.1", () => {
  it("delivers a signed {type, timestamp, data} that standardwebhooks verifies", async () => {
    const sent = event();
    const outcome = await attempt("/ok", {}, sent);
    expect(outcome).toMatchObject({ kind: "delivered", status: 200 });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = requestsTo("/ok").slice(-1);
    expect(request?.verified).toEqual({
      type: sent.type,
      timestamp: sent.timestamp,
      data: sent.data,
    });
    expect(JSON.parse(request?.rawBody ?? "")).toEqual({
      type: sent.type,
      timestamp: sent.timestamp,
      data: sent.data,
    });
    expect(request?.headers["webhook-id"]).toBe(sent.id);
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("signs every attempt of one event with its id and that attempt's own timestamp", async () => {
    const sent = event();
    let offsetMs = 0;
    const now = () => Date.now() + offsetMs;
    await attempt("/ok", { now }, sent);
    offsetMs = 2_000;
    await attempt("/ok", { now }, sent);
    const [first, second] = requestsTo("/ok").slice(-2);
    expect([first?.headers["webhook-id"], second?.headers["webhook-id"]]).toEqual([
      sent.id,
      sent.id,
    ]);
    expect(Number(second?.headers["webhook-timestamp"])).toBeGreaterThan(
      Number(first?.headers["webhook-timestamp"]),
    );
    expect(second?.headers["webhook-signature"]).not.toBe(first?.headers["webhook-signature"]);
    // Both still verify: the receiver checks each against its own timestamp.
    expect(first?.verified).toMatchObject({ type: sent.type });
    expect(second?.verified).toMatchObject({ type: sent.type });
    expect(second?.rawBody).toBe(first?.rawBody);
  });

  it("retries a 500 and a 503, keeping the 503's Retry-After", async () => {
    expect(await attempt("/500")).toMatchObject({ kind: "retry", status: 500 });
    expect(await attempt("/500")).not.toHaveProperty("retryAfterSeconds");
    expect(await attempt("/503")).toMatchObject({
      kind: "retry",
      status: 503,
      retryAfterSeconds: 30,
    });
  });

  it("retries a 429 with Retry-After in seconds or as an HTTP date (capped at 24 h)", async () => {
    expect(await attempt("/429", fixedClock)).toEqual({
      kind: "retry",
      status: 429,
      latencyMs: 0,
      retryAfterSeconds: 120,
    });
    expect(await attempt("/429-date", fixedClock)).toMatchObject({
      kind: "retry",
      status: 429,
      retryAfterSeconds: 600,
    });
    expect(await attempt("/429-far", fixedClock)).toMatchObject({
      kind: "retry",
      retryAfterSeconds: 24 * 3600,
    });
  });

  it("retries when the receiver resets the connection", async () => {
    const outcome = await attempt("/reset");
    expect(outcome).toMatchObject({
      kind: "retry",
      error: expect.stringMatching(/^network error: /),
    });
    expect(outcome).not.toHaveProperty("status");
  });

  it("retries when the receiver never answers (a short injected timeout)", async () => {
    const before = requestsTo("/hang").length;
    const outcome = await attempt("/hang", { timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: "retry", error: "timeout" });
    expect(requestsTo("/hang").length).toBe(before + 1);
  });

  it("reports 410 as gone", async () => {
    expect(await attempt("/410")).toMatchObject({ kind: "gone", status: 410 });
  });

  it("fails on 302 without following its Location", async () => {
    expect(await attempt("/302")).toMatchObject({ kind: "failed", status: 302 });
    expect(requestsTo("/302").length).toBeGreaterThan(0);
    expect(requestsTo("/followed")).toEqual([]);
  });

  it("fails on 400", async () => {
    expect(await attempt("/400")).toMatchObject({ kind: "failed", status: 400 });
  });
});

describe("attemptDelivery to a destination the SSRF guard refuses", () => {
  /** A request through the dev dispatcher: accepted after anything a refused attempt opened. */
  async function sentinel(): Promise<void> {
    expect(await attempt("/sentinel")).toMatchObject({ kind: "delivered" });
  }

  it.each([
    ["the listener itself without the dev setting", "http://127.0.0.1:PORT/ok", "prod"],
    ["an IPv4-mapped private address, dev setting on", "http://[::ffff:10.0.0.1]:PORT/ok", "dev"],
    ["a name resolving to loopback and private, dev on", "http://mixed.test:PORT/ok", "dev"],
  ] as const)("fails for %s, with the reason, opening no connection", async (_, url, mode) => {
    const reasons = {
      "http://127.0.0.1:PORT/ok":
        "refused to connect: 127.0.0.1 (loopback) is not a public address",
      "http://[::ffff:10.0.0.1]:PORT/ok":
        "refused to connect: ::ffff:a00:1 (private) is not a public address",
      "http://mixed.test:PORT/ok":
        "refused to connect to mixed.test: 10.0.0.5 (private) is not a public address",
    };
    connections = 0;
    const outcome = await attempt(url.replace("PORT", String(port)), {
      dispatcher: mode === "prod" ? prod : dev,
    });
    expect(outcome).toMatchObject({ kind: "failed", error: reasons[url] });
    expect(outcome).not.toHaveProperty("status");
    await sentinel();
    expect(connections).toBe(1);
  });

  it("rejects an unsignable attempt without echoing the secret", async () => {
    const secret = "whsec_not-base64-at-all-but-long-enough-to-hide";
    const error = await attemptDelivery(
      event(),
      { url: `http://127.0.0.1:${port}/ok`, secret },
      realClock,
    ).then(
      () => new Error("sent"),
      (failure: Error) => failure,
    );
    expect(error.message).toMatch(/^malformed webhook signing secret/);
    expect(error.message).not.toContain(secret.slice("whsec_".length, -4));
  });
});

describe("retryAfterSeconds", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["soon", undefined],
    ["-5", undefined],
    ["5 minutes", undefined],
    ["2026-03-02T14:31:00Z", undefined],
    ["0", 0],
    [" 120 ", 120],
    ["999999", 24 * 3600],
    ["Mon, 02 Mar 2026 14:31:00 GMT", 60],
    ["Mon, 02 Mar 2026 14:00:00 GMT", 0],
    ["Monday, 02-Mar-26 14:32:00 GMT", 120],
  ])("reads %j as %j seconds", (header, seconds) => {
    expect(retryAfterSeconds(header, FIXED_MS)).toBe(seconds);
  });
});

describe("the retry schedule", () => {
  const retry: AttemptOutcome = { kind: "retry", status: 503, latencyMs: 12 };

  it("states 8 attempts: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h between them", () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it("waits each attempt's base ±20 %, in whole seconds, whatever the random draw", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, draw) => {
          const base = RETRY_SCHEDULE_SECONDS[attempt - 1] ?? Number.NaN;
          const delay = nextAttemptDelaySeconds(attempt, retry, () => draw) ?? Number.NaN;
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.8));
          expect(delay).toBeLessThanOrEqual(Math.round(base * 1.2));
        },
      ),
    );
    // The draw spreads over the whole band, not just a point of it.
    expect(nextAttemptDelaySeconds(2, retry, () => 0)).toBe(240);
    expect(nextAttemptDelaySeconds(2, retry, () => 0.5)).toBe(300);
    expect(nextAttemptDelaySeconds(2, retry, () => 0.999_999)).toBe(360);
    expect(nextAttemptDelaySeconds(7, retry, () => 0.5)).toBe(36000);
  });

  it("gives up after the 8th attempt (and for nonsense attempt numbers)", () => {
    for (const attempt of [8, 9, 0, -1, 1.5]) {
      expect(nextAttemptDelaySeconds(attempt, retry, () => 0.5)).toBeUndefined();
    }
  });

  it("does not retry outcomes that are not retryable", () => {
    const final: AttemptOutcome[] = [
      { kind: "delivered", status: 200, latencyMs: 1 },
      { kind: "gone", status: 410, latencyMs: 1 },
      { kind: "failed", status: 302, latencyMs: 1 },
      { kind: "failed", status: 400, latencyMs: 1 },
      { kind: "failed", error: "refused to connect: …", latencyMs: 0 },
    ];
    for (const outcome of final) {
      expect(nextAttemptDelaySeconds(1, outcome, () => 0.5)).toBeUndefined();
    }
  });

  it("honours a Retry-After longer than the schedule, never a shorter one", () => {
    const asks = (seconds: number): AttemptOutcome => ({ ...retry, retryAfterSeconds: seconds });
    expect(nextAttemptDelaySeconds(1, asks(120), () => 0.5)).toBe(120);
    expect(nextAttemptDelaySeconds(7, asks(86_400), () => 0.999)).toBe(86_400);
    expect(nextAttemptDelaySeconds(2, asks(10), () => 0.5)).toBe(300);
    expect(nextAttemptDelaySeconds(2, asks(0), () => 0)).toBe(240);
    expect(nextAttemptDelaySeconds(8, asks(120), () => 0.5)).toBeUndefined();
  });
});

describe("sqsDelay", () => {
  it("delays at most 15 minutes per send and carries the rest", () => {
    expect(SQS_MAX_DELAY_SECONDS).toBe(900);
    expect(sqsDelay(7200)).toEqual({ delaySeconds: 900, remainingSeconds: 6300 });
    expect(sqsDelay(5)).toEqual({ delaySeconds: 5, remainingSeconds: 0 });
    expect(sqsDelay(900)).toEqual({ delaySeconds: 900, remainingSeconds: 0 });
    expect(sqsDelay(4.2)).toEqual({ delaySeconds: 5, remainingSeconds: 0 });
    expect(sqsDelay(0)).toEqual({ delaySeconds: 0, remainingSeconds: 0 });
  });

  it("covers a whole wait in hops that add up to it", () => {
    for (const wait of [1, 899, 901, 7200, 43_200, 86_400]) {
      const hops: number[] = [];
      let left = wait;
      do {
        const hop = sqsDelay(left);
        hops.push(hop.delaySeconds);
        left = hop.remainingSeconds;
      } while (left > 0);
      expect(hops.reduce((sum, hop) => sum + hop, 0)).toBe(wait);
      expect(Math.max(...hops)).toBeLessThanOrEqual(900);
      expect(hops.length).toBe(Math.ceil(wait / 900));
    }
  });
});
