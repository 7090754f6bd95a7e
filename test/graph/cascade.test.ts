import { beforeAll, describe, expect, it } from "vitest";
import { graphRoutes as routes } from "../../lib/api/groups/graph/routes";
import type { Deps } from "../../lib/deps";
import { propagateShock } from "../../lib/graph/cascade";
import { buildCompanyGraph } from "../../lib/graph/graph";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";
import { listedCompany, supplyEdge, supplyOnlyInputs } from "./hand-built-graph";

/**
 * Cascade propagation: on a hand-built supply chain with a cycle, every impact worked out by
 * hand (depth limit, decay, two paths summed in one layer, the cycle walked once); then the
 * endpoint on the simulated world, whose first layer is the suppliers' and customers' shares.
 */

// A → B → D, A → C → D, D → E, and a cycle E → A.
const relations = [
  supplyEdge("A", "B", 0.5, 0.2),
  supplyEdge("A", "C", 0.25, 0.1),
  supplyEdge("B", "D", 0.4, 0.3),
  supplyEdge("C", "D", 0.2, 0.6),
  supplyEdge("D", "E", 0.1, 0.5),
  supplyEdge("E", "A", 0.3, 0.05),
];
const graph = buildCompanyGraph(
  supplyOnlyInputs(
    ["A", "B", "C", "D", "E"].map((symbol) => listedCompany(symbol)),
    relations,
  ),
);
const byNode = (nodes: ReturnType<typeof propagateShock>) =>
  Object.fromEntries(nodes.map((n) => [n.node.slice("company:".length), n]));

describe("shock propagation", () => {
  it("multiplies shares and decay along paths and sums a layer's contributions", () => {
    const down = byNode(
      propagateShock(graph, "company:A", "customers", "customerCostShare", -20, 0.5, 3),
    );
    expect(down.B?.impact).toBeCloseTo(-20 * 0.5 * 0.5, 12);
    expect(down.C?.impact).toBeCloseTo(-20 * 0.25 * 0.5, 12);
    // D from B and from C, both at depth 2.
    const d = -5 * 0.4 * 0.5 + -2.5 * 0.2 * 0.5;
    expect(down.D).toMatchObject({ depth: 2, path: ["company:A", "company:B", "company:D"] });
    expect(down.D?.impact).toBeCloseTo(d, 12);
    expect(down.E?.impact).toBeCloseTo(d * 0.1 * 0.5, 12);
    // The cycle E → A does not bring A back.
    expect(Object.keys(down).sort()).toEqual(["B", "C", "D", "E"]);
  });

  it("stops at the depth, walks suppliers the other way, and has no decay at 1", () => {
    const shallow = byNode(
      propagateShock(graph, "company:A", "customers", "customerCostShare", -20, 0.5, 1),
    );
    expect(Object.keys(shallow).sort()).toEqual(["B", "C"]);
    const up = byNode(
      propagateShock(graph, "company:D", "suppliers", "supplierRevenueShare", 10, 1, 3),
    );
    expect(up.B?.impact).toBeCloseTo(10 * 0.3, 12);
    expect(up.C?.impact).toBeCloseTo(10 * 0.6, 12);
    expect(up.A?.impact).toBeCloseTo(3 * 0.2 + 6 * 0.1, 12);
    // E supplies A: reached at depth 3 through the cycle.
    expect(up.E).toMatchObject({ depth: 3 });
    expect(up.E?.impact).toBeCloseTo(1.2 * 0.05, 12);
  });
});

describe("GET /graph/{code}/cascade-risk", () => {
  let deps: Deps;
  beforeAll(() => {
    deps = simulatedWorldDeps("2026-11-23T15:00:00.000Z");
  });

  it("starts each list with the direct shares of the suppliers and customers endpoints", async () => {
    const params = { code: "NVDA_NASDAQ" };
    const risk = await callRoute(
      routes.cascadeRisk,
      { params, query: { shockPercent: "-10", decay: "0.5", depth: "3", limit: "100" } },
      deps,
    );
    const { suppliers } = await callRoute(routes.suppliers, { params }, deps);
    const { customers } = await callRoute(routes.customers, { params }, deps);
    const first = (list: {
      companies: { depth: number; company: { id: string }; impactPercent: number }[];
    }) =>
      new Map(
        list.companies.filter((c) => c.depth === 1).map((c) => [c.company.id, c.impactPercent]),
      );
    const downstream = first(risk.from.downstream);
    for (const customer of customers) {
      const expected = -10 * ((customer.customerCostSharePercent ?? 0) / 100) * 0.5;
      expect(downstream.get(customer.company.id)).toBeCloseTo(expected, 3);
    }
    const upstream = first(risk.from.upstream);
    for (const supplier of suppliers) {
      const expected = -10 * ((supplier.supplierRevenueSharePercent ?? 0) / 100) * 0.5;
      expect(upstream.get(supplier.company.id)).toBeCloseTo(expected, 3);
    }
    const fromSuppliers = first(risk.to.fromSuppliers);
    for (const supplier of suppliers) {
      const expected = -10 * ((supplier.customerCostSharePercent ?? 0) / 100) * 0.5;
      expect(fromSuppliers.get(supplier.company.id)).toBeCloseTo(expected, 3);
    }
    for (const list of [risk.from.downstream, risk.from.upstream, risk.to.fromSuppliers]) {
      const sizes = list.companies.map((c) => Math.abs(c.impactPercent));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      for (const c of list.companies) expect(c.depth).toBeLessThanOrEqual(3);
    }
    expect(risk.from.downstream.reached).toBeGreaterThan(customers.length);
  });

  it("refuses bad parameters naming them, and non-companies", async () => {
    const params = { code: "AAPL_NASDAQ" };
    await expectInvalid(
      () => callRoute(routes.cascadeRisk, { params, query: { decay: "1.5" } }, deps),
      "decay",
    );
    await expectInvalid(
      () => callRoute(routes.cascadeRisk, { params, query: { depth: "4" } }, deps),
      "depth",
    );
    await expectInvalid(
      () => callRoute(routes.cascadeRisk, { params, query: { shockPercent: "x" } }, deps),
      "shockPercent",
    );
    expect(
      await refusal(() =>
        callRoute(routes.cascadeRisk, { params: { code: "SPY_ARCA" }, query: {} }, deps),
      ),
    ).toMatchObject({ status: 404, code: "NO_DATA" });
  });
});
