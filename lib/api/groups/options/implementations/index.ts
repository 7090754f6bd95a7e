import type { Implementations } from "../../../route";
import type { optionsRoutes } from "../routes";
import { optionsCalculatorImplementations } from "./calculators";
import { optionsChainsImplementations } from "./chains";
import { optionsPositioningImplementations } from "./positioning";
import type { OptionsDeps } from "./shared";
import { optionsVolatilityImplementations } from "./volatility";

export type { OptionsDeps };

export const optionsImplementations: Implementations<typeof optionsRoutes, OptionsDeps> = {
  ...optionsCalculatorImplementations,
  ...optionsChainsImplementations,
  ...optionsPositioningImplementations,
  ...optionsVolatilityImplementations,
};
