import { describe, expect, it } from "vitest";
import { ROUTES } from "../../lib/api/groups/registry";
import { documentedRoutes } from "../../lib/api/openapi";
import { EXAMPLE_TIME, operationExamples } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The market examples of the OpenAPI document are what the simulated market answers at
 * EXAMPLE_TIME: each documented market route is called in-process, as its Lambda wired with
 * SIM_NOW = EXAMPLE_TIME calls it, with the example's request, and the example's data must equal
 * the answer. Where an example shows part of a long list, SHOWN says which part, so the part
 * shown is compared item by item. When the simulated market changes, rewrite the examples in
 * lib/api/openapi-examples.ts from the answers this test prints, then `npm run generate`.
 */

process.env.SIM_NOW = EXAMPLE_TIME;
process.env.MARKET_PROVIDER = "sim";
const deps = testDeps();
const examples = await operationExamples(ROUTES, deps);
const marketRoutes = documentedRoutes(ROUTES).filter((route) => route.group === "market");

type Row = Record<string, unknown>;
interface Chart {
  bars: Row[];
  indicators: Record<string, Row[]>;
}

/** As many of the answer's first items as the example shows. */
const firstItems = (answer: unknown, example: unknown) =>
  (answer as unknown[]).slice(0, shownCount(example));

/** The part of the answer an example shows, for examples that shorten a long answer. */
const SHOWN: Record<string, (answer: unknown, example: unknown) => unknown> = {
  // The last bars (today's in progress last) and the indicator values of the same bars.
  "market.chart": (answer, example) => {
    const full = answer as Chart;
    const shown = example as Chart;
    const indicators = Object.entries(full.indicators).map(([name, values]) => [
      name,
      values.slice(-shownCount(shown.indicators[name])),
    ]);
    return {
      ...full,
      bars: full.bars.slice(-shownCount(shown.bars)),
      indicators: Object.fromEntries(indicators),
    };
  },
  // The first instrument of each contract type, in the answer's order.
  "market.tradeable": (answer) =>
    (answer as Row[]).filter(
      (row, index, rows) => rows.findIndex((r) => r.contractType === row.contractType) === index,
    ),
  "market.indices": firstItems,
  "market.crypto": firstItems,
  "market.scan": firstItems,
  "market.trending": firstItems,
};

/** How many items an example's shortened list shows: at least one, or it shows nothing. */
function shownCount(list: unknown): number {
  expect(Array.isArray(list) && list.length > 0, "a shortened list shows at least one item").toBe(
    true,
  );
  return (list as unknown[]).length;
}

/** The route's data at EXAMPLE_TIME for the example's request, as JSON carries it. */
async function answerAtExampleTime(route: RouteSpec): Promise<unknown> {
  const request = examples[route.id]?.request ?? {};
  return asJson(await callRoute(route, request as never, deps));
}

/** What a client reads, and what the generated document holds: no undefined fields, no -0. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("OpenAPI market examples are the simulated market's answers at EXAMPLE_TIME", () => {
  it("checks every documented market route, and shortens only documented ones", () => {
    const ids = marketRoutes.map((route) => route.id);
    expect(ids).toEqual(expect.arrayContaining(["market.quote", "market.chart", "market.scan"]));
    for (const id of Object.keys(SHOWN)) expect(ids).toContain(id);
  });

  it.each(marketRoutes.map((route) => [route.id, route] as const))(
    "%s shows what the route answers to the example's request",
    async (id, route) => {
      expect(examples[id]?.data, `${id}: no example data`).toBeDefined();
      const example = asJson(examples[id]?.data);
      const answer = await answerAtExampleTime(route);
      const shown = SHOWN[id]?.(answer, example) ?? answer;
      expect(
        example,
        `${id}: the example differs from the answer at EXAMPLE_TIME, which is\n${JSON.stringify(shown, null, 2)}`,
      ).toStrictEqual(shown);
    },
  );
});
