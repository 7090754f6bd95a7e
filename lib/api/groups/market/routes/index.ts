import { marketRoutes } from "./core";
import { marketCompanyRoutes } from "./details";
import { marketNovaRoutes } from "./nova";
import { marketScannerRoutes } from "./scanner";

/** Every route of the market group: the session clock and quotes, details, scanner, Nova. */
export const marketGroupRoutes = {
  ...marketRoutes,
  ...marketCompanyRoutes,
  ...marketScannerRoutes,
  ...marketNovaRoutes,
};
