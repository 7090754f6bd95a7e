import type { CoreDeps, Deps } from "../../../deps";
import type { Instrument } from "../../../market/ports";
import { companyStockOf } from "../../market-data";

/** What the intelligence group uses (wired in ./index.ts). */
export type IntelligenceDeps = CoreDeps &
  Pick<
    Deps,
    | "market"
    | "news"
    | "company"
    | "graph"
    | "fundamentals"
    | "narrative"
    | "verdicts"
    | "defaultRiskFreeRatePercent"
  >;

/**
 * A company's stock: 404 SYMBOL_NOT_FOUND for an unknown code, 404 NO_DATA for a fund, an index,
 * a future or a crypto asset (the committee reads a company's statements, insiders and news).
 */
export function intelligenceStock(
  deps: IntelligenceDeps,
  code: string,
  what: string,
): Promise<Instrument> {
  return companyStockOf(deps, code, what);
}
