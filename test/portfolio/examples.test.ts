import { describe, expect, it } from "vitest";
import { PORTFOLIO_EXAMPLES } from "../../lib/api/examples/portfolio";
import { portfolioRoutes } from "../../lib/api/groups/portfolio/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The documentation's portfolio examples are the service's real answers at EXAMPLE_TIME on the
 * simulated market (the backtest's equity curve cut to its first points, as the example says).
 */

const clock = pinnedClock(new Date(EXAMPLE_TIME));
const deps = testDeps({
  market: createSimulatedMarket(clock),
  marketClock: clock,
  defaultRiskFreeRatePercent: 4,
});

describe("the portfolio examples", () => {
  it.each(Object.values(portfolioRoutes).map((route) => [route.id, route] as const))(
    "%s shows what the route answers",
    async (id, route) => {
      const example = PORTFOLIO_EXAMPLES[id];
      const answer = (await callRoute(route, { body: example?.request?.body as Json }, deps)) as {
        equityCurve?: { points: unknown[] };
      };
      const shown = example?.data as { equityCurve?: { points: unknown[] } };
      if (answer.equityCurve && shown.equityCurve) {
        expect(answer.equityCurve.points.length).toBe(459);
        answer.equityCurve.points = answer.equityCurve.points.slice(
          0,
          shown.equityCurve.points.length,
        );
      }
      expect(answer).toEqual(shown);
    },
  );
});
