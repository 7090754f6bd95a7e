import { wireGroup } from "../../../wiring/core";
import { eventQueue } from "../../../wiring/queue";
import { deliveryLog, webhookStore } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { type WebhooksDeps, webhooksImplementations } from "./implementations";
import { webhooksRoutes } from "./routes";

/** Webhook subscriptions in the table; the URL guard against requests into our network. */
export const webhooks = defineGroup<typeof webhooksRoutes, WebhooksDeps>({
  name: "webhooks",
  routes: webhooksRoutes,
  implementations: webhooksImplementations,
  wire: (config) =>
    wireGroup(config, (wiring) => ({
      webhooks: webhookStore(wiring),
      deliveryLog: deliveryLog(wiring),
      eventQueue: eventQueue(wiring),
      webhookUrls: { allowHttpLoopback: config.webhookAllowHttpLoopback },
    })),
});
