import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type PortfolioDeps, portfolioImplementations } from "./implementations";
import { portfolioRoutes } from "./routes";

/** Portfolio analytics: risk and return of a set of positions, backtests, a FIFO trade journal. */
export const portfolio = defineGroup<typeof portfolioRoutes, PortfolioDeps>({
  name: "portfolio",
  routes: portfolioRoutes,
  implementations: portfolioImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    })),
});
