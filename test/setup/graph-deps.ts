import { createSimulatedCompanyData, createWorldFilings } from "../../lib/company/sim";
import { type Deps, pinnedClock } from "../../lib/deps";
import { createSimulatedFundamentals } from "../../lib/fundamentals/sim";
import { createSimulatedGraphSources } from "../../lib/graph/sim";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { testDeps } from "./deps";

/**
 * Dependencies on the simulated world at a pinned instant: one market, one set of filings
 * shared by the company data, the graph and the statements (as lib/wiring/graph.ts wires them).
 */
export function simulatedWorldDeps(instant: string, overrides: Partial<Deps> = {}): Deps {
  const clock = pinnedClock(new Date(instant));
  const market = createSimulatedMarket(clock);
  const filings = createWorldFilings(market, clock);
  return testDeps({
    marketClock: clock,
    market,
    company: createSimulatedCompanyData(market, clock, filings),
    graph: createSimulatedGraphSources(market, clock, filings),
    fundamentals: createSimulatedFundamentals({ clock, filings }),
    ...overrides,
  });
}
