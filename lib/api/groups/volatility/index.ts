import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type VolatilityDeps, volatilityImplementations } from "./implementations";
import { volatilityRoutes } from "./routes";

/** Volatility analytics on the option chains and price history: the surface, term structure, skew, historical against implied volatility, dealer gamma exposure. */
export const volatility = defineGroup<typeof volatilityRoutes, VolatilityDeps>({
  name: "volatility",
  routes: volatilityRoutes,
  implementations: volatilityImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    })),
});
