import { describe, expect, it } from "vitest";
import { DEFAULT_CLUSTER_PARAMETERS, detectClusters } from "../../../lib/graph/insiders/clusters";
import { trade } from "./hand-built";

/**
 * Cluster detection on hand-built purchase lists (defaults: 3 insiders, 30 days, $50,000):
 * the window's edges, the thresholds one short, one insider's repeated purchases, sales, and
 * two clusters of one issuer.
 */

const DEFAULTS = DEFAULT_CLUSTER_PARAMETERS;

describe("detectClusters", () => {
  it("finds three directors buying $60,000 within 30 days, with members and totals", () => {
    const purchases = [
      trade(1, "2026-03-02", 200, 100), // $20,000
      trade(2, "2026-03-10", 100, 100), // $10,000
      trade(1, "2026-03-12", 100, 110), // $11,000: the same insider again
      trade(3, "2026-03-20", 190, 100), // $19,000
    ];
    const [cluster, ...others] = detectClusters(purchases, DEFAULTS);
    expect(others).toEqual([]);
    expect(cluster).toMatchObject({
      symbol: "KSTL",
      firstDate: "2026-03-02",
      lastDate: "2026-03-20",
      insiderCount: 3,
      purchaseCount: 4,
      totalShares: 590,
      totalValueUsd: 60_000,
      averagePrice: 60_000 / 590,
    });
    expect(cluster?.members.map((m) => [m.personCik, m.purchases, m.valueUsd])).toEqual([
      ["0009100001", 2, 31_000],
      ["0009100003", 1, 19_000],
      ["0009100002", 1, 10_000],
    ]);
    expect(cluster?.members[0]).toMatchObject({
      shares: 300,
      averagePrice: 31_000 / 300,
      firstDate: "2026-03-02",
      lastDate: "2026-03-12",
    });
  });

  it("counts a purchase exactly windowDays after the window's first as in, a day later as out", () => {
    const edge = (lastDate: string) => [
      trade(1, "2026-03-01", 300, 100),
      trade(2, "2026-03-15", 300, 100),
      trade(3, lastDate, 300, 100),
    ];
    // 2026-03-31 is 30 days after 2026-03-01.
    expect(detectClusters(edge("2026-03-31"), DEFAULTS)).toHaveLength(1);
    expect(detectClusters(edge("2026-04-01"), DEFAULTS)).toEqual([]);
    expect(detectClusters(edge("2026-04-01"), { ...DEFAULTS, windowDays: 31 })).toHaveLength(1);
  });

  it("needs minInsiders distinct insiders: one short finds nothing", () => {
    const two = [trade(1, "2026-03-02", 500, 100), trade(2, "2026-03-03", 500, 100)];
    expect(detectClusters(two, DEFAULTS)).toEqual([]);
    expect(detectClusters(two, { ...DEFAULTS, minInsiders: 2 })).toHaveLength(1);
  });

  it("counts several purchases by one insider once", () => {
    const repeated = [
      trade(1, "2026-03-02", 500, 100),
      trade(1, "2026-03-03", 500, 100),
      trade(2, "2026-03-04", 500, 100),
      trade(2, "2026-03-05", 500, 100),
    ];
    expect(detectClusters(repeated, DEFAULTS)).toEqual([]);
    expect(detectClusters(repeated, { ...DEFAULTS, minInsiders: 2 })[0]?.insiderCount).toBe(2);
  });

  it("needs minValue in total: $49,999.99 is one cent short, $50,000.00 is enough", () => {
    const worth = (lastPrice: number) => [
      trade(1, "2026-03-02", 100, 200), // $20,000
      trade(2, "2026-03-03", 100, 200), // $20,000
      trade(3, "2026-03-04", 1, lastPrice),
    ];
    expect(detectClusters(worth(9_999.99), DEFAULTS)).toEqual([]);
    expect(detectClusters(worth(10_000), DEFAULTS)[0]?.totalValueUsd).toBe(50_000);
  });

  it("ignores sales, grants and derivative lines, which neither count nor break a cluster", () => {
    const mixed = [
      trade(1, "2026-03-02", 300, 100),
      trade(2, "2026-03-03", 300, 100, { code: "S" }),
      trade(4, "2026-03-04", 300, 100, { code: "A", pricePerShare: null }),
      trade(5, "2026-03-05", 300, 100, { derivative: true }),
      trade(2, "2026-03-06", 300, 100),
      trade(3, "2026-03-09", 300, 100),
    ];
    const [cluster] = detectClusters(mixed, DEFAULTS);
    expect(cluster?.purchaseCount).toBe(3);
    expect(cluster?.members.map((m) => m.personCik).sort()).toEqual([
      "0009100001",
      "0009100002",
      "0009100003",
    ]);
    const salesOnly = mixed.map((t) => ({ ...t, code: "S", acquiredDisposed: "D" as const }));
    expect(detectClusters(salesOnly, { ...DEFAULTS, minInsiders: 2, minValueUsd: 0 })).toEqual([]);
  });

  it("finds two separate clusters of one issuer, oldest first", () => {
    const wave = (month: string, first: number) => [
      trade(first, `2026-${month}-02`, 300, 100),
      trade(first + 1, `2026-${month}-05`, 300, 100),
      trade(first + 2, `2026-${month}-09`, 300, 100),
    ];
    const clusters = detectClusters([...wave("02", 1), ...wave("06", 4)], DEFAULTS);
    expect(clusters.map((c) => [c.firstDate, c.lastDate, c.insiderCount])).toEqual([
      ["2026-02-02", "2026-02-09", 3],
      ["2026-06-02", "2026-06-09", 3],
    ]);
  });

  it("merges qualifying windows that share a purchase into one buying wave", () => {
    // Windows from 03-01 (A, B, C) and from 03-20 (C, D, E) share C: one cluster 03-01 to 04-15;
    // a window from 03-01 alone would miss D and E, 45 days after it.
    const wave = [
      trade(1, "2026-03-01", 300, 100),
      trade(2, "2026-03-10", 300, 100),
      trade(3, "2026-03-20", 300, 100),
      trade(4, "2026-04-05", 300, 100),
      trade(5, "2026-04-15", 300, 100),
    ];
    const clusters = detectClusters(wave, DEFAULTS);
    expect(clusters.map((c) => [c.firstDate, c.lastDate, c.insiderCount])).toEqual([
      ["2026-03-01", "2026-04-15", 5],
    ]);
  });

  it("finds a cluster straddling a calendar window a fixed grid would split", () => {
    // A on 03-01, then B, C, D within 10 days from 03-28: a grid of 30-day windows from 03-01
    // would split them {A, B} {C, D}; the window from 03-28 qualifies, A's (A, B) does not.
    const purchases = [
      trade(1, "2026-03-01", 300, 100),
      trade(2, "2026-03-28", 300, 100),
      trade(3, "2026-04-02", 300, 100),
      trade(4, "2026-04-07", 300, 100),
    ];
    const clusters = detectClusters(purchases, DEFAULTS);
    expect(clusters.map((c) => [c.firstDate, c.lastDate, c.insiderCount])).toEqual([
      ["2026-03-28", "2026-04-07", 3],
    ]);
  });

  it("keeps issuers apart and reads trades in any order", () => {
    const ofIssuer = (symbol: string) => [
      trade(1, "2026-03-09", 300, 100, { symbol }),
      trade(2, "2026-03-02", 300, 100, { symbol }),
      trade(3, "2026-03-05", 300, 100, { symbol }),
    ];
    const clusters = detectClusters([...ofIssuer("KSTL"), ...ofIssuer("VRDN")], DEFAULTS);
    expect(clusters.map((c) => [c.symbol, c.firstDate, c.purchaseCount])).toEqual([
      ["KSTL", "2026-03-02", 3],
      ["VRDN", "2026-03-02", 3],
    ]);
    const mixedIssuers = [
      trade(1, "2026-03-02", 300, 100, { symbol: "KSTL" }),
      trade(2, "2026-03-03", 300, 100, { symbol: "VRDN" }),
      trade(3, "2026-03-04", 300, 100, { symbol: "KSTL" }),
    ];
    expect(detectClusters(mixedIssuers, DEFAULTS)).toEqual([]);
  });
});
