import { optionableInstrument } from "../../../option-data";
import { premiumScan } from "../../../premium-scanner";
import type { Implementations } from "../../../route";
import type { optionsScannerRoutes } from "../routes/scanner";
import type { OptionsDeps } from "./shared";

/** The candidate logic lives in lib/api/premium-scanner.ts, shared with the premium-selling extras. */
export const optionsScannerImplementations: Implementations<
  typeof optionsScannerRoutes,
  OptionsDeps
> = {
  "options.premiumScanner": async ({ params, query }, deps) =>
    premiumScan(deps, await optionableInstrument(deps, params.code), query),
};
