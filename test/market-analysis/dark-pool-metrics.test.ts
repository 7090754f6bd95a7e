import { describe, expect, it } from "vitest";
import {
  darkIndexOf,
  type RankingCandidate,
  rankByShortRatio,
  shortRatioPercent,
  windowSummary,
} from "../../lib/short-volume/metrics";
import type { ShortVolumeRecord } from "../../lib/short-volume/ports";

/** The dark-pool figures on hand-built records, against values worked out by hand. */

const record = (
  date: string,
  shortVolume: number,
  totalVolume: number,
  shortExemptVolume = 0,
): ShortVolumeRecord => ({
  date,
  symbol: "XYZ",
  shortVolume,
  shortExemptVolume,
  totalVolume,
  facilities: ["B", "Q", "N"],
});

describe("the short ratio and its averages", () => {
  it("is short / total in percent, null when nothing traded", () => {
    expect(shortRatioPercent(450, 1000)).toBe(45);
    expect(shortRatioPercent(0, 0)).toBeNull();
  });

  it("averages the daily ratios, and weighs them by volume", () => {
    // Day 1: 300 / 1000 = 30 %; day 2: 900 / 1500 = 60 %; day 3: nothing traded (no ratio).
    // Mean of the ratios: (30 + 60) / 2 = 45 %. Volume-weighted: 1200 / 2500 = 48 %.
    // Average daily volume: 2500 / 3 sessions = 833.33…
    const summary = windowSummary([
      record("2026-11-18", 300, 1000, 3),
      record("2026-11-19", 900, 1500, 5),
      record("2026-11-20", 0, 0),
    ]);
    expect(summary.sessions).toBe(3);
    expect(summary.shortVolume).toBe(1200);
    expect(summary.shortExemptVolume).toBe(8);
    expect(summary.totalVolume).toBe(2500);
    expect(summary.averageShortRatioPercent).toBeCloseTo(45, 12);
    expect(summary.volumeWeightedShortRatioPercent).toBeCloseTo(48, 12);
    expect(summary.averageDailyVolume).toBeCloseTo(2500 / 3, 12);
  });

  it("has no ratio for an empty window", () => {
    const summary = windowSummary([]);
    expect(summary.averageShortRatioPercent).toBeNull();
    expect(summary.volumeWeightedShortRatioPercent).toBeNull();
    expect(summary.averageDailyVolume).toBe(0);
  });
});

describe("the ranking by short ratio", () => {
  const candidate = (code: string, ratio: number, averageDailyVolume: number) => {
    const summary = windowSummary([
      record("2026-11-20", (ratio / 100) * averageDailyVolume, averageDailyVolume),
    ]);
    return {
      code,
      summary,
      servedRatioPercent: summary.volumeWeightedShortRatioPercent as number,
      item: code,
    } satisfies RankingCandidate<string>;
  };

  it("ranks the highest ratio first, ties by code, after the volume filter", () => {
    const candidates = [
      candidate("LOW_NYSE", 40, 2_000_000),
      candidate("THIN_NASDAQ", 90, 100_000), // the highest ratio, but below the volume floor
      candidate("ZED_NYSE", 60, 1_000_000),
      candidate("ABC_NASDAQ", 60, 5_000_000), // ties with ZED: the code decides
      candidate("MID_ARCA", 50, 500_000), // exactly the floor: kept
    ];
    const { matched, ranked } = rankByShortRatio(candidates, 500_000, 10);
    expect(matched).toBe(4);
    expect(ranked.map((row) => row.code)).toEqual([
      "ABC_NASDAQ",
      "ZED_NYSE",
      "MID_ARCA",
      "LOW_NYSE",
    ]);
    expect(rankByShortRatio(candidates, 0, 2).ranked.map((row) => row.code)).toEqual([
      "THIN_NASDAQ",
      "ABC_NASDAQ",
    ]);
  });

  it("leaves out candidates that never traded", () => {
    const silent = { ...candidate("NONE_NYSE", 0, 0), servedRatioPercent: 0 };
    expect(rankByShortRatio([silent], 0, 10)).toEqual({ matched: 0, ranked: [] });
  });
});

describe("the dollar-weighted dark-pool index (DIX)", () => {
  it("values short and total volume at the close, on a hand-built day of three stocks", () => {
    // AAA: close 100, 600 short of 1,000 → $60,000 short of $100,000 (60 %)
    // BBB: close  50, 1,000 short of 4,000 → $50,000 short of $200,000 (25 %)
    // CCC: close 200, 250 short of 500 → $50,000 short of $100,000 (50 %)
    // Index = (60,000 + 50,000 + 50,000) / (100,000 + 200,000 + 100,000) = 160,000 / 400,000
    //       = 40 %, not the plain mean of the ratios (45 %).
    // Points: AAA 60,000 / 400,000 = 15, BBB 12.5, CCC 12.5 (sum 40).
    // Share of the dollar short volume: AAA 37.5 %, BBB 31.25 %, CCC 31.25 %.
    const day = darkIndexOf([
      { symbol: "AAA", close: 100, shortVolume: 600, totalVolume: 1000 },
      { symbol: "BBB", close: 50, shortVolume: 1000, totalVolume: 4000 },
      { symbol: "CCC", close: 200, shortVolume: 250, totalVolume: 500 },
    ]);
    expect(day.indexPercent).toBeCloseTo(40, 12);
    expect(day.dollarShortVolume).toBe(160_000);
    expect(day.dollarTotalVolume).toBe(400_000);
    const bySymbol = Object.fromEntries(day.contributions.map((c) => [c.symbol, c]));
    expect(bySymbol.AAA?.contributionPoints).toBeCloseTo(15, 12);
    expect(bySymbol.BBB?.contributionPoints).toBeCloseTo(12.5, 12);
    expect(bySymbol.CCC?.contributionPoints).toBeCloseTo(12.5, 12);
    expect(bySymbol.AAA?.dollarShortSharePercent).toBeCloseTo(37.5, 12);
    expect(bySymbol.BBB?.dollarShortSharePercent).toBeCloseTo(31.25, 12);
    expect(bySymbol.AAA?.dollarShortVolume).toBe(60_000);
    expect(bySymbol.BBB?.dollarTotalVolume).toBe(200_000);
  });

  it("has no level on a day nothing traded", () => {
    expect(darkIndexOf([]).indexPercent).toBeNull();
    expect(
      darkIndexOf([{ symbol: "A", close: 10, shortVolume: 0, totalVolume: 0 }]).indexPercent,
    ).toBeNull();
  });
});
