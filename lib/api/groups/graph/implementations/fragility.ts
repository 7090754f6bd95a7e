import { companyFragility } from "../../../company-fragility";
import type { Implementations } from "../../../route";
import type { graphFragilityRoutes } from "../routes/fragility";
import { companyInGraph, graphAnswerOf, round4 } from "./lookup";
import type { GraphDeps } from "./shared";

type Ratios = { A: number; B: number; C: number; D: number; E: number };
const rounded = ({ A, B, C, D, E }: Ratios): Ratios => ({
  A: round4(A),
  B: round4(B),
  C: round4(C),
  D: round4(D),
  E: round4(E),
});

export const graphFragilityImplementations: Implementations<
  typeof graphFragilityRoutes,
  GraphDeps
> = {
  "graph.fragility": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "fragility");
    const fragility = await companyFragility(deps, company.snapshot, company.symbol);
    const z = fragility.altmanZ;
    return {
      ...graphAnswerOf(deps, company),
      fragility: fragility.fragility,
      label: fragility.label,
      altmanZ: z && {
        z: round4(z.z),
        zone: z.zone,
        ratios: rounded(z.ratios),
        products: rounded(z.products),
      },
      components: fragility.components.map((component) => ({
        ...component,
        effectiveWeight: round4(component.effectiveWeight),
        inputs: Object.fromEntries(
          Object.entries(component.inputs).map(([k, v]) => [k, v === null ? null : round4(v)]),
        ),
      })),
      statement: fragility.statement,
      marketCapUsd: fragility.marketCapUsd,
      shortInterestPercent: fragility.shortInterestPercent,
      statementsSource: deps.fundamentals.name,
    };
  },
};
