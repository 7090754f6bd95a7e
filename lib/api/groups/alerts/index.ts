import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { alertStore, webhookStore } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { type AlertsDeps, alertsImplementations } from "./implementations";
import { alertsRoutes } from "./routes";

/** Alert subscriptions in the table, validated against the market. */
export const alerts = defineGroup<typeof alertsRoutes, AlertsDeps>({
  name: "alerts",
  routes: alertsRoutes,
  implementations: alertsImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      alerts: alertStore(wiring),
      webhooks: webhookStore(wiring),
      market: marketProvider(wiring, core.marketClock),
    })),
});
