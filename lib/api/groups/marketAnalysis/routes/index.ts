import { marketAnalysisDarkPoolRoutes } from "./dark-pool";
import { marketAnalysisMarketRoutes } from "./market";

/** Every route of the market-analysis group: the market's state, and its dark pools. */
export const marketAnalysisRoutes = {
  ...marketAnalysisMarketRoutes,
  ...marketAnalysisDarkPoolRoutes,
};
