import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEventIdFactory,
  newEventId,
  newSigningSecret,
  redactSecret,
  signWebhook,
  WEBHOOK_USER_AGENT,
  webhookHeaders,
  webhookPayload,
} from "../../lib/webhooks/signing";

/**
 * Deliveries are checked with the `standardwebhooks` package (the specification's reference
 * JavaScript library), as a subscriber's receiver would check them. The receiver refuses
 * timestamps more than 5 minutes from its clock, so deliveries here are signed "now".
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed delivery as the consumer will send it. */
function delivery(secret = newSigningSecret()) {
  const id = newEventId();
  const timestampSeconds = nowSeconds();
  const body = webhookPayload("alert.price", new Date("2026-03-02T14:30:00.123Z"), {
    alertId: "alr_1",
    code: "AAPL",
    price: 187.25,
    // Non-ASCII text: the signature covers UTF-8 bytes, not UTF-16 code units.
    note: "Société Générale ≥ 5 % 📈",
  });
  return {
    secret,
    id,
    timestampSeconds,
    body,
    headers: webhookHeaders({ secret, id, timestampSeconds, body }),
  };
}

function verify(secret: string, body: string | Buffer, headers: Record<string, string>): unknown {
  return new Webhook(secret).verify(body, headers);
}

describe("signed deliveries, verified by the standardwebhooks receiver library", () => {
  it("verifies and yields the payload {type, timestamp, data}", () => {
    const { secret, body, headers } = delivery();
    expect(verify(secret, body, headers)).toEqual({
      type: "alert.price",
      timestamp: "2026-03-02T14:30:00.123Z",
      data: {
        alertId: "alr_1",
        code: "AAPL",
        price: 187.25,
        note: "Société Générale ≥ 5 % 📈",
      },
    });
  });

  it("sends the three webhook headers, the JSON content type and the product's user agent", () => {
    const { id, timestampSeconds, headers } = delivery();
    expect(headers).toEqual({
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      "webhook-id": id,
      "webhook-timestamp": String(timestampSeconds),
      "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(WEBHOOK_USER_AGENT).toBe("market-data-api-webhooks/1");
  });

  it("fails verification when the body is tampered with", () => {
    const { secret, body, headers } = delivery();
    expect(verify(secret, body, headers)).toBeTruthy();
    const tampered = body.replace("187.25", "187.26");
    expect(tampered).not.toBe(body);
    expect(() => verify(secret, tampered, headers)).toThrow(/No matching signature found/);
    // Even a re-serialisation that keeps the meaning changes the bytes.
    expect(() => verify(secret, JSON.stringify(JSON.parse(body), null, 1), headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it("fails verification when the id is tampered with", () => {
    const { secret, body, headers } = delivery();
    expect(verify(secret, body, headers)).toBeTruthy();
    const forged = { ...headers, "webhook-id": newEventId() };
    expect(() => verify(secret, body, forged)).toThrow(/No matching signature found/);
  });

  it("fails verification when the timestamp is tampered with (within the receiver's tolerance)", () => {
    const { secret, body, headers, timestampSeconds } = delivery();
    expect(verify(secret, body, headers)).toBeTruthy();
    for (const shifted of [timestampSeconds - 1, timestampSeconds + 1]) {
      const forged = { ...headers, "webhook-timestamp": String(shifted) };
      expect(() => verify(secret, body, forged)).toThrow(/No matching signature found/);
    }
  });

  it("fails verification with another subscription's secret", () => {
    const { secret, body, headers } = delivery();
    expect(verify(secret, body, headers)).toBeTruthy();
    expect(() => verify(newSigningSecret(), body, headers)).toThrow(/No matching signature found/);
  });

  it("is signed exactly as the reference library signs", () => {
    const { secret, id, timestampSeconds, body, headers } = delivery();
    const reference = new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body);
    expect(headers["webhook-signature"]).toBe(reference);
  });
});

describe("the Standard Webhooks reference vector", () => {
  // The specification (spec/standard-webhooks.md) shows a signature but not the secret behind
  // it; this complete vector is the one every reference library tests ("sign function works"
  // in libraries/javascript/src/webhook.test.ts; TestWebhookSign in libraries/go, and so on).
  it("is reproduced exactly", () => {
    expect(
      signWebhook({
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
        timestampSeconds: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });
});

describe("a delivery over HTTP to a receiver", () => {
  let server: Server;
  let url: string;
  /** What the receiver saw: its verification result per request. */
  const received: { headers: IncomingHttpHeaders; verified: unknown; error?: string }[] = [];
  const secret = newSigningSecret();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        // A receiver verifies the raw bytes, before any JSON parsing.
        const raw = Buffer.concat(chunks);
        try {
          const verified = verify(secret, raw, request.headers as Record<string, string>);
          received.push({ headers: request.headers, verified });
          response.writeHead(204).end();
        } catch (error) {
          received.push({ headers: request.headers, verified: undefined, error: String(error) });
          response.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("is accepted byte for byte, and a tampered one is refused", async () => {
    const { body, headers } = delivery(secret);
    const accepted = await fetch(url, { method: "POST", headers, body });
    expect(accepted.status).toBe(204);
    const tampered = await fetch(url, {
      method: "POST",
      headers,
      body: body.replace("AAPL", "MSFT"),
    });
    expect(tampered.status).toBe(401);

    expect(received).toHaveLength(2);
    expect(received[0]?.verified).toEqual(JSON.parse(body));
    expect(received[0]?.headers["user-agent"]).toBe(WEBHOOK_USER_AGENT);
    expect(received[1]?.error).toMatch(/No matching signature found/);
  });
});

describe("signing secrets", () => {
  const secrets = Array.from({ length: 1000 }, () => newSigningSecret());

  it("are whsec_ + canonical base64 of 32 random bytes", () => {
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const bytes = Buffer.from(secret.slice("whsec_".length), "base64");
      expect(bytes).toHaveLength(32);
      expect(`whsec_${bytes.toString("base64")}`).toBe(secret);
    }
  });

  it("are distinct", () => {
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it("are refused when malformed, without the secret in the error", () => {
    const sign = (secret: string) => () =>
      signWebhook({ secret, id: "msg_1", timestampSeconds: 1, body: "{}" });
    const valid = newSigningSecret();
    const malformed = [
      valid.slice("whsec_".length), // no prefix
      `whsec_${"A".repeat(20)}`, // 15 bytes: under the spec's 24
      `whsec_${Buffer.alloc(65).toString("base64")}`, // 65 bytes: over the spec's 64
      `${valid.slice(0, 20)}*${valid.slice(21)}`, // not base64
      `${valid.slice(0, -1)}`, // padding removed: not canonical
      "whsec_",
      "",
    ];
    for (const secret of malformed) {
      expect(sign(secret)).toThrow(/malformed webhook signing secret/);
      try {
        sign(secret)();
      } catch (error) {
        if (secret.length > 10) expect(String(error)).not.toContain(secret.slice(6, -4));
      }
    }
  });
});

describe("signature inputs", () => {
  const secret = newSigningSecret();

  it("refuse an id that could shift the id.timestamp.body boundary", () => {
    for (const id of ["msg_1.2", "", "msg 1", "msg_1\r\nx-injected: 1"]) {
      expect(() => signWebhook({ secret, id, timestampSeconds: 1, body: "{}" })).toThrow(
        /message id/,
      );
    }
  });

  it("refuse a timestamp that is not whole unix seconds", () => {
    for (const timestampSeconds of [-1, 1.5, Number.NaN, 1e300]) {
      expect(() => signWebhook({ secret, id: "msg_1", timestampSeconds, body: "{}" })).toThrow(
        /timestamp/,
      );
    }
  });
});

describe("webhookPayload", () => {
  it("serialises {type, timestamp, data} once, minified, with an ISO 8601 timestamp", () => {
    expect(
      webhookPayload("webhook.test", new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)), { ok: true }),
    ).toBe('{"type":"webhook.test","timestamp":"2026-01-02T03:04:05.006Z","data":{"ok":true}}');
  });

  it("refuses event types outside full-stop delimited [a-zA-Z0-9_] segments", () => {
    for (const type of [
      "",
      "alert..price",
      ".alert",
      "alert.price.",
      "alert price",
      "alert/price",
    ]) {
      expect(() => webhookPayload(type, new Date(0), {})).toThrow(/event type/);
    }
  });
});

describe("event ids", () => {
  const ULID = /^msg_[0-9A-HJKMNP-TV-Z]{26}$/;

  it("are msg_ + ULID, unique over 10,000 draws, and already in sorted order", () => {
    const ids = Array.from({ length: 10_000 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(ULID);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("stay strictly increasing within one millisecond", () => {
    const nextId = createEventIdFactory();
    const ids = Array.from({ length: 10_000 }, () => nextId(1_700_000_000_000));
    for (let i = 1; i < ids.length; i++) expect((ids[i] ?? "") > (ids[i - 1] ?? "")).toBe(true);
  });

  it("encode the creation millisecond first, as the ULID specification's example", () => {
    // github.com/ulid/spec: ulid(1469918176385) starts with 01ARYZ6S41.
    expect(createEventIdFactory()(1469918176385).slice(4, 14)).toBe("01ARYZ6S41");
    expect(createEventIdFactory()(0).slice(4, 14)).toBe("0000000000");
  });

  it("sort by creation time across processes", () => {
    // Two Lambda instances, each with its own generator, creating ids in turn.
    const instanceA = createEventIdFactory();
    const instanceB = createEventIdFactory();
    const created = [1000, 1001, 1002, 1003, 1004, 1005].map((ms) => ({
      ms,
      id: ms % 2 === 0 ? instanceA(ms) : instanceB(ms),
    }));
    const byId = [...created].sort((a, b) => (a.id < b.id ? -1 : 1)).map((entry) => entry.ms);
    expect(byId).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
  });

  it("stay increasing if the clock steps back", () => {
    const nextId = createEventIdFactory();
    const later = nextId(2000);
    expect(nextId(1000) > later).toBe(true);
  });
});

describe("redactSecret", () => {
  it("shows the prefix and at most the last 4 characters", () => {
    for (let i = 0; i < 100; i++) {
      const secret = newSigningSecret();
      const redacted = redactSecret(secret);
      expect(redacted).toBe(`whsec_…${secret.slice(-4)}`);
      expect(redacted.replace("whsec_…", "").length).toBeLessThanOrEqual(4);
    }
  });

  it("shows nothing of a value too short to spare 4 characters", () => {
    expect(redactSecret("whsec_abcdefgh")).toBe("whsec_…");
    expect(redactSecret("abc")).toBe("…");
    expect(redactSecret("")).toBe("…");
  });
});
