import type { CoreDeps, Deps } from "../../../deps";
import type { WebhookRecord } from "../../../store/webhooks";
import { QueueUnavailable } from "../../../webhooks/event-queue";
import { EVENT_TYPES } from "../../../webhooks/events";
import { newEventId, newSigningSecret } from "../../../webhooks/signing";
import { checkWebhookUrl } from "../../../webhooks/ssrf";
import { callerKey } from "../../caller";
import { apiError, invalidParameter } from "../../errors";
import type { Implementations } from "../../route";
import type { webhooksRoutes } from "./routes";

/** What the webhooks group's implementations use (wired in ./index.ts). */
export type WebhooksDeps = CoreDeps &
  Pick<Deps, "webhooks" | "webhookUrls" | "deliveryLog" | "eventQueue">;

/** A subscription as served: never its secret. */
function served(webhook: WebhookRecord) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    status: webhook.status,
    disabledReason: webhook.disabledReason,
    createdAt: webhook.createdAt,
  };
}

/** When the catalogue's examples are dated. */
const EXAMPLE_TIMESTAMP = "2026-11-24T15:31:02.000Z";

export const webhooksImplementations: Implementations<typeof webhooksRoutes, WebhooksDeps> = {
  "webhooks.events": async () => ({
    events: EVENT_TYPES.map((event) => ({
      type: event.type,
      description: event.description,
      example: { type: event.type, timestamp: EXAMPLE_TIMESTAMP, data: event.exampleData },
    })),
  }),

  "webhooks.create": async ({ body, context }, deps) => {
    const caller = callerKey(context);
    const checked = await checkWebhookUrl(body.url, deps.webhookUrls);
    if (!checked.ok) throw invalidParameter("url", checked.problem);
    const secret = newSigningSecret();
    const webhook = await deps.webhooks.create(
      caller.userId,
      { url: checked.url.href, events: body.events, description: body.description ?? null },
      secret,
      deps.clock.now().toISOString(),
    );
    return {
      ...served(webhook),
      secret,
      message: "Subscribed. Store this signing secret now: it is not shown again.",
    };
  },

  "webhooks.list": async ({ context }, deps) => ({
    webhooks: (await deps.webhooks.list(callerKey(context).userId)).map(served),
  }),

  "webhooks.deliveries": async ({ params, query, context }, deps) => {
    // 404 for another account's subscription, before its log is read.
    await deps.webhooks.get(callerKey(context).userId, params.id);
    const page = await deps.deliveryLog.page(params.id, query.limit, query.cursor);
    if (!page) throw invalidParameter("cursor", "must be a cursor a previous page gave");
    return { webhookId: params.id, ...page };
  },

  "webhooks.test": async ({ params, context }, deps) => {
    const userId = callerKey(context).userId;
    const webhook = await deps.webhooks.get(userId, params.id);
    if (webhook.status === "disabled") throw apiError("WEBHOOK_DISABLED", { id: webhook.id });
    const now = deps.clock.now();
    const event = {
      id: newEventId(now.getTime()),
      type: "webhook.test",
      timestamp: now.toISOString(),
      data: { webhookId: webhook.id, message: "Test delivery" },
    };
    await deps.eventQueue
      .send([{ message: { event, userId, webhookId: webhook.id, attempt: 1 } }])
      .catch((error: unknown) => {
        if (error instanceof QueueUnavailable)
          throw apiError("QUEUE_UNAVAILABLE", { cause: error });
        throw error;
      });
    return {
      eventId: event.id,
      webhookId: webhook.id,
      type: event.type,
      message: "Enqueued. Its attempts show in GET /v1/webhooks/{id}/deliveries.",
    };
  },

  "webhooks.delete": async ({ params, context }, deps) => {
    await deps.webhooks.delete(callerKey(context).userId, params.id);
    return { id: params.id, message: "Deleted. No further deliveries will be made to it." };
  },
};
