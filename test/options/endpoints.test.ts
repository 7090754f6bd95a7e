import type { APIGatewayProxyEventV2 } from "aws-lambda";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeRoute } from "../../lib/api/dispatch";
import { optionsImplementations } from "../../lib/api/groups/options/implementations";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import type { RouteSpec } from "../../lib/api/route";
import type { LocalRuntime } from "../../local/runtime";
import { type BsCase, loadReference } from "../quant/reference";
import { registerAccount } from "../setup/accounts";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";
import { fetchFrom } from "../setup/http";
import { startTestApi } from "../setup/local-api";

/** The three options calculators: validation, the maths through the endpoint, no NaN ever. */

const deps = testDeps();

function event(path: string, body: unknown): APIGatewayProxyEventV2 {
  return gatewayEvent({
    method: "POST",
    path: `/v1${path}`,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Runs the route as the Lambda would (validation included); returns status and parsed body. */
async function post(route: RouteSpec, body: unknown) {
  const implementation = (
    optionsImplementations as Record<string, (i: unknown, d: unknown) => unknown>
  )[route.id];
  try {
    const result = await invokeRoute(
      route,
      implementation as never,
      event(route.path, body),
      deps,
      "r",
    );
    return { status: result.statusCode, body: JSON.parse(result.body) };
  } catch (error) {
    const e = error as { status: number; code: string; message: string };
    return { status: e.status, body: { error: { code: e.code, message: e.message } } };
  }
}

const calculator = optionsRoutes.calculator;
const solver = optionsRoutes.impliedVolatility;
const pnl = optionsRoutes.pnlProfile;

const bsCases = loadReference<{ cases: BsCase[] }>("bs_vectors.json").cases;

describe("POST /options/calculator", () => {
  it("matches every 60-digit reference case through the endpoint (the file's practical check)", async () => {
    const within = (got: number, want: number) =>
      Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
    for (const c of bsCases) {
      const { underlyingPrice, strike, daysToExpiration, impliedVolatility, riskFreeRate, right } =
        c;
      const { status, body } = await post(calculator, {
        underlyingPrice,
        strike,
        daysToExpiration,
        impliedVolatility,
        riskFreeRate,
        right,
      });
      expect(status).toBe(200);
      const data = body.data;
      for (const [got, want] of [
        [data.theoreticalPrice, c.price],
        [data.delta, c.delta],
        [data.gamma, c.gamma],
        [data.theta, c.theta],
        [data.vega, c.vega],
      ] as const) {
        expect(within(got, want), `${JSON.stringify(c)} got ${got} want ${want}`).toBe(true);
      }
      expect(data.right).toBe(right === "C" ? "Call" : "Put");
      expect(data.intrinsic + data.extrinsic).toBeCloseTo(data.theoreticalPrice, 9);
    }
  });

  it("computes the one-sigma expected move and intrinsic/extrinsic", async () => {
    const { body } = await post(calculator, {
      underlyingPrice: 200,
      strike: 190,
      daysToExpiration: 73,
      impliedVolatility: 30,
    });
    expect(body.data.expectedMove).toBeCloseTo(200 * 0.3 * Math.sqrt(0.2), 12);
    expect(body.data.intrinsic).toBe(10);
    expect(body.data.riskFreeRate).toBe(4);
    expect(body.data.right).toBe("Call");
  });

  it.each([" c ", "C", "p", "\tP\n"])("accepts right %j", async (right) => {
    const { status, body } = await post(calculator, {
      underlyingPrice: 100,
      strike: 100,
      daysToExpiration: 30,
      impliedVolatility: 20,
      right,
    });
    expect(status).toBe(200);
    expect(body.data.right).toBe(right.trim().toUpperCase() === "C" ? "Call" : "Put");
  });

  it.each([
    ["right", { right: "X" }],
    ["right", { right: "call" }],
    ["right", { right: "" }],
    ["right", { right: 1 }],
    ["underlyingPrice", { underlyingPrice: 0 }],
    ["underlyingPrice", { underlyingPrice: -5 }],
    ["underlyingPrice", { underlyingPrice: "100" }],
    ["strike", { strike: 0 }],
    ["strike", { strike: null }],
    ["daysToExpiration", { daysToExpiration: -1 }],
    ["impliedVolatility", { impliedVolatility: -0.1 }],
    ["impliedVolatility", { impliedVolatility: 5000 }],
    ["riskFreeRate", { riskFreeRate: 500 }],
    ["underlyingPrice", { underlyingPrice: undefined }],
  ])("refuses a bad %s with 400 INVALID_PARAMETER naming it", async (field, change) => {
    const base = { underlyingPrice: 100, strike: 100, daysToExpiration: 30, impliedVolatility: 20 };
    const { status, body } = await post(calculator, { ...base, ...change });
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_PARAMETER");
    expect(body.error.message).toContain(`'${field}'`);
  });

  it("refuses numbers that overflow to Infinity", async () => {
    const { status, body } = await post(
      calculator,
      '{"underlyingPrice":1e400,"strike":100,"daysToExpiration":30,"impliedVolatility":20}',
    );
    expect(status).toBe(400);
    expect(body.error.message).toContain("'underlyingPrice'");
  });

  it("never answers NaN, Infinity or a 5xx for any valid input", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 36_500, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: -20, max: 100, noNaN: true }),
        fc.constantFrom("C", "P"),
        async (
          underlyingPrice,
          strike,
          daysToExpiration,
          impliedVolatility,
          riskFreeRate,
          right,
        ) => {
          const { status, body } = await post(calculator, {
            underlyingPrice,
            strike,
            daysToExpiration,
            impliedVolatility,
            riskFreeRate,
            right,
          });
          expect(status).toBe(200);
          for (const [name, value] of Object.entries(body.data)) {
            if (typeof value === "number") expect(Number.isFinite(value), name).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("POST /options/implied-volatility", () => {
  it("recovers the volatility that produced a price", async () => {
    const priced = await post(calculator, {
      underlyingPrice: 100,
      strike: 120,
      daysToExpiration: 45,
      impliedVolatility: 37.5,
      right: "P",
      riskFreeRate: 3,
    });
    const { status, body } = await post(solver, {
      marketPrice: priced.body.data.theoreticalPrice,
      underlyingPrice: 100,
      strike: 120,
      daysToExpiration: 45,
      right: "p",
      riskFreeRate: 3,
    });
    expect(status).toBe(200);
    expect(body.data.impliedVolatility).toBeCloseTo(37.5, 9);
    expect(body.data.theoreticalPrice).toBeCloseTo(priced.body.data.theoreticalPrice, 10);
    expect(body.data.right).toBe("Put");
  });

  it.each([
    ["below intrinsic", 4, "below the discounted intrinsic value"],
    ["at the maximum", 100, "no-arbitrage maximum"],
    ["above the maximum", 150, "no-arbitrage maximum"],
  ])("refuses a price %s with 400 naming marketPrice", async (_label, marketPrice, text) => {
    const { status, body } = await post(solver, {
      marketPrice,
      underlyingPrice: 100,
      strike: 90,
      daysToExpiration: 30,
      right: "C",
      riskFreeRate: 0,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_PARAMETER");
    expect(body.error.message).toContain("'marketPrice'");
    expect(body.error.message).toContain(text);
  });

  it("refuses zero days and a bad right", async () => {
    const base = { marketPrice: 2, underlyingPrice: 100, strike: 100, daysToExpiration: 30 };
    expect((await post(solver, { ...base, daysToExpiration: 0 })).body.error.message).toContain(
      "'daysToExpiration'",
    );
    expect((await post(solver, { ...base, right: "Q" })).body.error.message).toContain("'right'");
  });
});

describe("POST /options/pnl-profile", () => {
  const spread = {
    underlyingPrice: 100,
    legs: [
      { quantity: 1, premium: 3.1, strike: 100, right: "C" },
      { quantity: -1, premium: 1.2, strike: 110, right: "c" },
    ],
  };

  it("returns 121 ascending points, exact breakevens, bounded extremes and P&L at spot", async () => {
    const { status, body } = await post(pnl, spread);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.points).toHaveLength(121);
    expect(data.points[0].underlyingPrice).toBe(50);
    expect(data.points.at(-1).underlyingPrice).toBe(165);
    expect(data.points.some((p: { underlyingPrice: number }) => p.underlyingPrice === 100)).toBe(
      true,
    );
    expect(data.breakevens).toHaveLength(1);
    expect(data.breakevens[0]).toBeCloseTo(101.9, 12);
    expect(data.maxProfit).toBeCloseTo(100 * (10 - 1.9), 9);
    expect(data.maxLoss).toBeCloseTo(-190, 9);
    expect(data.maxProfitUnbounded).toBe(false);
    expect(data.maxLossUnbounded).toBe(false);
    expect(data.pnlAtSpot).toBeCloseTo(-190, 9);
    expect(data.netPremium).toBeCloseTo(190, 9);
    expect(data.legCount).toBe(2);
  });

  it("names the leg of a bad right as legs[index].right", async () => {
    const legs = [...spread.legs, { quantity: 1, premium: 1, strike: 95, right: "X" }];
    const { status, body } = await post(pnl, { underlyingPrice: 100, legs });
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_PARAMETER");
    expect(body.error.message).toContain("'legs[2].right'");
  });

  it.each([
    ["legs", { underlyingPrice: 100, legs: [] }],
    ["legs", { underlyingPrice: 100 }],
    ["legs", { underlyingPrice: 100, legs: Array(21).fill(spread.legs[0]) }],
    ["legs[0].quantity", { underlyingPrice: 100, legs: [{ ...spread.legs[0], quantity: 0 }] }],
    ["legs[0].strike", { underlyingPrice: 100, legs: [{ ...spread.legs[0], strike: -1 }] }],
    ["legs[0].premium", { underlyingPrice: 100, legs: [{ ...spread.legs[0], premium: -1 }] }],
    ["legs[0].multiplier", { underlyingPrice: 100, legs: [{ ...spread.legs[0], multiplier: 0 }] }],
    ["legs[0].right", { underlyingPrice: 100, legs: [{ quantity: 1, premium: 1, strike: 100 }] }],
    ["underlyingPrice", { legs: spread.legs }],
  ])("refuses a bad %s", async (field, body) => {
    const result = await post(pnl, body);
    expect(result.status).toBe(400);
    expect(result.body.error.message).toContain(`'${field}'`);
  });
});

describe("over HTTP", () => {
  let api: LocalRuntime;
  let apiKey: string;
  beforeAll(async () => {
    api = await startTestApi();
    apiKey = (await registerAccount(api.apiUrl)).apiKey;
  });
  afterAll(() => api?.stop());

  it("answers the calculators with a key, and 401 without one", async () => {
    const body = JSON.stringify({
      underlyingPrice: 100,
      strike: 105,
      daysToExpiration: 30,
      impliedVolatility: 25,
    });
    const headers = { "content-type": "application/json", "x-api-key": apiKey };
    const ok = await fetchFrom(`${api.apiUrl}/options/calculator`, {
      method: "POST",
      headers,
      body,
    });
    expect(ok.status).toBe(200);
    const denied = await fetchFrom(`${api.apiUrl}/options/calculator`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(denied.status).toBe(401);
    const iv = await fetchFrom(`${api.apiUrl}/options/implied-volatility`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        marketPrice: 1.5,
        underlyingPrice: 100,
        strike: 105,
        daysToExpiration: 30,
      }),
    });
    expect(iv.status).toBe(200);
    const profile = await fetchFrom(`${api.apiUrl}/options/pnl-profile`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        underlyingPrice: 100,
        legs: [{ quantity: -2, premium: 2, strike: 95, right: "P" }],
      }),
    });
    expect(profile.status).toBe(200);
  });
});
