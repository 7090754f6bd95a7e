import { GRAPH_BRIEF_TEMPLATES } from "../../../graph/brief/templates";
import { wireGroup } from "../../../wiring/core";
import { graphWiring } from "../../../wiring/graph";
import { marketProvider } from "../../../wiring/market";
import { narrativeWriter } from "../../../wiring/narrative";
import { newsDesk } from "../../../wiring/news";
import { defineGroup } from "../../group";
import { type GraphDeps, graphImplementations } from "./implementations";
import { graphRoutes } from "./routes";

/** The company graph: supply chains, competitors and peers, insiders, institutions, executives. */
export const graph = defineGroup<typeof graphRoutes, GraphDeps>({
  name: "graph",
  routes: graphRoutes,
  implementations: graphImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return {
        market,
        ...graphWiring(wiring, market, core.marketClock),
        // The score's news sentiment reads the news desk, as /news/ticker/{code}/sentiment.
        news: newsDesk(wiring, market, core.marketClock),
        narrative: narrativeWriter(config, GRAPH_BRIEF_TEMPLATES),
        // The options analytics price the chains at the default rate, as the options group.
        defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
      };
    }),
});
