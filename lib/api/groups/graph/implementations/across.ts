import { companyNode, type EdgeType, institutionNode } from "../../../../graph/graph";
import { degreesOf, edgesOf } from "../../../../graph/queries";
import type { GraphSnapshot } from "../../../../graph/snapshot";
import { roundMoney, roundPercent } from "../../../../market/precision";
import { apiError, invalidParameter } from "../../../errors";
import type { Implementations } from "../../../route";
import { COMPARE_MAX, COMPARE_MIN, type graphRelationRoutes } from "../routes/relations";
import { companyInGraph, companyRefOf, edgeOf, nodeOf, snapshotOf } from "./lookup";
import type { GraphDeps } from "./shared";

/** Search over the graph's nodes, and companies compared side by side. */

type AcrossRoutes = Pick<typeof graphRelationRoutes, "search" | "compare">;

/** Lower case without accents, so "Zoë" matches "zoe". */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** 100 exact, 80 prefix, 60 word prefix, 40 substring, 0 none. */
export function matchScore(label: string, q: string): number {
  const text = folded(label);
  if (text === q) return 100;
  if (text.startsWith(q)) return 80;
  if (text.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(q))) return 60;
  return text.includes(q) ? 40 : 0;
}

const ROLE_TYPES = new Set<EdgeType>(["officer-of", "director-of", "owns"]);

function rolesOf(snapshot: GraphSnapshot, node: string): string[] {
  if (!node.startsWith("person:")) return [];
  const roles = edgesOf(snapshot.graph, node, ROLE_TYPES).map((edge) => {
    const symbol = snapshot.graph.getNodeAttribute(edge.target, "symbol") ?? edge.target;
    return `${String(edge.detail.title ?? edge.type)} at ${symbol}`;
  });
  return [...new Set(roles)];
}

function searchResults(snapshot: GraphSnapshot, q: string, kinds: Set<string>) {
  const needle = folded(q);
  const results: { id: string; score: number; degree: number; label: string }[] = [];
  snapshot.graph.forEachNode((id, attributes) => {
    if (!kinds.has(attributes.kind)) return;
    const score = Math.max(
      matchScore(attributes.label, needle),
      attributes.symbol ? matchScore(attributes.symbol, needle) : 0,
    );
    if (score === 0) return;
    const degree = snapshot.graph.degree(id);
    const bonus = Math.min(10, 2.5 * Math.log10(1 + degree));
    results.push({
      id,
      score: Math.round((score + bonus) * 100) / 100,
      degree,
      label: attributes.label,
    });
  });
  return results.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
}

/** The distinct tickers or codes asked for, 2-10 (400 naming `symbols` otherwise). */
function requestedSymbols(text: string): string[] {
  const symbols = [
    ...new Set(
      text
        .split(",")
        .map((part) => part.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (symbols.length < COMPARE_MIN || symbols.length > COMPARE_MAX) {
    throw invalidParameter(
      "symbols",
      `must name ${COMPARE_MIN}-${COMPARE_MAX} distinct symbols (got ${symbols.length})`,
    );
  }
  return symbols;
}

/** A ticker becomes its contract code through the graph's companies; codes pass as they are. */
function codeOf(snapshot: GraphSnapshot, symbol: string): string {
  if (symbol.includes("_")) return symbol;
  return snapshot.companies.get(symbol)?.code ?? symbol;
}

function compareCompany(snapshot: GraphSnapshot, symbol: string) {
  const node = companyNode(symbol);
  const supply = snapshot.supply ?? [];
  const holdings = (snapshot.holdings.get(symbol) ?? []).filter((p) => p.current !== null);
  const shares = snapshot.sharesOutstanding.get(symbol) ?? 0;
  const held = holdings.reduce((sum, position) => sum + (position.current?.shares ?? 0), 0);
  const activity = snapshot.insiderActivity.filter((entry) => entry.symbol === symbol);
  const bought = activity.reduce((sum, entry) => sum + entry.boughtUsd, 0);
  const sold = activity.reduce((sum, entry) => sum + entry.soldUsd, 0);
  return {
    company: companyRefOf(snapshot, symbol),
    marketCapUsd: roundMoney(snapshot.companies.get(symbol)?.marketCapUsd ?? 0),
    degrees: degreesOf(snapshot.graph, node),
    suppliers: supply.filter((relation) => relation.customerId === symbol).length,
    customers: supply.filter((relation) => relation.supplierId === symbol).length,
    institutionalHolders: holdings.length,
    institutionalPercent: shares > 0 ? roundPercent((100 * held) / shares) : 0,
    insiders: {
      boughtUsd: roundMoney(bought),
      soldUsd: roundMoney(sold),
      netUsd: roundMoney(bought - sold),
      people: activity.length,
    },
  };
}

/** Values seen for at least two of the symbols: value → the symbols. */
function sharedAmong(symbols: readonly string[], valuesOf: (symbol: string) => Iterable<string>) {
  const bySymbol = new Map<string, string[]>();
  for (const symbol of symbols) {
    for (const value of new Set(valuesOf(symbol))) {
      bySymbol.set(value, [...(bySymbol.get(value) ?? []), symbol]);
    }
  }
  return [...bySymbol.entries()]
    .filter(([, seen]) => seen.length >= 2)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

function sharedParts(snapshot: GraphSnapshot, symbols: readonly string[]) {
  const supply = snapshot.supply ?? [];
  const suppliersOf = (symbol: string) =>
    supply.filter((r) => r.customerId === symbol).map((r) => r.supplierId);
  const customersOf = (symbol: string) =>
    supply.filter((r) => r.supplierId === symbol).map((r) => r.customerId);
  const holdersOf = (symbol: string) =>
    (snapshot.holdings.get(symbol) ?? [])
      .filter((position) => position.current !== null)
      .map((position) => position.institution.cik);
  const peopleOf = (symbol: string) =>
    edgesOf(snapshot.graph, companyNode(symbol), ROLE_TYPES)
      .map((edge) => edge.source)
      .filter((source) => source.startsWith("person:"));
  const percentIn = (cik: string, symbol: string) => {
    const position = snapshot.holdings.get(symbol)?.find((p) => p.institution.cik === cik);
    const shares = snapshot.sharesOutstanding.get(symbol) ?? 0;
    return shares > 0 ? roundPercent((100 * (position?.current?.shares ?? 0)) / shares) : 0;
  };
  const node = (id: string) => nodeOf(id, snapshot.graph.getNodeAttributes(id));
  return {
    sharedSuppliers: sharedAmong(symbols, suppliersOf).map(([id, customers]) => ({
      company: companyRefOf(snapshot, id),
      customers,
    })),
    sharedCustomers: sharedAmong(symbols, customersOf).map(([id, suppliers]) => ({
      company: companyRefOf(snapshot, id),
      suppliers,
    })),
    sharedInstitutions: sharedAmong(symbols, holdersOf).map(([cik, holding]) => ({
      institution: node(institutionNode(cik)),
      percentBySymbol: Object.fromEntries(
        holding.map((symbol) => [symbol, percentIn(cik, symbol)]),
      ),
    })),
    sharedPeople: sharedAmong(symbols, peopleOf).map(([id, seats]) => ({
      person: node(id),
      symbols: seats,
    })),
  };
}

function directEdges(snapshot: GraphSnapshot, symbols: readonly string[]) {
  const nodes = new Set(symbols.map(companyNode));
  const seen = new Set<string>();
  return symbols
    .flatMap((symbol) => edgesOf(snapshot.graph, companyNode(symbol)))
    .filter((edge) => nodes.has(edge.source) && nodes.has(edge.target) && !seen.has(edge.key))
    .map((edge) => {
      seen.add(edge.key);
      return edgeOf(edge);
    });
}

export const graphAcrossImplementations: Implementations<AcrossRoutes, GraphDeps> = {
  "graph.search": async ({ query }, deps) => {
    const snapshot = await snapshotOf(deps);
    const kinds = new Set(
      query.kinds ? query.kinds.split(",") : ["company", "person", "institution"],
    );
    const results = searchResults(snapshot, query.q, kinds);
    if (results.length === 0) throw apiError("NO_MATCH", { q: query.q });
    return {
      asOf: deps.marketClock.now().toISOString(),
      graphDay: snapshot.day,
      q: query.q,
      total: results.length,
      results: results.slice(0, query.limit).map((result) => ({
        ...nodeOf(result.id, snapshot.graph.getNodeAttributes(result.id)),
        score: result.score,
        degree: result.degree,
        roles: rolesOf(snapshot, result.id),
      })),
    };
  },

  "graph.compare": async ({ query }, deps) => {
    const requested = requestedSymbols(query.symbols);
    const snapshot = await snapshotOf(deps);
    const companies = await Promise.all(
      requested.map((symbol) => companyInGraph(deps, codeOf(snapshot, symbol), "comparison")),
    );
    const symbols = [...new Set(companies.map((company) => company.symbol))];
    if (symbols.length < COMPARE_MIN) {
      throw invalidParameter(
        "symbols",
        `must name ${COMPARE_MIN}-${COMPARE_MAX} distinct companies`,
      );
    }
    return {
      asOf: deps.marketClock.now().toISOString(),
      graphDay: snapshot.day,
      companies: symbols.map((symbol) => compareCompany(snapshot, symbol)),
      ...sharedParts(snapshot, symbols),
      directEdges: directEdges(snapshot, symbols),
    };
  },
};
