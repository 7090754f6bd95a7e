import { beforeAll, describe, expect, it } from "vitest";
import { companyRoutes } from "../../lib/api/groups/company/routes";
import { graphRoutes as routes } from "../../lib/api/groups/graph/routes";
import type { Deps } from "../../lib/deps";
import { sizeBandOf, sizeCloseness } from "../../lib/graph/similarity";
import { contractCode, stockBySymbol } from "../../lib/market/sim/universe";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The graph's relation endpoints on the simulated world at EXAMPLE_TIME: supply edges are
 * symmetric, shares and exposures add up, peers and competitors follow their stated formulas,
 * the network stays within its bounds, the filings behind the edges are the world's filings,
 * and bad input is refused naming the field.
 */

const EXAMPLE_TIME = "2026-11-23T15:00:00.000Z";
let deps: Deps;
const aapl = { params: { code: "AAPL_NASDAQ" } };

beforeAll(async () => {
  deps = simulatedWorldDeps(EXAMPLE_TIME);
  // The day's graph is built once; later calls read it.
  await callRoute(routes.details, aapl, deps);
}, 300_000);

type SupplyRow = {
  company: { id: string; symbol: string | null };
  customerCostSharePercent: number | null;
  supplierRevenueSharePercent: number | null;
};

describe("suppliers and customers", () => {
  it("are symmetric: A lists B as a supplier exactly when B lists A as a customer", async () => {
    const coverage = await callRoute(routes.supplyChainCoverage, {}, deps);
    expect(coverage.listedCovered).toBeGreaterThan(100);
    const codes = ["AAPL_NASDAQ", "NVDA_NASDAQ", codeOf("WMT"), codeOf("DAL"), codeOf("KO")];
    for (const code of codes) {
      const { suppliers, symbol } = await callRoute(routes.suppliers, { params: { code } }, deps);
      expect(suppliers.length, code).toBeGreaterThan(0);
      for (const supplier of suppliers as SupplyRow[]) {
        if (!supplier.company.symbol) continue;
        const theirs = await callRoute(
          routes.customers,
          { params: { code: supplierCode(supplier) } },
          deps,
        );
        const back = (theirs.customers as SupplyRow[]).find(
          (customer) => customer.company.symbol === symbol,
        );
        expect(back, `${supplier.company.symbol} → ${symbol}`).toBeDefined();
        expect(back?.customerCostSharePercent).toBe(supplier.customerCostSharePercent);
        expect(back?.supplierRevenueSharePercent).toBe(supplier.supplierRevenueSharePercent);
      }
    }
  }, 120_000);

  it("sort by the share they are about, and every share is a percent in (0, 100)", async () => {
    const { suppliers } = await callRoute(routes.suppliers, aapl, deps);
    const shares = (suppliers as SupplyRow[]).map((row) => row.customerCostSharePercent as number);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    for (const share of shares) expect(share).toBeGreaterThan(0);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(85);
  });

  it("answer 503 naming the supply chain when the provider has none", async () => {
    const withoutSupply = simulatedWorldDeps(EXAMPLE_TIME);
    const noSupply = {
      ...withoutSupply,
      graph: { ...withoutSupply.graph, supplyChain: undefined },
    };
    for (const call of [
      () => callRoute(routes.suppliers, aapl, noSupply),
      () => callRoute(routes.supplyChainBulk, { query: {} }, noSupply),
      () => callRoute(routes.supplyChainImpact, aapl, noSupply),
    ]) {
      const error = await refusal(call);
      expect(error).toMatchObject({ status: 503, code: "COMPANY_DATA_UNAVAILABLE" });
      expect(error.message).toContain("supply chains");
    }
    const coverage = await callRoute(routes.supplyChainCoverage, {}, noSupply);
    expect(coverage).toMatchObject({ available: false, edges: 0, listedCovered: 0 });
  }, 300_000);
});

function supplierCode(row: SupplyRow): string {
  return codeOf(row.company.symbol as string);
}

/** The universe stock's contract code. */
function codeOf(symbol: string): string {
  const stock = stockBySymbol(symbol);
  if (!stock) throw new Error(`${symbol} is not in the universe`);
  return contractCode(symbol, stock.exchange);
}

describe("supply-chain impact", () => {
  it("tier-1 exposure is the supplier's cost share, deeper tiers the product along the path", async () => {
    const { suppliers } = await callRoute(routes.suppliers, aapl, deps);
    const impact = await callRoute(
      routes.supplyChainImpact,
      { params: aapl.params, query: { depth: "3", shockPercent: "-10" } },
      deps,
    );
    for (const row of impact.suppliers) {
      for (const path of row.paths) {
        expect(path.nodes.at(-1)).toBe("company:AAPL");
        expect(path.nodes.length - 1).toBeLessThanOrEqual(3);
        const product = path.costSharesPercent.reduce(
          (p: number, share: number | null) => p * ((share ?? 0) / 100),
          1,
        );
        expect(path.exposurePercent).toBeCloseTo(product * 100, 3);
      }
      expect(row.impactOnCostPercent).toBeCloseTo((row.exposurePercent * -10) / 100, 3);
      if (row.tier === 1 && row.paths.length === 1) {
        const direct = (suppliers as SupplyRow[]).find((s) => s.company.id === row.company.id);
        expect(row.exposurePercent).toBeCloseTo(direct?.customerCostSharePercent as number, 3);
      }
    }
    expect(impact.suppliers.some((row: { tier: number }) => row.tier >= 2)).toBe(true);
    const tierOne = (suppliers as SupplyRow[]).reduce(
      (sum, row) => sum + (row.customerCostSharePercent as number),
      0,
    );
    expect(impact.totalExposurePercent).toBeCloseTo(tierOne, 2);
  });
});

describe("competitors and peers", () => {
  it("peers share the industry and size band, with similarity = 0.5 + 0.5 × size closeness", async () => {
    const answer = await callRoute(routes.peers, { params: { code: "JPM_NYSE" } }, deps);
    const closes = await deps.market.dailyCloses("JPM_NYSE", 1);
    const instrument = await deps.market.instrument("JPM_NYSE");
    const cap = (closes?.at(-1) as number) * (instrument?.sharesOutstanding as number);
    expect(answer.marketCapUsd).toBeCloseTo(cap, 0);
    expect(answer.sizeBand).toBe(sizeBandOf(cap));
    for (const peer of answer.peers) {
      expect(peer.company.industry).toBe(answer.industry);
      expect(sizeBandOf(peer.marketCapUsd)).toBe(answer.sizeBand);
      const closeness = sizeCloseness(answer.marketCapUsd, peer.marketCapUsd);
      expect(peer.sizeCloseness).toBeCloseTo(closeness, 4);
      expect(peer.similarity).toBeCloseTo(0.5 + 0.5 * closeness, 4);
    }
  });

  it("competitors share the industry or an arena, strongest first", async () => {
    const { competitors } = await callRoute(
      routes.competitors,
      { params: { code: codeOf("WMT") } },
      deps,
    );
    const symbols = competitors.map((c) => c.company.symbol);
    expect(symbols).toEqual(expect.arrayContaining(["COST", "TGT", "AMZN"]));
    const amazon = competitors.find((c) => c.company.symbol === "AMZN");
    expect(amazon).toMatchObject({
      sameIndustry: false,
      arenas: ["general retail"],
      strength: 0.5,
    });
    const strengths = competitors.map((c: { strength: number }) => c.strength);
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
  });
});

describe("related, network and details", () => {
  it("details' degrees count the edges related lists", async () => {
    const details = await callRoute(routes.details, aapl, deps);
    const related = await callRoute(
      routes.related,
      { params: aapl.params, query: { limit: "500" } },
      deps,
    );
    expect(related.total).toBe(details.totalDegree);
    const supplies = details.degrees.find((d: { type: string }) => d.type === "supplies-to");
    const { count: suppliers } = await callRoute(routes.suppliers, aapl, deps);
    const { count: customers } = await callRoute(routes.customers, aapl, deps);
    expect(supplies).toMatchObject({ inbound: suppliers, outbound: customers });
    const strengths = related.related.map((r: { edge: { strength: number } }) => r.edge.strength);
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
  });

  it("the network keeps its depth and size bounds, and its edges join kept nodes", async () => {
    for (const depth of ["1", "2", "3"]) {
      const network = await callRoute(
        routes.network,
        { params: aapl.params, query: { depth, maxNodes: "60" } },
        deps,
      );
      expect(network.nodes.length).toBeLessThanOrEqual(60);
      const ids = new Set(network.nodes.map((n: { id: string }) => n.id));
      expect(ids.has("company:AAPL")).toBe(true);
      for (const node of network.nodes) expect(node.depth).toBeLessThanOrEqual(Number(depth));
      for (const edge of network.edges) {
        expect(ids.has(edge.source) && ids.has(edge.target)).toBe(true);
      }
      const depths = network.nodes.map((n: { depth: number }) => n.depth);
      expect(depths).toEqual([...depths].sort((a, b) => a - b));
    }
    const supplyOnly = await callRoute(
      routes.network,
      { params: aapl.params, query: { depth: "1", types: "supplies-to", maxNodes: "500" } },
      deps,
    );
    const { count: suppliers } = await callRoute(routes.suppliers, aapl, deps);
    const { count: customers } = await callRoute(routes.customers, aapl, deps);
    expect(supplyOnly.nodes.length).toBe(1 + suppliers + customers);
    expect(supplyOnly.omittedNodes).toBe(0);
  });
});

describe("filings behind the edges", () => {
  it("are the world's Form 4s, 13Fs and the suppliers' latest 10-Ks", async () => {
    const answer = await callRoute(
      routes.filings,
      { params: aapl.params, query: { limit: "200" } },
      deps,
    );
    expect(answer.total).toBe(answer.filings.length);
    const companyFilings = await callRoute(
      companyRoutes.filings,
      { params: aapl.params, query: { form: "4", limit: "200" } },
      deps,
    );
    const listed = new Set(
      companyFilings.filings.map((f: { accessionNumber: string }) => f.accessionNumber),
    );
    const form4s = answer.filings.filter((f: { form: string }) => f.form === "4");
    expect(form4s.length).toBeGreaterThan(0);
    for (const filing of form4s) expect(listed.has(filing.accessionNumber)).toBe(true);
    expect(answer.filings.some((f: { form: string }) => f.form === "13F-HR")).toBe(true);
    for (const tenK of answer.filings.filter((f: { form: string }) => f.form === "10-K")) {
      const supplier = tenK.filer.id.slice("company:".length);
      const [latest] =
        (await deps.company.filings.filings(supplier, { form: "10-K", limit: 1 })) ?? [];
      expect(tenK.accessionNumber).toBe(latest?.accessionNumber);
      const record = await deps.company.directory.company(supplier);
      expect(tenK.filer.cik).toBe(record?.cik ?? null);
    }
    const dates = answer.filings.map((f: { filingDate: string }) => f.filingDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("include the 10-K of a listed supplier naming the company as a major customer", async () => {
    const { customers } = await callRoute(
      routes.customers,
      { params: { code: "MU_NASDAQ" } },
      deps,
    );
    const major = customers.filter((c) => (c.supplierRevenueSharePercent ?? 0) >= 10);
    expect(major.length).toBeGreaterThan(0);
    const answer = await callRoute(
      routes.filings,
      { params: { code: "MU_NASDAQ" }, query: { form: "10-K", limit: "200" } },
      deps,
    );
    const [latest] = (await deps.company.filings.filings("MU", { form: "10-K", limit: 1 })) ?? [];
    const own = answer.filings.find((f) => f.accessionNumber === latest?.accessionNumber);
    expect(own?.filer).toMatchObject({ id: "company:MU", kind: "company" });
    const named = own?.edges.map((edge) => edge.target) ?? [];
    for (const customer of major.filter((c) => c.since <= (latest?.reportDate ?? ""))) {
      expect(named).toContain(customer.company.id);
    }
  });

  it("page with a cursor without repeating or skipping", async () => {
    const all = await callRoute(
      routes.filings,
      { params: aapl.params, query: { limit: "200" } },
      deps,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callRoute(
        routes.filings,
        { params: aapl.params, query: { limit: "7", ...(cursor ? { cursor } : {}) } },
        deps,
      );
      seen.push(...page.filings.map((f: { accessionNumber: string }) => f.accessionNumber));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.filings.map((f: { accessionNumber: string }) => f.accessionNumber));
  });
});

describe("search and compare", () => {
  it("find companies, people and institutions by name", async () => {
    const byTicker = await callRoute(routes.search, { query: { q: "nvda" } }, deps);
    expect(byTicker.results[0]).toMatchObject({ id: "company:NVDA", score: expect.any(Number) });
    const positions = await deps.graph.people.positionsOf("AAPL", false);
    const person = positions?.[0];
    const people = await callRoute(
      routes.search,
      { query: { q: person?.name as string, kinds: "person" } },
      deps,
    );
    expect(people.results[0]).toMatchObject({ kind: "person", label: person?.name });
    expect(people.results[0]?.roles.some((role) => role.endsWith("at AAPL"))).toBe(true);
    const [institution] = await deps.graph.institutions.institutions();
    const found = await callRoute(
      routes.search,
      { query: { q: institution?.name as string } },
      deps,
    );
    expect(found.results[0]).toMatchObject({ kind: "institution", cik: institution?.cik });
  });

  it("refuse a missing q (spec fact 9) and answer 404 when nothing matches", async () => {
    await expectInvalid(() => callRoute(routes.search, { query: {} }, deps), "q");
    expect(
      await refusal(() => callRoute(routes.search, { query: { q: "zyxwvut" } }, deps)),
    ).toMatchObject({
      status: 404,
      code: "NO_MATCH",
    });
  });

  it("compare shares suppliers, institutions and board members among the companies", async () => {
    const answer = await callRoute(
      routes.compare,
      { query: { symbols: "AAPL,DELL_NYSE,SMCI" } },
      deps,
    );
    expect(answer.companies.map((c) => c.company.symbol)).toEqual(["AAPL", "DELL", "SMCI"]);
    for (const shared of answer.sharedSuppliers) {
      for (const symbol of shared.customers) {
        const { suppliers } = await callRoute(
          routes.suppliers,
          {
            params: {
              code: `${symbol}_${symbol === "AAPL" || symbol === "SMCI" ? "NASDAQ" : "NYSE"}`,
            },
          },
          deps,
        );
        expect(suppliers.map((s: { company: { id: string } }) => s.company.id)).toContain(
          shared.company.id,
        );
      }
    }
    for (const company of answer.companies) {
      expect(company.institutionalPercent).toBeGreaterThan(0);
      expect(company.institutionalPercent).toBeLessThanOrEqual(100);
    }
    expect(answer.sharedInstitutions.length).toBeGreaterThan(0);
  });

  it("compare refuses fewer than 2 or more than 10 symbols, and unknown ones", async () => {
    await expectInvalid(
      () => callRoute(routes.compare, { query: { symbols: "AAPL" } }, deps),
      "symbols",
    );
    const eleven = "AAPL,MSFT,NVDA,AMZN,GOOGL,META,TSLA,JPM,V,KO,PEP";
    await expectInvalid(
      () => callRoute(routes.compare, { query: { symbols: eleven } }, deps),
      "symbols",
    );
    expect(
      await refusal(() => callRoute(routes.compare, { query: { symbols: "AAPL,AAPX" } }, deps)),
    ).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
  });
});

type BulkPage = {
  total: number;
  nextCursor: string | null;
  edges: { supplier: { id: string }; customer: { id: string } }[];
};

describe("the bulk supply chain", () => {
  it("pages through every edge once, and CSV carries the same rows", async () => {
    const coverage = await callRoute(routes.supplyChainCoverage, {}, deps);
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await callRoute(
        routes.supplyChainBulk,
        { query: { limit: "200", ...(cursor ? { cursor } : {}) } },
        deps,
      )) as BulkPage;
      expect(page.total).toBe(coverage.edges);
      ids.push(...page.edges.map((e) => `${e.supplier.id}>${e.customer.id}`));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids.length).toBe(coverage.edges);
    expect(new Set(ids).size).toBe(ids.length);

    const csv = (await callRoute(
      routes.supplyChainBulk,
      { query: { limit: "50", format: "csv" } },
      deps,
    )) as unknown as { body: string; headers: Record<string, string> };
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "supplierId,supplierName,supplierSymbol,customerId,customerName,customerSymbol,product,customerCostShare,supplierRevenueShare,since,source",
    );
    expect(lines.length).toBe(51);
    expect(csv.headers["x-total-rows"]).toBe(String(coverage.edges));
    expect(csv.headers["x-next-cursor"]).toBeDefined();
  });
});

describe("refusals", () => {
  it("404 for unknown codes and non-companies, 400 naming the parameter", async () => {
    expect(
      await refusal(() => callRoute(routes.suppliers, { params: { code: "AAPX_NASDAQ" } }, deps)),
    ).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    expect(
      await refusal(() =>
        callRoute(routes.network, { params: { code: "SPY_ARCA" }, query: {} }, deps),
      ),
    ).toMatchObject({ status: 404, code: "NO_DATA" });
    await expectInvalid(
      () => callRoute(routes.network, { params: aapl.params, query: { depth: "4" } }, deps),
      "depth",
    );
    await expectInvalid(
      () => callRoute(routes.network, { params: aapl.params, query: { types: "likes" } }, deps),
      "types",
    );
    await expectInvalid(
      () =>
        callRoute(
          routes.supplyChainImpact,
          { params: aapl.params, query: { shockPercent: "-101" } },
          deps,
        ),
      "shockPercent",
    );
    await expectInvalid(
      () => callRoute(routes.filings, { params: aapl.params, query: { cursor: "nope" } }, deps),
      "cursor",
    );
    await expectInvalid(
      () => callRoute(routes.supplyChainBulk, { query: { format: "xml" } }, deps),
      "format",
    );
  });
});
