import { createSimulatedCompanyData, createWorldFilings } from "../lib/company/sim";
import { type Clock, type Deps, pinnedClock } from "../lib/deps";
import { createSimulatedFundamentals } from "../lib/fundamentals/sim";
import { createSimulatedGraphSources } from "../lib/graph/sim";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { simulatedDeps } from "./call-implementation";
import { simulatedNewsDesk } from "./news";

/**
 * The simulated world as the graph and intelligence groups wire it, at `clock` (pinned at an
 * instant, or one a bench moves): one market, one set of filings shared by the company data,
 * the graph and the statements, and the news desk over the same market; `extra` adds the rest.
 */
export function simulatedWorldDeps(clock: Clock | Date, extra: Partial<Deps> = {}): Deps {
  const worldClock = clock instanceof Date ? pinnedClock(clock) : clock;
  const market = createSimulatedMarket(worldClock);
  const filings = createWorldFilings(market, worldClock);
  return simulatedDeps(worldClock.now(), {
    marketClock: worldClock,
    market,
    company: createSimulatedCompanyData(market, worldClock, filings),
    graph: createSimulatedGraphSources(market, worldClock, filings),
    fundamentals: createSimulatedFundamentals({ clock: worldClock, filings }),
    news: simulatedNewsDesk(market, worldClock),
    ...extra,
  });
}
