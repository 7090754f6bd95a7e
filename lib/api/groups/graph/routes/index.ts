import { graphBriefRoutes } from "./brief";
import { graphEarningsRoutes } from "./earnings";
import { graphFragilityRoutes } from "./fragility";
import { graphInstitutionRoutes } from "./institutions";
import { graphPeopleRoutes } from "./people";
import { graphPredictionRoutes } from "./predictions";
import { graphRelationRoutes } from "./relations";
import { graphRiskRoutes } from "./risk";
import { graphScoreRoutes } from "./scores";
import { graphScreenRoutes } from "./screen";
import { graphTechnicalRoutes } from "./technicals";

/**
 * Every route of the graph group: company relations (supply chain, competitors, peers, the
 * network), people (insiders and executives) and institutions (13F holders).
 */
export const graphRoutes = {
  ...graphRelationRoutes,
  ...graphPeopleRoutes,
  ...graphInstitutionRoutes,
  ...graphTechnicalRoutes,
  ...graphEarningsRoutes,
  ...graphRiskRoutes,
  ...graphPredictionRoutes,
  ...graphScoreRoutes,
  ...graphFragilityRoutes,
  ...graphBriefRoutes,
  ...graphScreenRoutes,
};
