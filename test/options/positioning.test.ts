import { describe, expect, it } from "vitest";
import { OPTIONS_POSITIONING_EXAMPLES } from "../../lib/api/examples/options-positioning";
import { marketRoutes } from "../../lib/api/groups/market/routes/core";
import { optionsPositioningRoutes as routes } from "../../lib/api/groups/options/routes/positioning";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import type { MarketDataProvider, OptionQuote } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, expectNoChain, refusal } from "../setup/refusals";

/**
 * Max pain, open interest by strike and put/call ratios on the simulated market at a pinned
 * instant: every figure is recomputed here from the chains the port serves (both sides of each
 * expiration), from the definitions the routes state, not from the implementation's helpers.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const AAPL = "AAPL_NASDAQ";
const MONTHLY = "2026-12-18";

const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({ market, marketClock: clock });

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};

async function sidesFromPort(source: MarketDataProvider, code: string, expiration: string) {
  const [calls, puts] = await Promise.all([
    source.optionChain(code, expiration, "C"),
    source.optionChain(code, expiration, "P"),
  ]);
  expect(calls?.length).toBeGreaterThan(0);
  expect(puts?.length).toBeGreaterThan(0);
  return { calls: calls as OptionQuote[], puts: puts as OptionQuote[] };
}

/** Open interest of a side at a strike: 0 where that side lists none. */
const interestAt = (chain: readonly OptionQuote[], strike: number) =>
  chain
    .filter((c) => c.strike === strike)
    .reduce((total, c) => total + (c.openInterest ?? Number.NaN), 0);

const strikesOf = (calls: readonly OptionQuote[], puts: readonly OptionQuote[]) =>
  [...new Set([...calls, ...puts].map((c) => c.strike))].sort((a, b) => a - b);

/** Σ_K [OI_call(K)·max(0, S − K) + OI_put(K)·max(0, K − S)] × 100, straight from the chains. */
function painAt(calls: readonly OptionQuote[], puts: readonly OptionQuote[], settle: number) {
  const callPain = calls.reduce(
    (total, c) => total + (c.openInterest ?? Number.NaN) * Math.max(0, settle - c.strike) * 100,
    0,
  );
  const putPain = puts.reduce(
    (total, p) => total + (p.openInterest ?? Number.NaN) * Math.max(0, p.strike - settle) * 100,
    0,
  );
  return { callPain, putPain, pain: callPain + putPain };
}

const maxPain = (query: Record<string, string>, code = AAPL) =>
  callRoute(routes.maxPain, { params: { code }, query }, deps);
const oiDistribution = (query: Record<string, string>, code = AAPL) =>
  callRoute(routes.oiDistribution, { params: { code }, query }, deps);
const putCallRatio = (code = AAPL) => callRoute(routes.putCallRatio, { params: { code } }, deps);

/** The two expiry routes share their validation and their 404s. */
const EXPIRY_ROUTES = [
  ["max-pain", maxPain],
  ["oi-distribution", oiDistribution],
] as const;

describe.each(EXPIRY_ROUTES)("GET /options/{code}/%s: refusals", (_name, call) => {
  it("400 naming expiry when it is missing, malformed, impossible or past", async () => {
    await expectInvalid(() => call({}), "expiry");
    for (const expiry of ["261218", "2026-12-1", "2026-02-30", "2026-11-20"]) {
      await expectInvalid(() => call({ expiry }), "expiry");
    }
  });

  it("404 NO_CHAIN_DATA for an unlisted expiration, an unknown or a non-optionable code", async () => {
    await expectNoChain(() => call({ expiry: "2026-12-17" }));
    await expectNoChain(() => call({ expiry: MONTHLY }, "AAPX_NASDAQ"));
    await expectNoChain(() => call({ expiry: MONTHLY }, "BTC_COINBASE"));
  });
});

describe("GET /options/{code}/max-pain", () => {
  it("answers the listed strike minimising the pain recomputed from both chains", async () => {
    const { calls, puts } = await sidesFromPort(market, AAPL, MONTHLY);
    const answer = await maxPain({ expiry: MONTHLY });
    const strikes = strikesOf(calls, puts);
    expect(answer.items.map((item) => item.strike)).toEqual(strikes);

    const pains = strikes.map((strike) => ({ strike, ...painAt(calls, puts, strike) }));
    for (const [i, item] of answer.items.entries()) {
      const expected = pains[i] as (typeof pains)[number];
      expect(item.callOpenInterest).toBe(interestAt(calls, item.strike));
      expect(item.putOpenInterest).toBe(interestAt(puts, item.strike));
      expect(item.callPain).toBe(round(expected.callPain, 2));
      expect(item.putPain).toBe(round(expected.putPain, 2));
      expect(item.pain).toBe(round(expected.pain, 2));
    }
    const least = Math.min(...pains.map((p) => p.pain));
    const minimiser = pains.find((p) => p.pain === least) as (typeof pains)[number];
    expect(answer.maxPainStrike).toBe(minimiser.strike);
    expect(answer.maxPainValue).toBe(round(least, 2));
    // It is a real minimum, not an end of the range: pain rises on both sides of it.
    expect(answer.maxPainStrike).toBeGreaterThan(strikes[0] as number);
    expect(answer.maxPainStrike).toBeLessThan(strikes.at(-1) as number);

    const sumOi = (chain: readonly OptionQuote[]) =>
      chain.reduce((t, c) => t + (c.openInterest ?? Number.NaN), 0);
    expect(answer.totalCallOpenInterest).toBe(sumOi(calls));
    expect(answer.totalPutOpenInterest).toBe(sumOi(puts));
    expect(answer).toMatchObject({
      symbol: "AAPL",
      expiration: MONTHLY,
      daysToExpiration: 24,
      model: "Black-Scholes",
      riskFreeRate: deps.defaultRiskFreeRatePercent,
      asOf: SIM_NOW,
    });
    const live = answer.underlyingLivePrice;
    expect(answer.distancePercent).toBe(round(((answer.maxPainStrike - live) / live) * 100, 4));
  });

  it("states the underlying the market quote serves", async () => {
    const [answer, quote] = await Promise.all([
      maxPain({ expiry: MONTHLY }),
      callRoute(marketRoutes.quote, { params: { code: AAPL } }, deps),
    ]);
    expect(answer.underlyingPrice).toBe(quote.lastPrice);
    expect(answer.underlyingLivePrice).toBe(quote.livePrice);
  });

  /** The simulated market with every contract's open interest replaced by `openInterest`. */
  const chainsWith = (openInterest: number | undefined) => {
    const source: MarketDataProvider = {
      ...market,
      optionChain: async (code, expiration, right) =>
        (await market.optionChain(code, expiration, right))?.map((c) => ({ ...c, openInterest })),
    };
    return testDeps({ market: source, marketClock: clock });
  };
  const request = { params: { code: AAPL }, query: { expiry: MONTHLY } };

  it("503 rather than an invented answer when the source reports no open interest", async () => {
    const blind = chainsWith(undefined);
    for (const route of [routes.maxPain, routes.oiDistribution] as RouteSpec[]) {
      const error = await refusal(() => callRoute(route as typeof routes.maxPain, request, blind));
      expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
      expect(String((error.cause as Error).message)).toMatch(/no open interest for AAPL/);
    }
    const ratio = await refusal(() =>
      callRoute(routes.putCallRatio, { params: { code: AAPL } }, blind),
    );
    expect(ratio).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  });

  it("serves an expiration whose reported open interest is all 0: no pain, no flags", async () => {
    const empty = chainsWith(0);
    const pain = await callRoute(routes.maxPain, request, empty);
    expect(pain.items.every((item) => item.pain === 0)).toBe(true);
    expect(pain.maxPainStrike).toBe(pain.items[0]?.strike);
    const distribution = await callRoute(routes.oiDistribution, request, empty);
    expect(distribution.totalOpenInterest).toBe(0);
    expect(distribution.items.some((item) => item.flagged)).toBe(false);
  });
});

describe("GET /options/{code}/oi-distribution", () => {
  it("gives each strike's open interest and flags exactly those above twice the average", async () => {
    const { calls, puts } = await sidesFromPort(market, AAPL, MONTHLY);
    const answer = await oiDistribution({ expiry: MONTHLY });
    const strikes = strikesOf(calls, puts);
    expect(answer.items.map((item) => item.strike)).toEqual(strikes);

    const totals = strikes.map((strike) => interestAt(calls, strike) + interestAt(puts, strike));
    const grandTotal = totals.reduce((a, b) => a + b, 0);
    const average = grandTotal / strikes.length;
    for (const [i, item] of answer.items.entries()) {
      expect(item.callOpenInterest).toBe(interestAt(calls, item.strike));
      expect(item.putOpenInterest).toBe(interestAt(puts, item.strike));
      expect(item.totalOpenInterest).toBe(totals[i]);
      expect(item.flagged).toBe((totals[i] as number) > 2 * average);
    }
    // The rule separates something on this chain: some strikes flagged, most not.
    const flagged = answer.items.filter((item) => item.flagged).length;
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(answer.items.length / 2);

    const callTotal = calls.reduce((t, c) => t + (c.openInterest ?? Number.NaN), 0);
    const putTotal = puts.reduce((t, c) => t + (c.openInterest ?? Number.NaN), 0);
    expect(answer).toMatchObject({
      symbol: "AAPL",
      expiration: MONTHLY,
      strikeCount: strikes.length,
      totalCallOpenInterest: callTotal,
      totalPutOpenInterest: putTotal,
      totalOpenInterest: grandTotal,
      putCallOpenInterestRatio: round(putTotal / callTotal, 6),
      averageOpenInterestPerStrike: round(average, 4),
      flagThreshold: round(2 * average, 4),
      asOf: SIM_NOW,
    });
  });
});

describe("GET /options/{code}/put-call-ratio", () => {
  it("sums each listed expiration's chains by volume, open interest and premium", async () => {
    const listed = (await market.optionExpirations?.expirations(AAPL)) as string[];
    const answer = await putCallRatio();
    expect(answer.expirations.map((row) => row.expiration)).toEqual(listed);

    const side = (chain: readonly OptionQuote[]) => ({
      volume: chain.reduce((t, c) => t + c.volume, 0),
      openInterest: chain.reduce((t, c) => t + (c.openInterest ?? Number.NaN), 0),
      premium: chain.reduce((t, c) => t + c.volume * ((c.bid + c.ask) / 2) * 100, 0),
    });
    const ratio = (put: number, call: number) => (call === 0 ? null : round(put / call, 6));
    const total = { callVolume: 0, putVolume: 0, callOi: 0, putOi: 0, callPrem: 0, putPrem: 0 };
    for (const row of answer.expirations) {
      const { calls, puts } = await sidesFromPort(market, AAPL, row.expiration);
      const c = side(calls);
      const p = side(puts);
      expect(row).toEqual({
        expiration: row.expiration,
        daysToExpiration: row.daysToExpiration,
        callVolume: c.volume,
        putVolume: p.volume,
        volumeRatio: ratio(p.volume, c.volume),
        callOpenInterest: c.openInterest,
        putOpenInterest: p.openInterest,
        openInterestRatio: ratio(p.openInterest, c.openInterest),
        callPremium: round(c.premium, 2),
        putPremium: round(p.premium, 2),
        premiumRatio: ratio(p.premium, c.premium),
      });
      total.callVolume += c.volume;
      total.putVolume += p.volume;
      total.callOi += c.openInterest;
      total.putOi += p.openInterest;
      total.callPrem += c.premium;
      total.putPrem += p.premium;
    }
    expect(answer.total.callVolume).toBe(total.callVolume);
    expect(answer.total.putVolume).toBe(total.putVolume);
    expect(answer.total.volumeRatio).toBe(ratio(total.putVolume, total.callVolume));
    expect(answer.total.openInterestRatio).toBe(ratio(total.putOi, total.callOi));
    expect(answer.total.callPremium).toBeCloseTo(total.callPrem, 1);
    expect(answer.total.premiumRatio).toBeCloseTo(total.putPrem / total.callPrem, 5);
    expect(answer.total.callVolume).toBeGreaterThan(0);
  });

  it("answers null ratios when the call side is 0", async () => {
    const noCalls: MarketDataProvider = {
      ...market,
      optionChain: async (code, expiration, right) =>
        (await market.optionChain(code, expiration, right))?.map((c) =>
          right === "C" ? { ...c, volume: 0, openInterest: 0 } : c,
        ),
    };
    const answer = await callRoute(
      routes.putCallRatio,
      { params: { code: AAPL } },
      testDeps({ market: noCalls, marketClock: clock }),
    );
    for (const row of [answer.total, ...answer.expirations]) {
      expect(row).toMatchObject({ volumeRatio: null, openInterestRatio: null, premiumRatio: null });
    }
    expect(answer.total.putVolume).toBeGreaterThan(0);
  });

  it("404 NO_CHAIN_DATA for an unknown or a non-optionable code", async () => {
    await expectNoChain(() => putCallRatio("AAPX_NASDAQ"));
    await expectNoChain(() => putCallRatio("BTC_COINBASE"));
  });
});

describe("OpenAPI examples of the positioning routes", () => {
  it("are what the routes answer at EXAMPLE_TIME (lists shortened to their first items)", async () => {
    const exampleClock = pinnedClock(new Date(EXAMPLE_TIME));
    const exampleDeps = testDeps({
      market: createSimulatedMarket(exampleClock),
      marketClock: exampleClock,
    });
    const all = Object.values(routes) as RouteSpec[];
    expect(Object.keys(OPTIONS_POSITIONING_EXAMPLES).sort()).toEqual(all.map((r) => r.id).sort());
    for (const route of all) {
      const example = OPTIONS_POSITIONING_EXAMPLES[route.id];
      const data = example?.data as Record<string, unknown>;
      const answer = JSON.parse(
        JSON.stringify(
          await callRoute(route as typeof routes.maxPain, example?.request as never, exampleDeps),
        ),
      );
      for (const key of ["items", "expirations"] as const) {
        if (Array.isArray(data[key])) {
          answer[key] = answer[key].slice(0, (data[key] as unknown[]).length);
        }
      }
      expect(answer, route.id).toEqual(data);
    }
  });
});
