import Graph from "graphology";
import type {
  Institution,
  InstitutionalPosition,
  Position,
  SupplyRelation,
  UnlistedCompany,
} from "./ports";
import { competitorsOf, type ListedCompany, peersOf } from "./similarity";

/**
 * The company graph: companies (listed, and the unlisted suppliers and customers the supply
 * chain names), people and institutions, joined by typed, weighted, dated edges, held in a
 * graphology mixed multigraph. Supply, ownership and office edges are directed (supplier →
 * customer, holder → company, person → company); competition and peer edges are undirected.
 *
 * Every edge has a strength 0-1 (attribute `weight`), comparable across types so `related`
 * can rank them and `network` can keep the strongest:
 * - supplies-to: √(the larger of the customer's cost share and the supplier's revenue share)
 *   (4 % → 0.2, 25 % → 0.5);
 * - competes-with, peer-of: the competitor strength and the peer similarity (similarity.ts);
 * - officer-of: 1 for a chief executive or financial officer, 0.8 for other officers;
 *   director-of: 0.6; owns (a person owning 10 % or more): 0.8;
 * - owns (an institution, latest 13F): min(1, percent of shares outstanding / 10);
 * - insider-traded (a person's Form 4 trades of the last 12 months): min(1, log10(1 + value in
 *   USD) / 7), 10 million dollars → 1.
 */

export type NodeKind = "company" | "person" | "institution";
export type EdgeType =
  | "supplies-to"
  | "competes-with"
  | "peer-of"
  | "officer-of"
  | "director-of"
  | "owns"
  | "insider-traded";

export const EDGE_TYPES: readonly EdgeType[] = [
  "supplies-to",
  "competes-with",
  "peer-of",
  "officer-of",
  "director-of",
  "owns",
  "insider-traded",
];

export interface NodeAttributes {
  kind: NodeKind;
  label: string;
  /** Listed companies: ticker and contract code. */
  symbol?: string;
  code?: string;
  listed?: boolean;
  sector?: string;
  industry?: string;
  country?: string;
  /** People and institutions: the 10-digit CIK. */
  cik?: string;
  /** Institutions: index-fund, asset-manager, ... */
  institutionKind?: string;
}

export type EdgeDetail = Readonly<Record<string, string | number | boolean | null>>;

export interface EdgeAttributes {
  type: EdgeType;
  /** Strength 0-1 (see the module comment). */
  weight: number;
  /** First day of the relation, yyyy-MM-dd; null when unknown. */
  since: string | null;
  /** The day the figures are as of (a 13F's quarter end, the graph's day); null when timeless. */
  asOf: string | null;
  /** The edge's figures: shares, titles, percentages, as its type has them. */
  detail: EdgeDetail;
}

export type CompanyGraph = Graph<NodeAttributes, EdgeAttributes>;

/** One person's Form 4 trades of one issuer over the last 12 months. */
export interface InsiderActivity {
  personCik: string;
  personName: string;
  symbol: string;
  trades: number;
  /** Open-market purchases and sales, USD. */
  boughtUsd: number;
  soldUsd: number;
  lastTradeDate: string;
}

export interface GraphInputs {
  /** The graph's day, yyyy-MM-dd. */
  day: string;
  /** Listed companies with their market capitalisation. */
  companies: readonly ListedCompany[];
  unlisted: readonly UnlistedCompany[];
  /** Supply relations in force ([] when the provider has none). */
  supply: readonly SupplyRelation[];
  /** Current positions of people. */
  positions: readonly Position[];
  institutions: readonly Institution[];
  /** Institutional positions by symbol. */
  holdings: ReadonlyMap<string, readonly InstitutionalPosition[]>;
  /** Shares outstanding by symbol (for institutions' percentages). */
  sharesOutstanding: ReadonlyMap<string, number>;
  insiderActivity: readonly InsiderActivity[];
}

export const companyNode = (companyId: string) => `company:${companyId}`;
export const personNode = (cik: string) => `person:${cik}`;
export const institutionNode = (cik: string) => `institution:${cik}`;

/** The graph of the inputs (a few milliseconds for the simulated world's ~2,000 nodes). */
export function buildCompanyGraph(inputs: GraphInputs): CompanyGraph {
  const graph: CompanyGraph = new Graph({ type: "mixed", multi: true, allowSelfLoops: false });
  addCompanies(graph, inputs);
  addSupply(graph, inputs.supply);
  addCompetition(graph, inputs.companies);
  addPeople(graph, inputs.positions);
  addInstitutions(graph, inputs);
  addInsiderActivity(graph, inputs);
  return graph;
}

function addCompanies(graph: CompanyGraph, inputs: GraphInputs): void {
  for (const company of inputs.companies) {
    graph.addNode(companyNode(company.symbol), {
      kind: "company",
      label: company.name,
      symbol: company.symbol,
      code: company.code,
      listed: true,
      sector: company.sector,
      industry: company.industry,
    });
  }
  for (const company of inputs.unlisted) {
    graph.mergeNode(companyNode(company.companyId), {
      kind: "company",
      label: company.name,
      listed: false,
      sector: company.sector,
      industry: company.industry,
      country: company.country,
    });
  }
}

function addSupply(graph: CompanyGraph, relations: readonly SupplyRelation[]): void {
  for (const relation of relations) {
    const supplier = companyNode(relation.supplierId);
    const customer = companyNode(relation.customerId);
    if (!graph.hasNode(supplier) || !graph.hasNode(customer)) continue;
    const share = Math.max(relation.customerCostShare ?? 0, relation.supplierRevenueShare ?? 0);
    graph.addDirectedEdge(supplier, customer, {
      type: "supplies-to",
      weight: Math.min(1, Math.sqrt(share)),
      since: relation.since,
      asOf: null,
      detail: {
        product: relation.product,
        customerCostShare: relation.customerCostShare,
        supplierRevenueShare: relation.supplierRevenueShare,
        source: relation.source,
      },
    });
  }
}

function addCompetition(graph: CompanyGraph, companies: readonly ListedCompany[]): void {
  for (const company of companies) {
    for (const match of competitorsOf(company, companies)) {
      if (match.competitor.symbol < company.symbol) continue;
      graph.addUndirectedEdge(companyNode(company.symbol), companyNode(match.competitor.symbol), {
        type: "competes-with",
        weight: match.strength,
        since: null,
        asOf: null,
        detail: { sameIndustry: match.sameIndustry, arenas: match.arenas.join(", ") || null },
      });
    }
    for (const match of peersOf(company, companies)) {
      if (match.peer.symbol < company.symbol) continue;
      graph.addUndirectedEdge(companyNode(company.symbol), companyNode(match.peer.symbol), {
        type: "peer-of",
        weight: match.similarity,
        since: null,
        asOf: null,
        detail: { sizeCloseness: match.sizeCloseness, industry: company.industry },
      });
    }
  }
}

const CHIEF_OFFICERS = /chief (executive|financial) officer/i;

function addPeople(graph: CompanyGraph, positions: readonly Position[]): void {
  for (const position of positions) {
    const company = companyNode(position.symbol);
    if (!graph.hasNode(company)) continue;
    const person = personNode(position.personCik);
    graph.mergeNode(person, { kind: "person", label: position.name, cik: position.personCik });
    const edge = (type: EdgeType, weight: number) =>
      graph.addDirectedEdge(person, company, {
        type,
        weight,
        since: position.since,
        asOf: null,
        detail: { title: position.title, role: position.role },
      });
    const { relationship } = position;
    if (relationship.isOfficer) edge("officer-of", CHIEF_OFFICERS.test(position.title) ? 1 : 0.8);
    if (relationship.isDirector) edge("director-of", 0.6);
    if (relationship.isTenPercentOwner) edge("owns", 0.8);
  }
}

function addInstitutions(graph: CompanyGraph, inputs: GraphInputs): void {
  const byCik = new Map(inputs.institutions.map((institution) => [institution.cik, institution]));
  for (const [symbol, positions] of inputs.holdings) {
    const company = companyNode(symbol);
    const shares = inputs.sharesOutstanding.get(symbol);
    if (!graph.hasNode(company) || !shares) continue;
    for (const { current } of positions) {
      const institution = current && byCik.get(current.institutionCik);
      if (!current || !institution) continue;
      const node = institutionNode(institution.cik);
      graph.mergeNode(node, {
        kind: "institution",
        label: institution.name,
        cik: institution.cik,
        institutionKind: institution.kind,
      });
      const percent = (100 * current.shares) / shares;
      graph.addDirectedEdge(node, company, {
        type: "owns",
        weight: Math.min(1, percent / 10),
        since: null,
        asOf: current.quarterEnd,
        detail: {
          shares: current.shares,
          valueUsd: current.valueUsd,
          percentOfSharesOutstanding: percent,
          accessionNumber: current.accessionNumber,
        },
      });
    }
  }
}

function addInsiderActivity(graph: CompanyGraph, inputs: GraphInputs): void {
  for (const activity of inputs.insiderActivity) {
    const company = companyNode(activity.symbol);
    if (!graph.hasNode(company)) continue;
    const person = personNode(activity.personCik);
    graph.mergeNode(person, {
      kind: "person",
      label: activity.personName,
      cik: activity.personCik,
    });
    const valueUsd = activity.boughtUsd + activity.soldUsd;
    graph.addDirectedEdge(person, company, {
      type: "insider-traded",
      weight: Math.min(1, Math.log10(1 + valueUsd) / 7),
      since: null,
      asOf: activity.lastTradeDate,
      detail: {
        trades: activity.trades,
        boughtUsd: activity.boughtUsd,
        soldUsd: activity.soldUsd,
        window: "12 months",
      },
    });
  }
}
