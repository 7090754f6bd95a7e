import type { Group, RouteSpec } from "../route";
import { accountRoutes } from "./account";
import { corporateRoutes } from "./corporate";
import { docsRoutes } from "./docs";
import { marketRoutes } from "./market";
import { marketCompanyRoutes } from "./market-company";
import { marketNovaRoutes } from "./market-nova";
import { marketScannerRoutes } from "./market-scanner";
import { metaRoutes } from "./meta";
import { optionsRoutes } from "./options";

/** The route table: every endpoint of the service, declared once. */
export const ROUTES: readonly RouteSpec[] = [
  ...Object.values(metaRoutes),
  ...Object.values(docsRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(corporateRoutes),
  ...Object.values(marketRoutes),
  ...Object.values(marketCompanyRoutes),
  ...Object.values(marketScannerRoutes),
  ...Object.values(marketNovaRoutes),
  ...Object.values(optionsRoutes),
];

export function routesOfGroup(group: Group): RouteSpec[] {
  return ROUTES.filter((route) => route.group === group);
}
