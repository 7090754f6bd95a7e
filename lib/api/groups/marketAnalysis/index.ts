import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { shortVolumeSource } from "../../../wiring/short-volume";
import { defineGroup } from "../../group";
import { type MarketAnalysisDeps, marketAnalysisImplementations } from "./implementations";
import { marketAnalysisRoutes } from "./routes";

/**
 * Market analysis (issue 19): sectors, breadth, movers and unusual options flow across the
 * market, and off-exchange short volume (dark pools).
 */
export const marketAnalysis = defineGroup<typeof marketAnalysisRoutes, MarketAnalysisDeps>({
  name: "marketAnalysis",
  routes: marketAnalysisRoutes,
  implementations: marketAnalysisImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return {
        market,
        shortVolume: shortVolumeSource(wiring, market, core.marketClock),
        // The unusual options flow prices chains at the default rate, as the options group.
        defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
      };
    }),
});
