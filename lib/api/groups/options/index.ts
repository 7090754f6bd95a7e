import { wireGroup } from "../../../wiring/core";
import { defineGroup } from "../../group";
import { type OptionsDeps, optionsImplementations } from "./implementations";
import { optionsRoutes } from "./routes";

/** The options calculators: pure Black-Scholes maths, no market data. */
export const options = defineGroup<typeof optionsRoutes, OptionsDeps>({
  name: "options",
  routes: optionsRoutes,
  implementations: optionsImplementations,
  wire: (config) =>
    wireGroup(config, () => ({ defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent })),
});
