import type { ExampleSource } from "../openapi-examples";

/** OpenAPI examples of the alerts group, keyed by route id. */

const ALERT = {
  id: "al_7d2kq6m4x6c3v5b2n5z3",
  code: "AAPL_NASDAQ",
  symbol: "AAPL",
  type: "price_above",
  eventType: "alert.price",
  threshold: 200,
  unit: "USD",
  condition: "livePrice ≥ threshold",
  webhookId: null,
  status: "armed",
  createdAt: "2026-11-23T15:00:00.000Z",
  lastTriggeredAt: null,
};

export const ALERTS_EXAMPLES: Record<string, ExampleSource> = {
  "alerts.subscribe": {
    request: { body: { code: "AAPL_NASDAQ", type: "price_above", threshold: 200 } },
    invalid: [
      { body: { code: "AAPL", type: "price_above", threshold: 200 } },
      { body: { code: "AAPL_NASDAQ", type: "price_between", threshold: 200 } },
      { body: { code: "AAPL_NASDAQ", type: "price_above", threshold: "200 USD" } },
    ],
    data: ALERT,
  },
  "alerts.list": { data: { alerts: [ALERT] } },
  "alerts.delete": {
    request: { params: { id: ALERT.id } },
    invalid: [{ params: { id: "42" } }],
    data: { id: ALERT.id, message: "Deleted. It will not fire again." },
  },
};
