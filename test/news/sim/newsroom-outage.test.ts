import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../../lib/deps";
import { type MarketDataProvider, MarketDataUnavailable } from "../../../lib/market/ports";
import { createSimulatedMarket } from "../../../lib/market/sim/simulated-market";
import { NewsUnavailable } from "../../../lib/news/ports";
import { createSimulatedNewsroom } from "../../../lib/news/sim";

/**
 * The newsroom over a market that fails: an outage of the market it writes from makes news
 * unavailable (503 NEWS_UNAVAILABLE at the API); any other error is a bug and is not disguised.
 */

const clock = pinnedClock(new Date("2026-11-24T16:00:00Z"));
const DAY_MS = 86_400_000;

function marketFailingWith(error: () => Error): MarketDataProvider {
  const market = createSimulatedMarket(clock);
  return new Proxy(market, {
    get: (target, property, receiver) =>
      property === "bars"
        ? async () => {
            throw error();
          }
        : Reflect.get(target, property, receiver),
  });
}

describe("the simulated newsroom when its market fails", () => {
  const window = [clock.now().getTime() - DAY_MS, clock.now().getTime()] as const;

  it("answers NewsUnavailable while the market is unavailable", async () => {
    const newsroom = createSimulatedNewsroom(
      marketFailingWith(() => new MarketDataUnavailable("sim", "down")),
      clock,
    );
    await expect(newsroom.articles(...window)).rejects.toBeInstanceOf(NewsUnavailable);
  });

  it("lets any other error through", async () => {
    const newsroom = createSimulatedNewsroom(
      marketFailingWith(() => new TypeError("a bug")),
      clock,
    );
    await expect(newsroom.articles(...window)).rejects.toBeInstanceOf(TypeError);
  });
});
