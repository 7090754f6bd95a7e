import { array, iso, number, object, string, enum as zEnum } from "zod";
import { ALERT_ID_PATTERN, ALERT_TYPES, MAX_ALERTS_PER_ACCOUNT } from "../../../store/alerts";
import { WEBHOOK_ID_PATTERN } from "../../../store/webhooks";
import { ALERT_EVENT_TYPES } from "../../../webhooks/events";
import { contractCode } from "../../contract-code";
import { groupRoutes } from "../../route";

/**
 * Alert subscriptions: a condition on a contract (price, daily change, implied volatility,
 * volume) delivered as a webhook event when it starts to hold. Subscriptions only so far: the
 * evaluator that fires them and the delivery consumer come next (issue 14).
 */

/** Per type: its event, the threshold's unit and range, the condition in words. */
export const ALERT_RULES = {
  price_above: {
    event: ALERT_EVENT_TYPES.price_above,
    unit: "USD",
    min: 0.0001,
    max: 10_000_000,
    words: "livePrice ≥ threshold",
  },
  price_below: {
    event: ALERT_EVENT_TYPES.price_below,
    unit: "USD",
    min: 0.0001,
    max: 10_000_000,
    words: "livePrice ≤ threshold",
  },
  percent_change: {
    event: ALERT_EVENT_TYPES.percent_change,
    unit: "percent",
    min: -100,
    max: 1000,
    words: "the day's changePercent ≥ threshold (a positive one) or ≤ threshold (a negative one)",
  },
  iv_above: {
    event: ALERT_EVENT_TYPES.iv_above,
    unit: "percent",
    min: 1,
    max: 500,
    words: "30-day ATM IV ≥ threshold",
  },
  iv_below: {
    event: ALERT_EVENT_TYPES.iv_below,
    unit: "percent",
    min: 1,
    max: 500,
    words: "30-day ATM IV ≤ threshold",
  },
  volume_above_average: {
    event: ALERT_EVENT_TYPES.volume_above_average,
    unit: "× average daily volume",
    min: 0.1,
    max: 100,
    words: "the session's volume so far ≥ threshold × the 63-session average daily volume",
  },
} as const satisfies Record<(typeof ALERT_TYPES)[number], object>;

const RULES_TEXT = Object.entries(ALERT_RULES)
  .map(
    ([type, rule]) =>
      `${type} (${rule.event}): ${rule.words}; threshold in ${rule.unit}, ${rule.min} to ${rule.max}`,
  )
  .join("; ");

const alertId = string()
  .trim()
  .regex(ALERT_ID_PATTERN, "must be an alert id al_…")
  .meta({ description: "Alert id, al_ + 20 characters" });

export const alertSchema = object({
  id: string(),
  code: string(),
  symbol: string(),
  type: zEnum(ALERT_TYPES),
  eventType: string().meta({ description: "The webhook event it sends" }),
  threshold: number(),
  unit: string().meta({ description: "The threshold's unit" }),
  condition: string().meta({ description: "The condition in words" }),
  webhookId: string().nullable().meta({
    description:
      "The subscription it is delivered to; null: every subscription of the account to its event type",
  }),
  status: zEnum(["armed", "fired"]).meta({
    description: "armed: waiting for the condition; fired: it holds (re-arms when it clears)",
  }),
  createdAt: iso.datetime(),
  lastTriggeredAt: iso.datetime().nullable(),
});

export const alertsRoutes = groupRoutes("alerts", {
  subscribe: {
    method: "POST",
    path: "/alerts/subscribe",
    auth: "key",
    errors: [
      "SYMBOL_NOT_FOUND",
      "WEBHOOK_NOT_FOUND",
      "ALERT_LIMIT_REACHED",
      "MARKET_DATA_UNAVAILABLE",
      "DATABASE_UNAVAILABLE",
    ],
    summary: "Subscribe to an alert on a contract",
    description:
      `Types: ${RULES_TEXT}. An alert fires once per crossing: it sends its event when the ` +
      "condition starts to hold and re-arms when it clears. IV alerts need a contract with " +
      "listed options (400 naming type otherwise). webhookId, when given, must be one of the " +
      "account's subscriptions (404 otherwise) subscribed to the alert's event type (400 naming " +
      `webhookId otherwise). At most ${MAX_ALERTS_PER_ACCOUNT} alerts per account (409 ` +
      "ALERT_LIMIT_REACHED). 404 SYMBOL_NOT_FOUND for an unknown code.",
    body: object({
      code: contractCode,
      type: zEnum(ALERT_TYPES, { error: `must be one of ${ALERT_TYPES.join(", ")}` }),
      threshold: number({ error: "must be a number" }),
      webhookId: string()
        .trim()
        .regex(WEBHOOK_ID_PATTERN, "must be a webhook id wh_…")
        .optional()
        .meta({ description: "A subscription of the account (GET /webhooks)" }),
    }),
    response: alertSchema,
  },
  list: {
    method: "GET",
    path: "/alerts",
    auth: "key",
    errors: ["DATABASE_UNAVAILABLE"],
    summary: "The account's alerts",
    description: "Oldest first.",
    response: object({ alerts: array(alertSchema) }),
  },
  delete: {
    method: "DELETE",
    path: "/alerts/{id}",
    auth: "key",
    errors: ["ALERT_NOT_FOUND", "DATABASE_UNAVAILABLE"],
    summary: "Delete an alert",
    description: "Another account's id answers 404 and changes nothing.",
    params: object({ id: alertId }),
    response: object({ id: string(), message: string() }),
  },
});
