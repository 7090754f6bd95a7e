import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { portfolioRoutes } from "../../lib/api/groups/portfolio/routes";
import { servedQuoteOf } from "../../lib/api/market-data";
import { pinnedClock } from "../../lib/deps";
import { nyInstant } from "../../lib/market/ny-time";
import type { Instrument } from "../../lib/market/ports";
import { roundPrice } from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { closesBy, fakeMarket, sessions } from "./fake-market";

/**
 * POST /portfolio/analyze: VaR and drawdown through the endpoint on a hand-built price series;
 * on the simulated market, the valuation against the served quotes, the historical VaR
 * recomputed here from the bars port, and the identities the risk split must satisfy.
 */

const route = portfolioRoutes.analyze;

describe("analyze on a hand-built series", () => {
  // 21 closes, 20 returns: +10 %, −10 %, −1/9, +7/88, +15/95, +15/110, −25 %, +1/9, then 12 × 0.
  const dates = sessions("2026-02-02", "2026-03-03");
  const path = [100, 110, 99, 88, 95, 110, 120, 90, 100, ...new Array(12).fill(100)];
  const market = fakeMarket([
    {
      code: "A_NYSE",
      contractType: "Stock",
      sector: "Energy",
      closes: closesBy(dates, (_, i) => path[i] as number),
    },
    { code: "FLAT_ARCA", contractType: "ETF", closes: closesBy(dates, () => 50) },
    { code: "SHORT_NYSE", contractType: "Stock", closes: closesBy(dates.slice(5), () => 50) },
  ]);
  const clock = pinnedClock(new Date("2026-03-04T15:00:00Z")); // Wednesday 10:00 New York
  const deps = testDeps({ market, marketClock: clock });
  const body = {
    positions: [{ symbol: "A_NYSE", quantity: 10 }],
    lookbackDays: 20,
    benchmark: "FLAT_ARCA",
  };

  it("has the window's 21 sessions, the last completed one last", () => {
    expect(dates.length).toBe(21);
    expect(dates.at(-1)).toBe("2026-03-03");
  });

  it("gives historical VaR and CVaR from the interpolated quantiles of the returns", async () => {
    const answer = await callRoute(route, { body }, deps);
    // Sorted: x₀ = −0.25, x₁ = −1/9. Q(0.05): h = 19 × 0.05 = 0.95; Q(0.01): h = 0.19.
    const gap = -1 / 9 + 0.25;
    const var95 = 0.25 - 0.95 * gap;
    const var99 = 0.25 - 0.19 * gap;
    expect(answer.value).toBe(1000); // 10 × the last close, 100
    expect(answer.valueAtRisk.historical95.lossPercent).toBeCloseTo(var95 * 100, 4);
    expect(answer.valueAtRisk.historical95.lossAmount).toBeCloseTo(var95 * 1000, 2);
    expect(answer.valueAtRisk.historical99.lossPercent).toBeCloseTo(var99 * 100, 4);
    // Only −25 % is at or below Q(0.05).
    expect(answer.valueAtRisk.conditional95).toEqual({ lossPercent: 25, lossAmount: 250 });
  });

  it("gives the drawdown with its dates: 120 → 90, not recovered", async () => {
    const answer = await callRoute(route, { body }, deps);
    expect(answer.drawdown).toEqual({
      maxDrawdownPercent: 25,
      peakDate: dates[6],
      troughDate: dates[7],
      recoveryDate: null,
    });
    expect(answer.window).toMatchObject({ from: dates[0], to: "2026-03-03", returns: 20 });
    // A flat benchmark has no beta or correlation to give.
    expect(answer).toMatchObject({ beta: null, correlationToBenchmark: null });
    expect(answer.sectorExposure).toEqual([{ sector: "Energy", weightPercent: 100, holdings: 1 }]);
  });

  it("applies weights to portfolioValue and reports the implied quantities", async () => {
    const weighted = {
      positions: [
        { symbol: "A_NYSE", weight: 60 },
        { symbol: "FLAT_ARCA", weight: 40 },
      ],
      lookbackDays: 20,
      benchmark: "FLAT_ARCA",
      portfolioValue: 50_000,
    };
    const answer = await callRoute(route, { body: weighted }, deps);
    expect(answer.value).toBe(50_000);
    expect(answer.holdings.map((h) => [h.code, h.marketValue, h.quantity])).toEqual([
      ["A_NYSE", 30_000, 300], // 30,000 / 100
      ["FLAT_ARCA", 20_000, 400], // 20,000 / 50
    ]);
    // The flat fund adds no risk: A carries all of it.
    expect(answer.riskContributors.items.map((i) => [i.code, i.shareOfRiskPercent])).toEqual([
      ["A_NYSE", 100],
      ["FLAT_ARCA", 0],
    ]);
  });

  it("answers 400 naming a holding with too little history", async () => {
    const short = {
      ...body,
      positions: [...body.positions, { symbol: "SHORT_NYSE", quantity: 1 }],
    };
    const error = await callRoute(route, { body: short }, deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      "Invalid parameter 'positions[1].symbol': SHORT_NYSE has 16 daily closes from 2026-01-18 to 2026-03-03 (its history starts 2026-02-09); lookbackDays 20 needs 21",
    );
  });
});

describe("analyze on the simulated market", () => {
  const clock = pinnedClock(new Date("2026-11-24T16:00:00Z")); // Tuesday 11:00 New York
  const market = createSimulatedMarket(clock);
  const deps = testDeps({ market, marketClock: clock });
  const CODES = [
    "AAPL_NASDAQ",
    "MSFT_NASDAQ",
    "NVDA_NASDAQ",
    "AMZN_NASDAQ",
    "JPM_NYSE",
    "XOM_NYSE",
    "JNJ_NYSE",
    "KO_NYSE",
    "GOOGL_NASDAQ",
    "META_NASDAQ",
  ];
  const positions = CODES.map((symbol, i) => ({ symbol, quantity: 10 + i }));

  it("values the positions at the served live prices and splits the risk exactly", async () => {
    const answer = await callRoute(route, { body: { positions } }, deps);
    const instruments = await Promise.all(CODES.map((c) => market.instrument(c)));
    const live = await Promise.all(instruments.map((i) => servedQuoteOf(deps, i as Instrument)));
    const value = positions.reduce(
      (sum, p, i) => sum + p.quantity * (live[i]?.livePrice as number),
      0,
    );
    expect(answer.value).toBeCloseTo(value, 2);
    expect(answer.window).toMatchObject({ to: "2026-11-23", returns: 252 });
    const weights = answer.holdings.reduce((sum, h) => sum + h.weightPercent, 0);
    expect(weights).toBeCloseTo(100, 2);
    const shares = answer.riskContributors.items.reduce((sum, i) => sum + i.shareOfRiskPercent, 0);
    expect(shares).toBeCloseTo(100, 2);
    const contributions = answer.riskContributors.items.reduce(
      (s, i) => s + i.contributionPercent,
      0,
    );
    expect(contributions).toBeCloseTo(answer.annualisedVolatilityPercent, 2);
    expect(answer.riskContributors.portfolioVolatilityPercent).toBeCloseTo(
      answer.annualisedVolatilityPercent,
      3,
    );
    const { codes, matrix } = answer.correlationMatrix;
    expect(codes).toEqual(CODES);
    matrix.forEach((row, i) => {
      expect(row[i]).toBe(1);
      row.forEach((r, j) => {
        expect(r).toBe(matrix[j]?.[i]);
      });
    });
    expect(answer.valueAtRisk.historical99.lossPercent).toBeGreaterThan(
      answer.valueAtRisk.historical95.lossPercent,
    );
    expect(answer.valueAtRisk.conditional95.lossPercent).toBeGreaterThan(
      answer.valueAtRisk.historical95.lossPercent,
    );
  });

  it("has the historical VaR recomputed here from the bars port's closes", async () => {
    const two = [
      { symbol: "AAPL_NASDAQ", weight: 70 },
      { symbol: "KO_NYSE", weight: 30 },
    ];
    const answer = await callRoute(route, { body: { positions: two, lookbackDays: 60 } }, deps);
    const from = nyInstant(Date.parse(`${answer.window.from}T00:00:00Z`) / 86_400_000, 0);
    const to = nyInstant(Date.parse(`${answer.window.to}T00:00:00Z`) / 86_400_000 + 1, 0);
    const closes = await Promise.all(
      two.map(async ({ symbol }) => {
        const bars = await market.bars(symbol, { period: 5, from, to, extended: false });
        const instrument = (await market.instrument(symbol)) as Instrument;
        return (bars ?? []).map((bar) => roundPrice(bar.close, instrument));
      }),
    );
    expect(closes[0]?.length).toBe(61);
    const returns = Array.from({ length: 60 }, (_, t) =>
      two.reduce((sum, { weight }, i) => {
        const c = closes[i] as number[];
        return sum + (weight / 100) * ((c[t + 1] as number) / (c[t] as number) - 1);
      }, 0),
    ).sort((a, b) => a - b);
    // Type 7: h = 59 × 0.05 = 2.95 → x₂ + 0.95 (x₃ − x₂).
    const q05 = (returns[2] as number) + 0.95 * ((returns[3] as number) - (returns[2] as number));
    expect(answer.valueAtRisk.historical95.lossPercent).toBeCloseTo(-q05 * 100, 4);
    expect(answer.value).toBe(100_000);
  });

  it("adds up positions of the same code into one holding", async () => {
    const twice = [
      { symbol: "AAPL_NASDAQ", quantity: 10 },
      { symbol: "KO_NYSE", quantity: 5 },
      { symbol: "AAPL_NASDAQ", quantity: 5 },
    ];
    const answer = await callRoute(route, { body: { positions: twice, lookbackDays: 20 } }, deps);
    expect(answer.holdings.map((h) => [h.code, h.quantity])).toEqual(
      expect.arrayContaining([
        ["AAPL_NASDAQ", 15],
        ["KO_NYSE", 5],
      ]),
    );
    expect(answer.holdings.length).toBe(2);
  });
});
