import type { Implementations } from "../../../route";
import type { optionsScannerRoutes } from "../routes/scanner";
import type { OptionsDeps } from "./shared";

export const optionsScannerImplementations: Implementations<
  typeof optionsScannerRoutes,
  OptionsDeps
> = {};
