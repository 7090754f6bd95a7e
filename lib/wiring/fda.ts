import type { Clock } from "../deps";
import { jsonLogger, systemClock } from "../deps";
import { createOpenFdaSource } from "../fda/adapters/openfda-source";
import type { FdaSource } from "../fda/ports";
import { createSimulatedFda } from "../fda/sim/source";
import type { MarketDataProvider } from "../market/ports";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import { createReadThroughCache } from "../store/read-through-cache";
import type { Wiring } from "./core";

/**
 * The FDA catalysts FDA_PROVIDER names: the simulated pipeline (`sim`), whose outcomes are read
 * off the simulated market itself (never a cache or a vendor's prices: the world's decisions
 * must match its tape), or openFDA with the Federal Register (`openfda`), through the DynamoDB
 * read-through cache when MARKET_CACHE is on (on real time, never the market clock). Only the
 * fda group imports this.
 */
export function fdaSource(
  { config, db }: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): FdaSource {
  if (config.fdaProvider === "sim") {
    const simulated =
      config.marketProvider === "sim" && !config.marketCache
        ? market
        : createSimulatedMarket(marketClock);
    return createSimulatedFda(simulated, marketClock);
  }
  if (config.fdaProvider === "openfda") {
    return createOpenFdaSource({
      clock: marketClock,
      cache: config.marketCache
        ? createReadThroughCache({
            db,
            tableName: config.tableName,
            namespace: "fda",
            clock: systemClock(),
            log: jsonLogger,
            label: "FDA cache",
          })
        : undefined,
    });
  }
  throw new Error(`FDA_PROVIDER '${config.fdaProvider}' is unknown; use sim or openfda`);
}
