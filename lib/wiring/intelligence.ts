import type { Config } from "../config";
import { INTELLIGENCE_REPORT_TEMPLATES } from "../intelligence/report-templates";
import { INTELLIGENCE_VERDICT_TEMPLATES } from "../intelligence/templates";
import { wireGroup } from "./core";
import { graphWiring } from "./graph";
import { marketProvider } from "./market";
import { narrativeWriter } from "./narrative";
import { newsDesk } from "./news";
import { verdictStore } from "./stores";

/**
 * The intelligence committee's dependencies, once per cold start: the market, the graph's
 * sources and statements, the news desk, the narrative writer with the committee's templates and
 * the verdict store. The intelligence group and the scheduled verdict job wire the same set.
 */
export function intelligenceDeps(config: Config) {
  return wireGroup(config, (wiring, core) => {
    const market = marketProvider(wiring, core.marketClock);
    return {
      market,
      ...graphWiring(wiring, market, core.marketClock),
      news: newsDesk(wiring, market, core.marketClock),
      narrative: narrativeWriter(config, {
        ...INTELLIGENCE_VERDICT_TEMPLATES,
        ...INTELLIGENCE_REPORT_TEMPLATES,
      }),
      verdicts: verdictStore(wiring),
      // The chains are priced at the default rate, as the options group prices them.
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    };
  });
}
