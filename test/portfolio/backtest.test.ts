import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { portfolioRoutes } from "../../lib/api/groups/portfolio/routes";
import { pinnedClock } from "../../lib/deps";
import { isoDate } from "../../lib/market/civil-date";
import { nyInstant } from "../../lib/market/ny-time";
import type { MarketDataProvider } from "../../lib/market/ports";
import { roundPrice } from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { closesBy, fakeMarket, sessions } from "./fake-market";

/**
 * POST /portfolio/backtest: on the simulated market, one stock bought and held ends at its
 * price return to the cent; on a market of known closes, monthly and quarterly rebalancing
 * are checked against a hand computation; missing symbols and short histories are 400s
 * naming the field, the symbol and the date.
 */

const route = portfolioRoutes.backtest;

async function refusal(body: Json, deps: ReturnType<typeof testDeps>): Promise<ApiError> {
  const error = await callRoute(route, { body }, deps).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("a one-stock backtest on the simulated market", () => {
  const clock = pinnedClock(new Date("2026-11-24T16:00:00Z"));
  const market = createSimulatedMarket(clock);
  const deps = testDeps({ market, marketClock: clock });

  /** The served close (to the tick) of a session, read from the bars port. */
  async function closeOn(code: string, date: string): Promise<number> {
    const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    const bars = await market.bars(code, {
      period: 5,
      from: nyInstant(day, 0),
      to: nyInstant(day + 1, 0),
      extended: false,
    });
    const instrument = await market.instrument(code);
    return roundPrice(bars?.[0]?.close as number, instrument as never);
  }

  it.each(["none", "monthly"])(
    "with rebalance %s ends at initialCapital × last close / first close, to the cent",
    async (rebalance) => {
      const body = {
        symbols: ["AAPL_NASDAQ"],
        start: "2025-01-01", // a holiday: the first session is 2025-01-02
        end: "2026-10-31", // a Saturday: the last session is 2026-10-30
        rebalance,
        initialCapital: 25_000,
      };
      const answer = await callRoute(route, { body }, deps);
      const [first, last] = await Promise.all([
        closeOn("AAPL_NASDAQ", "2025-01-02"),
        closeOn("AAPL_NASDAQ", "2026-10-30"),
      ]);
      expect(answer.start).toBe("2025-01-02");
      expect(answer.end).toBe("2026-10-30");
      const expected = Math.round(((25_000 * last) / first) * 100) / 100;
      expect(answer.portfolio.finalValue).toBe(expected);
      expect(answer.portfolio.totalReturnPercent).toBeCloseTo((last / first - 1) * 100, 4);
      expect(answer.equityCurve.points.at(-1)?.value).toBe(expected);
      expect(answer.holdings[0]?.finalWeightPercent).toBe(100);
      const [spyFirst, spyLast] = await Promise.all([
        closeOn("SPY_ARCA", "2025-01-02"),
        closeOn("SPY_ARCA", "2026-10-30"),
      ]);
      expect(answer.benchmark.code).toBe("SPY_ARCA");
      expect(answer.benchmark.finalValue).toBe(
        Math.round(((25_000 * spyLast) / spyFirst) * 100) / 100,
      );
    },
  );

  it("ends by default at the last completed session and thins a long curve to weekly points", async () => {
    const body = {
      symbols: ["MSFT_NASDAQ", "JPM_NYSE"],
      start: "2023-01-03",
      rebalance: "quarterly",
    };
    const answer = await callRoute(route, { body }, deps);
    // At Tuesday 11:00 New York, Monday's session is the last completed one.
    expect(answer.end).toBe("2026-11-23");
    expect(answer.sessions).toBeGreaterThan(504);
    expect(answer.equityCurve.frequency).toBe("weekly");
    const dates = answer.equityCurve.points.map((p) => p.date);
    expect(dates[0]).toBe("2023-01-03");
    expect(dates.at(-1)).toBe("2026-11-23");
    // Each inner point is its week's last session: the next session is in a later week.
    for (const date of dates.slice(1, -1)) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      expect([4, 5], date).toContain(weekday); // Friday, or Thursday before a Friday holiday
    }
    expect(answer.rebalances).toBe(15); // Mar 2023 … Sep 2026
    expect(answer.annualReturns.map((y) => [y.year, y.partial])).toEqual([
      [2023, true],
      [2024, false],
      [2025, false],
      [2026, true],
    ]);
  });
});

describe("rebalancing on a market of known closes", () => {
  // Sessions 2026-01-26 … 2026-03-06. A: 10 in January, 20 in February, 10 in March; B: 10.
  const dates = sessions("2026-01-26", "2026-03-06");
  const a = closesBy(dates, (date) => (date < "2026-02-01" ? 10 : date < "2026-03-01" ? 20 : 10));
  const flat = closesBy(dates, () => 10);
  const bench = closesBy(dates, (_, i) => 100 + i);
  const late = closesBy(
    dates.filter((date) => date >= "2026-02-02"),
    () => 5,
  );
  const market: MarketDataProvider = fakeMarket([
    { code: "A_NYSE", contractType: "Stock", closes: a },
    { code: "B_NYSE", contractType: "Stock", closes: flat },
    { code: "LATE_NYSE", contractType: "Stock", closes: late },
    { code: "BENCH_ARCA", contractType: "ETF", closes: bench },
    { code: "COIN_COINBASE", contractType: "Crypto", closes: flat },
  ]);
  const clock = pinnedClock(new Date("2026-03-09T15:00:00Z")); // Monday 11:00 New York
  const deps = testDeps({ market, marketClock: clock });
  const body = (rebalance: string) => ({
    symbols: ["A_NYSE", "B_NYSE"],
    start: "2026-01-26",
    rebalance,
    initialCapital: 1000,
    benchmark: "BENCH_ARCA",
    riskFreeRate: 0,
  });

  it("monthly: resets 50/50 at January's and February's last closes", async () => {
    // Jan 30 at 1000 (nothing moves); Feb 27 at 50·20 + 50·10 = 1500 → A 37.5, B 75 shares;
    // March: 37.5·10 + 75·10 = 1125.
    const answer = await callRoute(route, { body: body("monthly") }, deps);
    expect(dates.length).toBe(29);
    expect(answer).toMatchObject({
      start: "2026-01-26",
      end: "2026-03-06",
      sessions: 29,
      rebalances: 2,
    });
    const values = answer.equityCurve.points.map((p) => p.value);
    expect(values.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(values.slice(5, 24)).toEqual(new Array(19).fill(1500));
    expect(values.slice(24)).toEqual(new Array(5).fill(1125));
    expect(answer.holdings.map((h) => h.finalWeightPercent)).toEqual([33.3333, 66.6667]);
    expect(answer.portfolio).toMatchObject({
      finalValue: 1125,
      totalReturnPercent: 12.5,
      // Calendar days 2026-01-26 → 2026-03-06: 39.
      cagrPercent: Math.round((1.125 ** (365.25 / 39) - 1) * 1e6) / 1e4,
      drawdown: {
        maxDrawdownPercent: 25, // 1500 → 1125
        peakDate: "2026-02-02",
        troughDate: "2026-03-02",
        recoveryDate: null,
      },
      bestYear: { year: 2026, returnPercent: 12.5, partial: true },
    });
    // The benchmark alone: 1000 × 128 / 100.
    expect(answer.benchmark.finalValue).toBe(1280);
    expect(answer.annualReturns).toEqual([
      { year: 2026, portfolioReturnPercent: 12.5, benchmarkReturnPercent: 28, partial: true },
    ]);
  });

  it("none and quarterly: no reset before March's end, so A's round trip leaves 1000", async () => {
    for (const rebalance of ["none", "quarterly"]) {
      const answer = await callRoute(route, { body: body(rebalance) }, deps);
      expect(answer.portfolio.finalValue, rebalance).toBe(1000);
      expect(answer.rebalances, rebalance).toBe(0);
      expect(answer.holdings.map((h) => h.finalWeightPercent)).toEqual([50, 50]);
    }
  });

  it("answers 400 naming a symbol whose history starts after the first session, and the date", async () => {
    const error = await refusal({ ...body("none"), symbols: ["A_NYSE", "LATE_NYSE"] }, deps);
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Invalid parameter 'symbols[1]': LATE_NYSE has no close on 2026-01-26, the first session: its history starts 2026-02-02",
    );
  });

  it("answers 400 naming a missing symbol, every one of them in the details", async () => {
    const error = await refusal(
      { ...body("none"), symbols: ["ZZZ_NYSE", "A_NYSE", "COIN_COINBASE"] },
      deps,
    );
    expect(error.message).toBe("Invalid parameter 'symbols[0]': no contract has the code ZZZ_NYSE");
    expect(error.details).toBe(
      "symbols[0]: no contract has the code ZZZ_NYSE; symbols[2]: COIN_COINBASE is a crypto asset; only stocks and ETFs can be held",
    );
  });

  it("answers 400 naming the benchmark when its history is short, and start for a short window", async () => {
    const lateBench = await refusal({ ...body("none"), benchmark: "LATE_NYSE" }, deps);
    expect(lateBench.message).toContain("'benchmark': LATE_NYSE has no close on 2026-01-26");
    const short = await refusal({ ...body("none"), start: "2026-02-17" }, deps);
    expect(short.message).toBe(
      "Invalid parameter 'start': the window 2026-02-17 to 2026-03-06 holds 14 sessions with a close of every symbol; a backtest needs at least 21",
    );
    const today = await refusal(
      { ...body("none"), end: isoDate(Date.UTC(2026, 2, 9) / 86_400_000) },
      deps,
    );
    expect(today.message).toBe(
      "Invalid parameter 'end': must be on or before 2026-03-06, the last completed session",
    );
  });
});
