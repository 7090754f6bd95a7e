import type { CoreDeps, Deps } from "../../../../deps";
import type { Instrument } from "../../../../market/ports";
import { companyStockOf } from "../../../market-data";

export { fromCompanySource, notSupplied } from "../../../company-source";

/** What the graph group uses (wired in ../index.ts). */
export type GraphDeps = CoreDeps &
  Pick<
    Deps,
    | "market"
    | "company"
    | "graph"
    | "fundamentals"
    | "news"
    | "narrative"
    | "defaultRiskFreeRatePercent"
  >;

/**
 * A listed company (a stock): 404 SYMBOL_NOT_FOUND for an unknown code, 404 NO_DATA for a fund,
 * an index, a future or a crypto asset (none is a node of the company graph).
 */
export function graphCompany(deps: GraphDeps, code: string, what: string): Promise<Instrument> {
  return companyStockOf(deps, code, what, " of the graph");
}
