import { EDGE_TYPES, type EdgeType } from "../../../../graph/graph";
import { degreesOf, edgesOf, networkAround } from "../../../../graph/queries";
import {
  competitorsOf,
  type ListedCompany,
  peersOf,
  sizeBandOf,
  sizeCloseness,
} from "../../../../graph/similarity";
import { INSIDER_ACTIVITY_DAYS } from "../../../../graph/snapshot";
import { roundMoney } from "../../../../market/precision";
import type { Implementations } from "../../../route";
import type { graphRelationRoutes } from "../routes/relations";
import {
  type CompanyInGraph,
  companyInGraph,
  companyRefOf,
  correlationOf,
  edgeOf,
  graphAnswerOf,
  nodeOf,
  round4,
} from "./lookup";
import type { GraphDeps } from "./shared";

type NeighbourRoutes = Pick<
  typeof graphRelationRoutes,
  "competitors" | "peers" | "related" | "network" | "details"
>;

/** The types a `types` query names (every type when absent). */
export function edgeTypesOf(types: string | undefined): Set<EdgeType> {
  if (types === undefined) return new Set(EDGE_TYPES);
  return new Set(types.split(",").map((type) => type.trim() as EdgeType));
}

function listedSelf(company: CompanyInGraph): ListedCompany {
  return company.snapshot.companies.get(company.symbol) as ListedCompany;
}

function coverageOf(company: CompanyInGraph) {
  const { snapshot, symbol } = company;
  const supply = snapshot.supply ?? [];
  const holdings = snapshot.holdings.get(symbol) ?? [];
  const current = holdings.filter((position) => position.current !== null);
  const activity = snapshot.insiderActivity.filter((entry) => entry.symbol === symbol);
  const people = edgesOf(
    snapshot.graph,
    company.node,
    new Set<EdgeType>(["officer-of", "director-of", "owns"]),
  ).filter((edge) => edge.source.startsWith("person:"));
  return {
    supplyChain: {
      available: snapshot.supply !== null,
      source: snapshot.supply === null ? null : snapshot.provider === "sim" ? "simulated" : "10-K",
      suppliers: supply.filter((relation) => relation.customerId === symbol).length,
      customers: supply.filter((relation) => relation.supplierId === symbol).length,
    },
    people: {
      source: snapshot.provider === "sim" ? "simulated Forms 3/4" : "EDGAR Forms 3/4",
      current: new Set(people.map((edge) => edge.source)).size,
    },
    institutions: {
      source: snapshot.provider === "sim" ? "simulated 13F-HR" : "EDGAR 13F-HR",
      holders: current.length,
      quarterEnd:
        current
          .map((position) => position.current?.quarterEnd ?? "")
          .sort()
          .at(-1) ?? null,
    },
    insiderTrades: {
      source: snapshot.provider === "sim" ? "simulated Form 4" : "EDGAR Form 4",
      windowDays: INSIDER_ACTIVITY_DAYS,
      people: activity.length,
      trades: activity.reduce((sum, entry) => sum + entry.trades, 0),
    },
  };
}

export const graphNeighbourImplementations: Implementations<NeighbourRoutes, GraphDeps> = {
  "graph.competitors": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "competitors");
    const self = listedSelf(company);
    const matches = competitorsOf(self, [...company.snapshot.companies.values()]);
    const competitors = await Promise.all(
      matches.map(async (match) => ({
        company: companyRefOf(company.snapshot, match.competitor.symbol),
        marketCapUsd: roundMoney(match.competitor.marketCapUsd),
        strength: round4(match.strength),
        sameIndustry: match.sameIndustry,
        arenas: match.arenas,
        correlation: await correlationOf(
          deps,
          company.snapshot,
          company.symbol,
          match.competitor.symbol,
        ),
      })),
    );
    return {
      ...graphAnswerOf(deps, company),
      marketCapUsd: roundMoney(self.marketCapUsd),
      competitors,
    };
  },

  "graph.peers": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "peers");
    const self = listedSelf(company);
    const all = [...company.snapshot.companies.values()];
    const band = sizeBandOf(self.marketCapUsd);
    const peers = await Promise.all(
      peersOf(self, all).map(async (match) => ({
        company: companyRefOf(company.snapshot, match.peer.symbol),
        marketCapUsd: roundMoney(match.peer.marketCapUsd),
        similarity: round4(match.similarity),
        sizeCloseness: round4(match.sizeCloseness),
        correlation: await correlationOf(deps, company.snapshot, company.symbol, match.peer.symbol),
      })),
    );
    const others = all
      .filter(
        (other) =>
          other.symbol !== self.symbol &&
          other.industry === self.industry &&
          sizeBandOf(other.marketCapUsd) !== band,
      )
      .map((other) => ({
        company: companyRefOf(company.snapshot, other.symbol),
        marketCapUsd: roundMoney(other.marketCapUsd),
        sizeBand: sizeBandOf(other.marketCapUsd),
        sizeCloseness: round4(sizeCloseness(self.marketCapUsd, other.marketCapUsd)),
      }))
      .sort(
        (a, b) => b.sizeCloseness - a.sizeCloseness || a.company.id.localeCompare(b.company.id),
      );
    return {
      ...graphAnswerOf(deps, company),
      industry: self.industry,
      sector: self.sector,
      marketCapUsd: roundMoney(self.marketCapUsd),
      sizeBand: band,
      peers,
      sameIndustryOtherBands: peers.length === 0 ? others : [],
    };
  },

  "graph.related": async ({ params, query }, deps) => {
    const company = await companyInGraph(deps, params.code, "related companies");
    const { graph } = company.snapshot;
    const edges = edgesOf(graph, company.node, edgeTypesOf(query.types)).map((edge) => {
      const other = edge.source === company.node ? edge.target : edge.source;
      return { edge, other };
    });
    edges.sort((a, b) => b.edge.weight - a.edge.weight || (a.other < b.other ? -1 : 1));
    return {
      ...graphAnswerOf(deps, company),
      total: edges.length,
      related: edges.slice(0, query.limit).map(({ edge, other }) => ({
        node: nodeOf(other, graph.getNodeAttributes(other)),
        edge: edgeOf(edge),
        direction: !edge.directed
          ? ("undirected" as const)
          : edge.source === company.node
            ? ("outbound" as const)
            : ("inbound" as const),
      })),
    };
  },

  "graph.network": async ({ params, query }, deps) => {
    const company = await companyInGraph(deps, params.code, "network");
    const types = edgeTypesOf(query.types);
    const network = networkAround(
      company.snapshot.graph,
      company.node,
      query.depth,
      query.maxNodes,
      types,
    );
    return {
      ...graphAnswerOf(deps, company),
      depth: query.depth,
      maxNodes: query.maxNodes,
      types: [...types],
      omittedNodes: network.omittedNodes,
      nodes: network.nodes.map((node) => ({
        ...nodeOf(node.id, node.attributes),
        depth: node.depth,
        pathStrength: round4(node.strength),
      })),
      edges: network.edges.map(edgeOf),
    };
  },

  "graph.details": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "graph details");
    const { graph } = company.snapshot;
    const degrees = degreesOf(graph, company.node);
    return {
      ...graphAnswerOf(deps, company),
      node: nodeOf(company.node, graph.getNodeAttributes(company.node)),
      marketCapUsd: roundMoney(listedSelf(company).marketCapUsd),
      degrees,
      totalDegree: degrees.reduce((sum, degree) => sum + degree.total, 0),
      coverage: coverageOf(company),
    };
  },
};
