import type { Implementations } from "../../../route";
import type { graphRoutes } from "../routes";
import { graphInstitutionImplementations } from "./institutions";
import { graphPeopleImplementations } from "./people";
import { graphRelationImplementations } from "./relations";
import type { GraphDeps } from "./shared";

export type { GraphDeps };

export const graphImplementations: Implementations<typeof graphRoutes, GraphDeps> = {
  ...graphRelationImplementations,
  ...graphPeopleImplementations,
  ...graphInstitutionImplementations,
};
