import { describe, expect, it } from "vitest";
import { COMPANY_EXAMPLES } from "../../lib/api/examples/company";
import { companyRoutes as routes } from "../../lib/api/groups/company/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { createSimulatedCompanyData } from "../../lib/company/sim";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/** The company group's OpenAPI examples are what its routes answer at EXAMPLE_TIME. */

const clock = pinnedClock(new Date(EXAMPLE_TIME));
const market = createSimulatedMarket(clock);
const deps = testDeps({
  market,
  marketClock: clock,
  company: createSimulatedCompanyData(market, clock),
});

/** Lists the examples shorten to their first items. */
const LISTS = ["results", "events", "messages", "filings", "sectorPeers", "industryPeers"];

describe("OpenAPI examples of the company routes", () => {
  it("are what the routes answer at EXAMPLE_TIME (lists shortened to their first items)", async () => {
    const all = Object.values(routes) as RouteSpec[];
    expect(Object.keys(COMPANY_EXAMPLES).sort()).toEqual(all.map((r) => r.id).sort());
    for (const route of all) {
      const example = COMPANY_EXAMPLES[route.id];
      const data = example?.data as Record<string, unknown>;
      const answer = JSON.parse(
        JSON.stringify(
          await callRoute(route as typeof routes.profile, example?.request as never, deps),
        ),
      );
      for (const key of LISTS) {
        if (Array.isArray(data[key]))
          answer[key] = answer[key].slice(0, (data[key] as unknown[]).length);
      }
      expect(answer, route.id).toEqual(data);
    }
  });
});
