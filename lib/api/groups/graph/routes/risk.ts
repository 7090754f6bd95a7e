import { array, coerce, int, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { companyRef, graphAnswer, limitQuery } from "./schemas";

/** Company graph, part 2: how shocks spread over the supply chain to and from a company. */

export const CASCADE_SHOCK_PERCENT_DEFAULT = -20;
export const CASCADE_DECAY_DEFAULT = 0.5;
export const CASCADE_DEPTH_MAX = 3;

const cascadeList = (description: string) =>
  object({
    channel: zEnum(["supply", "demand"]).meta({
      description:
        "supply: a shortfall or price shock in what is supplied, weighed by the buyer's cost " +
        "share; demand: a change in what is bought, weighed by the seller's revenue share",
    }),
    weight: zEnum(["customerCostShare", "supplierRevenueShare"]),
    reached: int().meta({ description: "Companies reached within the depth (before the limit)" }),
    companies: array(
      object({
        company: companyRef,
        depth: int().meta({ description: "Hops from the company (its shortest)" }),
        impactPercent: number().meta({ description: "Same unit as shockPercent, 4 decimals" }),
        path: array(string()).meta({
          description: "Node ids along the largest contribution, the company first",
        }),
      }),
    ),
  }).meta({ description });

export const graphRiskRoutes = groupRoutes("graph", {
  cascadeRisk: {
    method: "GET",
    path: "/graph/{code}/cascade-risk",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "How a shock spreads over the supply chain from the company, and to it",
    description:
      "Breadth-first propagation over supplies-to edges up to `depth` hops (1-3), each company " +
      "counted once at its shortest depth (cycles do not loop): impact_j = Σ_i w_ij · impact_i · " +
      "decay over the companies i of the previous layer linked to j, impact of the start = " +
      "shockPercent, so along one path impact = shock · Π w · decay^depth. w is a share 0-1 " +
      "(unknown: 0). From the company: `downstream` (a supply shock at the company reaching its " +
      "customers, their customers, ...: w = the customer's cost share) and `upstream` (a demand " +
      "shock at the company reaching its suppliers: w = the supplier's revenue share). To the " +
      "company: `fromSuppliers` (the impact on the company's costs of a supply shock of " +
      "shockPercent at each upstream company: w = cost shares, walked backwards) and " +
      "`fromCustomers` (the impact on the company's revenue of a demand shock at each " +
      "downstream company: w = revenue shares). Largest |impact| first, then by id; `limit` " +
      `per list. Defaults: shockPercent ${CASCADE_SHOCK_PERCENT_DEFAULT}, decay ${CASCADE_DECAY_DEFAULT}, depth ${CASCADE_DEPTH_MAX}. ` +
      "Supply shares as GET /graph/{code}/suppliers. With a provider that has no supply chain: " +
      "503 COMPANY_DATA_UNAVAILABLE naming it. 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA " +
      "for a fund, an index, a future or a crypto asset.",
    params: object({ code: contractCode }),
    query: object({
      shockPercent: coerce
        .number()
        .min(-100)
        .max(1000)
        .default(CASCADE_SHOCK_PERCENT_DEFAULT)
        .meta({
          description: `Shock at the start, percent (−100..1000), default ${CASCADE_SHOCK_PERCENT_DEFAULT}`,
        }),
      decay: coerce
        .number()
        .min(0)
        .max(1)
        .default(CASCADE_DECAY_DEFAULT)
        .meta({ description: `Damping per hop, 0-1, default ${CASCADE_DECAY_DEFAULT}` }),
      depth: coerce
        .number()
        .int()
        .min(1)
        .max(CASCADE_DEPTH_MAX)
        .default(CASCADE_DEPTH_MAX)
        .meta({ description: `Hops, 1-${CASCADE_DEPTH_MAX}, default ${CASCADE_DEPTH_MAX}` }),
      limit: limitQuery(10, 100),
    }),
    response: object({
      ...graphAnswer,
      shockPercent: number(),
      decay: number(),
      depth: int(),
      from: object({
        downstream: cascadeList("A supply shock at the company reaching its customers"),
        upstream: cascadeList("A demand shock at the company reaching its suppliers"),
      }),
      to: object({
        fromSuppliers: cascadeList("The company's costs when an upstream company is shocked"),
        fromCustomers: cascadeList("The company's revenue when a downstream company is shocked"),
      }),
    }),
  },
});
