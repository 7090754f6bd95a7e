import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { portfolioRoutes } from "../../lib/api/groups/portfolio/routes";
import type { RouteSpec } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * Every bad input of the portfolio routes is a 400 INVALID_PARAMETER whose message names the
 * offending field: malformed values (schema), and what only the market can tell (an unknown
 * code, a contract of the wrong kind, a date past the last completed session).
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
const clock = pinnedClock(new Date(SIM_NOW));
const deps = testDeps({ market: createSimulatedMarket(clock), marketClock: clock });

const AAPL = "AAPL_NASDAQ";
const MSFT = "MSFT_NASDAQ";
const held = (symbol: string, quantity = 10) => ({ symbol, quantity });

type Case = [what: string, body: Json, field: string];

const ANALYZE: Case[] = [
  ["no body", null, "body"],
  ["no positions", {}, "positions"],
  ["an empty list", { positions: [] }, "positions"],
  ["101 positions", { positions: new Array(101).fill(held(AAPL)) }, "positions"],
  ["a bare ticker", { positions: [held("AAPL")] }, "positions[0].symbol"],
  ["an unknown code", { positions: [held(AAPL), held("ZZZZ_NASDAQ")] }, "positions[1].symbol"],
  ["a crypto asset", { positions: [held("BTC_COINBASE")] }, "positions[0].symbol"],
  ["an index held", { positions: [held("SPX_INDEX")] }, "positions[0].symbol"],
  ["a zero quantity", { positions: [held(AAPL, 0)] }, "positions[0].quantity"],
  ["a negative quantity", { positions: [held(AAPL, -5)] }, "positions[0].quantity"],
  ["a quantity below 1e-8", { positions: [held(AAPL, 5e-324)] }, "positions[0].quantity"],
  [
    "a quantity as text",
    { positions: [{ symbol: AAPL, quantity: "10" }] },
    "positions[0].quantity",
  ],
  ["a weight over 100", { positions: [{ symbol: AAPL, weight: 120 }] }, "positions[0].weight"],
  ["neither", { positions: [{ symbol: AAPL }] }, "positions[0]"],
  ["both", { positions: [{ symbol: AAPL, quantity: 1, weight: 100 }] }, "positions[0].weight"],
  ["a mix", { positions: [held(AAPL), { symbol: MSFT, weight: 50 }] }, "positions[1].weight"],
  [
    "weights not summing to 100",
    {
      positions: [
        { symbol: AAPL, weight: 50 },
        { symbol: MSFT, weight: 40 },
      ],
    },
    "positions",
  ],
  [
    "portfolioValue with quantities",
    { positions: [held(AAPL)], portfolioValue: 1000 },
    "portfolioValue",
  ],
  [
    "a zero portfolioValue",
    { positions: [{ symbol: AAPL, weight: 100 }], portfolioValue: 0 },
    "portfolioValue",
  ],
  ["lookbackDays too short", { positions: [held(AAPL)], lookbackDays: 10 }, "lookbackDays"],
  ["lookbackDays too long", { positions: [held(AAPL)], lookbackDays: 2000 }, "lookbackDays"],
  ["fractional lookbackDays", { positions: [held(AAPL)], lookbackDays: 25.5 }, "lookbackDays"],
  ["a bare benchmark", { positions: [held(AAPL)], benchmark: "SPY" }, "benchmark"],
  ["an unknown benchmark", { positions: [held(AAPL)], benchmark: "SPYX_ARCA" }, "benchmark"],
  ["a crypto benchmark", { positions: [held(AAPL)], benchmark: "BTC_COINBASE" }, "benchmark"],
  ["an absurd rate", { positions: [held(AAPL)], riskFreeRate: 500 }, "riskFreeRate"],
];

const window = { start: "2025-01-02", rebalance: "monthly" };
const BACKTEST: Case[] = [
  ["no holdings", { ...window }, "symbols"],
  [
    "symbols and weights",
    { ...window, symbols: [AAPL], weights: [{ symbol: AAPL, weight: 100 }] },
    "weights",
  ],
  ["no symbols", { ...window, symbols: [] }, "symbols"],
  ["21 symbols", { ...window, symbols: new Array(21).fill(AAPL) }, "symbols"],
  ["a repeated symbol", { ...window, symbols: [AAPL, MSFT, AAPL] }, "symbols[2]"],
  ["a bare ticker", { ...window, symbols: ["AAPL"] }, "symbols[0]"],
  ["an unknown code", { ...window, symbols: [AAPL, "ZZZZ_NASDAQ"] }, "symbols[1]"],
  ["a future", { ...window, symbols: ["ESZ26_CME"] }, "symbols[0]"],
  ["a zero weight", { ...window, weights: [{ symbol: AAPL, weight: 0 }] }, "weights[0].weight"],
  [
    "weights not summing to 100",
    {
      ...window,
      weights: [
        { symbol: AAPL, weight: 60 },
        { symbol: MSFT, weight: 60 },
      ],
    },
    "weights",
  ],
  [
    "a repeated weight",
    {
      ...window,
      weights: [
        { symbol: AAPL, weight: 50 },
        { symbol: AAPL, weight: 50 },
      ],
    },
    "weights[1].symbol",
  ],
  [
    "an unknown weighted code",
    { ...window, weights: [{ symbol: "ZZZZ_NYSE", weight: 100 }] },
    "weights[0].symbol",
  ],
  ["no start", { symbols: [AAPL], rebalance: "none" }, "start"],
  ["a malformed start", { ...window, symbols: [AAPL], start: "02/01/2025" }, "start"],
  ["a start before 2000", { ...window, symbols: [AAPL], start: "1999-12-31" }, "start"],
  ["an end before start", { ...window, symbols: [AAPL], end: "2024-12-31" }, "end"],
  ["an end in the future", { ...window, symbols: [AAPL], end: "2026-12-31" }, "end"],
  ["an end today, not completed", { ...window, symbols: [AAPL], end: "2026-11-24" }, "end"],
  ["a window too short", { ...window, symbols: [AAPL], start: "2026-11-02" }, "start"],
  ["no rebalance", { symbols: [AAPL], start: "2025-01-02" }, "rebalance"],
  ["an unknown rebalance", { ...window, symbols: [AAPL], rebalance: "weekly" }, "rebalance"],
  ["a zero capital", { ...window, symbols: [AAPL], initialCapital: 0 }, "initialCapital"],
  [
    "a capital below a dollar",
    { ...window, symbols: [AAPL], initialCapital: 5e-324 },
    "initialCapital",
  ],
  ["a bare benchmark", { ...window, symbols: [AAPL], benchmark: "SPY" }, "benchmark"],
  ["a crypto benchmark", { ...window, symbols: [AAPL], benchmark: "ETH_COINBASE" }, "benchmark"],
  ["an absurd rate", { ...window, symbols: [AAPL], riskFreeRate: -50 }, "riskFreeRate"],
];

const trade = { symbol: AAPL, side: "buy", quantity: 10, price: 180, timestamp: "2026-03-02" };
const JOURNAL: Case[] = [
  ["no trades", {}, "trades"],
  ["an empty list", { trades: [] }, "trades"],
  ["5001 trades", { trades: new Array(5001).fill(trade) }, "trades"],
  ["a bare ticker", { trades: [{ ...trade, symbol: "AAPL" }] }, "trades[0].symbol"],
  ["an unknown code", { trades: [trade, { ...trade, symbol: "ZZZZ_NASDAQ" }] }, "trades[1].symbol"],
  ["a future", { trades: [{ ...trade, symbol: "ESZ26_CME" }] }, "trades[0].symbol"],
  ["an index", { trades: [{ ...trade, symbol: "SPX_INDEX" }] }, "trades[0].symbol"],
  ["an unknown side", { trades: [{ ...trade, side: "short" }] }, "trades[0].side"],
  ["no side", { trades: [{ ...trade, side: undefined }] }, "trades[0].side"],
  ["a zero quantity", { trades: [{ ...trade, quantity: 0 }] }, "trades[0].quantity"],
  ["a negative price", { trades: [{ ...trade, price: -1 }] }, "trades[0].price"],
  // Found by the 200,000-request fuzz run: a return over a 5e-324 cost was infinite (null).
  ["the smallest double as price", { trades: [{ ...trade, price: 5e-324 }] }, "trades[0].price"],
  ["a quantity below 1e-8", { trades: [{ ...trade, quantity: 1e-9 }] }, "trades[0].quantity"],
  ["negative fees", { trades: [{ ...trade, fees: -1 }] }, "trades[0].fees"],
  [
    "a timestamp in words",
    { trades: [{ ...trade, timestamp: "yesterday" }] },
    "trades[0].timestamp",
  ],
  [
    "a time without a zone",
    { trades: [{ ...trade, timestamp: "2026-03-02T10:00:00" }] },
    "trades[0].timestamp",
  ],
  [
    "an impossible date",
    { trades: [{ ...trade, timestamp: "2026-02-30" }] },
    "trades[0].timestamp",
  ],
  [
    "a timestamp after now",
    { trades: [{ ...trade, timestamp: "2026-11-25" }] },
    "trades[0].timestamp",
  ],
];

async function refusal(route: RouteSpec, body: Json): Promise<ApiError> {
  const error = await callRoute(route, { body } as never, deps).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the request was answered").toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each([
  ["POST /portfolio/analyze", portfolioRoutes.analyze, ANALYZE],
  ["POST /portfolio/backtest", portfolioRoutes.backtest, BACKTEST],
  ["POST /portfolio/trade-journal", portfolioRoutes.tradeJournal, JOURNAL],
] as const)("%s", (_, route, cases) => {
  it.each(cases)("answers 400 for %s, naming the field", async (_what, body, field) => {
    const error = await refusal(route, body);
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message.startsWith(`Invalid parameter '${field}': `), error.message).toBe(true);
  });
});
