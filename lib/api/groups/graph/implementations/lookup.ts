import { type PairCorrelation, pairCorrelation } from "../../../../graph/correlation";
import type { EdgeAttributes, NodeAttributes } from "../../../../graph/graph";
import { companyNode } from "../../../../graph/graph";
import type { GraphEdge } from "../../../../graph/queries";
import { type GraphSnapshot, graphSnapshot } from "../../../../graph/snapshot";
import { roundPercent } from "../../../../market/precision";
import { apiError } from "../../../errors";
import { fromProvider } from "../../../market-data";
import { fromCompanySource, type GraphDeps, graphCompany, notSupplied } from "./shared";

/** Reading the day's graph for one company, and shaping its nodes and edges for answers. */

export interface CompanyInGraph {
  snapshot: GraphSnapshot;
  symbol: string;
  code: string;
  /** The company's node id. */
  node: string;
}

/** The day's graph (503 COMPANY_DATA_UNAVAILABLE or MARKET_DATA_UNAVAILABLE when a source fails). */
export function snapshotOf(deps: GraphDeps): Promise<GraphSnapshot> {
  return fromCompanySource(() => fromProvider(() => graphSnapshot(deps)));
}

/** The company (404s as graphCompany) and the day's graph, which must hold it. */
export async function companyInGraph(
  deps: GraphDeps,
  code: string,
  what: string,
): Promise<CompanyInGraph> {
  const instrument = await graphCompany(deps, code, what);
  const snapshot = await snapshotOf(deps);
  const node = companyNode(instrument.symbol);
  if (!snapshot.graph.hasNode(node)) {
    throw apiError("NO_DATA", {
      what,
      code: instrument.code,
      reason: "the company graph does not cover it",
    });
  }
  return { snapshot, symbol: instrument.symbol, code: instrument.code, node };
}

/** The supply relations, or 503 naming the supply chain when the provider has none. */
export function supplyOf(snapshot: GraphSnapshot) {
  if (snapshot.supply === null) throw notSupplied("supply chains");
  return snapshot.supply;
}

export function graphAnswerOf(deps: GraphDeps, { snapshot, symbol, code }: CompanyInGraph) {
  return {
    symbol,
    code,
    asOf: deps.marketClock.now().toISOString(),
    graphDay: snapshot.day,
    provider: snapshot.provider,
  };
}

/** A company node as answers show it (companyRef). */
export function companyRefOf(snapshot: GraphSnapshot, companyId: string) {
  const id = companyNode(companyId);
  const listed = snapshot.companies.get(companyId);
  const unlisted = snapshot.unlisted.get(companyId);
  return {
    id,
    name: listed?.name ?? unlisted?.name ?? companyId,
    listed: listed !== undefined,
    symbol: listed?.symbol ?? null,
    code: listed?.code ?? null,
    sector: listed?.sector || unlisted?.sector || null,
    industry: listed?.industry || unlisted?.industry || null,
    country: unlisted?.country ?? null,
  };
}

/** The company id of a company node id ("company:AAPL" → "AAPL"). */
export const companyIdOf = (node: string) => node.slice("company:".length);

/** Any node as answers show it (nodeSchema). */
export function nodeOf(id: string, attributes: NodeAttributes) {
  return {
    id,
    kind: attributes.kind,
    label: attributes.label,
    symbol: attributes.symbol ?? null,
    code: attributes.code ?? null,
    listed: attributes.listed ?? null,
    sector: attributes.sector ?? null,
    industry: attributes.industry ?? null,
    country: attributes.country ?? null,
    cik: attributes.cik ?? null,
    institutionKind: attributes.institutionKind ?? null,
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** An edge as answers show it (edgeSchema). */
export function edgeOf(edge: GraphEdge) {
  return {
    id: edge.key,
    type: edge.type,
    source: edge.source,
    target: edge.target,
    directed: edge.directed,
    strength: round4(edge.weight),
    since: edge.since,
    asOf: edge.asOf,
    detail: roundedDetail(edge),
  };
}

function roundedDetail(edge: EdgeAttributes) {
  return Object.fromEntries(
    Object.entries(edge.detail).map(([key, value]) => [
      key,
      typeof value === "number" && !Number.isInteger(value) ? round4(value) : value,
    ]),
  );
}

export const percentOf = (share: number | null) =>
  share === null ? null : roundPercent(share * 100);

export { round4 };

/** The listed pair's correlations; none when either is unlisted. */
export function correlationOf(
  deps: GraphDeps,
  snapshot: GraphSnapshot,
  symbol: string,
  otherId: string,
): Promise<PairCorrelation> {
  const self = snapshot.companies.get(symbol);
  const other = snapshot.companies.get(otherId);
  if (!self || !other) {
    return Promise.resolve({ oneMonth: null, threeMonths: null, twelveMonths: null });
  }
  return pairCorrelation(deps.market, snapshot.closes, self.code, other.code);
}
