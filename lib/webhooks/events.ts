/**
 * The catalogue of webhook event types (GET /webhooks/events): what each means and an example
 * of its payload `{type, timestamp, data}`, as deliveries carry it. The alert evaluator and the
 * test trigger send only these types; a subscription names the ones it wants.
 */

import type { AlertType } from "../store/alerts";

/** The event each alert type sends (the alerts API states it; the evaluator sends it). */
export const ALERT_EVENT_TYPES = {
  price_above: "alert.price",
  price_below: "alert.price",
  percent_change: "alert.price",
  iv_above: "alert.iv",
  iv_below: "alert.iv",
  volume_above_average: "alert.volume",
} as const satisfies Record<AlertType, string>;

export type AlertEventType = (typeof ALERT_EVENT_TYPES)[AlertType];

export interface EventType {
  type: string;
  description: string;
  /** The `data` of an example delivery. */
  exampleData: Record<string, unknown>;
}

/**
 * What every alert event's data holds: the alert, its condition, `value` (the figure compared
 * with `threshold`, in its unit) and `observedAt` (the market clock's instant of the
 * evaluation, which is the payload's timestamp too).
 */
const EXAMPLE_ALERT = {
  alertId: "al_7d2kq6m4x6c3v5b2n5z3",
  code: "AAPL_NASDAQ",
  symbol: "AAPL",
};

export const EVENT_TYPES: readonly EventType[] = [
  {
    type: "alert.price",
    description:
      "A price alert crossed its threshold (price_above, price_below, percent_change): sent " +
      "once per crossing; the alert re-arms when the condition clears.",
    exampleData: {
      ...EXAMPLE_ALERT,
      alertType: "price_above",
      threshold: 200,
      value: 200.42,
      observedAt: "2026-11-24T15:31:02.000Z",
    },
  },
  {
    type: "alert.iv",
    description:
      "An implied-volatility alert crossed its threshold (iv_above, iv_below; the 30-day " +
      "at-the-money IV in percent, as /market/stocks/{code}/extended shows it).",
    exampleData: {
      ...EXAMPLE_ALERT,
      alertType: "iv_above",
      threshold: 30,
      value: 30.84,
      observedAt: "2026-11-24T15:31:02.000Z",
    },
  },
  {
    type: "alert.volume",
    description:
      "A volume alert fired (volume_above_average): the session's volume so far reached " +
      "threshold × the 63-session average daily volume. value is their ratio (volume ÷ " +
      "averageDailyVolume, the threshold's unit, to 6 decimals); both figures are in shares " +
      "(coins for crypto).",
    exampleData: {
      ...EXAMPLE_ALERT,
      alertType: "volume_above_average",
      threshold: 1.5,
      value: 1.524342,
      volume: 76_400_000,
      averageDailyVolume: 50_120_000,
      observedAt: "2026-11-24T15:31:02.000Z",
    },
  },
  {
    type: "webhook.test",
    description: "Sent by POST /webhooks/{id}/test to check a receiver and its signature check.",
    exampleData: { webhookId: "wh_q4vq2k7c5m3x6n2p6r2t", message: "Test delivery" },
  },
];

export const EVENT_TYPE_NAMES: readonly string[] = EVENT_TYPES.map((event) => event.type);
