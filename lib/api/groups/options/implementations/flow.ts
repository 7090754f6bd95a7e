import { flowReport } from "../../../option-analytics/flow";
import { optionableInstrument } from "../../../option-data";
import type { Implementations } from "../../../route";
import type { optionsFlowRoutes } from "../routes/flow";
import type { OptionsDeps } from "./shared";

/** The flow logic lives in lib/api/option-analytics/flow.ts, cited by the graph group. */
export const optionsFlowImplementations: Implementations<typeof optionsFlowRoutes, OptionsDeps> = {
  "options.flow": async ({ params, query }, deps) =>
    flowReport(deps, await optionableInstrument(deps, params.code), query),
};
