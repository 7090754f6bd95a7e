import { createHouseCongress } from "../congressional/adapters/house";
import type { CongressionalSource } from "../congressional/ports";
import { createSimulatedCongress } from "../congressional/sim/source";
import type { Clock } from "../deps";
import type { MarketDataProvider } from "../market/ports";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import type { Wiring } from "./core";

/**
 * The congressional trades CONGRESSIONAL_PROVIDER names: the simulated world's fictional
 * members (`sim`), valued at the simulated market's closes (never a cache's or a vendor's: the
 * world's trades must match its tape), or the House Clerk's disclosure index (`house`), which
 * lists reports but no transactions (503). Only the congressional group imports this.
 */
export function congressionalSource(
  { config }: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): CongressionalSource {
  if (config.congressionalProvider === "sim") {
    const simulated =
      config.marketProvider === "sim" && !config.marketCache
        ? market
        : createSimulatedMarket(marketClock);
    return createSimulatedCongress(simulated, marketClock);
  }
  if (config.congressionalProvider === "house") return createHouseCongress({ clock: marketClock });
  throw new Error(
    `CONGRESSIONAL_PROVIDER '${config.congressionalProvider}' is unknown; use sim or house`,
  );
}
