import {
  array,
  coerce,
  int,
  iso,
  number,
  object,
  record,
  string,
  unknown,
  enum as zEnum,
} from "zod";
import { MAX_WEBHOOKS_PER_ACCOUNT, WEBHOOK_ID_PATTERN } from "../../../store/webhooks";
import { EVENT_TYPE_NAMES } from "../../../webhooks/events";
import { groupRoutes } from "../../route";

/**
 * Webhook subscriptions: the event catalogue, and each account's subscriptions (create with a
 * signing secret shown once, list, delete). There is no in-place update (spec, fact 13): PUT
 * and PATCH on /webhooks/{id} answer 405; a subscription is replaced by deleting and creating.
 */

const eventType = zEnum(EVENT_TYPE_NAMES as [string, ...string[]]).meta({
  description: "An event type of GET /webhooks/events",
});

/** Attempts per page of the delivery log. */
const DEFAULT_DELIVERIES_PAGE = 50;
const MAX_DELIVERIES_PAGE = 200;

export const webhookId = string()
  .trim()
  .regex(WEBHOOK_ID_PATTERN, "must be a webhook id wh_…")
  .meta({ description: "Webhook id, wh_ + 20 characters" });

const URL_RULES =
  "url: https, on port 443 or 8443, without credentials, whose host resolves only to public " +
  "unicast addresses (no loopback, private, link-local, carrier-grade NAT, multicast, " +
  "reserved or cloud metadata address, in any IPv4, IPv6 or IPv4-mapped form); checked " +
  "again at every delivery, after DNS, on every connection. Redirects are not followed.";

export const webhookSchema = object({
  id: string(),
  url: string(),
  events: array(string()),
  description: string().nullable(),
  status: zEnum(["active", "disabled"]).meta({
    description: "disabled: deliveries stopped (the receiver answered 410 Gone)",
  }),
  disabledReason: string().nullable(),
  createdAt: iso.datetime(),
});

export const webhooksRoutes = groupRoutes("webhooks", {
  events: {
    method: "GET",
    path: "/webhooks/events",
    auth: "none",
    summary: "The catalogue of webhook event types, with example payloads",
    description:
      "Each delivery is a POST of {type, timestamp, data} (JSON), signed per the Standard " +
      "Webhooks specification: headers webhook-id (unique per event: a retry carries the same " +
      "id, so receivers can drop duplicates), webhook-timestamp (Unix seconds) and " +
      "webhook-signature = v1,<base64 HMAC-SHA256 of `id.timestamp.body` keyed with the " +
      "subscription's secret (the base64 after whsec_)>. Needs no key.",
    response: object({
      events: array(
        object({
          type: string(),
          description: string(),
          example: object({
            type: string(),
            timestamp: iso.datetime(),
            data: record(string(), unknown()).meta({ description: "The event's data" }),
          }),
        }),
      ),
    }),
  },
  create: {
    method: "POST",
    path: "/webhooks",
    auth: "key",
    errors: ["WEBHOOK_LIMIT_REACHED", "DATABASE_UNAVAILABLE"],
    summary: "Subscribe a URL to event types; returns its signing secret once",
    description:
      `${URL_RULES} events: 1-${EVENT_TYPE_NAMES.length} distinct types of the catalogue. At most ` +
      `${MAX_WEBHOOKS_PER_ACCOUNT} subscriptions per account (409 WEBHOOK_LIMIT_REACHED). The ` +
      "secret (whsec_ + base64) signs every delivery; it is returned here only, never listed " +
      "or logged.",
    body: object({
      url: string().trim().min(1, "must not be empty").max(2048, "must be at most 2048 characters"),
      events: array(eventType)
        .min(1, "must name at least one event type")
        .refine((types) => new Set(types).size === types.length, "must not repeat a type"),
      description: string()
        .trim()
        .max(200, "must be at most 200 characters")
        .optional()
        .meta({ description: "Your note, up to 200 characters" }),
    }),
    response: webhookSchema.extend({
      secret: string().meta({ description: "Signing secret, whsec_ + base64. Shown once." }),
      message: string(),
    }),
  },
  list: {
    method: "GET",
    path: "/webhooks",
    auth: "key",
    errors: ["DATABASE_UNAVAILABLE"],
    summary: "The account's webhook subscriptions (without secrets)",
    description: "Oldest first.",
    response: object({ webhooks: array(webhookSchema) }),
  },
  deliveries: {
    method: "GET",
    path: "/webhooks/{id}/deliveries",
    auth: "key",
    errors: ["WEBHOOK_NOT_FOUND", "DATABASE_UNAVAILABLE"],
    summary: "The subscription's delivery log, newest first",
    description:
      "One entry per attempt, kept 30 days: the event's id and type, the attempt number (1 " +
      "first), when it started, the receiver's HTTP status or the error without one (timeout, " +
      "network error, refused destination), latency, when the next attempt is due, and the " +
      "state: delivered, retrying, failed (no attempt left, or an answer not worth retrying) " +
      `or gone (410: the subscription was disabled). limit 1-${MAX_DELIVERIES_PAGE}, default ` +
      `${DEFAULT_DELIVERIES_PAGE}; cursor: the previous page's, to continue (null on the last ` +
      "page). Another account's id answers 404.",
    params: object({ id: webhookId }),
    query: object({
      limit: coerce
        .number({ error: "must be an integer" })
        .pipe(
          int("must be an integer")
            .min(1, "must be at least 1")
            .max(MAX_DELIVERIES_PAGE, `must be at most ${MAX_DELIVERIES_PAGE}`),
        )
        .default(DEFAULT_DELIVERIES_PAGE),
      cursor: string().trim().min(1).max(512).optional().meta({
        description: "The previous page's cursor",
      }),
    }),
    response: object({
      webhookId: string(),
      attempts: array(
        object({
          eventId: string(),
          eventType: string(),
          attempt: int(),
          attemptedAt: iso.datetime(),
          status: int().nullable().meta({ description: "HTTP status; null when none came" }),
          error: string().nullable(),
          latencyMs: number(),
          nextAttemptAt: iso.datetime().nullable(),
          state: zEnum(["delivered", "retrying", "failed", "gone"]),
        }),
      ),
      cursor: string().nullable(),
    }),
  },
  test: {
    method: "POST",
    path: "/webhooks/{id}/test",
    auth: "key",
    status: 202,
    errors: ["WEBHOOK_NOT_FOUND", "WEBHOOK_DISABLED", "QUEUE_UNAVAILABLE", "DATABASE_UNAVAILABLE"],
    summary: "Send a webhook.test event to the subscription",
    description:
      "Enqueues one webhook.test event for this subscription (whatever event types it names) " +
      "and returns its id, the webhook-id header the delivery will carry; it is delivered, " +
      "signed and retried like any event, and shows in GET /webhooks/{id}/deliveries. No body. " +
      "Another account's id answers 404; a disabled subscription 409 WEBHOOK_DISABLED.",
    params: object({ id: webhookId }),
    response: object({
      eventId: string().meta({ description: "msg_ + ULID: the delivery's webhook-id" }),
      webhookId: string(),
      type: string(),
      message: string(),
    }),
  },
  delete: {
    method: "DELETE",
    path: "/webhooks/{id}",
    auth: "key",
    errors: ["WEBHOOK_NOT_FOUND", "DATABASE_UNAVAILABLE"],
    summary: "Delete a subscription",
    description:
      "Deliveries to it stop; its place under the account's cap is freed. Another account's id " +
      "answers 404 and changes nothing. No PUT or PATCH: delete and create again to change one.",
    params: object({ id: webhookId }),
    response: object({ id: string(), message: string() }),
  },
});
