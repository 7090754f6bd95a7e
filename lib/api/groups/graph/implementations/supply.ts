import type { SupplyRelation } from "../../../../graph/ports";
import { supplyPathsInto } from "../../../../graph/queries";
import type { GraphSnapshot } from "../../../../graph/snapshot";
import { roundPercent } from "../../../../market/precision";
import { type CsvValue, csvPayload, objectsCsv } from "../../../csv";
import { rankedPage } from "../../../pages";
import type { Implementations } from "../../../route";
import type { graphRelationRoutes } from "../routes/relations";
import {
  type CompanyInGraph,
  companyIdOf,
  companyInGraph,
  companyRefOf,
  correlationOf,
  graphAnswerOf,
  percentOf,
  round4,
  snapshotOf,
  supplyOf,
} from "./lookup";
import type { GraphDeps } from "./shared";

type SupplyRoutes = Pick<
  typeof graphRelationRoutes,
  "suppliers" | "customers" | "supplyChainImpact" | "supplyChainBulk" | "supplyChainCoverage"
>;

/** The relation's strength, as the graph weighs supplies-to edges. */
const strengthOf = (relation: SupplyRelation) =>
  round4(
    Math.min(
      1,
      Math.sqrt(Math.max(relation.customerCostShare ?? 0, relation.supplierRevenueShare ?? 0)),
    ),
  );

/** What every answer shows of a relation: product, shares in percent, strength, start, source. */
function relationFields(relation: SupplyRelation) {
  return {
    product: relation.product,
    customerCostSharePercent: percentOf(relation.customerCostShare),
    supplierRevenueSharePercent: percentOf(relation.supplierRevenueShare),
    strength: strengthOf(relation),
    since: relation.since,
    source: relation.source,
  };
}

async function supplyRows(
  deps: GraphDeps,
  company: CompanyInGraph,
  side: "suppliers" | "customers",
) {
  const relations = supplyOf(company.snapshot).filter((relation) =>
    side === "suppliers"
      ? relation.customerId === company.symbol
      : relation.supplierId === company.symbol,
  );
  const share = (relation: SupplyRelation) =>
    (side === "suppliers" ? relation.customerCostShare : relation.supplierRevenueShare) ?? -1;
  const rows = await Promise.all(
    relations.map(async (relation) => {
      const otherId = side === "suppliers" ? relation.supplierId : relation.customerId;
      return {
        company: companyRefOf(company.snapshot, otherId),
        ...relationFields(relation),
        correlation: await correlationOf(deps, company.snapshot, company.symbol, otherId),
        sortKey: share(relation),
      };
    }),
  );
  return rows
    .sort((a, b) => b.sortKey - a.sortKey || a.company.name.localeCompare(b.company.name))
    .map(({ sortKey: _, ...row }) => row);
}

/** Σ over paths of the product of the cost shares along each (unknown shares count as 0). */
function impactRows(company: CompanyInGraph, depth: number, shockPercent: number) {
  const paths = supplyPathsInto(company.snapshot.graph, company.node, depth);
  const bySupplier = new Map<string, { tier: number; exposure: number; paths: unknown[] }>();
  for (const path of paths) {
    const exposure = path.costShares.reduce<number>((product, share) => product * (share ?? 0), 1);
    const supplier = path.nodes[0] as string;
    let entry = bySupplier.get(supplier);
    if (!entry) {
      entry = { tier: path.nodes.length - 1, exposure: 0, paths: [] };
      bySupplier.set(supplier, entry);
    }
    entry.exposure += exposure;
    entry.paths.push({
      nodes: path.nodes,
      costSharesPercent: path.costShares.map(percentOf),
      exposurePercent: roundPercent(exposure * 100),
    });
  }
  return [...bySupplier.entries()].map(([node, entry]) => ({
    companyId: companyIdOf(node),
    tier: entry.tier,
    exposure: entry.exposure,
    exposurePercent: roundPercent(entry.exposure * 100),
    impactOnCostPercent: roundPercent(entry.exposure * shockPercent),
    paths: entry.paths as {
      nodes: string[];
      costSharesPercent: (number | null)[];
      exposurePercent: number;
    }[],
  }));
}

const BULK_COLUMNS = [
  "supplierId",
  "supplierName",
  "supplierSymbol",
  "customerId",
  "customerName",
  "customerSymbol",
  "product",
  "customerCostShare",
  "supplierRevenueShare",
  "since",
  "source",
];

const bulkKey = (relation: SupplyRelation) => `${relation.supplierId}>${relation.customerId}`;

function bulkRow(snapshot: GraphSnapshot, relation: SupplyRelation) {
  return {
    supplier: companyRefOf(snapshot, relation.supplierId),
    customer: companyRefOf(snapshot, relation.customerId),
    ...relationFields(relation),
  };
}

function bulkCsvRow(row: ReturnType<typeof bulkRow>, relation: SupplyRelation) {
  const record: Record<string, CsvValue> = {
    supplierId: relation.supplierId,
    supplierName: row.supplier.name,
    supplierSymbol: row.supplier.symbol,
    customerId: relation.customerId,
    customerName: row.customer.name,
    customerSymbol: row.customer.symbol,
    product: relation.product,
    customerCostShare: relation.customerCostShare,
    supplierRevenueShare: relation.supplierRevenueShare,
    since: relation.since,
    source: relation.source,
  };
  return record;
}

function coverageOf(snapshot: GraphSnapshot) {
  const supply = snapshot.supply ?? [];
  const covered = new Set(supply.flatMap((r) => [r.supplierId, r.customerId]));
  const sectorOf = (id: string) =>
    snapshot.companies.get(id)?.sector || snapshot.unlisted.get(id)?.sector || "Unknown";
  const sectors = new Map<
    string,
    {
      listedCompanies: number;
      listedCovered: number;
      unlistedCompanies: number;
      edgesAsCustomer: number;
    }
  >();
  const sector = (name: string) => {
    let entry = sectors.get(name);
    if (!entry) {
      entry = { listedCompanies: 0, listedCovered: 0, unlistedCompanies: 0, edgesAsCustomer: 0 };
      sectors.set(name, entry);
    }
    return entry;
  };
  for (const company of snapshot.companies.values()) {
    const entry = sector(company.sector || "Unknown");
    entry.listedCompanies++;
    if (covered.has(company.symbol)) entry.listedCovered++;
  }
  for (const company of snapshot.unlisted.values()) sector(company.sector).unlistedCompanies++;
  for (const relation of supply) sector(sectorOf(relation.customerId)).edgesAsCustomer++;
  const bySource = new Map<string, number>();
  for (const relation of supply)
    bySource.set(relation.source, (bySource.get(relation.source) ?? 0) + 1);
  const listedCovered = [...snapshot.companies.keys()].filter((id) => covered.has(id)).length;
  return {
    listedCompanies: snapshot.companies.size,
    listedCovered,
    coveragePercent:
      snapshot.companies.size === 0
        ? 0
        : roundPercent((100 * listedCovered) / snapshot.companies.size),
    unlistedCompanies: snapshot.unlisted.size,
    edges: supply.length,
    bySector: [...sectors.entries()]
      .map(([name, entry]) => ({ sector: name, ...entry }))
      .sort((a, b) => a.sector.localeCompare(b.sector)),
    bySource: [...bySource.entries()].map(([source, edges]) => ({ source, edges })),
  };
}

export const graphSupplyImplementations: Implementations<SupplyRoutes, GraphDeps> = {
  "graph.suppliers": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "suppliers");
    const suppliers = await supplyRows(deps, company, "suppliers");
    return { ...graphAnswerOf(deps, company), count: suppliers.length, suppliers };
  },

  "graph.customers": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "customers");
    const customers = await supplyRows(deps, company, "customers");
    return { ...graphAnswerOf(deps, company), count: customers.length, customers };
  },

  "graph.supplyChainImpact": async ({ params, query }, deps) => {
    const company = await companyInGraph(deps, params.code, "supply-chain impact");
    const rows = impactRows(company, query.depth, query.shockPercent).sort(
      (a, b) => b.exposure - a.exposure || a.companyId.localeCompare(b.companyId),
    );
    const suppliers = await Promise.all(
      rows.map(async ({ companyId, exposure: _, ...row }) => ({
        company: companyRefOf(company.snapshot, companyId),
        ...row,
        correlation: await correlationOf(deps, company.snapshot, company.symbol, companyId),
      })),
    );
    // Direct purchases only: deeper tiers are already inside the tier-1 suppliers' costs.
    const total = supplyOf(company.snapshot)
      .filter((relation) => relation.customerId === company.symbol)
      .reduce((sum, relation) => sum + (relation.customerCostShare ?? 0), 0);
    return {
      ...graphAnswerOf(deps, company),
      depth: query.depth,
      shockPercent: query.shockPercent,
      totalExposurePercent: roundPercent(total * 100),
      suppliers,
    };
  },

  "graph.supplyChainBulk": async ({ query }, deps) => {
    const snapshot = await snapshotOf(deps);
    const relations = [...supplyOf(snapshot)]
      .map((relation) => ({ relation, rank: 0, id: bulkKey(relation) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = rankedPage(relations, query.limit, query.cursor);
    const rows = page.rows.map(({ relation }) => ({ relation, row: bulkRow(snapshot, relation) }));
    if (query.format === "csv") {
      const csv = objectsCsv(
        BULK_COLUMNS,
        rows.map(({ relation, row }) => bulkCsvRow(row, relation)),
      );
      return csvPayload(csv, "supply-chain.csv", {
        "x-total-rows": String(relations.length),
        ...(page.nextCursor ? { "x-next-cursor": page.nextCursor } : {}),
      });
    }
    return {
      asOf: deps.marketClock.now().toISOString(),
      graphDay: snapshot.day,
      total: relations.length,
      limit: query.limit,
      nextCursor: page.nextCursor,
      edges: rows.map(({ row }) => row),
    };
  },

  "graph.supplyChainCoverage": async (_request, deps) => {
    const snapshot = await snapshotOf(deps);
    return {
      asOf: deps.marketClock.now().toISOString(),
      graphDay: snapshot.day,
      provider: snapshot.provider,
      available: snapshot.supply !== null,
      ...coverageOf(snapshot),
    };
  },
};
