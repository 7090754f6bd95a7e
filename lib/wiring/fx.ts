import type { Clock } from "../deps";
import { createEcbFx } from "../reference/fx/ecb";
import type { FxRateSource } from "../reference/fx/ports";
import { createSimulatedFx } from "../reference/fx/sim";
import type { Wiring } from "./core";

/**
 * The euro reference rates FX_PROVIDER names: simulated from the seed and the market clock
 * (`sim`), or the ECB's published files (`ecb`). Only the reference group imports this.
 */
export function fxSource({ config }: Wiring, marketClock: Clock): FxRateSource {
  if (config.fxProvider === "sim") return createSimulatedFx(marketClock);
  if (config.fxProvider === "ecb") return createEcbFx({ clock: marketClock });
  throw new Error(`FX_PROVIDER '${config.fxProvider}' is unknown; use sim or ecb`);
}
