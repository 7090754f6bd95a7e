import { companyNode, institutionNode, personNode } from "../../../../graph/graph";
import type { InsiderTrade, SupplyRelation } from "../../../../graph/ports";
import { INSIDER_ACTIVITY_DAYS } from "../../../../graph/snapshot";
import { isoDate } from "../../../../market/civil-date";
import { rankedPage } from "../../../pages";
import type { Implementations } from "../../../route";
import { type graphRelationRoutes, MAJOR_CUSTOMER_SHARE } from "../routes/relations";
import { type CompanyInGraph, companyInGraph, companyRefOf, graphAnswerOf } from "./lookup";
import { fromCompanySource, type GraphDeps } from "./shared";

/**
 * The filings behind a company's edges: Form 4s (insider-traded), 13F-HRs (institutional owns)
 * and the 10-Ks whose major-customer note discloses a supply edge.
 */

interface EdgeFiling {
  accessionNumber: string;
  form: string;
  filingDate: string;
  filer: {
    kind: "company" | "person" | "institution";
    id: string;
    name: string;
    cik: string | null;
  };
  edges: { type: string; source: string; target: string; note: string }[];
}

const usd = (value: number) => `$${Math.round(value).toLocaleString("en-US")}`;

async function form4Filings(deps: GraphDeps, company: CompanyInGraph): Promise<EdgeFiling[]> {
  const to = company.snapshot.day;
  const from = isoDate(Date.parse(to) / 86_400_000 - INSIDER_ACTIVITY_DAYS);
  const trades =
    (await fromCompanySource(() => deps.graph.people.insiderTrades(company.symbol, from, to))) ??
    [];
  const byAccession = new Map<string, InsiderTrade[]>();
  for (const trade of trades) {
    byAccession.set(trade.accessionNumber, [
      ...(byAccession.get(trade.accessionNumber) ?? []),
      trade,
    ]);
  }
  return [...byAccession.entries()].map(([accessionNumber, lines]) => {
    const first = lines[0] as InsiderTrade;
    const codes = [...new Set(lines.map((line) => line.code))].join(", ");
    return {
      accessionNumber,
      form: first.form,
      filingDate: first.filingDate,
      filer: {
        kind: "person",
        id: personNode(first.personCik),
        name: first.personName,
        cik: first.personCik,
      },
      edges: [
        {
          type: "insider-traded",
          source: personNode(first.personCik),
          target: company.node,
          note: `${lines.length} line(s), transaction codes ${codes}, dated ${first.transactionDate}`,
        },
      ],
    };
  });
}

function thirteenFFilings(company: CompanyInGraph): EdgeFiling[] {
  const positions = company.snapshot.holdings.get(company.symbol) ?? [];
  return positions.flatMap(({ institution, current }) =>
    current === null
      ? []
      : [
          {
            accessionNumber: current.accessionNumber,
            form: "13F-HR",
            filingDate: current.filingDate,
            filer: {
              kind: "institution" as const,
              id: institutionNode(institution.cik),
              name: institution.name,
              cik: institution.cik,
            },
            edges: [
              {
                type: "owns",
                source: institutionNode(institution.cik),
                target: company.node,
                note: `${current.shares.toLocaleString("en-US")} shares, ${usd(current.valueUsd)} at ${current.quarterEnd}`,
              },
            ],
          },
        ],
  );
}

/**
 * The listed suppliers' latest 10-Ks filed by the clock whose fiscal year (period end) the
 * relation had started by, naming a customer of MAJOR_CUSTOMER_SHARE or more of revenue.
 */
async function tenKFilings(deps: GraphDeps, company: CompanyInGraph): Promise<EdgeFiling[]> {
  const { snapshot, symbol } = company;
  const disclosed = (snapshot.supply ?? []).filter(
    (relation) =>
      (relation.supplierId === symbol || relation.customerId === symbol) &&
      snapshot.companies.has(relation.supplierId) &&
      (relation.supplierRevenueShare ?? 0) >= MAJOR_CUSTOMER_SHARE,
  );
  const filings = await Promise.all(
    disclosed.map(async (relation) => {
      const [annual] =
        (await fromCompanySource(() =>
          deps.company.filings.filings(relation.supplierId, { form: "10-K", limit: 1 }),
        )) ?? [];
      if (!annual || (annual.reportDate ?? annual.filingDate) < relation.since) return [];
      const record = await fromCompanySource(() =>
        deps.company.directory.company(relation.supplierId),
      );
      return [{ annual, relation, cik: record?.cik ?? null }];
    }),
  );
  const byAccession = new Map<string, EdgeFiling>();
  for (const { annual, relation, cik } of filings.flat()) {
    const supplier = companyRefOf(snapshot, relation.supplierId);
    const entry = byAccession.get(annual.accessionNumber) ?? {
      accessionNumber: annual.accessionNumber,
      form: annual.form,
      filingDate: annual.filingDate,
      filer: { kind: "company" as const, id: supplier.id, name: supplier.name, cik },
      edges: [],
    };
    entry.edges.push(
      majorCustomerEdge(relation, snapshot.companies.get(relation.customerId)?.name),
    );
    byAccession.set(annual.accessionNumber, entry);
  }
  return [...byAccession.values()];
}

function majorCustomerEdge(relation: SupplyRelation, customerName: string | undefined) {
  const percent = Math.round((relation.supplierRevenueShare ?? 0) * 1000) / 10;
  return {
    type: "supplies-to",
    source: companyNode(relation.supplierId),
    target: companyNode(relation.customerId),
    note: `Major customer: ${customerName ?? relation.customerId}, ${percent} % of revenue`,
  };
}

export const graphFilingImplementations: Implementations<
  Pick<typeof graphRelationRoutes, "filings">,
  GraphDeps
> = {
  "graph.filings": async ({ params, query }, deps) => {
    const company = await companyInGraph(deps, params.code, "graph filings");
    const wanted = query.form;
    const [form4s, tenKs] = await Promise.all([
      wanted === undefined || wanted === "4" ? form4Filings(deps, company) : [],
      wanted === undefined || wanted === "10-K" ? tenKFilings(deps, company) : [],
    ]);
    const thirteenFs = wanted === undefined || wanted === "13F-HR" ? thirteenFFilings(company) : [];
    const all = [...form4s, ...thirteenFs, ...tenKs]
      .map((filing) => ({
        filing,
        rank: Date.parse(filing.filingDate),
        id: filing.accessionNumber,
      }))
      .sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = rankedPage(all, query.limit, query.cursor);
    return {
      ...graphAnswerOf(deps, company),
      total: all.length,
      nextCursor: page.nextCursor,
      filings: page.rows.map((row) => row.filing),
    };
  },
};
