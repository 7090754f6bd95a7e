import { createWorldFilings } from "../company/sim";
import type { Clock } from "../deps";
import type { FundamentalsSource } from "../fundamentals/ports";
import { createSimulatedFundamentals } from "../fundamentals/sim";
import type { MarketDataProvider } from "../market/ports";
import type { Wiring } from "./core";
import { graphWiring } from "./graph";

/**
 * The financial statements COMPANY_PROVIDER names: the simulated world's (their 10-Q and 10-K
 * filings the world's own, built over `market`), or SEC EDGAR's (lib/wiring/graph.ts wires the
 * EDGAR sources together, statements among them). Only the fundamentals group imports this.
 */
export function fundamentalsSource(
  wiring: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): FundamentalsSource {
  if (wiring.config.companyProvider === "sim") {
    return createSimulatedFundamentals({
      clock: marketClock,
      filings: createWorldFilings(market, marketClock),
    });
  }
  return graphWiring(wiring, market, marketClock).fundamentals;
}
