import { wireGroup } from "../../../wiring/core";
import { mailer } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { type CorporateDeps, corporateImplementations } from "./implementations";
import { corporateRoutes } from "./routes";

/** The corporate site's contact intake (CORS). */
export const corporate = defineGroup<typeof corporateRoutes, CorporateDeps>({
  name: "corporate",
  routes: corporateRoutes,
  implementations: corporateImplementations,
  wire: (config) => wireGroup(config, (wiring) => ({ mailer: mailer(wiring) })),
});
