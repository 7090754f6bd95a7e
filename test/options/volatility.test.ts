import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { marketCompanyRoutes } from "../../lib/api/groups/market/routes/details";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { pinnedClock } from "../../lib/deps";
import { type DayNumber, isoDate } from "../../lib/market/civil-date";
import { earningsDay } from "../../lib/market/company-data";
import { nyWallClock } from "../../lib/market/ny-time";
import type { MarketDataProvider, OptionQuote } from "../../lib/market/ports";
import { earningsReports } from "../../lib/market/sim/earnings";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { stockBySymbol } from "../../lib/market/sim/universe";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The volatility analytics against their sources, on a pinned market clock: iv-rank's current
 * IV is /extended's impliedVolatility and its rank and percentile are recomputed here from the
 * surface's history; expected-move and earnings-straddle are recomputed from the chains (the
 * port) and the calculator; earnings-move-history from the simulated market's reports and
 * daily bars; the earnings dates are /extended's.
 */

const DAY_MS = 86_400_000;
const MONDAY_OPEN = "2026-11-23T15:00:00Z"; // EXAMPLE_TIME: Monday 10:00 New York
const SATURDAY = "2026-11-28T15:00:00Z";
const AAPL = "AAPL_NASDAQ";
const CODES = [AAPL, "MSFT_NASDAQ", "NVDA_NASDAQ"];

function depsAt(nowIso: string, edit?: (sim: MarketDataProvider) => MarketDataProvider) {
  const clock = pinnedClock(new Date(nowIso));
  const sim = createSimulatedMarket(clock);
  return { sim, deps: testDeps({ market: edit ? edit(sim) : sim, marketClock: clock }) };
}

type Deps = ReturnType<typeof testDeps>;
const path = (code: string) => ({ params: { code } });
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;
const mid = (q: OptionQuote) => (q.bid + q.ask) / 2;

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The routes that take only a code, for the shared 400/404 checks. */
const ROUTES = [
  optionsRoutes.ivRank,
  optionsRoutes.expectedMove,
  optionsRoutes.earningsStraddle,
  optionsRoutes.earningsMoveHistory,
] as const;

describe.each(ROUTES)("$id: bad codes", (route) => {
  const { deps } = depsAt(MONDAY_OPEN);

  it("answers 400 naming 'code' for a malformed code", async () => {
    const error = await errorOf(callRoute(route as never, path("AAPL") as never, deps));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain("'code'");
  });

  it.each(["ZZZZ_NASDAQ", "BTC_COINBASE"])(
    "answers 404 NO_CHAIN_DATA for %s (unknown or without listed options)",
    async (code) => {
      const error = await errorOf(callRoute(route as never, path(code) as never, deps));
      expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    },
  );
});

describe("GET /options/{code}/iv-rank", () => {
  it.each([MONDAY_OPEN, SATURDAY])(
    "at %s: current IV is /extended's, rank and percentile recomputed from the history",
    async (now) => {
      const { sim, deps } = depsAt(now);
      for (const code of CODES) {
        const [answer, extended, history] = await Promise.all([
          callRoute(optionsRoutes.ivRank, path(code), deps),
          callRoute(marketCompanyRoutes.extended, path(code), deps),
          sim.volatilitySurface.atmIvHistory?.(code, 252),
        ]);
        expect(`${answer.currentImpliedVolatility.toFixed(2)}%`).toBe(extended.impliedVolatility);

        const ivs = (history ?? []).map((p) => round(p.impliedVolatility * 100, 2));
        expect(ivs).toHaveLength(252);
        expect(answer.historyLength).toBe(252);
        expect(answer.historyFrom).toBe(history?.[0]?.date);
        expect(answer.historyTo).toBe(history?.at(-1)?.date);
        const current = answer.currentImpliedVolatility;
        const high = Math.max(...ivs, current);
        const low = Math.min(...ivs, current);
        expect(answer.yearHigh).toBe(high);
        expect(answer.yearLow).toBe(low);
        expect(answer.ivRank).toBeCloseTo(((current - low) / (high - low)) * 100, 4);
        const below = ivs.filter((iv) => iv < current).length;
        expect(answer.ivPercentile).toBeCloseTo((below / 252) * 100, 4);
        expect(answer.ivRank).toBeGreaterThanOrEqual(0);
        expect(answer.ivRank).toBeLessThanOrEqual(100);
      }
    },
  );

  it("ends the history with today's session on a trading day, the current value", async () => {
    const { deps } = depsAt(MONDAY_OPEN);
    const answer = await callRoute(optionsRoutes.ivRank, path(AAPL), deps);
    expect(answer.historyTo).toBe("2026-11-23");
    // A year of sessions: 252 back from Monday 2026-11-23.
    expect(answer.historyFrom > "2025-11-15" && answer.historyFrom < "2025-11-30").toBe(true);
  });

  it("answers 503 when the source keeps no IV history", async () => {
    const { deps } = depsAt(MONDAY_OPEN, (sim) => ({
      ...sim,
      volatilitySurface: {
        atmImpliedVolatility30: (code) =>
          sim.volatilitySurface?.atmImpliedVolatility30(code) ?? Promise.resolve(undefined),
      },
    }));
    const error = await errorOf(callRoute(optionsRoutes.ivRank, path(AAPL), deps));
    expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  });
});

/** The listed strike nearest spot, lower on a tie, recomputed from the chain. */
function nearestStrike(chain: readonly OptionQuote[], spot: number): number {
  const strikes = chain.map((q) => q.strike).sort((a, b) => a - b);
  return strikes.reduce((best, k) => (Math.abs(k - spot) < Math.abs(best - spot) ? k : best));
}

/** The ATM straddle of an expiration straight from the port. */
async function portStraddle(deps: Deps, code: string, expiration: string, spot: number) {
  const calls = (await deps.market.optionChain(code, expiration, "C")) ?? [];
  const puts = (await deps.market.optionChain(code, expiration, "P")) ?? [];
  const strike = nearestStrike(calls, spot);
  const call = calls.find((q) => q.strike === strike) as OptionQuote;
  const put = puts.find((q) => q.strike === strike) as OptionQuote;
  return {
    strike,
    call,
    put,
    price: mid(call) + mid(put),
    ivPercent: (((call.impliedVolatility as number) + (put.impliedVolatility as number)) / 2) * 100,
  };
}

describe("GET /options/{code}/expected-move", () => {
  it("agrees with the chain's ATM straddle and IV, and with /options/calculator", async () => {
    const { deps } = depsAt(MONDAY_OPEN);
    for (const code of CODES) {
      const answer = await callRoute(optionsRoutes.expectedMove, path(code), deps);
      const expirations = (await deps.market.optionExpirations?.expirations(code)) ?? [];
      expect(answer.items.map((i) => i.expirationDate)).toEqual(expirations.slice(0, 4));
      const spot = answer.underlyingLivePrice;
      for (const item of answer.items) {
        const straddle = await portStraddle(deps, code, item.expirationDate, spot);
        expect(item.atmStrike).toBe(straddle.strike);
        expect(item.callContract).toBe(straddle.call.contract);
        expect(item.putContract).toBe(straddle.put.contract);
        expect(item.straddlePrice).toBeCloseTo(straddle.price, 4);
        expect(item.straddleImpliedMove).toBe(item.straddlePrice);
        expect(item.straddleImpliedMovePercent).toBeCloseTo((straddle.price / spot) * 100, 4);
        expect(item.atmImpliedVolatility).toBeCloseTo(straddle.ivPercent, 4);

        const today = Date.parse("2026-11-23") / DAY_MS;
        const days = Math.max(1, Date.parse(item.expirationDate) / DAY_MS - today);
        expect(item.daysToExpiration).toBe(days);
        const oneSigma = spot * (straddle.ivPercent / 100) * Math.sqrt(days / 365);
        expect(item.oneSigmaMove).toBeCloseTo(oneSigma, 4);
        expect(item.twoSigmaMove).toBeCloseTo(2 * oneSigma, 3);
        expect(item.oneSigmaMovePercent).toBeCloseTo((oneSigma / spot) * 100, 4);
        expect(item.upperBound).toBeCloseTo(spot + oneSigma, 4);
        expect(item.lowerBound).toBeCloseTo(spot - oneSigma, 4);

        const calculator = await callRoute(
          optionsRoutes.calculator,
          {
            body: {
              underlyingPrice: spot,
              strike: item.atmStrike,
              daysToExpiration: days,
              impliedVolatility: straddle.ivPercent,
            },
          },
          deps,
        );
        expect(item.oneSigmaMove).toBeCloseTo(calculator.expectedMove, 4);
        // An ATM straddle is about √(2/π) ≈ 0.8 of the one-sigma move.
        expect(item.straddlePrice / item.oneSigmaMove).toBeGreaterThan(0.7);
        expect(item.straddlePrice / item.oneSigmaMove).toBeLessThan(0.9);
      }
    }
  });

  it("answers 503 when the source lists no expirations", async () => {
    const { deps } = depsAt(MONDAY_OPEN, (sim) => ({ ...sim, optionExpirations: undefined }));
    const error = await errorOf(callRoute(optionsRoutes.expectedMove, path(AAPL), deps));
    expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  });

  it("answers 404 NO_CHAIN_DATA when the source lists no expiration", async () => {
    const { deps } = depsAt(MONDAY_OPEN, (sim) => ({
      ...sim,
      optionExpirations: { expirations: async () => [] },
    }));
    const error = await errorOf(callRoute(optionsRoutes.expectedMove, path(AAPL), deps));
    expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
  });
});

/** "2027-01-27 AMC" → its date and timing. */
function upcomingOf(text: string) {
  const [date, hour] = text.split(" ");
  return { date, timing: hour?.toLowerCase() };
}

describe("GET /options/{code}/earnings-straddle", () => {
  it.each([MONDAY_OPEN, SATURDAY, "2027-01-27T20:30:00Z"])(
    "at %s: /extended's next earnings, the first expiry trading on it, its ATM straddle",
    async (now) => {
      const { deps } = depsAt(now);
      for (const code of CODES) {
        const [answer, extended] = await Promise.all([
          callRoute(optionsRoutes.earningsStraddle, path(code), deps),
          callRoute(marketCompanyRoutes.extended, path(code), deps),
        ]);
        const upcoming = upcomingOf(extended.upcomingEarnings);
        expect(answer.earningsDate).toBe(upcoming.date);
        expect(answer.earningsTiming).toBe(upcoming.timing);
        // bmo: the report day trades on it; amc: the next session (a weekday here).
        if (answer.earningsTiming === "bmo") expect(answer.reactionDate).toBe(answer.earningsDate);
        else expect(answer.reactionDate > answer.earningsDate).toBe(true);

        const expirations = (await deps.market.optionExpirations?.expirations(code)) ?? [];
        const index = expirations.indexOf(answer.expirationDate);
        expect(index).toBeGreaterThanOrEqual(0);
        expect(answer.expirationDate >= answer.reactionDate).toBe(true);
        if (index > 0) expect((expirations[index - 1] as string) < answer.reactionDate).toBe(true);

        const spot = answer.underlyingLivePrice;
        const straddle = await portStraddle(deps, code, answer.expirationDate, spot);
        expect(answer.atmStrike).toBe(straddle.strike);
        expect(answer.straddlePrice).toBeCloseTo(straddle.price, 4);
        expect(answer.straddleImpliedMovePercent).toBeCloseTo((straddle.price / spot) * 100, 4);
        expect(answer.upperBreakEven).toBeCloseTo(straddle.strike + straddle.price, 4);
        expect(answer.lowerBreakEven).toBeCloseTo(straddle.strike - straddle.price, 4);
      }
    },
  );

  it.each(["SPY_ARCA", "SPX_INDEX"])(
    "answers 404 NO_DATA for %s: options listed, no earnings",
    async (code) => {
      const { deps } = depsAt(MONDAY_OPEN);
      const error = await errorOf(callRoute(optionsRoutes.earningsStraddle, path(code), deps));
      expect(error).toMatchObject({ status: 404, code: "NO_DATA" });
    },
  );
});

/** Regular-session closes by New York date, straight from the port's daily bars. */
async function closesByDate(market: MarketDataProvider, code: string, nowIso: string) {
  const nowMs = Date.parse(nowIso);
  const bars =
    (await market.bars(code, {
      period: 5,
      from: nowMs - 1400 * DAY_MS,
      to: nowMs + 1,
      extended: false,
    })) ?? [];
  // Served to the cent, as the chart serves them (a stock's tick).
  return bars.map((bar) => ({
    date: isoDate(nyWallClock(bar.timestamp).day),
    close: round(bar.close, 2),
  }));
}

describe("GET /options/{code}/earnings-move-history", () => {
  it.each([MONDAY_OPEN, SATURDAY])(
    "at %s: the simulated market's reports, moves from its daily closes, statistics recomputed",
    async (now) => {
      const { sim, deps } = depsAt(now);
      for (const code of CODES) {
        const symbol = code.split("_")[0] as string;
        const stock = stockBySymbol(symbol);
        if (!stock?.earningsMonths) throw new Error(`${symbol} has no earnings`);
        const [answer, extended, closes] = await Promise.all([
          callRoute(optionsRoutes.earningsMoveHistory, path(code), deps),
          callRoute(marketCompanyRoutes.extended, path(code), deps),
          closesByDate(sim, code, now),
        ]);
        const quarters = answer.quarters;
        expect(quarters).toHaveLength(12);
        expect(answer.quarterCount).toBe(12);
        // Newest first, all before /extended's upcoming report, on the schedule it follows.
        const dates = quarters.map((q) => q.date);
        expect([...dates].sort().reverse()).toEqual(dates);
        expect((dates[0] as string) < (upcomingOf(extended.upcomingEarnings).date as string)).toBe(
          true,
        );
        const scheduled = [2023, 2024, 2025, 2026].flatMap((year) =>
          (stock.earningsMonths ?? []).map((month) => isoDate(earningsDay(symbol, year, month))),
        );
        for (const date of dates) expect(scheduled).toContain(date);
        // Consecutive quarters: no report between two listed ones is skipped.
        const between = scheduled.filter(
          (d) => d >= (dates.at(-1) as string) && d <= (dates[0] as string),
        );
        expect(between).toHaveLength(12);

        const reports = earningsReports(
          stock,
          Date.parse(dates.at(-1) as string) / DAY_MS,
          Date.parse(dates[0] as string) / DAY_MS,
          Date.parse(now),
        );
        for (const q of quarters) {
          const report = reports.find((r) => r.date === q.date);
          expect(report?.epsActual).toBe(q.epsActual);
          expect(report?.epsEstimate).toBe(q.epsEstimate);
          expect(report?.hour).toBe(q.timing);
          expect(q.beat).toBe(q.epsActual > q.epsEstimate);

          const dayIndex = closes.findIndex((c) => c.date === q.date);
          expect(dayIndex).toBeGreaterThan(0);
          type Close = { date: string; close: number };
          const before = closes[q.timing === "bmo" ? dayIndex - 1 : dayIndex] as Close;
          const after = closes[q.timing === "bmo" ? dayIndex : dayIndex + 1] as Close;
          expect(q.reactionDate).toBe(after.date);
          expect(q.priceBefore).toBe(before.close);
          expect(q.priceAfter).toBe(after.close);
          const move = ((after.close - before.close) / before.close) * 100;
          expect(q.movePercent).toBeCloseTo(move, 4);
          expect(q.direction).toBe(move > 0 ? "up" : move < 0 ? "down" : "flat");
          expect(q.impliedMovePercent).toBeGreaterThan(0);
        }
        const moves = quarters.map((q) => Math.abs(q.movePercent)).sort((a, b) => a - b);
        const meanMove = moves.reduce((s, m) => s + m, 0) / moves.length;
        expect(answer.averageAbsoluteMovePercent).toBeCloseTo(meanMove, 4);
        expect(answer.medianAbsoluteMovePercent).toBeCloseTo(
          ((moves[5] as number) + (moves[6] as number)) / 2,
          4,
        );
        const beats = quarters.filter((q) => q.epsActual > q.epsEstimate).length;
        expect(answer.beatRate).toBeCloseTo((beats / 12) * 100, 4);
      }
    },
  );

  it("leaves out a report whose reacting session has not closed", async () => {
    // AAPL reports after the close; its session after the report trades the next day.
    const stock = stockBySymbol("AAPL") as NonNullable<ReturnType<typeof stockBySymbol>>;
    const from = Date.parse("2026-09-01") / DAY_MS;
    const to = Date.parse("2026-11-20") / DAY_MS;
    const last = earningsReports(stock, from, to, Date.parse(MONDAY_OPEN)).at(-1);
    expect(last?.hour).toBe("amc");
    const nextDay = isoDate((Date.parse(last?.date as string) / DAY_MS + 1) as DayNumber);
    const [open, closed] = await Promise.all([
      callRoute(optionsRoutes.earningsMoveHistory, path(AAPL), depsAt(`${nextDay}T15:00:00Z`).deps),
      callRoute(optionsRoutes.earningsMoveHistory, path(AAPL), depsAt(`${nextDay}T21:00:00Z`).deps),
    ]);
    expect((open.quarters[0]?.date as string) < (last?.date as string)).toBe(true);
    expect(closed.quarters[0]?.date).toBe(last?.date);
    expect(closed.quarters[0]?.reactionDate).toBe(nextDay);
  });

  it.each(["SPY_ARCA", "SPX_INDEX"])(
    "answers 404 NO_DATA for %s: options listed, no earnings",
    async (code) => {
      const { deps } = depsAt(MONDAY_OPEN);
      const error = await errorOf(callRoute(optionsRoutes.earningsMoveHistory, path(code), deps));
      expect(error).toMatchObject({ status: 404, code: "NO_DATA" });
    },
  );

  it("answers 503 when the source keeps no earnings history", async () => {
    const { deps } = depsAt(MONDAY_OPEN, (sim) => ({ ...sim, earningsHistory: undefined }));
    const error = await errorOf(callRoute(optionsRoutes.earningsMoveHistory, path(AAPL), deps));
    expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  });
});
