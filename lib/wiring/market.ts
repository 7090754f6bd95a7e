import type { Clock, Deps } from "../deps";
import { jsonLogger, systemClock } from "../deps";
import { createAlpacaProvider } from "../market/adapters/alpaca";
import { createCachedProvider } from "../market/cache";
import type { MarketDataProvider } from "../market/ports";
import { equitySessionAt } from "../market/quote-session";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import type { Wiring } from "./core";

/**
 * The market-data provider MARKET_PROVIDER names, behind the DynamoDB read-through cache when
 * MARKET_CACHE is on. Only groups that serve market data import this module (and with it the
 * simulated market and the vendor adapters).
 */
export function marketProvider(wiring: Wiring, marketClock: Clock): Deps["market"] {
  const { config, db } = wiring;
  const source = providerOf(wiring, marketClock);
  if (!config.marketCache) return source;
  return createCachedProvider(source, {
    db,
    tableName: config.tableName,
    clock: systemClock(),
    log: jsonLogger,
  });
}

function providerOf({ config }: Wiring, clock: Clock): MarketDataProvider {
  if (config.marketProvider === "sim") return createSimulatedMarket(clock);
  if (config.marketProvider === "alpaca") {
    const { keyId, secretKey, feed } = config.alpaca;
    if (!keyId || !secretKey)
      throw new Error("MARKET_PROVIDER=alpaca needs ALPACA_KEY_ID and ALPACA_SECRET_KEY");
    return createAlpacaProvider({
      keyId,
      secretKey,
      feed,
      sessionAt: () => equitySessionAt(clock.now()),
    });
  }
  throw new Error(`MARKET_PROVIDER '${config.marketProvider}' is unknown; use sim or alpaca`);
}
