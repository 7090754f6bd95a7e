import { congressionalSource } from "../../../wiring/congressional";
import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type CongressionalDeps, congressionalImplementations } from "./implementations";
import { congressionalRoutes } from "./routes";

/** Congressional trades: recent disclosures, a security's trades, the top traders. */
export const congressional = defineGroup<typeof congressionalRoutes, CongressionalDeps>({
  name: "congressional",
  routes: congressionalRoutes,
  implementations: congressionalImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return { market, congressional: congressionalSource(wiring, market, core.marketClock) };
    }),
});
