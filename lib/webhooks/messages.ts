import { int, object, string, unknown } from "zod";
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

const deliveryMessageSchema = object({
  event: object({
    id: string().regex(/^[A-Za-z0-9_-]{1,128}$/),
    type: string().min(1).max(64),
    timestamp: string().refine((text) => !Number.isNaN(Date.parse(text)), "must be a date"),
    data: unknown(),
  }),
  userId: int().positive(),
  webhookId: string().min(1).max(64),
  attempt: int().min(1).max(100),
  waitSeconds: int().min(0).optional(),
});

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
  const parsed = deliveryMessageSchema.safeParse(json);
  return parsed.success ? (parsed.data as DeliveryMessage) : undefined;
}
