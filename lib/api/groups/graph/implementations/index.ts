import type { Implementations } from "../../../route";
import type { graphRoutes } from "../routes";
import { graphBriefImplementations } from "./brief-answers";
import { graphEarningsImplementations } from "./earnings";
import { graphFragilityImplementations } from "./fragility";
import { graphInstitutionImplementations } from "./institutions";
import { graphPeopleImplementations } from "./people";
import { graphPredictionImplementations } from "./predictions";
import { graphRelationImplementations } from "./relations";
import { graphRiskImplementations } from "./risk";
import { graphScoreImplementations } from "./scores";
import { graphScreenImplementations } from "./screen";
import type { GraphDeps } from "./shared";
import { graphTechnicalImplementations } from "./technicals";

export type { GraphDeps };

export const graphImplementations: Implementations<typeof graphRoutes, GraphDeps> = {
  ...graphRelationImplementations,
  ...graphPeopleImplementations,
  ...graphInstitutionImplementations,
  ...graphTechnicalImplementations,
  ...graphEarningsImplementations,
  ...graphRiskImplementations,
  ...graphPredictionImplementations,
  ...graphScoreImplementations,
  ...graphFragilityImplementations,
  ...graphBriefImplementations,
  ...graphScreenImplementations,
};
