import { describe, expect, it } from "vitest";
import { detectClusters } from "../../../lib/graph/insiders/clusters";
import { fiftyTwoWeekRanges } from "../../../lib/graph/insiders/range";
import { insiderSummary } from "../../../lib/graph/insiders/summary";
import { trade } from "./hand-built";

/** The 90-day and 12-month activity summary and the 52-week range, on hand-built lists. */

const TODAY = "2026-11-23";

const TRADES = [
  trade(1, "2025-11-22", 100, 10), // 366 days before: outside both windows
  trade(1, "2025-11-23", 100, 10), // 365 days before: the 12-month window's first day
  trade(2, "2026-06-01", 400, 25, { code: "S", tradingPlan: true }),
  trade(3, "2026-08-25", 1_000, 20), // 90 days before: the 90-day window's first day
  trade(4, "2026-09-10", 500, 20, { code: "S" }),
  trade(5, "2026-10-01", 300, 20, { code: "A", pricePerShare: null }),
  trade(6, "2026-10-02", 50, 19.99, { derivative: true }),
  trade(3, "2026-11-20", 250, 21.5),
];

describe("insiderSummary", () => {
  const summary = insiderSummary(TRADES, TODAY, detectClusters(TRADES));

  it("counts open-market purchases and sales of the last 90 days, from today − 90 inclusive", () => {
    expect(summary.last90Days).toEqual({
      days: 90,
      from: "2026-08-25",
      to: TODAY,
      purchases: { count: 2, shares: 1_250, valueUsd: 25_375 },
      sales: { count: 1, shares: 500, valueUsd: 10_000, underPlan: 0 },
      netShares: 750,
      netValueUsd: 15_375,
      distinctInsiders: 2,
      buyers: 1,
      sellers: 1,
    });
  });

  it("counts the last 12 months from today − 365 inclusive, plan sales apart", () => {
    expect(summary.last12Months).toMatchObject({
      from: "2025-11-23",
      purchases: { count: 3, shares: 1_350, valueUsd: 26_375 },
      sales: { count: 2, shares: 900, valueUsd: 20_000, underPlan: 1 },
      netShares: 450,
      netValueUsd: 6_375,
      distinctInsiders: 4,
      buyers: 2,
      sellers: 2,
    });
  });

  it("gives the latest cluster, or null", () => {
    expect(summary.latestCluster).toBeNull();
    const wave = [
      trade(7, "2026-04-01", 300, 100),
      trade(8, "2026-04-02", 300, 100),
      trade(9, "2026-04-03", 300, 100),
      trade(7, "2026-10-01", 300, 100),
      trade(8, "2026-10-02", 300, 100),
      trade(9, "2026-10-03", 300, 100),
    ];
    const clusters = detectClusters(wave);
    expect(clusters).toHaveLength(2);
    expect(insiderSummary(wave, TODAY, clusters).latestCluster?.firstDate).toBe("2026-10-01");
  });
});

describe("fiftyTwoWeekRanges", () => {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
  const bars = [
    { day: day("2025-11-23"), low: 5, high: 6 }, // exactly 365 days before 2026-11-23: out
    { day: day("2025-11-24"), low: 8, high: 9 },
    { day: day("2026-06-01"), low: 10, high: 30 },
    { day: day("2026-11-23"), low: 7.5, high: 12 }, // the trade day itself: in
    { day: day("2026-11-24"), low: 1, high: 100 }, // after: out
  ];

  it("spans the year ending on the trade day, the day itself included", () => {
    const ranges = fiftyTwoWeekRanges(bars, ["2026-11-23", "2026-06-01", "2024-01-02"]);
    expect(ranges.get("2026-11-23")).toEqual({ low: 7.5, high: 30 });
    expect(ranges.get("2026-06-01")).toEqual({ low: 5, high: 30 });
    expect(ranges.has("2024-01-02")).toBe(false);
  });
});
