import type { Implementations } from "../../../route";
import type { graphRelationRoutes } from "../routes/relations";
import { graphAcrossImplementations } from "./across";
import { graphFilingImplementations } from "./filings";
import { graphNeighbourImplementations } from "./neighbours";
import type { GraphDeps } from "./shared";
import { graphSupplyImplementations } from "./supply";

export const graphRelationImplementations: Implementations<typeof graphRelationRoutes, GraphDeps> =
  {
    ...graphSupplyImplementations,
    ...graphNeighbourImplementations,
    ...graphFilingImplementations,
    ...graphAcrossImplementations,
  };
