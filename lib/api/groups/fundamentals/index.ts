import { wireGroup } from "../../../wiring/core";
import { fundamentalsSource } from "../../../wiring/fundamentals";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type FundamentalsDeps, fundamentalsImplementations } from "./implementations";
import { fundamentalsRoutes } from "./routes";

/** Fundamentals (issue 19): financial statements (lib/fundamentals) and ratios from them. */
export const fundamentals = defineGroup<typeof fundamentalsRoutes, FundamentalsDeps>({
  name: "fundamentals",
  routes: fundamentalsRoutes,
  implementations: fundamentalsImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => {
      const market = marketProvider(wiring, core.marketClock);
      return { market, fundamentals: fundamentalsSource(wiring, market, core.marketClock) };
    }),
});
