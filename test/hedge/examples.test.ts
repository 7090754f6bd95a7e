import { describe, expect, it } from "vitest";
import { HEDGE_EXAMPLES, shownPart } from "../../lib/api/examples/hedge";
import { hedgeRoutes } from "../../lib/api/groups/hedge/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { HEDGE_TEMPLATES } from "../../lib/hedge/rationale";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createTemplateWriter } from "../../lib/narrative/template-writer";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The OpenAPI examples of the hedge routes are what the simulated market answers at
 * EXAMPLE_TIME with the template writer, shortened as `shownPart` says. When the simulated
 * market changes, rewrite lib/api/examples/hedge.ts from the answers this test prints.
 */

const clock = pinnedClock(new Date(EXAMPLE_TIME));
const deps = testDeps({
  market: createSimulatedMarket(clock),
  marketClock: clock,
  narrative: createTemplateWriter(HEDGE_TEMPLATES),
});

describe("hedge OpenAPI examples", () => {
  it.each(["suggest", "analyze"] as const)(
    "%s: the example is the answer at EXAMPLE_TIME",
    async (key) => {
      const route = hedgeRoutes[key] as RouteSpec;
      const example = HEDGE_EXAMPLES[route.id];
      const answer = await callRoute(route, example?.request as never, deps);
      const shown = shownPart(route.id, JSON.parse(JSON.stringify(answer)));
      expect(shown).toEqual(example?.data);
    },
  );
});
