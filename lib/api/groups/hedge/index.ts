import { HEDGE_TEMPLATES } from "../../../hedge/rationale";
import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { narrativeWriter } from "../../../wiring/narrative";
import { defineGroup } from "../../group";
import { type HedgeDeps, hedgeImplementations } from "./implementations";
import { hedgeRoutes } from "./routes";

/** Hedging: the strategy catalogue, hedges suggested and analysed on the live chains, rationales through the narrative port. */
export const hedge = defineGroup<typeof hedgeRoutes, HedgeDeps>({
  name: "hedge",
  routes: hedgeRoutes,
  implementations: hedgeImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
      narrative: narrativeWriter(config, HEDGE_TEMPLATES),
    })),
});
