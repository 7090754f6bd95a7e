import type { Dispatcher } from "undici";
import { webhookHeaders, webhookPayload } from "./signing";
import { readCapped } from "./ssrf";
import { guardedFetch, WebhookDestinationRefusedError } from "./ssrf-dispatcher";

/**
 * One webhook delivery attempt and the retry schedule between attempts. The SQS consumer, the
 * delivery log and the subscription updates (disable on 410) are the caller's: this module
 * only sends, classifies the answer and says how long to wait before the next attempt.
 */

/** An event as queued: `id` is the `webhook-id` of every attempt (the receiver's dedupe key). */
export interface WebhookEvent {
  id: string;
  type: string;
  /** When the event occurred, ISO 8601; the payload's `timestamp`. */
  timestamp: string;
  data: unknown;
}

export interface DeliveryTarget {
  url: string;
  /** `whsec_…`; only ever used to sign, never copied into an outcome or an error. */
  secret: string;
}

export interface AttemptOptions {
  /** A guarded dispatcher (createGuardedDispatcher): the SSRF check on every connection. */
  dispatcher: Dispatcher;
  /** Unix time in milliseconds: the attempt's `webhook-timestamp` and its latency. */
  now: () => number;
  /**
   * Abort sooner than guardedFetch's own WEBHOOK_TIMEOUT_MS (10 s), in milliseconds; for tests.
   * A longer value has no effect: guardedFetch's timeout still applies.
   */
  timeoutMs?: number;
}

/** What the receiver answered: an HTTP status, or why there was none. */
type Answer = { status: number; error?: undefined } | { error: string; status?: undefined };

export type AttemptOutcome =
  /** 2xx. */
  | { kind: "delivered"; status: number; latencyMs: number }
  /** Network error, timeout, 429 or 5xx: try again (nextAttemptDelaySeconds says when). */
  | ({ kind: "retry"; latencyMs: number; retryAfterSeconds?: number } & Answer)
  /** 410 Gone: the receiver asks us to stop; the caller disables the subscription. */
  | { kind: "gone"; status: 410; latencyMs: number }
  /** 3xx (never followed), other 4xx, or a destination the SSRF guard refused: no retry. */
  | ({ kind: "failed"; latencyMs: number } & Answer);

/** Response bytes read (and then discarded) per attempt: enough for a log, no more. */
export const MAX_RESPONSE_BYTES = 4096;
/** The longest `Retry-After` honoured, in seconds (24 h); a longer one is cut to this. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/**
 * POSTs the event to the target once, signed per Standard Webhooks with this attempt's time,
 * and classifies the answer. Resolves for every receiver behaviour; rejects only when the
 * event or the secret cannot be signed (a bug upstream, not the receiver's doing), with a
 * message that never contains the secret (signing.ts redacts it).
 */
export async function attemptDelivery(
  event: WebhookEvent,
  target: DeliveryTarget,
  options: AttemptOptions,
): Promise<AttemptOutcome> {
  const body = webhookPayload(event.type, new Date(event.timestamp), event.data);
  const startedMs = options.now();
  const headers = webhookHeaders({
    secret: target.secret,
    id: event.id,
    timestampSeconds: Math.floor(startedMs / 1000),
    body,
  });
  const signal =
    options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await guardedFetch(
      target.url,
      { method: "POST", headers, body, ...(signal && { signal }) },
      options.dispatcher,
    );
    // Read (capped) so the connection is released; a failure mid-body does not change the
    // status the receiver already gave.
    await readCapped(response, MAX_RESPONSE_BYTES).catch(() => undefined);
    const endedMs = options.now();
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"), endedMs);
    return classifyStatus(response.status, endedMs - startedMs, retryAfter);
  } catch (error) {
    return classifyError(error, options.now() - startedMs);
  }
}

function classifyStatus(
  status: number,
  latencyMs: number,
  retryAfter: number | undefined,
): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered", status, latencyMs };
  if (status === 410) return { kind: "gone", status, latencyMs };
  if (status === 429 || status >= 500) {
    return retryAfter === undefined
      ? { kind: "retry", status, latencyMs }
      : { kind: "retry", status, latencyMs, retryAfterSeconds: retryAfter };
  }
  // 1xx never reaches here (fetch handles it); 3xx is not followed; other 4xx will not change.
  return { kind: "failed", status, latencyMs };
}

/** fetch rejects with the abort reason on timeout, or a TypeError whose cause says why. */
function classifyError(error: unknown, latencyMs: number): AttemptOutcome {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof WebhookDestinationRefusedError) {
    return { kind: "failed", error: cause.message, latencyMs };
  }
  return { kind: "retry", error: describeNetworkError(error, cause), latencyMs };
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** "timeout", or "network error: <what the socket said> (<code>)". */
function describeNetworkError(error: unknown, cause: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  const detail = cause instanceof Error ? cause : error instanceof Error ? error : undefined;
  const code = (detail as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && TIMEOUT_CODES.has(code)) return "timeout";
  // Happy-eyeballs failures are AggregateErrors with an empty message: the code says it all.
  const message = detail?.message || String(error);
  return code === undefined ? `network error: ${message}` : `network error: ${message} (${code})`;
}

/** IMF-fixdate, RFC 850 and asctime dates all begin with the day's name. */
const HTTP_DATE_START = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*[, ]/i;

/**
 * `Retry-After` in seconds from now: delta-seconds or an HTTP date (RFC 9110 10.2.3), capped
 * at MAX_RETRY_AFTER_SECONDS; undefined when absent or unreadable. A date in the past is 0.
 */
export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  const text = header?.trim() ?? "";
  if (text === "") return undefined;
  let seconds: number;
  if (/^\d+$/.test(text)) {
    seconds = Number(text);
  } else {
    // Date.parse alone is lenient ("-5" is a year): an HTTP date starts with its day name.
    const dateMs = HTTP_DATE_START.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(dateMs)) return undefined;
    seconds = Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
  }
  return Math.min(seconds, MAX_RETRY_AFTER_SECONDS);
}

/**
 * The wait after each failed attempt, in seconds: after attempt 1, 5 s; after 2, 5 min; after
 * 3, 30 min; after 4, 2 h; after 5, 5 h; after 6 and 7, 10 h. Eight attempts over about 27.6
 * hours, then the event is given up (the consumer sends it to the dead-letter queue). Each
 * wait is jittered by ±20 % so that receivers recovering from an outage are not hit by every
 * queued event at the same second.
 */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];
/** Attempts in all: the first plus one per schedule entry. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** ±20 %. */
const JITTER_FRACTION = 0.2;

/**
 * Seconds to wait before the next attempt, after attempt number `attempt` (1-based) ended in
 * `outcome`; undefined when the outcome is not retryable or no attempt is left. The wait is
 * the schedule's base × a uniform factor in [0.8, 1.2] (`random` in [0, 1)), rounded to whole
 * seconds; a `Retry-After` asking for longer than that is honoured instead, so a receiver can
 * slow us down but never make us retry sooner than the schedule.
 */
export function nextAttemptDelaySeconds(
  attempt: number,
  outcome: AttemptOutcome,
  random: () => number,
): number | undefined {
  if (outcome.kind !== "retry") return undefined;
  const base = RETRY_SCHEDULE_SECONDS[attempt - 1];
  if (!Number.isInteger(attempt) || base === undefined) return undefined;
  const factor = 1 - JITTER_FRACTION + 2 * JITTER_FRACTION * random();
  const jittered = Math.round(base * factor);
  return Math.max(jittered, outcome.retryAfterSeconds ?? 0);
}

/** SQS's longest message delay (DelaySeconds), in seconds: 15 minutes. */
export const SQS_MAX_DELAY_SECONDS = 900;

/**
 * Splits a wait into what one SQS send can delay (`delaySeconds`) and what is left after it
 * (`remainingSeconds`): the consumer re-enqueues a longer wait in hops of up to 15 minutes,
 * carrying the remainder, until it reaches 0. Fractions round up (never early).
 */
export function sqsDelay(delaySeconds: number): { delaySeconds: number; remainingSeconds: number } {
  const total = Math.max(0, Math.ceil(delaySeconds));
  const now = Math.min(total, SQS_MAX_DELAY_SECONDS);
  return { delaySeconds: now, remainingSeconds: total - now };
}
