import { companyProvider } from "../../../wiring/company";
import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type CompanyDeps, companyImplementations } from "./implementations";
import { companyRoutes } from "./routes";

/** Company data over the company-data ports, with prices and events from the market-data ports. */
export const company = defineGroup<typeof companyRoutes, CompanyDeps>({
  name: "company",
  routes: companyRoutes,
  implementations: companyImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return { market, company: companyProvider(wiring, market, core.marketClock) };
    }),
});
