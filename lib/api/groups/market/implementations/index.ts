import { coreMarketImplementations } from "./core";
import { marketCompanyImplementations } from "./details";
import { marketNovaImplementations } from "./nova";
import { marketScannerImplementations } from "./scanner";

/** One implementation per market route, from the sub-area modules. */
export const marketImplementations = {
  ...coreMarketImplementations,
  ...marketCompanyImplementations,
  ...marketScannerImplementations,
  ...marketNovaImplementations,
};
