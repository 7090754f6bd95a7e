import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type OptionsDeps, optionsImplementations } from "./implementations";
import { optionsRoutes } from "./routes";

/** The options calculators (pure Black-Scholes maths) and the chain analytics over the market-data ports. */
export const options = defineGroup<typeof optionsRoutes, OptionsDeps>({
  name: "options",
  routes: optionsRoutes,
  implementations: optionsImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    })),
});
