import { optionsCalculatorRoutes } from "./calculators";
import { optionsChainsRoutes } from "./chains";
import { optionsFlowRoutes } from "./flow";
import { optionsPositioningRoutes } from "./positioning";
import { optionsScannerRoutes } from "./scanner";
import { optionsVolatilityRoutes } from "./volatility";
import { optionsVolumeRoutes } from "./volume";

/**
 * Every route of the options group: the calculators; chains, contract quotes and greeks;
 * positioning (max pain, open interest, put/call); volatility and earnings moves; volume;
 * the day's flow; the premium scanner.
 */
export const optionsRoutes = {
  ...optionsCalculatorRoutes,
  ...optionsChainsRoutes,
  ...optionsPositioningRoutes,
  ...optionsVolatilityRoutes,
  ...optionsVolumeRoutes,
  ...optionsFlowRoutes,
  ...optionsScannerRoutes,
};
