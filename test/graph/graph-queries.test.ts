import { describe, expect, it } from "vitest";
import { buildCompanyGraph } from "../../lib/graph/graph";
import { degreesOf, networkAround, supplyPathsInto } from "../../lib/graph/queries";
import {
  competitorsOf,
  type ListedCompany,
  peersOf,
  sizeBandOf,
  sizeCloseness,
} from "../../lib/graph/similarity";
import { listedCompany, supplyEdge, supplyOnlyInputs } from "./hand-built-graph";

/**
 * The graph's building blocks on a hand-built world, every figure worked out here: edge
 * strengths, size bands and closeness, peers and competitors, supply paths and their order,
 * the network's depth and size bounds.
 */

const COMPANIES = [
  listedCompany("AAA", "Widgets", 400e9),
  listedCompany("BBB", "Widgets", 250e9),
  listedCompany("CCC", "Widgets", 20e9),
  listedCompany("DDD", "Gears", 5e9),
  listedCompany("EEE", "Gears", 1e9),
];

const TINY_FOUNDRY = {
  companyId: "tiny-foundry",
  name: "Tiny Foundry",
  country: "TW",
  industry: "Gears",
  sector: "Test",
};

describe("size bands, closeness, peers and competitors", () => {
  it("follow the stated cut-offs and formulas", () => {
    expect([400e9, 200e9, 199e9, 10e9, 2e9, 1.99e9].map(sizeBandOf)).toEqual([
      "mega",
      "mega",
      "large",
      "large",
      "mid",
      "small",
    ]);
    expect(sizeCloseness(10e9, 10e9)).toBe(1);
    expect(sizeCloseness(100e9, 10e9)).toBeCloseTo(0.5, 12);
    expect(sizeCloseness(1000e9, 10e9)).toBe(0);
    const [aaa] = COMPANIES as [ListedCompany];
    const peers = peersOf(aaa, COMPANIES);
    expect(peers.map((p) => p.peer.symbol)).toEqual(["BBB"]);
    const closeness = 1 - Math.log10(400 / 250) / 2;
    expect(peers[0]?.similarity).toBeCloseTo(0.5 + 0.5 * closeness, 12);
    const competitors = competitorsOf(aaa, COMPANIES);
    expect(competitors.map((c) => c.competitor.symbol)).toEqual(["BBB", "CCC"]);
    expect(competitors[1]?.strength).toBeCloseTo(0.6 + 0.4 * (1 - Math.log10(20) / 2), 12);
  });
});

describe("the graph and its queries", () => {
  const graph = buildCompanyGraph(
    supplyOnlyInputs(
      COMPANIES,
      [
        supplyEdge("tiny-foundry", "DDD", 0.3, 0.5),
        supplyEdge("DDD", "AAA", 0.1, 0.4),
        supplyEdge("EEE", "AAA", 0.04, 0.2),
        supplyEdge("tiny-foundry", "EEE", 0.2, 0.1),
      ],
      [TINY_FOUNDRY],
    ),
  );

  it("weighs supply edges by the square root of the larger share", () => {
    const edge = graph.findEdge("company:DDD", "company:AAA", (_e, a) => a.type === "supplies-to");
    expect(graph.getEdgeAttribute(edge, "weight")).toBeCloseTo(Math.sqrt(0.4), 12);
    expect(degreesOf(graph, "company:AAA")).toContainEqual({
      type: "supplies-to",
      inbound: 2,
      outbound: 0,
      undirected: 0,
      total: 2,
    });
  });

  it("finds every supply path into a company within the depth, shortest first", () => {
    const paths = supplyPathsInto(graph, "company:AAA", 3);
    expect(paths.map((p) => p.nodes.join(">"))).toEqual([
      "company:DDD>company:AAA",
      "company:EEE>company:AAA",
      "company:tiny-foundry>company:DDD>company:AAA",
      "company:tiny-foundry>company:EEE>company:AAA",
    ]);
    expect(paths[2]?.costShares).toEqual([0.3, 0.1]);
    expect(supplyPathsInto(graph, "company:AAA", 1)).toHaveLength(2);
  });

  it("keeps the network within depth and size, nearer and stronger nodes first", () => {
    const types = new Set(["supplies-to"] as const);
    const depthOne = networkAround(graph, "company:AAA", 1, 10, types);
    expect(depthOne.nodes.map((n) => n.id)).toEqual(["company:AAA", "company:DDD", "company:EEE"]);
    const depthTwo = networkAround(graph, "company:AAA", 2, 3, types);
    expect(depthTwo.nodes.map((n) => n.id)).toEqual(["company:AAA", "company:DDD", "company:EEE"]);
    expect(depthTwo.omittedNodes).toBe(1);
    const all = networkAround(graph, "company:AAA", 2, 10, types);
    const foundry = all.nodes.find((n) => n.id === "company:tiny-foundry");
    // Strongest path: via DDD, √0.4 × √0.5, against √0.2 × √0.2 via EEE.
    expect(foundry).toMatchObject({ depth: 2 });
    expect(foundry?.strength).toBeCloseTo(Math.sqrt(0.4) * Math.sqrt(0.5), 12);
    expect(all.edges).toHaveLength(4);
  });
});
