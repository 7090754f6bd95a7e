import { describe, expect, it } from "vitest";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import type { marketRoutes } from "../../lib/api/groups/market/routes/core";
import type { RouteInput } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { type MarketDataProvider, MarketDataUnavailable } from "../../lib/market/ports";
import { testDeps } from "../setup/deps";

/** A vendor outage (fault injected) answers 503 MARKET_DATA_UNAVAILABLE, never 500 or invented data. */

const down = (): Promise<never> => Promise.reject(new MarketDataUnavailable("alpaca", "HTTP 503"));
const outage: MarketDataProvider = {
  name: "down",
  instruments: down,
  instrument: down,
  quote: down,
  bars: down,
  optionChain: down,
  dailyCloses: down,
  reference: down,
  optionExpirations: { expirations: down },
  volatilitySurface: { atmImpliedVolatility30: down },
};

const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };

describe("provider outage", () => {
  const deps = testDeps({
    market: outage,
    marketClock: pinnedClock(new Date("2026-11-24T16:00:00Z")),
  });

  it.each([
    [
      "quote",
      () =>
        marketImplementations["market.quote"](
          { params: { code: "AAPL_NASDAQ" }, context } as RouteInput<typeof marketRoutes.quote>,
          deps,
        ),
    ],
    [
      "indices",
      () =>
        marketImplementations["market.indices"](
          { context } as RouteInput<typeof marketRoutes.indices>,
          deps,
        ),
    ],
    [
      "tradeable",
      () =>
        marketImplementations["market.tradeable"](
          { context } as RouteInput<typeof marketRoutes.tradeable>,
          deps,
        ),
    ],
  ])("%s answers 503 with Retry-After", async (_label, call) => {
    await expect(call()).rejects.toMatchObject({
      status: 503,
      code: "MARKET_DATA_UNAVAILABLE",
      headers: { "retry-after": "5" },
    });
  });
});
