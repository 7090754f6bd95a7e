import type { Clock } from "../deps";
import type { MarketDataProvider } from "../market/ports";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import { createFinraShortVolume } from "../short-volume/adapters/finra";
import type { ShortVolumeSource } from "../short-volume/ports";
import { createSimulatedShortVolume } from "../short-volume/sim";
import type { Wiring } from "./core";

/**
 * The short-sale volume SHORT_VOLUME_PROVIDER names: drawn over the simulated tape (`sim`), or
 * FINRA's daily Reg SHO files (`finra`). The simulated records follow the simulated market
 * itself, never a cache or a vendor's volumes (the world's short volume must match its tape).
 * Only the market-analysis group imports this.
 */
export function shortVolumeSource(
  { config }: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): ShortVolumeSource {
  if (config.shortVolumeProvider === "sim") {
    const simulated =
      config.marketProvider === "sim" && !config.marketCache
        ? market
        : createSimulatedMarket(marketClock);
    return createSimulatedShortVolume(simulated, marketClock);
  }
  if (config.shortVolumeProvider === "finra") return createFinraShortVolume({ clock: marketClock });
  throw new Error(
    `SHORT_VOLUME_PROVIDER '${config.shortVolumeProvider}' is unknown; use sim or finra`,
  );
}
