import { type CascadeWalk, type CascadeWeight, propagateShock } from "../../../../graph/cascade";
import type { Implementations } from "../../../route";
import type { graphRiskRoutes } from "../routes/risk";
import {
  type CompanyInGraph,
  companyIdOf,
  companyInGraph,
  companyRefOf,
  graphAnswerOf,
  round4,
  supplyOf,
} from "./lookup";
import type { GraphDeps } from "./shared";

interface CascadeQuery {
  shockPercent: number;
  decay: number;
  depth: number;
  limit: number;
}

function cascadeList(
  company: CompanyInGraph,
  walk: CascadeWalk,
  weight: CascadeWeight,
  query: CascadeQuery,
) {
  const reached = propagateShock(
    company.snapshot.graph,
    company.node,
    walk,
    weight,
    query.shockPercent,
    query.decay,
    query.depth,
  ).sort((a, b) => Math.abs(b.impact) - Math.abs(a.impact) || (a.node < b.node ? -1 : 1));
  return {
    channel: weight === "customerCostShare" ? ("supply" as const) : ("demand" as const),
    weight,
    reached: reached.length,
    companies: reached.slice(0, query.limit).map((entry) => ({
      company: companyRefOf(company.snapshot, companyIdOf(entry.node)),
      depth: entry.depth,
      impactPercent: round4(entry.impact),
      path: entry.path,
    })),
  };
}

export const graphRiskImplementations: Implementations<typeof graphRiskRoutes, GraphDeps> = {
  "graph.cascadeRisk": async ({ params, query }, deps) => {
    const company = await companyInGraph(deps, params.code, "cascade risk");
    supplyOf(company.snapshot);
    return {
      ...graphAnswerOf(deps, company),
      shockPercent: query.shockPercent,
      decay: query.decay,
      depth: query.depth,
      from: {
        downstream: cascadeList(company, "customers", "customerCostShare", query),
        upstream: cascadeList(company, "suppliers", "supplierRevenueShare", query),
      },
      to: {
        fromSuppliers: cascadeList(company, "suppliers", "customerCostShare", query),
        fromCustomers: cascadeList(company, "customers", "supplierRevenueShare", query),
      },
    };
  },
};
