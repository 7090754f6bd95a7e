import type { CoreDeps } from "../../../deps";
import { serviceDescriptor } from "../../descriptor";
import { ROUTE_MANIFEST } from "../../generated/manifest";
import type { Implementations } from "../../route";
import type { metaRoutes } from "./routes";

/** What the meta group's implementations use (wired in ./index.ts). */
export type MetaDeps = CoreDeps;

export const metaImplementations: Implementations<typeof metaRoutes, MetaDeps> = {
  "meta.descriptor": ({ context }) => serviceDescriptor(ROUTE_MANIFEST, context.baseUrl),
};
