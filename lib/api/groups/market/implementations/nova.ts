import { novaSuggestions } from "../../../../market/nova/nova";
import { MarketDataUnavailable } from "../../../../market/ports";
import { apiError } from "../../../errors";
import type { Implementations } from "../../../route";
import type { marketNovaRoutes } from "../routes/nova";
import type { MarketDeps } from "./shared";

/** Suggestions are computed once per 5 minutes of market time and query. */
const CACHE_SECONDS = 300;

export const marketNovaImplementations: Implementations<typeof marketNovaRoutes, MarketDeps> = {
  "market.novaSuggestions": async ({ query }, deps) => {
    const nowMs = deps.marketClock.now().getTime();
    const bucket = Math.floor(nowMs / (CACHE_SECONDS * 1000));
    const key = `nova#${deps.market.name}#${query.topN}#${query.minDte}#${query.maxDte}#${bucket}`;
    try {
      return await deps.responses.remember(key, CACHE_SECONDS, () =>
        novaSuggestions(deps.market, nowMs, query),
      );
    } catch (error) {
      // The market-data source down answers as on every market route (found by test/faults:
      // it answered NOVA_UNAVAILABLE, which documents Nova's own failures).
      if (error instanceof MarketDataUnavailable) {
        throw apiError("MARKET_DATA_UNAVAILABLE", { cause: error });
      }
      // A missing or unusable model, or a source without option listings: the subsystem is down.
      // The envelope logs the cause.
      throw apiError("NOVA_UNAVAILABLE", { cause: error });
    }
  },
};
