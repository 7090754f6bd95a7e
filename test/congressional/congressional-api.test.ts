import { describe, expect, it } from "vitest";
import { congressionalRoutes as routes } from "../../lib/api/groups/congressional/routes";
import { marketGroupRoutes } from "../../lib/api/groups/market/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { createSimulatedCongress } from "../../lib/congressional/sim/source";
import type { Deps } from "../../lib/deps";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The congressional routes in-process on the simulated world at EXAMPLE_TIME: windows,
 * filters and pages; the rows' prices and returns against the market's quote; the top
 * traders' figures recomputed from the rows; refusals naming the field.
 */

const base = simulatedWorldDeps(EXAMPLE_TIME);
const deps: Deps = {
  ...base,
  congressional: createSimulatedCongress(base.market, base.marketClock),
};

type Row = Awaited<ReturnType<typeof recentPage>>["trades"][number];
const recentPage = (query: Record<string, string>) => callRoute(routes.recent, { query }, deps);

/** Every page of a list, following nextCursor. */
async function allPages<T>(
  page: (cursor?: string) => Promise<{ nextCursor: string | null; rows: T[] }>,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const answer = await page(cursor);
    rows.push(...answer.rows);
    if (answer.nextCursor === null) return rows;
    cursor = answer.nextCursor;
  }
  throw new Error("no last page");
}

describe("GET /congressional/recent", () => {
  it("lists the window's disclosures, newest first, filtered, over pages", async () => {
    const whole = await recentPage({ days: "30", limit: "200" });
    expect(whole.window).toEqual({ from: "2026-10-25", to: "2026-11-23" });
    expect(whole.total).toBe(whole.trades.length);
    expect(whole.total).toBeGreaterThan(50);
    for (const row of whole.trades) {
      expect(row.disclosureDate >= "2026-10-25" && row.disclosureDate <= "2026-11-23").toBe(true);
      expect(Date.parse(row.disclosedAt)).toBeLessThanOrEqual(Date.parse(EXAMPLE_TIME));
    }
    const times = whole.trades.map((r) => Date.parse(r.disclosedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const paged = await allPages(async (cursor) => {
      const page = await recentPage({ days: "30", limit: "7", ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(whole.total);
      return { nextCursor: page.nextCursor, rows: page.trades };
    });
    expect(paged.map((r) => r.id)).toEqual(whole.trades.map((r) => r.id));

    const filtered = await recentPage({
      days: "90",
      chamber: "senate",
      party: "R",
      transactionType: "purchase",
      limit: "200",
    });
    expect(filtered.total).toBeGreaterThan(0);
    for (const row of filtered.trades) {
      expect(row).toMatchObject({ chamber: "senate", party: "R", transactionType: "purchase" });
      expect(row.district).toBeNull();
    }
    const state = await recentPage({ days: "90", state: "ca", limit: "200" });
    expect(state.total).toBeGreaterThan(0);
    expect(state.trades.every((r) => r.state === "CA")).toBe(true);
  });

  it("prices each row on the market: the quote now and the signed return", async () => {
    const { trades } = await recentPage({ days: "10", limit: "20" });
    for (const row of trades.slice(0, 8)) {
      const quote = await callRoute(marketGroupRoutes.quote, { params: { code: row.code } }, deps);
      expect(row.priceNow, row.id).toBe(quote.lastPrice);
      const direction = { purchase: 1, sale: -1, "partial-sale": -1, exchange: 0 }[
        row.transactionType
      ];
      if (direction === 0) expect(row.returnSinceTransactionPercent).toBeNull();
      else {
        const expected =
          direction * ((quote.lastPrice as number) / row.priceAtTransaction - 1) * 100;
        expect(row.returnSinceTransactionPercent as number).toBeCloseTo(expected, 2);
      }
    }
  });

  it("refuses bad windows, filters and cursors by name", async () => {
    await expectInvalid(() => recentPage({ days: "731" }), "days");
    await expectInvalid(() => recentPage({ days: "0" }), "days");
    await expectInvalid(() => recentPage({ chamber: "lords" }), "chamber");
    await expectInvalid(() => recentPage({ party: "X" }), "party");
    await expectInvalid(() => recentPage({ transactionType: "buy" }), "transactionType");
    await expectInvalid(() => recentPage({ state: "California" }), "state");
    await expectInvalid(() => recentPage({ limit: "201" }), "limit");
    await expectInvalid(() => recentPage({ cursor: "nope" }), "cursor");
  });
});

describe("GET /congressional/ticker/{code}", () => {
  const ticker = (code: string, query: Record<string, string> = {}) =>
    callRoute(routes.ticker, { params: { code }, query }, deps);

  it("lists a security's trades with a summary of the whole window", async () => {
    const recent = await recentPage({ days: "365", limit: "200" });
    const busiest = recent.trades[0] as Row;
    const answer = await ticker(busiest.code.toLowerCase(), { days: "365", limit: "5" });
    expect(answer.code).toBe(busiest.code);
    expect(answer.total).toBeGreaterThan(0);
    const all = await allPages(async (cursor) => {
      const page = await ticker(busiest.code, {
        days: "365",
        limit: "5",
        ...(cursor ? { cursor } : {}),
      });
      return { nextCursor: page.nextCursor, rows: page.trades };
    });
    expect(all.length).toBe(answer.total);
    expect(
      all.every((r) => r.code === busiest.code && r.transactionDate >= answer.window.from),
    ).toBe(true);
    const dates = all.map((r) => r.transactionDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const sum = (rows: typeof all) => rows.reduce((s, r) => s + r.amount.estimateUsd, 0);
    const purchases = all.filter((r) => r.transactionType === "purchase");
    const sales = all.filter((r) => r.transactionType.endsWith("sale"));
    expect(answer.summary).toMatchObject({
      members: new Set(all.map((r) => r.memberId)).size,
      purchases: purchases.length,
      sales: sales.length,
      exchanges: all.length - purchases.length - sales.length,
    });
    expect(answer.summary.estimatedPurchaseUsd).toBeCloseTo(sum(purchases), 2);
    expect(answer.summary.netEstimatedUsd).toBeCloseTo(sum(purchases) - sum(sales), 2);
  });

  it("answers an empty list for an index and 404 for an unknown code", async () => {
    const index = await ticker("SPX_INDEX");
    expect(index.total).toBe(0);
    expect(index.trades).toEqual([]);
    const unknown = await refusal(() => ticker("AAPX_NASDAQ"));
    expect(unknown).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    await expectInvalid(() => ticker("AAPL"), "code");
  });
});

describe("GET /congressional/top-traders", () => {
  const top = (query: Record<string, string>) => callRoute(routes.topTraders, { query }, deps);

  it("ranks members, with figures recomputed from their rows", async () => {
    const table = await top({ days: "365", limit: "50" });
    expect(table.total).toBe(table.traders.length);
    expect(table.total).toBeGreaterThan(40);
    const volumes = table.traders.map((t) => t.estimatedVolumeUsd);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
    expect(table.traders.map((t) => t.rank)).toEqual(table.traders.map((_, i) => i + 1));

    const rows = await allPages(async (cursor) => {
      const page = await recentPage({ days: "730", limit: "200", ...(cursor ? { cursor } : {}) });
      return { nextCursor: page.nextCursor, rows: page.trades };
    });
    for (const trader of table.traders.slice(0, 5)) {
      const own = rows.filter(
        (r) => r.memberId === trader.memberId && r.transactionDate >= table.window.from,
      );
      expect(own.length, trader.memberId).toBe(trader.trades);
      const priced = own.filter((r) => r.returnSinceTransactionPercent !== null);
      const weights = priced.reduce((s, r) => s + r.amount.estimateUsd, 0);
      const exact = priced.reduce((s, r) => {
        const direction = r.transactionType === "purchase" ? 1 : -1;
        return (
          s + r.amount.estimateUsd * direction * ((r.priceNow as number) / r.priceAtTransaction - 1)
        );
      }, 0);
      expect(trader.tradesWithReturn).toBe(priced.length);
      expect(trader.returnSinceTradesPercent as number).toBeCloseTo((exact / weights) * 100, 2);
      expect(trader.estimatedVolumeUsd).toBeCloseTo(
        own.reduce((s, r) => s + r.amount.estimateUsd, 0),
        2,
      );
      expect(trader.lateFilings).toBe(own.filter((r) => r.late).length);
    }
  });

  it("sorts by trades or return, filters, pages and refuses bad sorts", async () => {
    const byTrades = await top({ sort: "trades", chamber: "house", party: "D", limit: "50" });
    expect(byTrades.traders.every((t) => t.chamber === "house" && t.party === "D")).toBe(true);
    const counts = byTrades.traders.map((t) => t.trades);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const byReturn = await top({ sort: "return", limit: "50" });
    const returns = byReturn.traders.map((t) => t.returnSinceTradesPercent ?? -Infinity);
    expect([...returns].sort((a, b) => b - a)).toEqual(returns);
    const first = await top({ limit: "10" });
    const second = await top({ limit: "10", cursor: first.nextCursor as string });
    expect(second.traders[0]?.rank).toBe(11);
    await expectInvalid(() => top({ sort: "profit" }), "sort");
    await expectInvalid(() => top({ limit: "51" }), "limit");
  });
});
