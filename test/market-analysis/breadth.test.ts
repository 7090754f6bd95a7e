import { describe, expect, it } from "vitest";
import { marketAnalysisMarketRoutes as routes } from "../../lib/api/groups/marketAnalysis/routes/market";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import {
  breadthLines,
  type SessionBreadth,
  sessionBreadth,
  trin,
} from "../../lib/market-analysis/breadth";
import type { DailySeries } from "../../lib/market-analysis/tape";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid } from "../setup/refusals";

/**
 * Market breadth, sectors and movers: the counts, TRIN and the McClellan oscillator on
 * hand-built series, then the endpoints on the simulated world at EXAMPLE_TIME, checked against
 * each stock's own daily bars.
 */

const series = (symbol: string, closes: number[], volumes: number[]): DailySeries => ({
  symbol,
  code: `${symbol}_NYSE`,
  name: symbol,
  sector: null,
  dates: closes.map((_, i) => `2026-01-${String(i + 1).padStart(2, "0")}`),
  closes,
  volumes,
  inProgress: false,
});

describe("breadth on hand-built series", () => {
  it("counts advancers, decliners and unchanged with their volumes, and TRIN", () => {
    const stocks = [
      series("A", [10, 11], [0, 300]),
      series("B", [10, 12], [0, 100]),
      series("C", [10, 9], [0, 200]),
      series("D", [10, 10], [0, 50]),
    ];
    const [row] = sessionBreadth(stocks, ["2026-01-02"]) as [SessionBreadth];
    expect(row).toMatchObject({
      advancers: 2,
      decliners: 1,
      unchanged: 1,
      upVolume: 400,
      downVolume: 200,
      unchangedVolume: 50,
    });
    // (2 / 1) / (400 / 200) = 1.
    expect(trin(row)).toBe(1);
    expect(trin({ ...row, decliners: 0 })).toBeNull();
  });

  it("runs the A/D line and the McClellan oscillator as EMA19 − EMA39 of net advances", () => {
    // 45 sessions of net advances: +2 for 39 sessions, then −4 for 6.
    const rows: SessionBreadth[] = Array.from({ length: 45 }, (_, i) => ({
      date: `d${i}`,
      advancers: i < 39 ? 3 : 0,
      decliners: i < 39 ? 1 : 4,
      unchanged: 0,
      upVolume: 0,
      downVolume: 0,
      unchangedVolume: 0,
    }));
    const lines = breadthLines(rows);
    expect(lines[38]?.adLine).toBe(78);
    expect(lines[44]?.adLine).toBe(78 - 24);
    // Both EMAs equal 2 through session 38 (a constant series): oscillator 0, summation 0.
    expect(lines[37]?.mcclellanOscillator).toBeNull();
    expect(lines[38]?.mcclellanOscillator).toBeCloseTo(0, 12);
    // Session 39: fast = 2 + 0.1 × (−4 − 2) = 1.4; slow = 2 + 0.05 × (−6) = 1.7; oscillator −0.3.
    expect(lines[39]?.mcclellanOscillator).toBeCloseTo(-0.3, 12);
    // Session 40: fast = 1.4 + 0.1 × (−5.4) = 0.86; slow = 1.7 + 0.05 × (−5.7) = 1.415; −0.555.
    expect(lines[40]?.mcclellanOscillator).toBeCloseTo(-0.555, 12);
    expect(lines[40]?.mcclellanSummation).toBeCloseTo(-0.855, 12);
  });
});

const deps = simulatedWorldDeps(EXAMPLE_TIME);

describe("GET /market/analysis/breadth, /sectors and /movers on the simulated world", () => {
  it("breadth: the counts sum to the stocks counted and match each stock's last two closes", async () => {
    const answer = await callRoute(routes.breadth, {}, deps);
    expect(answer.advancers + answer.decliners + answer.unchanged).toBe(answer.counted);
    expect(answer.counted).toBe(130);
    expect(answer.session).toBe("2026-11-23");
    let advancers = 0;
    const stocks = (await deps.market.instruments()).filter((i) => i.contractType === "Stock");
    for (const stock of stocks) {
      const closes = await deps.market.dailyCloses(stock.code, 2);
      if (closes && (closes[1] as number) > (closes[0] as number)) advancers++;
    }
    expect(answer.advancers).toBe(advancers);
    const last = answer.history.at(-1);
    expect(last?.netAdvances).toBe(answer.advancers - answer.decliners);
    expect(last?.mcclellanOscillator).toBe(answer.mcclellanOscillator);
    const before = answer.history.at(-2);
    expect((last?.adLine ?? 0) - (before?.adLine ?? 0)).toBe(last?.netAdvances);
  });

  it("sectors: the 11 GICS sectors, their members counted once, RS against SPY", async () => {
    const answer = await callRoute(routes.sectors, {}, deps);
    expect(answer.sectors).toHaveLength(11);
    expect(answer.sectors.reduce((sum, s) => sum + s.stocks, 0)).toBe(130);
    for (const sector of answer.sectors) {
      expect(sector.advancers + sector.decliners + sector.unchanged).toBe(sector.stocks);
      const r = sector.returns.oneMonth;
      const b = answer.benchmark.returns.oneMonth;
      if (r !== null && b !== null) {
        expect(sector.relativeStrength.oneMonth).toBeCloseTo(
          ((1 + r / 100) / (1 + b / 100) - 1) * 100,
          2,
        );
      }
    }
    expect(answer.sectors.find((s) => s.sector === "Information Technology")?.etf?.symbol).toBe(
      "XLK",
    );
  });

  it("movers: ordered lists of the session's moves, and the limit checked", async () => {
    const answer = await callRoute(routes.movers, { query: { limit: "5" } }, deps);
    const changes = answer.gainers.map((row) => row.changePercent);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect(answer.losers.every((row) => row.changePercent < 0)).toBe(true);
    const volumes = answer.mostActive.map((row) => row.volume);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
    expect(answer.unusualVolume.every((row) => (row.relativeVolume as number) >= 2)).toBe(true);
    const top = answer.gainers[0];
    if (top) {
      const closes = (await deps.market.dailyCloses(top.code, 2)) as number[];
      expect(top.changePercent).toBeCloseTo(
        ((closes[1] as number) / (closes[0] as number) - 1) * 100,
        3,
      );
    }
    await expectInvalid(() => callRoute(routes.movers, { query: { limit: "51" } }, deps), "limit");
  });
});
