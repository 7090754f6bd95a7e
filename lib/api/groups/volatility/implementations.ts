import type { CoreDeps, Deps } from "../../../deps";
import { hvIv } from "../../hv-iv";
import { gex } from "../../option-analytics/gex";
import { skew } from "../../option-analytics/skew";
import { termStructure } from "../../option-analytics/term-structure";
import type { Implementations } from "../../route";
import type { volatilityRoutes } from "./routes";
import { surface } from "./surface";

/** What the volatility group's implementations use (wired in ./index.ts). */
export type VolatilityDeps = CoreDeps & Pick<Deps, "market" | "defaultRiskFreeRatePercent">;

export const volatilityImplementations: Implementations<typeof volatilityRoutes, VolatilityDeps> = {
  "volatility.surface": ({ params, query }, deps) => surface(params.code, query, deps),
  "volatility.termStructure": ({ params }, deps) => termStructure(params.code, deps),
  "volatility.skew": ({ params, query }, deps) => skew(params.code, query.expiry, deps),
  "volatility.hvIv": ({ params }, deps) => hvIv(params.code, deps),
  "volatility.gex": ({ params, query }, deps) => gex(params.code, query, deps),
};
