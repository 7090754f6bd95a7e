import type { CoreDeps, Deps } from "../../../../deps";

/** What the market group's implementations use (wired in ../index.ts). */
export type MarketDeps = CoreDeps &
  Pick<Deps, "market" | "responses" | "defaultRiskFreeRatePercent">;

export {
  fromProvider,
  instrumentOf,
  quoteOf,
  type ServedQuote,
  servedQuote,
  servedQuoteOf,
  symbolNotFound,
} from "../../../market-data";
