import { describe, expect, it } from "vitest";
import { OPTIONS_CHAIN_EXAMPLES } from "../../lib/api/examples/options-chains";
import { marketRoutes } from "../../lib/api/groups/market/routes/core";
import { optionsCalculatorRoutes } from "../../lib/api/groups/options/routes/calculators";
import { optionsChainsRoutes as routes } from "../../lib/api/groups/options/routes/chains";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, expectNoChain } from "../setup/refusals";

/**
 * Expirations, chain, contract quote and greeks on the simulated market at a pinned instant:
 * each figure is recomputed here from its stated definition (mid, mark, strike distance, seller
 * return, break-even, the change reference) or from another endpoint (the quote's mid is the
 * chain's, each greeks row is what POST /options/calculator answers for the row's inputs, the
 * expirations are exactly those whose chains answer).
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const TODAY_UTC_MS = Date.UTC(2026, 10, 24);
const AAPL = "AAPL_NASDAQ";
const DAY_MS = 86_400_000;

const clock = pinnedClock(new Date(SIM_NOW));
const deps = testDeps({ market: createSimulatedMarket(clock), marketClock: clock });

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};
const yyMMdd = (iso: string) => iso.slice(2).replaceAll("-", "");
const daysFromToday = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - TODAY_UTC_MS) / DAY_MS;

const expirations = () => callRoute(routes.expirations, { params: { code: AAPL } }, deps);
const chain = (query: Record<string, string>, code = AAPL) =>
  callRoute(routes.chain, { params: { code }, query }, deps);
const quote = (query: Record<string, string>, code = AAPL) =>
  callRoute(routes.quote, { params: { code }, query }, deps);
const greeks = (query: Record<string, string>, code = AAPL) =>
  callRoute(routes.greeks, { params: { code }, query }, deps);

/** The monthly expiration the tests read: 2026-12-18, 24 days out. */
const MONTHLY = "2026-12-18";

describe("GET /options/{code}/expirations", () => {
  it("lists the expirations soonest first with calendar days from today in New York", async () => {
    const answer = await expirations();
    expect(answer.symbol).toBe("AAPL");
    const dates = answer.expirations.map((e) => e.expirationDate);
    expect(dates.length).toBeGreaterThan(6);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    for (const { expirationDate, daysToExpiration } of answer.expirations) {
      expect(daysToExpiration).toBe(daysFromToday(expirationDate));
      expect(daysToExpiration).toBeGreaterThanOrEqual(0);
    }
    expect(dates).toContain(MONTHLY);
  });

  it("agrees with the chain: every listed expiration has a chain, a day between two does not", async () => {
    const dates = (await expirations()).expirations.map((e) => e.expirationDate);
    for (const date of dates) {
      const answer = await chain({ expiry: yyMMdd(date), right: "P" });
      expect(answer.expiration).toBe(date);
      expect(answer.items.length).toBeGreaterThan(0);
    }
    const unlisted = new Date(Date.parse(`${dates[0]}T00:00:00Z`) + 5 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    expect(dates).not.toContain(unlisted);
    await expectNoChain(() => chain({ expiry: yyMMdd(unlisted) }));
  });

  it("answers 404 NO_CHAIN_DATA for an unknown code and one without options", async () => {
    await expectNoChain(() =>
      callRoute(routes.expirations, { params: { code: "AAPX_NASDAQ" } }, deps),
    );
    await expectNoChain(() =>
      callRoute(routes.expirations, { params: { code: "BTC_COINBASE" } }, deps),
    );
  });
});

describe("GET /options/{code}/chain", () => {
  it("echoes the request and states its inputs; calls by default", async () => {
    const answer = await chain({ expiry: "261218" });
    const underlying = await callRoute(marketRoutes.quote, { params: { code: AAPL } }, deps);
    expect(answer).toMatchObject({
      symbol: "AAPL",
      expiry: "261218",
      expiration: MONTHLY,
      right: "C",
      daysToExpiration: daysFromToday(MONTHLY),
      model: "Black-Scholes",
      riskFreeRate: deps.defaultRiskFreeRatePercent,
      underlyingPrice: underlying.lastPrice,
      underlyingLivePrice: underlying.livePrice,
      underlyingPreviousClose: underlying.previousClose,
      asOf: SIM_NOW,
    });
    expect(answer.items.every((item) => item.contract.startsWith("AAPL261218C"))).toBe(true);
  });

  it.each(["C", "P"])(
    "right %s: mid, moneyness and change follow their definitions",
    async (right) => {
      const answer = await chain({ expiry: "261218", right: right.toLowerCase() });
      expect(answer.right).toBe(right);
      const strikes = answer.items.map((item) => item.strike);
      expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);
      for (const item of answer.items) {
        expect(item.contract).toBe(
          `AAPL261218${right}${String(item.strike * 1000).padStart(8, "0")}`,
        );
        expect(item.mid).toBe(round((item.bid + item.ask) / 2, 4));
        expect(item.bid).toBeLessThanOrEqual(item.ask);
        const itm =
          right === "C"
            ? item.strike < answer.underlyingLivePrice
            : item.strike > answer.underlyingLivePrice;
        expect(item.inTheMoney).toBe(itm);
        // The reference: the calculator at the previous close, the same IV, days and rate.
        const reference = await callRoute(
          optionsCalculatorRoutes.calculator,
          {
            body: {
              underlyingPrice: answer.underlyingPreviousClose,
              strike: item.strike,
              daysToExpiration: answer.daysToExpiration,
              impliedVolatility: item.impliedVolatility as number,
              right,
              riskFreeRate: answer.riskFreeRate,
            },
          },
          deps,
        );
        expect(item.referencePrice).toBe(round(reference.theoreticalPrice, 4));
        expect(item.change).toBe(round(item.mid - item.referencePrice, 4));
        const percent = item.referencePrice === 0 ? 0 : (item.change / item.referencePrice) * 100;
        expect(item.changePercent).toBeCloseTo(percent, 4);
        expect(item.impliedVolatility).toBeGreaterThan(5);
        expect(Math.abs(item.delta as number)).toBeLessThanOrEqual(1);
      }
    },
  );

  it("refuses a malformed, impossible or past expiry and a bad right, naming them", async () => {
    for (const expiry of ["2612", "2026-12-18", "26121x", "261340", "260230", "261123"]) {
      await expectInvalid(() => chain({ expiry }), "expiry");
    }
    await expectInvalid(() => chain({}), "expiry");
    await expectInvalid(() => chain({ expiry: "261218", right: "X" }), "right");
    await expectInvalid(() => chain({ expiry: "261218", right: "CALL" }), "right");
  });

  it("answers 404 NO_CHAIN_DATA for an unknown code, a crypto asset and an unlisted expiry", async () => {
    await expectNoChain(() => chain({ expiry: "261218" }, "AAPX_NASDAQ"));
    await expectNoChain(() => chain({ expiry: "261218" }, "BTC_COINBASE"));
    await expectNoChain(() => chain({ expiry: "261216" })); // a Wednesday
    await expectNoChain(() => chain({ expiry: "301220" })); // beyond the LEAPS
  });
});

describe("GET /options/{code}/quote", () => {
  it("is the chain's contract: same mid, prices, IV and delta, for every strike", async () => {
    for (const right of ["C", "P"] as const) {
      const listed = await chain({ expiry: yyMMdd(MONTHLY), right });
      for (const item of listed.items) {
        const answer = await quote({ expiry: MONTHLY, strike: String(item.strike), right });
        expect(answer.contract).toBe(item.contract);
        expect(answer.midPrice).toBe(item.mid);
        expect(answer).toMatchObject({
          lastPrice: item.last,
          bid: item.bid,
          ask: item.ask,
          change: item.change,
          changePercent: item.changePercent,
          referencePrice: item.referencePrice,
          inTheMoney: item.inTheMoney,
          volume: item.volume,
          openInterest: item.openInterest,
          impliedVolatility: item.impliedVolatility,
          delta: item.delta,
        });
      }
    }
  });

  it.each([
    ["P", "Put", 190],
    ["C", "Call", 205],
  ] as const)(
    "right %s: the derived fields follow their definitions",
    async (right, name, strike) => {
      const answer = await quote({ expiry: MONTHLY, strike: String(strike), right });
      const live = answer.underlyingLivePrice;
      const premium = answer.midPrice;
      expect(answer).toMatchObject({
        symbol: "AAPL",
        expiration: MONTHLY,
        strike,
        right: name,
        daysToExpiration: daysFromToday(MONTHLY),
      });
      expect(answer.midPrice).toBe(round((answer.bid + answer.ask) / 2, 4));
      expect(answer.markPrice).toBe(Math.min(answer.ask, Math.max(answer.bid, answer.midPrice)));
      expect(answer.strikeAwayPercent).toBe(round(((strike - live) / live) * 100, 4));
      const capitalAtRisk = right === "P" ? strike - premium : live;
      expect(answer.returnPercent).toBe(round((premium / capitalAtRisk) * 100, 4));
      expect(answer.breakEven).toBe(round(right === "P" ? strike - premium : strike + premium, 4));
      expect(answer.inTheMoney).toBe(right === "P" ? strike > live : strike < live);
    },
  );

  it("defaults to the put", async () => {
    const answer = await quote({ expiry: MONTHLY, strike: "200" });
    expect(answer.right).toBe("Put");
    expect(answer.contract).toBe("AAPL261218P00200000");
  });

  it("refuses a bad expiry, strike or right, naming it", async () => {
    for (const expiry of ["261218", "2026-13-01", "2026-02-30", "2026-11-23", ""]) {
      await expectInvalid(() => quote({ expiry, strike: "200" }), "expiry");
    }
    for (const strike of ["abc", "-5", "0", ""]) {
      await expectInvalid(() => quote({ expiry: MONTHLY, strike }), "strike");
    }
    await expectInvalid(() => quote({ expiry: MONTHLY }), "strike");
    await expectInvalid(() => quote({ expiry: MONTHLY, strike: "200", right: "B" }), "right");
  });

  it("answers 404 NO_CHAIN_DATA for a strike not listed, an unlisted expiry, an unknown code", async () => {
    await expectNoChain(() => quote({ expiry: MONTHLY, strike: "201" }));
    await expectNoChain(() => quote({ expiry: MONTHLY, strike: "5000" }));
    await expectNoChain(() => quote({ expiry: "2026-12-16", strike: "200" }));
    await expectNoChain(() => quote({ expiry: MONTHLY, strike: "200" }, "AAPX_NASDAQ"));
  });
});

describe("GET /options/{code}/greeks", () => {
  it.each(["P", "C"])(
    "right %s: every row is what POST /options/calculator answers for the row's inputs",
    async (right) => {
      const answer = await greeks({ expiry: MONTHLY, right });
      const listed = await chain({ expiry: yyMMdd(MONTHLY), right });
      expect(answer.right).toBe(right === "C" ? "Call" : "Put");
      expect(answer.daysToExpiration).toBe(daysFromToday(MONTHLY));
      expect(answer.items.map((row) => row.contract)).toEqual(
        listed.items.map((item) => item.contract),
      );
      for (const [index, row] of answer.items.entries()) {
        const item = listed.items[index];
        expect(row.mid).toBe(item?.mid);
        expect(row.impliedVolatility).toBe(item?.impliedVolatility);
        const calculator = await callRoute(
          optionsCalculatorRoutes.calculator,
          {
            body: {
              underlyingPrice: answer.underlyingLivePrice,
              strike: row.strike,
              daysToExpiration: answer.daysToExpiration,
              impliedVolatility: row.impliedVolatility,
              right,
              riskFreeRate: answer.riskFreeRate,
            },
          },
          deps,
        );
        expect(row).toEqual({
          strike: row.strike,
          contract: row.contract,
          mid: row.mid,
          theoreticalPrice: round(calculator.theoreticalPrice, 4),
          impliedVolatility: row.impliedVolatility,
          delta: round(calculator.delta, 6),
          gamma: round(calculator.gamma, 6),
          theta: round(calculator.theta, 6),
          vega: round(calculator.vega, 6),
          rho: round(calculator.rho, 6),
        });
        // The same surface the source priced: its delta and the mid agree with the model's.
        expect(row.delta).toBeCloseTo(item?.delta as number, 2);
        expect(Math.abs(row.theoreticalPrice - row.mid)).toBeLessThanOrEqual(
          ((item?.ask ?? 0) - (item?.bid ?? 0)) / 2 + 0.01,
        );
      }
    },
  );

  it("refuses a bad expiry or right, naming it; 404 for an unlisted expiry or unknown code", async () => {
    for (const expiry of ["261218", "2026-12-32", "2026-11-20"]) {
      await expectInvalid(() => greeks({ expiry }), "expiry");
    }
    await expectInvalid(() => greeks({ expiry: MONTHLY, right: "PUT" }), "right");
    await expectNoChain(() => greeks({ expiry: "2026-12-16" }));
    await expectNoChain(() => greeks({ expiry: MONTHLY }, "AAPX_NASDAQ"));
  });
});

describe("OpenAPI examples of the chains routes", () => {
  // The examples are what the routes answer at EXAMPLE_TIME; lists show their first items.
  const exampleClock = pinnedClock(new Date(EXAMPLE_TIME));
  const exampleDeps = testDeps({
    market: createSimulatedMarket(exampleClock),
    marketClock: exampleClock,
  });
  const LISTS: Record<string, string> = {
    "options.expirations": "expirations",
    "options.chain": "items",
    "options.greeks": "items",
  };

  it.each(Object.values(routes).map((route) => [route.id, route] as const))(
    "%s: the example is the answer at EXAMPLE_TIME",
    async (id, route) => {
      const example = OPTIONS_CHAIN_EXAMPLES[id];
      expect(example?.request).toBeDefined();
      const answer = (await callRoute(
        route as RouteSpec,
        example?.request as never,
        exampleDeps,
      )) as unknown as Record<string, unknown>;
      const data = example?.data as Record<string, unknown[]>;
      const list = LISTS[id];
      const shown = list
        ? { ...answer, [list]: (answer[list] as unknown[]).slice(0, data[list]?.length) }
        : answer;
      expect(data).toEqual(shown);
    },
  );
});
