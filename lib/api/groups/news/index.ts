import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { newsDesk } from "../../../wiring/news";
import { defineGroup } from "../../group";
import { type NewsDeps, newsImplementations } from "./implementations";
import { newsRoutes } from "./routes";

/** News with sentiment per article and ticker, near-duplicates and story clusters. */
export const news = defineGroup<typeof newsRoutes, NewsDeps>({
  name: "news",
  routes: newsRoutes,
  implementations: newsImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return { market, news: newsDesk(wiring, market, core.marketClock) };
    }),
});
