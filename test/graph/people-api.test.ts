import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { GRAPH_PEOPLE_EXAMPLES } from "../../lib/api/examples/graph-people";
import { companyRoutes } from "../../lib/api/groups/company/routes";
import { graphPeopleRoutes as routes } from "../../lib/api/groups/graph/routes/people";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { nyInstant } from "../../lib/market/ny-time";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

process.env.SIM_NOW = EXAMPLE_TIME;

/**
 * The people endpoints of the graph on the simulated world at EXAMPLE_TIME (Monday 2026-11-23
 * 10:00 New York): insider trades priced within their day's bar, the same Form 4s as
 * /company/{code}/filings, scores that add up from their components, the summary and the
 * clusters agreeing with the trades, clusters found across the market, 404s and 400s naming
 * the field, and every endpoint once through the local server.
 */

const deps = testDeps();
const TODAY = "2026-11-23";
const MS_PER_DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY;
/** The market-wide scan reads every stock's Form 4s: minutes cold on a loaded machine. */
const MARKET_WIDE_MS = 600_000;

/** MSTR fell hard before EXAMPLE_TIME: its directors bought (a default cluster in November). */
const SYMBOLS = ["AAPL_NASDAQ", "MSTR_NASDAQ", "JPM_NYSE", "XOM_NYSE"];

async function allScored(code: string, days: string) {
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute(
      routes.insidersScored,
      { params: { code }, query: { days, limit: "37", ...(cursor ? { cursor } : {}) } },
      deps,
    );
    rows.push(...page.trades);
    cursor = page.nextCursor ?? undefined;
    expect(page.total).toBeGreaterThanOrEqual(rows.length);
  } while (cursor);
  return rows;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("insider trades against the market and the filings", () => {
  it("price every trade within its day's daily bar, and within its 52-week range", async () => {
    for (const code of SYMBOLS) {
      const trades = await allScored(code, "1095");
      expect(trades.length, code).toBeGreaterThan(20);
      const bars = await deps.market.bars(code, {
        period: 5,
        from: nyInstant(dayOf(TODAY) - 1100, 0),
        to: Date.parse(EXAMPLE_TIME),
        extended: false,
      });
      const byDay = new Map(
        (bars ?? []).map((bar) => [Math.floor(bar.timestamp / MS_PER_DAY), bar]),
      );
      let priced = 0;
      for (const trade of trades) {
        if (trade.pricePerShare === null) continue;
        priced++;
        const bar = byDay.get(dayOf(trade.transactionDate));
        expect(bar, `${code} ${trade.transactionDate}`).toBeDefined();
        expect(trade.pricePerShare).toBeGreaterThanOrEqual(bar?.low as number);
        expect(trade.pricePerShare).toBeLessThanOrEqual(bar?.high as number);
        const range = trade.range52Week;
        expect(range, `${code} ${trade.transactionDate}`).not.toBeNull();
        expect(trade.pricePerShare).toBeGreaterThanOrEqual((range?.low as number) - 1e-4);
        expect(trade.pricePerShare).toBeLessThanOrEqual((range?.high as number) + 1e-4);
      }
      expect(priced, code).toBeGreaterThan(10);
    }
  });

  it("carry the accession numbers /company/{code}/filings lists for Form 4, both ways", async () => {
    for (const code of SYMBOLS) {
      const trades = await allScored(code, "365");
      const filings = await callRoute(
        companyRoutes.filings,
        { params: { code }, query: { form: "4", limit: "200" } },
        deps,
      );
      const from = "2025-11-23"; // today − 365
      const formsInWindow = filings.filings.filter((f) => (f.reportDate ?? "") >= from);
      // The 200 newest Form 4s reach further back than the window.
      expect((filings.filings.at(-1)?.reportDate ?? "") < from, code).toBe(true);
      const fromTrades = new Set(trades.map((trade) => trade.accessionNumber));
      expect(new Set(formsInWindow.map((f) => f.accessionNumber)), code).toEqual(fromTrades);
      const owners = new Map(formsInWindow.map((f) => [f.accessionNumber, f.insider?.ownerCik]));
      for (const trade of trades) expect(owners.get(trade.accessionNumber)).toBe(trade.person.cik);
    }
  });

  it("list the insiders' recent trades from those Form 4s, with the holding after the latest line", async () => {
    const answer = await callRoute(
      routes.insiders,
      { params: { code: "AAPL_NASDAQ" }, query: { trades: "20" } },
      deps,
    );
    expect(answer.asOf).toBe(EXAMPLE_TIME);
    const filings = await callRoute(
      companyRoutes.filings,
      { params: { code: "AAPL_NASDAQ" }, query: { form: "4", limit: "200" } },
      deps,
    );
    const known = new Set(filings.filings.map((f) => f.accessionNumber));
    const roles = answer.insiders.map((insider) => insider.role);
    expect(roles.indexOf("director")).toBeGreaterThan(roles.lastIndexOf("officer"));
    for (const insider of answer.insiders) {
      const dates = insider.recentTrades.map((trade) => trade.transactionDate);
      expect(dates).toEqual([...dates].sort().reverse());
      const latestCommon = insider.recentTrades.find((trade) => !trade.derivative);
      if (latestCommon) expect(insider.sharesOwned).toBe(latestCommon.sharesOwnedAfter);
      for (const trade of insider.recentTrades) {
        if (trade.filingDate >= "2025-06-01") expect(known.has(trade.accessionNumber)).toBe(true);
      }
    }
  });
});

describe("GET /graph/{code}/insiders/scored", () => {
  it("adds the components up: base = Σ points, score = round(factors × base), newest first", async () => {
    const trades = await allScored("MSTR_NASDAQ", "365");
    expect(new Set(trades.map((t) => `${t.accessionNumber}#${t.line}`)).size).toBe(trades.length);
    const dates = trades.map((trade) => trade.transactionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const trade of trades) {
      const factors = trade.components.filter((c) => c.kind === "factor");
      const weighted = trade.components.filter((c) => c.kind === "weighted");
      expect(weighted.reduce((sum, c) => sum + (c.weight ?? 0), 0)).toBeCloseTo(1, 12);
      const base = weighted.reduce((sum, c) => sum + (c.points ?? 0), 0);
      expect(Math.abs(base - trade.base)).toBeLessThanOrEqual(0.03);
      const product = factors.reduce((p, c) => p * c.scaled, 1);
      expect(Math.abs(trade.score - product * trade.base)).toBeLessThanOrEqual(0.51);
      expect(trade.direction).toBe(
        trade.code === "P" ? "bullish" : trade.code === "S" ? "bearish" : "neutral",
      );
      expect(trade.components.find((c) => c.name === "transactionType")?.input).toBe(trade.code);
    }
    const purchases = trades.filter((t) => t.code === "P");
    const planSales = trades.filter((t) => t.code === "S" && t.tradingPlan);
    expect(purchases.length).toBeGreaterThan(0);
    expect(planSales.length).toBeGreaterThan(0);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(purchases.map((t) => t.score))).toBeGreaterThan(
      mean(planSales.map((t) => t.score)),
    );
  });
});

describe("clusters and the summary", () => {
  it("find MSTR's directors buying after the fall with the defaults, echoed with the defaults", async () => {
    const answer = await callRoute(
      routes.insiderClusters,
      { params: { code: "MSTR_NASDAQ" } },
      deps,
    );
    expect(answer.parameters).toEqual({
      minInsiders: 3,
      windowDays: 30,
      minValue: 50_000,
      days: 730,
      from: "2024-11-23",
      to: TODAY,
    });
    expect(answer.defaults).toEqual({ minInsiders: 3, windowDays: 30, minValue: 50_000 });
    expect(answer.clusters.length).toBeGreaterThan(0);
    const scored = await allScored("MSTR_NASDAQ", "730");
    for (const cluster of answer.clusters) {
      expect(cluster.insiderCount).toBeGreaterThanOrEqual(3);
      expect(cluster.totalValue).toBeGreaterThanOrEqual(50_000);
      const purchases = scored.filter(
        (t) =>
          t.code === "P" &&
          !t.derivative &&
          t.transactionDate >= cluster.firstDate &&
          t.transactionDate <= cluster.lastDate,
      );
      expect(purchases.length).toBe(cluster.purchaseCount);
      expect(new Set(purchases.map((t) => t.person.cik)).size).toBe(cluster.insiderCount);
      const cents = purchases.reduce((sum, t) => sum + Math.round((t.value ?? 0) * 100), 0);
      expect(Math.abs(cents / 100 - cluster.totalValue)).toBeLessThanOrEqual(
        0.01 * purchases.length,
      );
    }
    const summary = await callRoute(
      routes.insiderSummary,
      { params: { code: "MSTR_NASDAQ" } },
      deps,
    );
    expect(summary.latestCluster).toEqual(answer.clusters[0]);
    const last90 = scored.filter((t) => t.transactionDate >= "2026-08-25");
    expect(summary.last90Days.purchases.count).toBe(
      last90.filter((t) => t.code === "P" && !t.derivative).length,
    );
    expect(summary.last90Days.sales.count).toBe(
      last90.filter((t) => t.code === "S" && !t.derivative).length,
    );
    expect(summary.last90Days.netShares).toBe(
      summary.last90Days.purchases.shares - summary.last90Days.sales.shares,
    );
  });

  it("finds clusters with relaxed parameters over the whole record (minInsiders 2, 90 days)", async () => {
    const answer = await callRoute(
      routes.insiderClusters,
      {
        params: { code: "AAPL_NASDAQ" },
        query: { minInsiders: "2", windowDays: "90", minValue: "0", days: "3650" },
      },
      deps,
    );
    expect(answer.clusters.length).toBeGreaterThan(0);
    const lastDates = answer.clusters.map((cluster) => cluster.lastDate);
    expect(lastDates).toEqual([...lastDates].sort().reverse());
  });

  it(
    "list the same clusters across the market as per company, latest first, and the active ones",
    async () => {
      const recent = await callRoute(
        routes.insiderClustersRecent,
        { query: { days: "365", limit: "100" } },
        deps,
      );
      expect(recent.scanFrom).toBe("2024-11-23");
      expect(recent.clusters.length).toBeGreaterThan(0);
      const lastDates = recent.clusters.map((cluster) => cluster.lastDate);
      expect(lastDates).toEqual([...lastDates].sort().reverse());
      const mstr = await callRoute(
        routes.insiderClusters,
        { params: { code: "MSTR_NASDAQ" } },
        deps,
      );
      const inRecent = recent.clusters.filter((cluster) => cluster.symbol === "MSTR");
      expect(inRecent.map(({ daysSinceLastPurchase, ...rest }) => rest)).toEqual(
        mstr.clusters.filter((cluster) => cluster.lastDate >= "2025-11-23"),
      );
      for (const cluster of recent.clusters) {
        expect(cluster.daysSinceLastPurchase).toBe(dayOf(TODAY) - dayOf(cluster.lastDate));
      }

      const snapshot = await callRoute(routes.insiderClustersSnapshot, {}, deps);
      expect(snapshot.clusters.map((c) => c.id)).toEqual(
        recent.clusters.filter((c) => c.daysSinceLastPurchase <= 30).map((c) => c.id),
      );
      for (const cluster of snapshot.clusters) {
        const quote = await deps.market.quote(cluster.code);
        expect(cluster.priceNow).toBeCloseTo(quote?.markPrice ?? quote?.lastPrice ?? 0, 2);
        const change = ((cluster.priceNow - cluster.averagePrice) / cluster.averagePrice) * 100;
        expect(cluster.changeFromAverageCostPercent).toBeCloseTo(change, 3);
      }
    },
    MARKET_WIDE_MS,
  );
});

describe("GET /graph/{code}/executives", () => {
  it("lists officers, then directors, with ages and Form 4 activity; former ones on request", async () => {
    const current = await callRoute(routes.executives, { params: { code: "AAPL_NASDAQ" } }, deps);
    const roles = current.executives.map((e) => e.role);
    expect(roles).toEqual([...roles].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(current.executives.every((e) => e.until === null && e.age !== null)).toBe(true);
    for (const e of current.executives) {
      expect(e.form4.netSharesLast12Months).toBe(
        e.form4.sharesBoughtLast12Months - e.form4.sharesSoldLast12Months,
      );
    }
    const all = await callRoute(
      routes.executives,
      { params: { code: "AAPL_NASDAQ" }, query: { includeFormer: "true" } },
      deps,
    );
    expect(all.executives.length).toBeGreaterThan(current.executives.length);
    expect(all.executives.some((e) => e.until !== null && e.until < TODAY)).toBe(true);
  });
});

const ORDER = ["officer", "director", "ten-percent-owner"];

describe("the OpenAPI examples", () => {
  it(
    "are what the routes answer at EXAMPLE_TIME (long lists cut to some of their entries)",
    async () => {
      for (const route of Object.values(routes)) {
        const example = GRAPH_PEOPLE_EXAMPLES[route.id];
        expect(example?.request, route.id).toBeDefined();
        const answer = (await callRoute(route, example?.request as never, deps)) as Record<
          string,
          unknown
        >;
        const data = example?.data as Record<string, unknown>;
        const cut =
          route.id === "graph.insiders"
            ? "insiders"
            : route.id === "graph.executives"
              ? "executives"
              : undefined;
        if (cut === undefined) {
          expect(answer, route.id).toEqual(data);
          continue;
        }
        expect({ ...answer, [cut]: [] }, route.id).toEqual({ ...data, [cut]: [] });
        for (const entry of data[cut] as unknown[])
          expect(answer[cut], route.id).toContainEqual(entry);
      }
    },
    MARKET_WIDE_MS,
  );
});

describe("refusals", () => {
  it("answer 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a fund, on every company route", async () => {
    const perCompany = [
      routes.insiders,
      routes.insidersScored,
      routes.insiderClusters,
      routes.insiderSummary,
      routes.executives,
    ];
    for (const route of perCompany) {
      const unknown = await refusal(callRoute(route, { params: { code: "AAPX_NASDAQ" } }, deps));
      expect([unknown.status, unknown.code]).toEqual([404, "SYMBOL_NOT_FOUND"]);
      const fund = await refusal(callRoute(route, { params: { code: "SPY_ARCA" } }, deps));
      expect([fund.status, fund.code]).toEqual([404, "NO_DATA"]);
      expect(fund.message).toContain("SPY_ARCA");
    }
  });

  it("answer 503 across the market when the provider reads people one issuer at a time", async () => {
    const perIssuer = { ...deps, graph: { ...deps.graph, peopleInGraph: false } };
    for (const route of [routes.insiderClustersRecent, routes.insiderClustersSnapshot]) {
      const error = await refusal(callRoute(route, {}, perIssuer));
      expect([error.status, error.code, error.headers]).toEqual([
        503,
        "COMPANY_DATA_UNAVAILABLE",
        {},
      ]);
    }
    await callRoute(routes.insiderClusters, { params: { code: "MSTR_NASDAQ" } }, perIssuer);
  });

  it("answer 400 INVALID_PARAMETER naming the field", async () => {
    const code = { code: "MSTR_NASDAQ" };
    const cases = [
      [routes.insiderClusters, { minInsiders: "1" }, "minInsiders"],
      [routes.insiderClusters, { windowDays: "0" }, "windowDays"],
      [routes.insiderClusters, { windowDays: "366" }, "windowDays"],
      [routes.insiderClusters, { minValue: "-0.01" }, "minValue"],
      [routes.insiderClusters, { days: "3651" }, "days"],
      [routes.insidersScored, { days: "1096" }, "days"],
      [routes.insidersScored, { limit: "201" }, "limit"],
      [routes.insidersScored, { cursor: "bm90LWEtY3Vyc29y" }, "cursor"],
      [routes.insiders, { trades: "x" }, "trades"],
      [routes.executives, { includeFormer: "maybe" }, "includeFormer"],
    ] as const satisfies readonly (readonly [RouteSpec, Record<string, string>, string])[];
    for (const [route, query, field] of cases) {
      const error = await refusal(
        callRoute(route as RouteSpec, { params: code, query } as never, deps),
      );
      expect([error.status, error.code], field).toEqual([400, "INVALID_PARAMETER"]);
      expect(error.details ?? "", field).toMatch(new RegExp(`^${field}:|; ${field}:`));
    }
    const recent = await refusal(
      callRoute(routes.insiderClustersRecent, { query: { minInsiders: "1" } }, deps),
    );
    expect(recent.details).toMatch(/^minInsiders:/);
    const snapshot = await refusal(
      callRoute(routes.insiderClustersSnapshot, { query: { windowDays: "400" } }, deps),
    );
    expect(snapshot.details).toMatch(/^windowDays:/);
  });
});

describe("through the local server", () => {
  const { get } = localApiWithKey();

  async function ok(path: string) {
    const { status, body } = await get(path);
    expect(status, `${path}: ${JSON.stringify(body.error)}`).toBe(200);
    return body.data;
  }

  it(
    "answers every people endpoint",
    async () => {
      const insiders = await ok("/graph/MSTR_NASDAQ/insiders?trades=1");
      expect(insiders.insiders.length).toBeGreaterThan(5);
      const scored = await ok("/graph/MSTR_NASDAQ/insiders/scored?limit=2");
      expect(scored.trades).toHaveLength(2);
      const clusters = await ok("/graph/MSTR_NASDAQ/insiders/clusters");
      expect(clusters.clusters.length).toBeGreaterThan(0);
      const summary = await ok("/graph/MSTR_NASDAQ/insiders/summary");
      expect(summary.latestCluster?.id).toBe(clusters.clusters[0].id);
      const executives = await ok("/graph/MSTR_NASDAQ/executives?includeFormer=true");
      expect(executives.executives.length).toBeGreaterThan(5);
      const recent = await ok("/graph/insiders/clusters/recent?limit=5");
      expect(recent.clusters.map((c: { id: string }) => c.id)).toContain(clusters.clusters[0].id);
      const snapshot = await ok("/graph/insiders/clusters/snapshot");
      expect(snapshot.defaults).toEqual({ minInsiders: 3, windowDays: 30, minValue: 50_000 });
    },
    MARKET_WIDE_MS,
  );

  it("refuses bad input with 400 naming the field, and unknown or fund codes with 404", async () => {
    await expectRefusals(get, [
      [
        "/graph/MSTR_NASDAQ/insiders/clusters?minInsiders=1",
        400,
        "INVALID_PARAMETER",
        "'minInsiders'",
      ],
      [
        "/graph/MSTR_NASDAQ/insiders/clusters?windowDays=366",
        400,
        "INVALID_PARAMETER",
        "'windowDays'",
      ],
      ["/graph/MSTR_NASDAQ/insiders/clusters?minValue=-1", 400, "INVALID_PARAMETER", "'minValue'"],
      ["/graph/MSTR_NASDAQ/insiders/scored?days=0", 400, "INVALID_PARAMETER", "'days'"],
      ["/graph/insiders/clusters/recent?days=366", 400, "INVALID_PARAMETER", "'days'"],
      ["/graph/AAPX_NASDAQ/insiders", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/graph/SPY_ARCA/executives", 404, "NO_DATA", "SPY_ARCA"],
    ]);
  });
});
