import { wireGroup } from "../../../wiring/core";
import { fxSource } from "../../../wiring/fx";
import { defineGroup } from "../../group";
import { type ReferenceDeps, referenceImplementations } from "./implementations";
import { referenceRoutes } from "./routes";

/** Reference data (issue 20): currencies, countries, time zones, exchanges, markets, holidays, FX. */
export const reference = defineGroup<typeof referenceRoutes, ReferenceDeps>({
  name: "reference",
  routes: referenceRoutes,
  implementations: referenceImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({ fx: fxSource(wiring, core.marketClock) })),
});
