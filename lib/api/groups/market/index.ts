import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { responseCache } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { marketImplementations } from "./implementations";
import type { MarketDeps } from "./implementations/shared";
import { marketGroupRoutes } from "./routes";

/** Quotes, charts, details, the scanner and Nova, over the market-data ports. */
export const market = defineGroup<typeof marketGroupRoutes, MarketDeps>({
  name: "market",
  routes: marketGroupRoutes,
  implementations: marketImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      responses: responseCache(wiring),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    })),
});
