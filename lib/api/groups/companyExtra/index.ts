import { NEWS_SUMMARY_TEMPLATES } from "../../../news/summary";
import { companyProvider } from "../../../wiring/company";
import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { narrativeWriter } from "../../../wiring/narrative";
import { newsDesk } from "../../../wiring/news";
import { defineGroup } from "../../group";
import { type CompanyExtraDeps, companyExtraImplementations } from "./implementations";
import { companyExtraRoutes } from "./routes";

/** The company news extras: news, a written weekly summary, combined sentiment, story clusters. */
export const companyExtra = defineGroup<typeof companyExtraRoutes, CompanyExtraDeps>({
  name: "companyExtra",
  routes: companyExtraRoutes,
  implementations: companyExtraImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return {
        market,
        company: companyProvider(wiring, market, core.marketClock),
        news: newsDesk(wiring, market, core.marketClock),
        narrative: narrativeWriter(config, NEWS_SUMMARY_TEMPLATES),
      };
    }),
});
