import { wireGroup } from "../../../wiring/core";
import { defineGroup } from "../../group";
import { type MetaDeps, metaImplementations } from "./implementations";
import { metaRoutes } from "./routes";

/** The service descriptor and readiness probe, from the route manifest. */
export const meta = defineGroup<typeof metaRoutes, MetaDeps>({
  name: "meta",
  routes: metaRoutes,
  implementations: metaImplementations,
  wire: (config) => wireGroup(config, () => ({})),
});
