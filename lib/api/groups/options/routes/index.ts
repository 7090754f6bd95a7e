import { optionsCalculatorRoutes } from "./calculators";
import { optionsChainsRoutes } from "./chains";
import { optionsPositioningRoutes } from "./positioning";
import { optionsVolatilityRoutes } from "./volatility";

/**
 * Every route of the options group: the calculators; chains, contract quotes and greeks;
 * positioning (max pain, open interest, put/call, volume); volatility and earnings moves.
 */
export const optionsRoutes = {
  ...optionsCalculatorRoutes,
  ...optionsChainsRoutes,
  ...optionsPositioningRoutes,
  ...optionsVolatilityRoutes,
};
