import type { GraphInputs } from "../../lib/graph/graph";
import type { SupplyRelation, UnlistedCompany } from "../../lib/graph/ports";
import type { ListedCompany } from "../../lib/graph/similarity";

/** Pieces of hand-built graphs for the graph's unit tests: companies, supply edges, inputs. */

export function listedCompany(
  symbol: string,
  industry = symbol,
  marketCapUsd = 10e9,
): ListedCompany {
  return {
    symbol,
    code: `${symbol}_NYSE`,
    name: `${symbol} Corp`,
    sector: "Test",
    industry,
    marketCapUsd,
  };
}

/** "supplierId supplies customerId" since 2020, with both shares (fractions 0-1). */
export function supplyEdge(
  supplierId: string,
  customerId: string,
  customerCostShare: number,
  supplierRevenueShare: number,
): SupplyRelation {
  return {
    supplierId,
    customerId,
    product: "parts",
    customerCostShare,
    supplierRevenueShare,
    since: "2020-01-01",
    source: "simulated",
  };
}

/** A world of companies and supply edges only: no people, institutions or trades. */
export function supplyOnlyInputs(
  companies: readonly ListedCompany[],
  supply: readonly SupplyRelation[],
  unlisted: readonly UnlistedCompany[] = [],
): GraphInputs {
  return {
    day: "2026-11-23",
    companies,
    unlisted,
    supply,
    positions: [],
    institutions: [],
    holdings: new Map(),
    sharesOutstanding: new Map(),
    insiderActivity: [],
  };
}
