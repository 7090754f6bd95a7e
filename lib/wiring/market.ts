import type { Clock, Deps } from "../deps";
import { jsonLogger, systemClock } from "../deps";
import { createAlpacaProvider } from "../market/adapters/alpaca";
import { createCachedProvider } from "../market/cache";
import type { MarketDataProvider } from "../market/ports";
import { equitySessionAt } from "../market/quote-session";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import { universeReferenceData } from "../market/sim/universe";
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
    const alpaca = createAlpacaProvider({
      keyId,
      secretKey,
      feed,
      sessionAt: () => equitySessionAt(clock.now()),
    });
    return withUniverseReference(alpaca);
  }
  throw new Error(`MARKET_PROVIDER '${config.marketProvider}' is unknown; use sim or alpaca`);
}

/**
 * A vendor without reference figures (Alpaca) gets the universe file's, matched by symbol, as
 * before the ports had a reference capability: the details endpoints and the scanner keep
 * answering for the symbols the file knows. Until a fundamentals source replaces it; without
 * this, those endpoints answer 404 NO_DATA and scanner rows lack averages and yields.
 */
export function withUniverseReference(provider: MarketDataProvider): MarketDataProvider {
  return { ...provider, reference: universeReferenceData.reference };
}
