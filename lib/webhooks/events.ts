/**
 * The catalogue of webhook event types (GET /webhooks/events): what each means and an example
 * of its payload `{type, timestamp, data}`, as deliveries carry it. The alert evaluator and the
 * test trigger send only these types; a subscription names the ones it wants.
 */

export interface EventType {
  type: string;
  description: string;
  /** The `data` of an example delivery. */
  exampleData: Record<string, unknown>;
}

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
      previousValue: 199.87,
      observedAt: "2026-11-24T15:31:00.000Z",
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
      previousValue: 29.96,
      observedAt: "2026-11-24T15:31:00.000Z",
    },
  },
  {
    type: "alert.volume",
    description:
      "A volume alert fired (volume_above_average): the session's volume so far exceeded " +
      "threshold × the 63-session average daily volume.",
    exampleData: {
      ...EXAMPLE_ALERT,
      alertType: "volume_above_average",
      threshold: 1.5,
      value: 76_400_000,
      averageDailyVolume: 50_120_000,
      observedAt: "2026-11-24T15:31:00.000Z",
    },
  },
  {
    type: "webhook.test",
    description: "Sent by POST /webhooks/{id}/test to check a receiver and its signature check.",
    exampleData: { webhookId: "wh_q4vq2k7c5m3x6n2p6r2t", message: "Test delivery" },
  },
];

export const EVENT_TYPE_NAMES: readonly string[] = EVENT_TYPES.map((event) => event.type);
