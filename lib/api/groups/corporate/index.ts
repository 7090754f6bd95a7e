import { coreDeps, wiringOf } from "../../../wiring/core";
import { mailer } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { type CorporateDeps, corporateImplementations } from "./implementations";
import { corporateRoutes } from "./routes";

/** The corporate site's contact intake (CORS). */
export const corporate = defineGroup<typeof corporateRoutes, CorporateDeps>({
  name: "corporate",
  routes: corporateRoutes,
  implementations: corporateImplementations,
  wire: (config) => {
    const wiring = wiringOf(config);
    return { ...coreDeps(wiring), mailer: mailer(wiring) };
  },
});
