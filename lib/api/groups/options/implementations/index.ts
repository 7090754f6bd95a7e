import type { Implementations } from "../../../route";
import type { optionsRoutes } from "../routes";
import { optionsCalculatorImplementations } from "./calculators";
import { optionsChainsImplementations } from "./chains";
import { optionsFlowImplementations } from "./flow";
import { optionsPositioningImplementations } from "./positioning";
import { optionsScannerImplementations } from "./scanner";
import type { OptionsDeps } from "./shared";
import { optionsVolatilityImplementations } from "./volatility";
import { optionsVolumeImplementations } from "./volume";

export type { OptionsDeps };

export const optionsImplementations: Implementations<typeof optionsRoutes, OptionsDeps> = {
  ...optionsCalculatorImplementations,
  ...optionsChainsImplementations,
  ...optionsPositioningImplementations,
  ...optionsVolatilityImplementations,
  ...optionsVolumeImplementations,
  ...optionsFlowImplementations,
  ...optionsScannerImplementations,
};
