import type { SimulatedFilings } from "../../company/sim/filings";
import type { Clock } from "../../deps";
import type { MarketDataProvider } from "../../market/ports";
import type { GraphSources } from "../ports";
import { createSimulatedInstitutions } from "./institutions";
import { createSimulatedPeople } from "./people";
import { createSimulatedSupplyChain } from "./supply-chain";

/**
 * The simulated world's graph sources: supply chains among the universe's companies and
 * fictional unlisted ones, the fictional insiders filing the world's Form 4s (`filings`, shared
 * with the company data), and fictional institutions filing 13Fs at the simulated market's prices.
 */
export function createSimulatedGraphSources(
  market: MarketDataProvider,
  clock: Clock,
  filings: SimulatedFilings,
): GraphSources {
  return {
    provider: "sim",
    peopleInGraph: true,
    supplyChain: createSimulatedSupplyChain(clock),
    people: createSimulatedPeople(filings, clock),
    institutions: createSimulatedInstitutions(market, clock),
  };
}
