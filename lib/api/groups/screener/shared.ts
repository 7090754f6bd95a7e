import type { CoreDeps, Deps } from "../../../deps";

/** What the screener group uses (wired in ./index.ts). */
export type ScreenerDeps = CoreDeps &
  Pick<Deps, "market" | "fundamentals" | "defaultRiskFreeRatePercent">;
