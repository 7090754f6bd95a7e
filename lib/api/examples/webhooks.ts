import { EVENT_TYPES } from "../../webhooks/events";
import type { ExampleSource } from "../openapi-examples";

/** OpenAPI examples of the webhooks group, keyed by route id. */

const WEBHOOK = {
  id: "wh_q4vq2k7c5m3x6n2p6r2t",
  url: "https://hooks.example.com/market-data",
  events: ["alert.price", "alert.iv"],
  description: "Trading desk alerts",
  status: "active",
  disabledReason: null,
  createdAt: "2026-11-23T15:00:00.000Z",
};

export const WEBHOOKS_EXAMPLES: Record<string, ExampleSource> = {
  "webhooks.events": {
    data: {
      events: EVENT_TYPES.map((event) => ({
        type: event.type,
        description: event.description,
        example: {
          type: event.type,
          timestamp: "2026-11-24T15:31:02.000Z",
          data: event.exampleData,
        },
      })),
    },
  },
  "webhooks.create": {
    request: {
      body: {
        url: WEBHOOK.url,
        events: WEBHOOK.events,
        description: WEBHOOK.description,
      },
    },
    invalid: [
      { body: { url: WEBHOOK.url, events: [] } },
      { body: { url: WEBHOOK.url, events: ["alert.unknown"] } },
    ],
    data: {
      ...WEBHOOK,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      message: "Subscribed. Store this signing secret now: it is not shown again.",
    },
  },
  "webhooks.list": { data: { webhooks: [WEBHOOK] } },
  "webhooks.deliveries": {
    request: { params: { id: WEBHOOK.id }, query: { limit: "2" } },
    invalid: [{ params: { id: WEBHOOK.id }, query: { limit: "0" } }],
    data: {
      webhookId: WEBHOOK.id,
      attempts: [
        {
          eventId: "msg_01KB0W3R5T8Y2C4N6P8Q0S2V4X",
          eventType: "alert.price",
          attempt: 2,
          attemptedAt: "2026-11-24T15:31:08.114Z",
          status: 200,
          error: null,
          latencyMs: 184,
          nextAttemptAt: null,
          state: "delivered",
        },
        {
          eventId: "msg_01KB0W3R5T8Y2C4N6P8Q0S2V4X",
          eventType: "alert.price",
          attempt: 1,
          attemptedAt: "2026-11-24T15:31:02.090Z",
          status: 503,
          error: null,
          latencyMs: 97,
          nextAttemptAt: "2026-11-24T15:31:07.000Z",
          state: "retrying",
        },
      ],
      cursor: "QVRURU1QVCMyMDI2LTExLTI0VDE1OjMxOjAyLjA5MFo",
    },
  },
  "webhooks.test": {
    request: { params: { id: WEBHOOK.id } },
    invalid: [{ params: { id: "wh_1" } }],
    data: {
      eventId: "msg_01KB0W7D3F5H7K9M1P3R5T7V9X",
      webhookId: WEBHOOK.id,
      type: "webhook.test",
      message: "Enqueued. Its attempts show in GET /v1/webhooks/{id}/deliveries.",
    },
  },
  "webhooks.delete": {
    request: { params: { id: WEBHOOK.id } },
    invalid: [{ params: { id: "42" } }],
    data: { id: WEBHOOK.id, message: "Deleted. No further deliveries will be made to it." },
  },
};
