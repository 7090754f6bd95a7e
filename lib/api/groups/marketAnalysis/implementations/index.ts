import type { Implementations } from "../../../route";
import type { marketAnalysisRoutes } from "../routes";
import { marketAnalysisDarkPoolImplementations } from "./dark-pool";
import { marketAnalysisMarketImplementations } from "./market";
import type { MarketAnalysisDeps } from "./shared";

export type { MarketAnalysisDeps };

export const marketAnalysisImplementations: Implementations<
  typeof marketAnalysisRoutes,
  MarketAnalysisDeps
> = {
  ...marketAnalysisMarketImplementations,
  ...marketAnalysisDarkPoolImplementations,
};
