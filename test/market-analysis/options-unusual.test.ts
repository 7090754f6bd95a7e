import { describe, expect, it } from "vitest";
import { marketAnalysisMarketRoutes as routes } from "../../lib/api/groups/marketAnalysis/routes/market";
import { optionsFlowRoutes } from "../../lib/api/groups/options/routes/flow";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";

/**
 * GET /market/analysis/options-unusual at EXAMPLE_TIME: every optionable stock's unusual prints
 * as GET /options/{code}/flow serves them (the same code), largest premium first.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);

describe("GET /market/analysis/options-unusual", () => {
  it("serves each stock's flow prints, largest premium first", async () => {
    const answer = await callRoute(routes.optionsUnusual, { query: { limit: "200" } }, deps);
    expect(answer.stocksScanned).toBeGreaterThan(100);
    const premiums = answer.prints.map((print) => print.premium);
    expect([...premiums].sort((a, b) => b - a)).toEqual(premiums);
    expect(answer.byStock.reduce((sum, stock) => sum + stock.prints, 0)).toBe(
      answer.unusualPrintCount,
    );
    for (const stock of answer.byStock.slice(0, 2)) {
      const flow = await callRoute(
        optionsFlowRoutes.flow,
        { params: { code: stock.code }, query: { limit: "500" } },
        deps,
      );
      expect(flow.totals.printCount).toBe(stock.prints);
      expect(flow.totals.totalPremium).toBe(stock.premium);
      const mine = answer.prints.filter((print) => print.code === stock.code);
      const contracts = (list: { contract: string; time: string; premium: number }[]) =>
        list.map((p) => `${p.time} ${p.contract} ${p.premium}`).sort();
      if (answer.unusualPrintCount <= 200) expect(contracts(mine)).toEqual(contracts(flow.items));
    }
  });

  it("raises the bar with minPremium", async () => {
    const strict = await callRoute(
      routes.optionsUnusual,
      { query: { minPremium: "1000000", limit: "200" } },
      deps,
    );
    expect(
      strict.prints.every((print) => print.premium >= 1_000_000 || print.reasons.length > 0),
    ).toBe(true);
    expect(strict.minPremium).toBe(1_000_000);
  });
});
