import type { CoreDeps, Deps } from "../../../../deps";

/** What the market-analysis group uses (wired in ../index.ts). */
export type MarketAnalysisDeps = CoreDeps &
  Pick<Deps, "market" | "defaultRiskFreeRatePercent" | "shortVolume">;
