import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { volatilityRoutes } from "../../lib/api/groups/volatility/routes";
import { pinnedClock } from "../../lib/deps";
import { nextEarnings } from "../../lib/market/company-data";
import type { Instrument, MarketDataProvider, OptionQuote } from "../../lib/market/ports";
import { roundBar } from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { stockBySymbol } from "../../lib/market/sim/universe";
import { blackScholes, inverseNormCdf, normCdf } from "../../lib/quant";
import { realisedVolatilities } from "../../lib/quant/realised-volatility";
import { annualisedVolatility, logReturns } from "../../lib/quant/statistics";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The volatility endpoints on a pinned market clock, each number checked against an independent
 * computation from the market-data port (the chains and daily bars the simulated market serves)
 * with the Black-Scholes engine of lib/quant: the term structure's IV30 reprices the 30-day ATM
 * straddle, the skew equals the chain interpolated in delta, GEX totals are the per-strike sums
 * and its zero-gamma level is a sign change of the re-priced total, the 20-session HV is the
 * bars' close-to-close volatility, and hv-iv's IV rank is /options/{code}/iv-rank's.
 */

const MONDAY_OPEN = "2026-11-23T15:00:00Z"; // EXAMPLE_TIME: Monday 10:00 New York
const MONDAY_AFTER_CLOSE = "2026-11-23T22:00:00Z"; // 17:00 New York: the session is complete
const TODAY = "2026-11-23";
const AAPL = "AAPL_NASDAQ";
const MONTHLY = "2026-12-18";
const DAY_MS = 86_400_000;

function depsAt(nowIso: string, edit?: (sim: MarketDataProvider) => MarketDataProvider) {
  const clock = pinnedClock(new Date(nowIso));
  const sim = createSimulatedMarket(clock);
  return { sim, deps: testDeps({ market: edit ? edit(sim) : sim, marketClock: clock }) };
}

type Deps = ReturnType<typeof testDeps>;
const path = (code: string) => ({ params: { code } });

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// ---------------------------------------------------------------------------------------------
// The chain read straight from the port, with the textbook definitions
// ---------------------------------------------------------------------------------------------

interface ChainPoint {
  strike: number;
  sigma: number;
  callDelta: number;
  logMoneyness: number;
}

/** Calendar days from TODAY, at least 1, and the years the model uses. */
function timeTo(expiration: string) {
  const days = Math.max(1, (Date.parse(expiration) - Date.parse(TODAY)) / DAY_MS);
  return { days, years: days / 365 };
}

/** The smile of an expiration from the port: the OTM contract's IV per strike, its call delta. */
async function chainSmile(deps: Deps, expiration: string, spot: number, rate: number) {
  const calls = (await deps.market.optionChain(AAPL, expiration, "C")) ?? [];
  const puts = (await deps.market.optionChain(AAPL, expiration, "P")) ?? [];
  const { years } = timeTo(expiration);
  const forward = spot * Math.exp(rate * years);
  const strikes = [...new Set(calls.map((q) => q.strike))].sort((a, b) => a - b);
  const points: ChainPoint[] = strikes.map((strike) => {
    const side = strike < forward ? puts : calls;
    const sigma = side.find((q) => q.strike === strike)?.impliedVolatility as number;
    return {
      strike,
      sigma,
      callDelta: blackScholes(spot, strike, years, sigma, rate, true).delta,
      logMoneyness: Math.log(strike / forward),
    };
  });
  return { calls, puts, points, years, forward };
}

/** y at x between the neighbouring points whose x bracket it. */
function between(points: { x: number; y: number }[], x: number): number {
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]] as [
      { x: number; y: number },
      { x: number; y: number },
    ];
    if ((a.x - x) * (b.x - x) <= 0 && a.x !== b.x)
      return a.y + ((x - a.x) / (b.x - a.x)) * (b.y - a.y);
  }
  throw new Error(`nothing brackets ${x}`);
}

const atForward = (points: ChainPoint[]) =>
  between(
    points.map((p) => ({ x: p.logMoneyness, y: p.sigma })),
    0,
  );

/** Straddle price at K = F: 2S(2N(σ√T/2) − 1); and the total variance a price implies. */
const forwardStraddle = (spot: number, totalVariance: number) =>
  2 * spot * (2 * normCdf(Math.sqrt(totalVariance) / 2) - 1);
const totalVarianceOf = (price: number, spot: number) =>
  (2 * inverseNormCdf((price / (2 * spot) + 1) / 2)) ** 2;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const CODE_ONLY = [
  { route: volatilityRoutes.surface, query: {} },
  { route: volatilityRoutes.termStructure, query: undefined },
  { route: volatilityRoutes.skew, query: { expiry: MONTHLY } },
  { route: volatilityRoutes.hvIv, query: undefined },
  { route: volatilityRoutes.gex, query: {} },
];

describe.each(CODE_ONLY)("$route.id: codes", ({ route, query }) => {
  const { deps } = depsAt(MONDAY_OPEN);
  const call = (code: string) =>
    callRoute(route as never, { params: { code }, ...(query ? { query } : {}) } as never, deps);

  it("answers 400 naming 'code' for a malformed code", async () => {
    const error = await errorOf(call("AAPL"));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain("'code'");
  });

  it.each(["ZZZZ_NASDAQ", "BTC_COINBASE", "ESZ26_CME"])(
    "answers 404 NO_CHAIN_DATA for %s (unknown or without listed options)",
    async (code) => {
      expect(await errorOf(call(code))).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    },
  );
});

describe.each([volatilityRoutes.skew, volatilityRoutes.gex])("$id: expiry", (route) => {
  const { deps } = depsAt(MONDAY_OPEN);
  const call = (expiry: string) =>
    callRoute(route as never, { ...path(AAPL), query: { expiry } } as never, deps);

  it.each(["261218", "2026-02-30", "18-12-2026", "soon"])(
    "answers 400 naming expiry for the malformed %s",
    async (expiry) => {
      const error = await errorOf(call(expiry));
      expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
      expect(error.message).toContain("'expiry'");
    },
  );

  it("answers 400 naming expiry for a past expiration", async () => {
    const error = await errorOf(call("2026-11-20"));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toBe("Invalid parameter 'expiry': must not be in the past");
  });

  it("answers 404 NO_CHAIN_DATA for a future date that is not listed", async () => {
    const error = await errorOf(call("2026-11-28"));
    expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    expect(error.message).toContain("2026-11-28");
  });
});

describe("the expiry query", () => {
  const { deps } = depsAt(MONDAY_OPEN);

  it("is required by skew (400 naming it) and optional for gex (every expiration)", async () => {
    const error = await errorOf(
      callRoute(volatilityRoutes.skew, { ...path(AAPL), query: {} }, deps),
    );
    expect(error.message).toBe("Invalid parameter 'expiry': required");
    const all = await callRoute(volatilityRoutes.gex, { ...path(AAPL), query: {} }, deps);
    const listed = await deps.market.optionExpirations?.expirations(AAPL);
    expect(all.expiration).toBeNull();
    expect(all.expirations.map((e) => e.expiration)).toEqual(listed);
  });

  it("answers 400 naming dealerConvention and the surface bounds", async () => {
    const gex = await errorOf(
      callRoute(volatilityRoutes.gex, { ...path(AAPL), query: { dealerConvention: "x" } }, deps),
    );
    expect(gex.message).toContain("'dealerConvention'");
    for (const [query, field] of [
      [{ minDelta: "1.5" }, "minDelta"],
      [{ maxDte: "-1" }, "maxDte"],
      [{ minDte: "2.5" }, "minDte"],
      [{ minDte: "40", maxDte: "30" }, "minDte"],
      [{ minDelta: "0.6", maxDelta: "0.4" }, "minDelta"],
    ] as const) {
      const error = await errorOf(
        callRoute(volatilityRoutes.surface, { ...path(AAPL), query }, deps),
      );
      expect(error.message, JSON.stringify(query)).toContain(`'${field}'`);
    }
  });
});

describe("too little data", () => {
  /** The simulated market with each chain cut to its lowest strike. */
  const thin = depsAt(MONDAY_OPEN, (sim) => ({
    ...sim,
    optionChain: async (code, expiration, right) =>
      (await sim.optionChain(code, expiration, right))?.slice(0, 1),
  })).deps;

  it.each([
    { route: volatilityRoutes.termStructure, query: undefined, what: "expiration" },
    { route: volatilityRoutes.skew, query: { expiry: MONTHLY }, what: "strike" },
    { route: volatilityRoutes.gex, query: { expiry: MONTHLY }, what: "strike" },
  ])(
    "$route.id answers 404 INSUFFICIENT_OPTION_DATA naming what is short",
    async ({ route, query, what }) => {
      const error = await errorOf(
        callRoute(route as never, { ...path(AAPL), ...(query ? { query } : {}) } as never, thin),
      );
      expect(error).toMatchObject({ status: 404, code: "INSUFFICIENT_OPTION_DATA" });
      expect(error.message).toContain(what);
    },
  );

  it("hv-iv answers 404 NO_DATA without price history", async () => {
    const { deps } = depsAt(MONDAY_OPEN, (sim) => ({ ...sim, bars: async () => [] }));
    const error = await errorOf(callRoute(volatilityRoutes.hvIv, path(AAPL), deps));
    expect(error).toMatchObject({ status: 404, code: "NO_DATA" });
    expect(error.message).toContain("price history");
  });
});

// ---------------------------------------------------------------------------------------------
// Term structure
// ---------------------------------------------------------------------------------------------

describe("GET /volatility/{code}/term-structure", () => {
  const { sim, deps } = depsAt(MONDAY_OPEN);

  it("states its inputs and lists each expiration's at-the-forward IV of the chain", async () => {
    const answer = await callRoute(volatilityRoutes.termStructure, path(AAPL), deps);
    expect(answer).toMatchObject({
      model: "Black-Scholes",
      riskFreeRate: 4,
      asOf: "2026-11-23T15:00:00.000Z",
      symbol: "AAPL",
    });
    const rate = answer.riskFreeRate / 100;
    expect(answer.expirations.map((e) => e.expiration)).toEqual(
      await sim.optionExpirations.expirations(AAPL),
    );
    for (const term of answer.expirations) {
      const chain = await chainSmile(deps, term.expiration, answer.underlyingLivePrice, rate);
      const sigma = atForward(chain.points);
      expect(term.atmImpliedVolatility).toBeCloseTo(sigma * 100, 4);
      expect(term.totalVariance).toBeCloseTo(sigma * sigma * chain.years, 8);
      expect(term.forward).toBeCloseTo(chain.forward, 4);
    }
  });

  it("interpolates IV30 in total variance: it reprices the 30-day ATM straddle of the chain", async () => {
    const answer = await callRoute(volatilityRoutes.termStructure, path(AAPL), deps);
    const spot = answer.underlyingLivePrice;
    const rate = answer.riskFreeRate / 100;
    const at30 = answer.constantMaturity.find((point) => point.days === 30);
    expect(at30?.extrapolated).toBe(false);
    // The two listed straddles either side of 30 days, priced at K = F off the chain's own IVs,
    // then the total variance each price implies, interpolated linearly in T to 30 days.
    const legs = await Promise.all(
      [at30?.fromExpiration, at30?.toExpiration].map(async (expiration) => {
        const chain = await chainSmile(deps, expiration as string, spot, rate);
        const sigma = atForward(chain.points);
        const { years, forward } = chain;
        const price =
          blackScholes(spot, forward, years, sigma, rate, true).price +
          blackScholes(spot, forward, years, sigma, rate, false).price;
        return { years, variance: totalVarianceOf(price, spot) };
      }),
    );
    const [near, far] = legs as [(typeof legs)[0], (typeof legs)[0]];
    expect(near.years).toBeLessThan(30 / 365);
    expect(far.years).toBeGreaterThan(30 / 365);
    const variance30 =
      near.variance +
      ((far.variance - near.variance) * (30 / 365 - near.years)) / (far.years - near.years);
    const fromChain = forwardStraddle(spot, variance30);
    // The same straddle priced with the endpoint's IV30 (4 decimals of a percent).
    const years30 = 30 / 365;
    const forward30 = spot * Math.exp(rate * years30);
    const sigma30 = answer.iv30 / 100;
    const fromIv30 =
      blackScholes(spot, forward30, years30, sigma30, rate, true).price +
      blackScholes(spot, forward30, years30, sigma30, rate, false).price;
    // Tolerance: iv30 is rounded to 1e-4 percent (|Δσ| ≤ 5e-7); the straddle's vega at the
    // forward is 2S·φ(σ√T/2)·√T ≈ 2 × 197 × 0.399 × 0.287 ≈ 45 USD per unit σ, so rounding moves
    // the price by at most ≈ 2.3e-5 USD. Interpolating in volatility instead of total variance
    // would move it by ≈ 1e-3.
    expect(Math.abs(fromIv30 - fromChain)).toBeLessThan(5e-5);
    expect(fromChain).toBeGreaterThan(10);
  });

  it("agrees with the surface's 30-day IV (/options/{code}/iv-rank) to its smile interpolation", async () => {
    const [answer, rank] = await Promise.all([
      callRoute(volatilityRoutes.termStructure, path(AAPL), deps),
      callRoute(optionsRoutes.ivRank, path(AAPL), deps),
    ]);
    // The surface's IV30 is exact at the forward; the chain's is interpolated between strikes
    // 2.5 apart (≈ 0.18 standard deviations), whose smile curvature costs < 0.01 point.
    expect(Math.abs(answer.iv30 - rank.currentImpliedVolatility)).toBeLessThan(0.02);
  });

  it("derives slope and shape from iv30 and iv60", async () => {
    const answer = await callRoute(volatilityRoutes.termStructure, path(AAPL), deps);
    expect(answer.iv30).toBe(answer.constantMaturity[0]?.impliedVolatility);
    expect(answer.iv60).toBe(answer.constantMaturity[1]?.impliedVolatility);
    expect(answer.iv90).toBe(answer.constantMaturity[2]?.impliedVolatility);
    expect(answer.slope).toBeCloseTo(answer.iv60 - answer.iv30, 10);
    const shape =
      answer.slope >= 0.1 ? "contango" : answer.slope <= -0.1 ? "backwardation" : "flat";
    expect(answer.shape).toBe(shape);
    for (const [i, term] of answer.expirations.entries()) {
      const previous = answer.expirations[i - 1];
      if (!previous || term.forwardVolatility === null) continue;
      const rate = (term.totalVariance - previous.totalVariance) / (term.years - previous.years);
      expect(term.forwardVolatility).toBeCloseTo(Math.sqrt(rate) * 100, 2);
    }
  });

  it("names the next earnings report and the variance bump the chain prices for it", async () => {
    const answer = await callRoute(volatilityRoutes.termStructure, path(AAPL), deps);
    const stock = stockBySymbol("AAPL");
    const next = nextEarnings(
      "AAPL",
      stock?.earningsMonths ?? null,
      stock?.earningsHour ?? null,
      Date.parse(MONDAY_OPEN),
    );
    const event = answer.earningsEvent;
    expect(event?.date).toBe(next?.date);
    expect(event?.timing).toBe(next?.hour);
    const reaction = event?.reactionDate as string;
    expect((event?.expirationBefore as string) < reaction).toBe(true);
    expect((event?.expirationAfter as string) >= reaction).toBe(true);
    for (const term of answer.expirations) {
      expect(term.includesEarnings, term.expiration).toBe(term.expiration >= reaction);
    }
    // The simulated surface prices one earnings move of 2.5 daily standard deviations of its
    // long-run level v: ATM² = base² + m²/T with base = v·(0.92 + 0.18·e^{−T/0.15}) before it.
    const first = answer.expirations[0] as (typeof answer.expirations)[0];
    const level = first.atmImpliedVolatility / 100 / (0.92 + 0.18 * Math.exp(-first.years / 0.15));
    const truth = (2.5 * level * Math.sqrt(1 / 252)) ** 2;
    // The estimate removes a flat ex-event forward variance from a term structure that is not
    // flat: within 15 % of the priced variance.
    expect(Math.abs((event?.eventVariance as number) / truth - 1)).toBeLessThan(0.15);
    expect(event?.impliedMoveStdDevPercent).toBeCloseTo(
      Math.sqrt(event?.eventVariance as number) * 100,
      2,
    );
    expect(event?.expectedAbsoluteMovePercent).toBeCloseTo(
      Math.sqrt(2 / Math.PI) * (event?.impliedMoveStdDevPercent as number),
      3,
    );
  });

  it("names no earnings event for a fund", async () => {
    const answer = await callRoute(volatilityRoutes.termStructure, path("SPY_ARCA"), deps);
    expect(answer.earningsEvent).toBeNull();
    expect(answer.expirations.every((term) => !term.includesEarnings)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Skew and surface
// ---------------------------------------------------------------------------------------------

describe("GET /volatility/{code}/skew", () => {
  const { deps } = depsAt(MONDAY_OPEN);

  it("equals the chain interpolated linearly in call delta", async () => {
    const answer = await callRoute(
      volatilityRoutes.skew,
      { ...path(AAPL), query: { expiry: MONTHLY } },
      deps,
    );
    const chain = await chainSmile(
      deps,
      MONTHLY,
      answer.underlyingLivePrice,
      answer.riskFreeRate / 100,
    );
    const byDelta = chain.points.map((p) => ({ x: p.callDelta, y: p.sigma * 100 }));
    const strikeByDelta = chain.points.map((p) => ({ x: p.callDelta, y: p.strike }));
    const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-4);
    close(answer.put25Iv, between(byDelta, 0.75));
    close(answer.atmIv, between(byDelta, 0.5));
    close(answer.call25Iv, between(byDelta, 0.25));
    close(answer.put25Strike, between(strikeByDelta, 0.75));
    close(answer.call25Strike, between(strikeByDelta, 0.25));
    close((answer.atmForwardIv as number) / 100, atForward(chain.points));
    expect(answer.smile.map((p) => p.strike)).toEqual(chain.points.map((p) => p.strike));
  });

  it("computes the risk reversal, butterfly and skews from the rounded IVs it shows", async () => {
    const a = await callRoute(
      volatilityRoutes.skew,
      { ...path(AAPL), query: { expiry: MONTHLY } },
      deps,
    );
    expect(a.riskReversal25).toBeCloseTo(a.call25Iv - a.put25Iv, 10);
    expect(a.butterfly25).toBeCloseTo((a.call25Iv + a.put25Iv) / 2 - a.atmIv, 4);
    expect(a.putSkew).toBeCloseTo(a.put25Iv - a.atmIv, 10);
    expect(a.callSkew).toBeCloseTo(a.call25Iv - a.atmIv, 10);
    expect(a.putSkewRatio).toBeCloseTo(a.put25Iv / a.atmIv, 6);
    // Equity skew: puts dearer than calls, the strikes in delta order.
    expect(a.riskReversal25).toBeLessThan(0);
    expect(a.put25Strike).toBeLessThan(a.atmStrike);
    expect(a.atmStrike).toBeLessThan(a.call25Strike);
  });

  it("lists the smile the surface lists for that expiration, with the ATM the term structure lists", async () => {
    const [skew, surface, terms] = await Promise.all([
      callRoute(volatilityRoutes.skew, { ...path(AAPL), query: { expiry: MONTHLY } }, deps),
      callRoute(volatilityRoutes.surface, { ...path(AAPL), query: {} }, deps),
      callRoute(volatilityRoutes.termStructure, path(AAPL), deps),
    ]);
    const expiration = surface.expirations.find((e) => e.expiration === MONTHLY);
    const points = expiration?.points.map(
      ({ bidImpliedVolatility, askImpliedVolatility, ...rest }) => rest,
    );
    expect(skew.smile).toEqual(points);
    expect(skew.atmForwardIv).toBe(expiration?.atmImpliedVolatility);
    const term = terms.expirations.find((e) => e.expiration === MONTHLY);
    expect(skew.atmForwardIv).toBe(term?.atmImpliedVolatility);
  });
});

describe("GET /volatility/{code}/surface", () => {
  const { deps } = depsAt(MONDAY_OPEN);

  it("restricts by days to expiration and call delta, keeping each smile's ATM", async () => {
    const [all, some] = await Promise.all([
      callRoute(volatilityRoutes.surface, { ...path(AAPL), query: {} }, deps),
      callRoute(
        volatilityRoutes.surface,
        { ...path(AAPL), query: { minDte: "10", maxDte: "60", minDelta: "0.2", maxDelta: "0.8" } },
        deps,
      ),
    ]);
    expect(some.filters).toEqual({ minDte: 10, maxDte: 60, minDelta: 0.2, maxDelta: 0.8 });
    const kept = all.expirations.filter(
      (e) => e.daysToExpiration >= 10 && e.daysToExpiration <= 60,
    );
    expect(some.expirations.map((e) => e.expiration)).toEqual(kept.map((e) => e.expiration));
    for (const [i, expiration] of some.expirations.entries()) {
      const whole = kept[i] as (typeof kept)[0];
      expect(expiration.atmImpliedVolatility).toBe(whole.atmImpliedVolatility);
      expect(expiration.points).toEqual(
        whole.points.filter((p) => p.callDelta >= 0.2 && p.callDelta <= 0.8),
      );
      expect(expiration.points.length).toBeGreaterThan(2);
    }
    expect(some.pointCount).toBe(some.expirations.reduce((n, e) => n + e.points.length, 0));
    expect(all.expirationCount).toBe(13);
  });

  it("gives moneyness, deltas and bid/ask IVs as the calculator and IV solver reproduce them", async () => {
    const answer = await callRoute(
      volatilityRoutes.surface,
      { ...path(AAPL), query: { maxDte: "30" } },
      deps,
    );
    const spot = answer.underlyingLivePrice;
    const rate = answer.riskFreeRate / 100;
    let checked = 0;
    for (const expiration of answer.expirations) {
      const { years } = timeTo(expiration.expiration);
      const chain = [
        ...((await deps.market.optionChain(AAPL, expiration.expiration, "C")) ?? []),
        ...((await deps.market.optionChain(AAPL, expiration.expiration, "P")) ?? []),
      ];
      for (const point of expiration.points) {
        const quote = chain.find((q) => q.contract === point.contract) as OptionQuote;
        const sigma = point.impliedVolatility / 100;
        expect(point.side).toBe(point.strike < expiration.forward ? "put" : "call");
        expect(point.moneyness).toBeCloseTo(point.strike / spot, 6);
        expect(point.logMoneyness).toBeCloseTo(Math.log(point.strike / expiration.forward), 5);
        expect(point.callDelta).toBeCloseTo(
          blackScholes(spot, point.strike, years, sigma, rate, true).delta,
          4,
        );
        expect(point.putDelta).toBeCloseTo(point.callDelta - 1, 6);
        const isCall = quote.right === "C";
        if (point.bidImpliedVolatility !== null) {
          const atBid = blackScholes(
            spot,
            point.strike,
            years,
            point.bidImpliedVolatility / 100,
            rate,
            isCall,
          );
          expect(atBid.price).toBeCloseTo(quote.bid, 3);
          expect(point.bidImpliedVolatility).toBeLessThanOrEqual(point.impliedVolatility);
        }
        if (point.askImpliedVolatility !== null) {
          const atAsk = blackScholes(
            spot,
            point.strike,
            years,
            point.askImpliedVolatility / 100,
            rate,
            isCall,
          );
          expect(atAsk.price).toBeCloseTo(quote.ask, 3);
          expect(point.askImpliedVolatility).toBeGreaterThanOrEqual(point.impliedVolatility);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------------------------------------
// GEX
// ---------------------------------------------------------------------------------------------

/** Every open contract of the expirations, with its side's dealer sign. */
async function openContracts(deps: Deps, expirations: string[], signs = { C: 1, P: -1 }) {
  const contracts: { quote: OptionQuote; years: number; sign: number }[] = [];
  for (const expiration of expirations) {
    const { years } = timeTo(expiration);
    for (const right of ["C", "P"] as const) {
      for (const quote of (await deps.market.optionChain(AAPL, expiration, right)) ?? []) {
        if ((quote.openInterest ?? 0) > 0) contracts.push({ quote, years, sign: signs[right] });
      }
    }
  }
  return contracts;
}

/** Σ sign × Γ × OI × 100 × S² × 0.01, Γ from lib/quant's Black-Scholes. */
function gexOf(contracts: Awaited<ReturnType<typeof openContracts>>, spot: number, rate: number) {
  return contracts.reduce((total, { quote, years, sign }) => {
    const gamma = blackScholes(
      spot,
      quote.strike,
      years,
      quote.impliedVolatility as number,
      rate,
      true,
    ).gamma;
    return total + sign * gamma * (quote.openInterest as number) * 100 * spot * spot * 0.01;
  }, 0);
}

describe("GET /volatility/{code}/gex", () => {
  const { deps } = depsAt(MONDAY_OPEN);
  const gex = (query: Record<string, string>) =>
    callRoute(volatilityRoutes.gex, { ...path(AAPL), query }, deps);

  it("computes each strike from the chain: Γ × OI × 100 × S² × 0.01, dealers long calls, short puts", async () => {
    const answer = await gex({ expiry: MONTHLY });
    expect(answer).toMatchObject({
      dealerConvention: "long-calls-short-puts",
      callSign: 1,
      putSign: -1,
    });
    const spot = answer.underlyingLivePrice;
    const rate = answer.riskFreeRate / 100;
    const contracts = await openContracts(deps, [MONTHLY]);
    for (const row of answer.strikes) {
      const at = (right: "C" | "P") =>
        contracts.filter((c) => c.quote.strike === row.strike && c.quote.right === right);
      expect(row.callGammaExposure).toBeCloseTo(gexOf(at("C"), spot, rate), 2);
      expect(row.putGammaExposure).toBeCloseTo(gexOf(at("P"), spot, rate), 2);
      expect(row.callOpenInterest).toBe(
        at("C").reduce((n, c) => n + (c.quote.openInterest as number), 0),
      );
      expect(row.callGammaExposure).toBeGreaterThanOrEqual(0);
      expect(row.putGammaExposure).toBeLessThanOrEqual(0);
    }
  });

  it.each<Record<string, string>>([{ expiry: MONTHLY }, {}])(
    "has totals equal to the per-strike sums (%o)",
    async (query) => {
      const answer = await gex(query);
      const sum = (values: number[]) => values.reduce((t, v) => t + v, 0);
      for (const row of answer.strikes) {
        expect(row.netGammaExposure).toBeCloseTo(row.callGammaExposure + row.putGammaExposure, 6);
      }
      expect(answer.totalCallGammaExposure).toBeCloseTo(
        sum(answer.strikes.map((r) => r.callGammaExposure)),
        2,
      );
      expect(answer.totalPutGammaExposure).toBeCloseTo(
        sum(answer.strikes.map((r) => r.putGammaExposure)),
        2,
      );
      expect(answer.totalGammaExposure).toBeCloseTo(
        sum(answer.strikes.map((r) => r.netGammaExposure)),
        2,
      );
      expect(answer.totalGammaExposure).toBeCloseTo(
        answer.totalCallGammaExposure + answer.totalPutGammaExposure,
        2,
      );
      // Each expiration's figures are rounded on their own: equal to a cent per expiration.
      const byExpiration = sum(answer.expirations.map((e) => e.netGammaExposure));
      expect(Math.abs(byExpiration - answer.totalGammaExposure)).toBeLessThanOrEqual(
        0.01 * answer.expirations.length,
      );
      expect(answer.gammaRegime).toBe(answer.totalGammaExposure >= 0 ? "positive" : "negative");
    },
  );

  it.each<Record<string, string>>([{ expiry: MONTHLY }, {}])(
    "finds the zero-gamma level where the re-priced total changes sign (%o)",
    async (query) => {
      const answer = await gex(query);
      const level = answer.zeroGammaLevel as number;
      expect(level).not.toBeNull();
      const rate = answer.riskFreeRate / 100;
      const expirations = answer.expirations.map((e) => e.expiration);
      const contracts = await openContracts(deps, expirations);
      const below = gexOf(contracts, level * (1 - 1e-4), rate);
      const above = gexOf(contracts, level * (1 + 1e-4), rate);
      expect(Math.sign(below)).not.toBe(Math.sign(above));
      // The nearest crossing of the sweep: no sign change between the spot and the level.
      const spot = answer.underlyingLivePrice;
      const inside = answer.profile.filter(
        (p) => (p.spot - spot) * (p.spot - level) < 0 && Math.abs(p.spot - level) > 0.02,
      );
      const signs = new Set(inside.map((p) => Math.sign(p.totalGammaExposure)));
      expect(signs.size).toBeLessThanOrEqual(1);
      expect(answer.zeroGammaDistancePercent).toBeCloseTo(((level - spot) / spot) * 100, 2);
      expect(answer.profile).toHaveLength(81);
    },
  );

  it("puts the walls at the largest |call| and |put| GEX", async () => {
    const answer = await gex({});
    const largest = (value: (r: (typeof answer.strikes)[0]) => number) =>
      answer.strikes.reduce((best, r) => (Math.abs(value(r)) > Math.abs(value(best)) ? r : best))
        .strike;
    expect(answer.callWall).toBe(largest((r) => r.callGammaExposure));
    expect(answer.putWall).toBe(largest((r) => r.putGammaExposure));
  });

  it("flips signs with the dealer convention", async () => {
    const [usual, flipped] = await Promise.all([
      gex({ expiry: MONTHLY }),
      gex({ expiry: MONTHLY, dealerConvention: "Short-Calls-Long-Puts" }),
    ]);
    expect(flipped).toMatchObject({
      dealerConvention: "short-calls-long-puts",
      callSign: -1,
      putSign: 1,
    });
    expect(flipped.totalGammaExposure).toBeCloseTo(-usual.totalGammaExposure, 2);
    expect(flipped.zeroGammaLevel).toBe(usual.zeroGammaLevel);
    expect(flipped.callWall).toBe(usual.callWall);
  });

  it("sums the expirations: every expiration together is the sum of each alone", async () => {
    const all = await gex({});
    const alone = await Promise.all(all.expirations.map((e) => gex({ expiry: e.expiration })));
    const sum = alone.reduce((t, a) => t + a.totalGammaExposure, 0);
    expect(Math.abs(sum - all.totalGammaExposure)).toBeLessThan(0.01 * all.strikes.length);
  });
});

// ---------------------------------------------------------------------------------------------
// HV against IV
// ---------------------------------------------------------------------------------------------

/** The completed daily bars as /chart serves them (to the tick), oldest first. */
async function servedDailyBars(sim: MarketDataProvider, nowIso: string, inProgress: boolean) {
  const now = Date.parse(nowIso);
  const instrument = (await sim.instrument(AAPL)) as Instrument;
  const bars =
    (await sim.bars(AAPL, {
      period: 5,
      from: now - 420 * DAY_MS,
      to: now + 60_000,
      extended: false,
    })) ?? [];
  return (inProgress ? bars.slice(0, -1) : bars).map((bar) => roundBar(bar, instrument));
}

describe("GET /volatility/{code}/hv-iv", () => {
  it.each([
    [MONDAY_OPEN, true, "2026-11-20"],
    [MONDAY_AFTER_CLOSE, false, "2026-11-23"],
  ] as const)(
    "at %s: every window from the completed sessions' served bars",
    async (now, inProgress, last) => {
      const { sim, deps } = depsAt(now);
      const answer = await callRoute(volatilityRoutes.hvIv, path(AAPL), deps);
      const bars = await servedDailyBars(sim, now, inProgress);
      expect(answer.sessionsAvailable).toBe(253);
      for (const window of answer.windows) {
        const slice = bars.slice(-(window.sessions + 1));
        expect(window.to).toBe(last);
        const closes = slice.map((bar) => bar.close);
        // Close-to-close through lib/quant/statistics (sample sd of log returns × √252).
        expect(window.closeToClose).toBeCloseTo(annualisedVolatility(logReturns(closes)) * 100, 4);
        const figures = realisedVolatilities(slice);
        expect(window.yangZhang).toBeCloseTo(figures.yangZhang, 4);
        expect(window.parkinson).toBeCloseTo(figures.parkinson, 4);
        expect(window.ivMinusHv).toBeCloseTo(
          answer.impliedVolatility30 - (window.closeToClose as number),
          10,
        );
        expect(window.ivToHvRatio).toBeCloseTo(
          answer.impliedVolatility30 / (window.closeToClose as number),
          6,
        );
      }
      expect(answer.windows.map((w) => w.sessions)).toEqual([10, 20, 30, 60, 90, 252]);
      const benchmark = answer.windows[1];
      expect(answer.ivHvSpread).toBe(benchmark?.ivMinusHv);
      expect(answer.ivHvRatio).toBe(benchmark?.ivToHvRatio);
    },
  );

  it("gives exactly /options/{code}/iv-rank's IV, rank and percentile", async () => {
    const { deps } = depsAt(MONDAY_OPEN);
    for (const code of [AAPL, "SPY_ARCA", "SPX_INDEX", "TSLA_NASDAQ"]) {
      const [answer, rank] = await Promise.all([
        callRoute(volatilityRoutes.hvIv, path(code), deps),
        callRoute(optionsRoutes.ivRank, path(code), deps),
      ]);
      expect({
        iv: answer.impliedVolatility30,
        rank: answer.ivRank,
        percentile: answer.ivPercentile,
        high: answer.ivYearHigh,
        low: answer.ivYearLow,
        length: answer.ivHistoryLength,
      }).toEqual({
        iv: rank.currentImpliedVolatility,
        rank: rank.ivRank,
        percentile: rank.ivPercentile,
        high: rank.yearHigh,
        low: rank.yearLow,
        length: rank.historyLength,
      });
    }
  });
});
