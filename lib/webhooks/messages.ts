import type { WebhookEvent } from "./delivery";

/**
 * The body of a message on the webhook queue: one event for one subscription, and which
 * attempt it is. The alert evaluator and POST /webhooks/{id}/test send attempt 1; the delivery
 * consumer re-enqueues the next attempt after a retryable failure. A wait longer than SQS's
 * 15-minute delay travels as `waitSeconds`: the consumer re-enqueues such a message in hops of
 * up to 15 minutes without attempting, until nothing is left to wait.
 */
export interface DeliveryMessage {
  /** The event; its `id` is the `webhook-id` header of every attempt. */
  event: WebhookEvent;
  /** The subscription's owner and id (subscriptions live under their account). */
  userId: number;
  webhookId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Seconds still to wait before attempting, beyond this message's own delay; 0 or absent: now. */
  waitSeconds?: number;
}

const EVENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isInteger = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
const isText = (value: unknown, maxLength: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= maxLength;

/**
 * The message's shape, checked by hand (the consumer's bundle carries no schema library).
 */
function isDeliveryMessage(json: unknown): json is DeliveryMessage {
  if (!isRecord(json) || !isRecord(json.event)) return false;
  const { event } = json;
  return (
    typeof event.id === "string" &&
    EVENT_ID.test(event.id) &&
    isText(event.type, 64) &&
    typeof event.timestamp === "string" &&
    !Number.isNaN(Date.parse(event.timestamp)) &&
    "data" in event &&
    isInteger(json.userId, 1, Number.MAX_SAFE_INTEGER) &&
    isText(json.webhookId, 64) &&
    isInteger(json.attempt, 1, 100) &&
    (json.waitSeconds === undefined || isInteger(json.waitSeconds, 0, Number.MAX_SAFE_INTEGER))
  );
}

/** A message body as sent. */
export function encodeDeliveryMessage(message: DeliveryMessage): string {
  return JSON.stringify(message);
}

/**
 * A received body as a message, or undefined when it is not one (a poison message: the
 * consumer reports it failed, so SQS redrives it to the dead-letter queue for inspection).
 */
export function decodeDeliveryMessage(body: string): DeliveryMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  return isDeliveryMessage(json) ? json : undefined;
}
