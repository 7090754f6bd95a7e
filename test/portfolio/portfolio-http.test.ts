import { describe, expect, it } from "vitest";
import { localApiWithKey } from "../setup/keyed-api";

/**
 * The portfolio endpoints through the local server (HTTP, the portfolio Lambda's handler, the
 * envelope) on a pinned simulated clock: each answers a real request, and a bad one with a 400
 * naming the field.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { post } = localApiWithKey();

describe("the portfolio endpoints over HTTP", () => {
  it("analyze: a three-stock portfolio against SPY over a year", async () => {
    const { status, body } = await post("/portfolio/analyze", {
      positions: [
        { symbol: "AAPL_NASDAQ", quantity: 50 },
        { symbol: "MSFT_NASDAQ", quantity: 20 },
        { symbol: "JPM_NYSE", quantity: 30 },
      ],
    });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.data.asOf).toBe("2026-11-24T16:00:00.000Z");
    expect(body.data.window).toMatchObject({ to: "2026-11-23", returns: 252 });
    expect(body.data.benchmark.code).toBe("SPY_ARCA");
    expect(body.data.valueAtRisk.historical95.lossAmount).toBeGreaterThan(0);
  });

  it("backtest: two stocks rebalanced monthly", async () => {
    const { status, body } = await post("/portfolio/backtest", {
      symbols: ["AAPL_NASDAQ", "MSFT_NASDAQ"],
      start: "2025-01-02",
      rebalance: "monthly",
    });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.data).toMatchObject({
      start: "2025-01-02",
      end: "2026-11-23",
      initialCapital: 10_000,
    });
    expect(body.data.equityCurve.points[0].value).toBe(10_000);
  });

  it("trade-journal: a round trip and an open lot", async () => {
    const { status, body } = await post("/portfolio/trade-journal", {
      trades: [
        { symbol: "AAPL_NASDAQ", side: "buy", quantity: 10, price: 180, timestamp: "2026-03-02" },
        {
          symbol: "AAPL_NASDAQ",
          side: "sell",
          quantity: 4,
          price: 200,
          timestamp: "2026-04-01",
          fees: 1,
        },
      ],
    });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.data.summary).toMatchObject({ closedTrades: 1, wins: 1, realisedPnl: 79 });
    expect(body.data.openPositions[0]).toMatchObject({ code: "AAPL_NASDAQ", quantity: 6 });
  });

  it("answers 400 naming the field", async () => {
    const { status, body } = await post("/portfolio/backtest", {
      symbols: ["AAPL_NASDAQ", "ZZZZ_NASDAQ"],
      start: "2025-01-02",
      rebalance: "monthly",
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(
      "Invalid parameter 'symbols[1]': no contract has the code ZZZZ_NASDAQ",
    );
  });
});
