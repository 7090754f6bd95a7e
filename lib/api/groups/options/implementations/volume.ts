import type { Implementations } from "../../../route";
import type { optionsVolumeRoutes } from "../routes/volume";
import type { OptionsDeps } from "./shared";

export const optionsVolumeImplementations: Implementations<
  typeof optionsVolumeRoutes,
  OptionsDeps
> = {};
