import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { portfolioRoutes } from "../../lib/api/groups/portfolio/routes";
import { servedQuoteOf } from "../../lib/api/market-data";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { matchFifo, type Trade } from "../../lib/portfolio/fifo";
import { journalStatistics } from "../../lib/portfolio/journal-statistics";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The FIFO journal on a hand-worked sequence: partial fills, fees spread pro rata, a sell that
 * closes the long and opens a short, the short covered. Every figure below is worked out by
 * hand in the comments; the endpoint must give the same (rounded to cents).
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
const clock = pinnedClock(new Date(SIM_NOW));
const deps = testDeps({ market: createSimulatedMarket(clock), marketClock: clock });
const CODE = "AAPL_NASDAQ";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const trade = (
  side: Trade["side"],
  quantity: number,
  price: number,
  date: string,
  fees: number,
) => ({
  symbol: CODE,
  side,
  quantity,
  price,
  timestamp: day(date),
  fees,
});

const SEQUENCE: Trade[] = [
  trade("buy", 100, 10, "2026-01-05", 5), // 0: lot A, fee 0.05 a share
  trade("buy", 50, 12, "2026-01-10", 2), // 1: lot B (first fill), fee 0.04 a share
  trade("buy", 50, 12.5, "2026-01-10", 2), // 2: lot C (second fill, same time: input order)
  trade("sell", 120, 15, "2026-02-04", 6), // 3: closes A 100 and B 20; fee 0.05 a share
  trade("sell", 60, 11, "2026-02-14", 3), // 4: closes B 30 and C 30; fee 0.05 a share
  trade("sell", 40, 12, "2026-03-01", 2), // 5: closes C 20, opens a short of 20; fee 0.05 a share
  trade("buy", 20, 10, "2026-03-10", 1), // 6: covers the short
];

describe("FIFO lot matching (lib/portfolio/fifo.ts)", () => {
  const result = matchFifo(SEQUENCE);

  it("closes lots oldest first, spreading opening and closing fees by quantity", () => {
    const lots = result.closedLots.map((lot) => ({
      direction: lot.direction,
      quantity: lot.quantity,
      open: lot.openTradeIndex,
      close: lot.closeTradeIndex,
      fees: Number(lot.fees.toFixed(10)),
      pnl: Number(lot.realisedPnl.toFixed(10)),
    }));
    expect(lots).toEqual([
      // A: (15 − 10) × 100 = 500; fees 5 + 100 × 0.05 = 10 → 490.
      { direction: "long", quantity: 100, open: 0, close: 3, fees: 10, pnl: 490 },
      // B 20: (15 − 12) × 20 = 60; fees 2 × 20/50 = 0.8 + 20 × 0.05 = 1 → 1.8 → 58.2.
      { direction: "long", quantity: 20, open: 1, close: 3, fees: 1.8, pnl: 58.2 },
      // B 30: (11 − 12) × 30 = −30; fees 1.2 (what B still carries) + 1.5 → −32.7.
      { direction: "long", quantity: 30, open: 1, close: 4, fees: 2.7, pnl: -32.7 },
      // C 30: (11 − 12.5) × 30 = −45; fees 2 × 30/50 = 1.2 + 1.5 → −47.7.
      { direction: "long", quantity: 30, open: 2, close: 4, fees: 2.7, pnl: -47.7 },
      // C 20: (12 − 12.5) × 20 = −10; fees 0.8 + 1 → −11.8.
      { direction: "long", quantity: 20, open: 2, close: 5, fees: 1.8, pnl: -11.8 },
      // The short of 20 at 12 (opening fee 2 × 20/40 = 1) covered at 10: 40 − 1 − 1 = 38.
      { direction: "short", quantity: 20, open: 5, close: 6, fees: 2, pnl: 38 },
    ]);
    expect(result.openLots.get(CODE)).toEqual([]);
  });

  it("sums each closing trade and weights its holding days by quantity", () => {
    const closing = result.closingTrades.map((t) => ({
      index: t.tradeIndex,
      quantity: t.quantity,
      pnl: Number(t.realisedPnl.toFixed(10)),
      days: Number(t.holdingDays.toFixed(10)),
      entry: Number(t.averageEntryPrice.toFixed(10)),
    }));
    expect(closing).toEqual([
      // 100 held 30 days, 20 held 25 days: 3500 / 120; entry (1000 + 240) / 120.
      {
        index: 3,
        quantity: 120,
        pnl: 548.2,
        days: Number((3500 / 120).toFixed(10)),
        entry: Number((1240 / 120).toFixed(10)),
      },
      { index: 4, quantity: 60, pnl: -80.4, days: 35, entry: 12.25 },
      { index: 5, quantity: 20, pnl: -11.8, days: 50, entry: 12.5 },
      { index: 6, quantity: 20, pnl: 38, days: 9, entry: 12 },
    ]);
  });

  it("gives the journal's statistics over the closing trades", () => {
    const stats = journalStatistics(result.closingTrades);
    expect(stats).toMatchObject({ closedTrades: 4, wins: 2, losses: 2, breakevens: 0 });
    expect(stats.winRate).toBe(0.5);
    expect(stats.averageWin).toBeCloseTo((548.2 + 38) / 2, 10);
    expect(stats.averageLoss).toBeCloseTo((-80.4 - 11.8) / 2, 10);
    // (548.2 − 80.4 − 11.8 + 38) / 4 = 494 / 4.
    expect(stats.expectancy).toBeCloseTo(123.5, 10);
    expect(stats.profitFactor).toBeCloseTo(586.2 / 92.2, 10);
    expect(stats.longestWinStreak).toBe(1);
    expect(stats.longestLossStreak).toBe(2);
    expect(stats.averageHoldingDays).toBeCloseTo((3500 / 120 + 35 + 50 + 9) / 4, 10);
  });

  it("takes trades in time order whatever the input order, ties in input order", () => {
    const reordered = [SEQUENCE[6], SEQUENCE[3], ...SEQUENCE.slice(0, 3), SEQUENCE[4], SEQUENCE[5]];
    const pnls = matchFifo(reordered as Trade[]).closingTrades.map((t) =>
      Number(t.realisedPnl.toFixed(10)),
    );
    expect(pnls).toEqual([548.2, -80.4, -11.8, 38]);
  });

  it("has no profit factor without a loss, and counts a breakeven as neither", () => {
    const stats = journalStatistics([
      { realisedPnl: 10, holdingDays: 1 },
      { realisedPnl: 0, holdingDays: 1 },
      { realisedPnl: 10, holdingDays: 1 },
    ]);
    expect(stats).toMatchObject({
      wins: 2,
      losses: 0,
      breakevens: 1,
      profitFactor: null,
      averageLoss: null,
    });
    expect(stats.longestWinStreak).toBe(1);
    expect(stats.winRate).toBeCloseTo(2 / 3, 15);
  });
});

const asBody = (trades: readonly Trade[]) => ({
  trades: trades.map((t) => ({
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    price: t.price,
    timestamp: new Date(t.timestamp).toISOString().slice(0, 10),
    fees: t.fees,
  })),
});

describe("POST /portfolio/trade-journal", () => {
  it("answers the hand-worked sequence, in cents", async () => {
    const answer = await callRoute(portfolioRoutes.tradeJournal, { body: asBody(SEQUENCE) }, deps);
    expect(answer.summary).toEqual({
      trades: 7,
      closedTrades: 4,
      wins: 2,
      losses: 2,
      breakevens: 0,
      winRatePercent: 50,
      averageWin: 293.1,
      averageLoss: -46.1,
      expectancy: 123.5,
      profitFactor: 6.357918,
      grossProfit: 586.2,
      grossLoss: -92.2,
      realisedPnl: 494,
      unrealisedPnl: 0,
      totalPnl: 494,
      totalFees: 21,
      longestWinStreak: 1,
      longestLossStreak: 2,
      averageHoldingDays: 30.7917,
    });
    expect(answer.closedLots.map((lot) => lot.realisedPnl)).toEqual([
      490, 58.2, -32.7, -47.7, -11.8, 38,
    ]);
    expect(answer.closedLots[0]).toMatchObject({
      symbol: "AAPL",
      code: CODE,
      openedAt: "2026-01-05T00:00:00.000Z",
      closedAt: "2026-02-04T00:00:00.000Z",
      holdingDays: 30,
      returnPercent: 49, // 490 / (10 × 100)
    });
    expect(answer.openPositions).toEqual([]);
  });

  it("marks open lots to the live price the quote serves, long and short", async () => {
    const body: Json = {
      trades: [
        { symbol: CODE, side: "buy", quantity: 10, price: 150, timestamp: "2026-06-01", fees: 1 },
        {
          symbol: CODE,
          side: "buy",
          quantity: 5,
          price: 160,
          timestamp: "2026-06-02T14:00:00-04:00",
        },
        {
          symbol: "MSFT_NASDAQ",
          side: "SELL",
          quantity: 3,
          price: 500,
          timestamp: "2026-06-03",
          fees: 0.6,
        },
      ],
    };
    const answer = await callRoute(portfolioRoutes.tradeJournal, { body }, deps);
    const aapl = (await servedQuoteOf(deps, { code: CODE, contractType: "Stock" } as never))
      .livePrice;
    const msft = (
      await servedQuoteOf(deps, { code: "MSFT_NASDAQ", contractType: "Stock" } as never)
    ).livePrice;
    const longPnl = 10 * (aapl - 150) + 5 * (aapl - 160) - 1;
    const shortPnl = 3 * (500 - msft) - 0.6;
    expect(answer.openPositions.map((p) => [p.code, p.direction, p.quantity, p.livePrice])).toEqual(
      [
        [CODE, "long", 15, aapl],
        ["MSFT_NASDAQ", "short", 3, msft],
      ],
    );
    expect(answer.openPositions[0]?.unrealisedPnl).toBeCloseTo(longPnl, 2);
    expect(answer.openPositions[0]?.averageEntryPrice).toBeCloseTo(2300 / 15, 4);
    expect(answer.openPositions[0]?.costBasis).toBe(2301);
    expect(answer.openPositions[1]?.unrealisedPnl).toBeCloseTo(shortPnl, 2);
    expect(answer.summary.unrealisedPnl).toBeCloseTo(longPnl + shortPnl, 2);
    expect(answer.summary).toMatchObject({
      closedTrades: 0,
      winRatePercent: null,
      expectancy: null,
    });
  });

  it("keeps returns finite at the smallest price and quantity it takes (1e-8)", async () => {
    const body = {
      trades: [
        { symbol: CODE, side: "buy", quantity: 1e-8, price: 1e-8, timestamp: "2026-03-02" },
        { symbol: CODE, side: "sell", quantity: 1e-8, price: 1e9, timestamp: "2026-03-03" },
      ],
    };
    const answer = (await callRoute(portfolioRoutes.tradeJournal, { body }, deps)) as {
      closedTrades: { returnPercent: number }[];
      closedLots: { returnPercent: number }[];
    };
    // (1e9 − 1e-8) / 1e-8 × 100 ≈ 1e19 %: large, and a number.
    for (const row of [...answer.closedTrades, ...answer.closedLots]) {
      expect(Number.isFinite(row.returnPercent)).toBe(true);
      expect(row.returnPercent).toBeCloseTo(1e19, -15);
    }
  });

  it("refuses a trade after the market clock's now, naming its timestamp", async () => {
    const body = {
      trades: [
        { symbol: CODE, side: "buy", quantity: 1, price: 1, timestamp: "2026-11-01" },
        { symbol: CODE, side: "sell", quantity: 1, price: 1, timestamp: "2026-11-24T16:00:01Z" },
      ],
    };
    const error = await callRoute(portfolioRoutes.tradeJournal, { body }, deps).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      "Invalid parameter 'trades[1].timestamp': is after the market clock's now, 2026-11-24T16:00:00.000Z",
    );
  });
});
