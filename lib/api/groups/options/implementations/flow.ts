import type { Implementations } from "../../../route";
import type { optionsFlowRoutes } from "../routes/flow";
import type { OptionsDeps } from "./shared";

export const optionsFlowImplementations: Implementations<typeof optionsFlowRoutes, OptionsDeps> =
  {};
