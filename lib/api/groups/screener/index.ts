import { wireGroup } from "../../../wiring/core";
import { fundamentalsSource } from "../../../wiring/fundamentals";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type ScreenerDeps, screenerImplementations } from "./implementations";
import { screenerRoutes } from "./routes";

/** The stock screener (issue 19): presets, a scan over every listed stock, earnings predictions. */
export const screener = defineGroup<typeof screenerRoutes, ScreenerDeps>({
  name: "screener",
  routes: screenerRoutes,
  implementations: screenerImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return {
        market,
        fundamentals: fundamentalsSource(wiring, market, core.marketClock),
        // The earnings predictions price the straddle at the default rate, as the options group.
        defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
      };
    }),
});
