import { createHmac, randomBytes } from "node:crypto";

/**
 * Signed webhook deliveries per the Standard Webhooks specification 1.0.0
 * (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md):
 *
 *   webhook-id:        msg_01J9Z3K4F8Q2W7X5V6B0N1M2P3   (same on every retry: the idempotency key)
 *   webhook-timestamp: 1674087231                        (unix seconds of this attempt)
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">
 *
 * The HMAC key is the secret's bytes: base64-decoded after the `whsec_` prefix. Secrets are
 * credentials: never log one; use `redactSecret` where one must be mentioned.
 */

export const SECRET_PREFIX = "whsec_";
/** 32 random bytes (256 bits, the SHA-256 output size); the spec allows 24 to 64. */
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
const SECRET_PATTERN = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** Identifier of the symmetric (HMAC-SHA256) scheme in `webhook-signature`. */
const SIGNATURE_VERSION = "v1";
export const WEBHOOK_USER_AGENT = "market-data-api-webhooks/1";

/**
 * Ids and timestamps are signed joined by "." so neither may contain one (the spec's rule);
 * header-safe characters only.
 */
const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Event types: full-stop delimited `[a-zA-Z0-9_]` segments, e.g. "alert.price". */
const EVENT_TYPE_PATTERN = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

export interface SignatureInput {
  /** `whsec_` + base64 secret of the subscription. */
  secret: string;
  /** The message id (`webhook-id`), the same on every attempt of one event. */
  id: string;
  /** Unix time of this attempt, in whole seconds. */
  timestampSeconds: number;
  /** The exact body sent: the signature covers these bytes (UTF-8). */
  body: string;
}

/** A new signing secret: `whsec_` + base64 of 32 random bytes (49 characters). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

/** The `webhook-signature` header value: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook({ secret, id, timestampSeconds, body }: SignatureInput): string {
  assertMessageId(id);
  assertTimestampSeconds(timestampSeconds);
  const mac = createHmac("sha256", secretKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`, "utf8")
    .digest("base64");
  return `${SIGNATURE_VERSION},${mac}`;
}

/** The headers of one delivery attempt (POST of `body`). */
export function webhookHeaders(input: SignatureInput): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": WEBHOOK_USER_AGENT,
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestampSeconds),
    "webhook-signature": signWebhook(input),
  };
}

/**
 * The delivery body `{type, timestamp, data}`, serialised once: send and sign this string
 * as is, never a re-serialisation of it. `timestamp` is when the event occurred (ISO 8601),
 * not the attempt's time (that is `webhook-timestamp`).
 */
export function webhookPayload(type: string, timestamp: Date, data: unknown): string {
  if (!EVENT_TYPE_PATTERN.test(type)) throw new Error(`invalid webhook event type: ${type}`);
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
}

/** "whsec_…" + the last 4 characters, for any place that must mention a secret. */
export function redactSecret(secret: string): string {
  const prefix = secret.startsWith(SECRET_PREFIX) ? SECRET_PREFIX : "";
  const rest = secret.slice(prefix.length);
  // A short value may be mistyped or truncated: 4 of its characters could be most of it.
  const shown = rest.length >= 16 ? rest.slice(-4) : "";
  return `${prefix}…${shown}`;
}

/** The HMAC key: the secret's bytes. A malformed secret throws without echoing it. */
function secretKey(secret: string): Buffer {
  const base64 = SECRET_PATTERN.exec(secret)?.[1];
  const key = base64 === undefined ? undefined : Buffer.from(base64, "base64");
  const canonical = key !== undefined && key.toString("base64") === base64;
  if (!key || !canonical || key.length < MIN_SECRET_BYTES || key.length > MAX_SECRET_BYTES) {
    throw new Error(`malformed webhook signing secret ${redactSecret(secret)}`);
  }
  return key;
}

function assertMessageId(id: string): void {
  if (!MESSAGE_ID_PATTERN.test(id)) throw new Error(`invalid webhook message id: ${id}`);
}

function assertTimestampSeconds(seconds: number): void {
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new Error(`invalid webhook timestamp (unix seconds): ${seconds}`);
  }
}

// Event ids: "msg_" + a ULID (github.com/ulid/spec), 26 Crockford base32 characters: 48 bits of
// Unix milliseconds then 80 random bits. Written here (25 lines) rather than a dependency.
// Within one process (factory) ids are strictly increasing: in the same millisecond, or if the
// clock steps back, the random part of the last id is incremented (ULID's monotonic mode).
// Across processes they sort by creation millisecond.

export const EVENT_ID_PREFIX = "msg_";
const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;
const RANDOM_BITS = 80n;
const MAX_TIME_MS = 2 ** 48 - 1;

/** A monotonic event-id generator; `nowMs` (Unix milliseconds) defaults to the system clock. */
export function createEventIdFactory(): (nowMs?: number) => string {
  let lastTimeMs = -1;
  let lastRandom = 0n;
  return (nowMs = Date.now()) => {
    if (!Number.isSafeInteger(nowMs) || nowMs < 0 || nowMs > MAX_TIME_MS) {
      throw new Error(`invalid event-id time (Unix ms): ${nowMs}`);
    }
    if (nowMs > lastTimeMs) {
      lastTimeMs = nowMs;
      lastRandom = BigInt(`0x${randomBytes(Number(RANDOM_BITS / 8n)).toString("hex")}`);
    } else if (++lastRandom >> RANDOM_BITS) {
      // 2^80 ids in one millisecond: borrow the next millisecond.
      lastTimeMs += 1;
      lastRandom = 0n;
    }
    return (
      EVENT_ID_PREFIX +
      crockford(BigInt(lastTimeMs), TIME_CHARS) +
      crockford(lastRandom, RANDOM_CHARS)
    );
  };
}

/** A unique, time-ordered message id: `msg_` + ULID, e.g. msg_01J9Z3K4F8Q2W7X5V6B0N1M2P3. */
export const newEventId: (nowMs?: number) => string = createEventIdFactory();

function crockford(value: bigint, chars: number): string {
  let text = "";
  let rest = value;
  for (let i = 0; i < chars; i++) {
    text = CROCKFORD_BASE32[Number(rest & 31n)] + text;
    rest >>= 5n;
  }
  return text;
}
