import { wireGroup } from "../../../wiring/core";
import { fdaSource } from "../../../wiring/fda";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type FdaDeps, fdaImplementations } from "./implementations";
import { fdaRoutes } from "./routes";

/** Drug-approval catalysts (issue 20): PDUFA dates, advisory committees, FDA decisions. */
export const fda = defineGroup<typeof fdaRoutes, FdaDeps>({
  name: "fda",
  routes: fdaRoutes,
  implementations: fdaImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return { market, fda: fdaSource(wiring, market, core.marketClock) };
    }),
});
