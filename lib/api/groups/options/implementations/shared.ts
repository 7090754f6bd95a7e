import type { OptionDataDeps } from "../../../option-data";

/**
 * What the options group's implementations use (wired in ../index.ts): the calculators need
 * only the default rate; the chain analytics read the market-data ports (lib/api/option-data.ts).
 */
export type OptionsDeps = OptionDataDeps;
