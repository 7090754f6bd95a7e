import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { invokeRoute } from "../../lib/api/dispatch";
import { ApiError } from "../../lib/api/errors";
import { marketGroupRoutes } from "../../lib/api/groups/market/routes";
import { optionsImplementations } from "../../lib/api/groups/options/implementations";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { API_GROUPS } from "../../lib/api/groups/registry";
import type { RouteSpec } from "../../lib/api/route";
import { callRoute, DEFAULT_CONTEXT } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";

/**
 * The typed test helper: a route's implementation called with validated input, the result
 * typed by the route, an invalid request refused with the 400 production sends.
 */

const deps = testDeps();
const calculator = optionsRoutes.calculator;
const quote = marketGroupRoutes.quote;
const chart = marketGroupRoutes.chart;

/** What the dispatcher throws for the same request (the envelope turns it into the 400). */
async function dispatchedError(
  route: RouteSpec,
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
) {
  const implementation = API_GROUPS.find((group) => group.name === route.group)?.implementations[
    route.id
  ];
  if (!implementation) throw new Error(`no implementation for ${route.id}`);
  const event: APIGatewayProxyEventV2 = {
    ...gatewayEvent({
      method: route.method,
      path: `/v1${route.path}`,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
    ...(request.params ? { pathParameters: request.params } : {}),
    ...(request.query ? { queryStringParameters: request.query } : {}),
  };
  return refusal(invokeRoute(route, implementation, event, deps, "req-1"));
}

/** The ApiError a call throws, as the envelope would carry it. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, code, message, details } = error as ApiError;
  return { status, code, message, details };
}

describe("callRoute (options group)", () => {
  it("returns the calculator's typed result for a valid body", async () => {
    const body = { underlyingPrice: 230, strike: 235, daysToExpiration: 30, impliedVolatility: 28 };
    const result = await callRoute(calculator, { body }, deps);
    // Typed by the route: no cast, and `right` is the response's "Call" | "Put".
    const right: "Call" | "Put" = result.right;
    expect(right).toBe("Call");
    expect(result.theoreticalPrice).toBeGreaterThan(0);
    expect(result.riskFreeRate).toBe(deps.defaultRiskFreeRatePercent);
    expect(calculator.response.parse(result)).toEqual(result);
  });

  it("refuses an invalid body with the 400 the dispatcher answers", async () => {
    const body = {
      underlyingPrice: 230,
      strike: 235,
      daysToExpiration: 30,
      impliedVolatility: "28%",
    };
    const error = await refusal(callRoute(calculator, { body }, deps));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toBe("Invalid parameter 'impliedVolatility': must be a number");
    expect(await dispatchedError(calculator, { body })).toEqual(error);
  });

  it("calls a given implementation with narrower deps and the default context", async () => {
    let seen: unknown;
    const result = await callRoute(
      calculator,
      { body: { underlyingPrice: 100, strike: 100, daysToExpiration: 0, impliedVolatility: 0 } },
      { defaultRiskFreeRatePercent: 1 },
      (input, narrow) => {
        seen = input.context;
        return optionsImplementations["options.calculator"](input, { ...deps, ...narrow });
      },
    );
    expect(result.riskFreeRate).toBe(1);
    expect(seen).toEqual(DEFAULT_CONTEXT);
  });
});

describe("callRoute (market group)", () => {
  it("returns a typed quote for a path parameter sent as a string", async () => {
    const result = await callRoute(quote, { params: { code: "AAPL_NASDAQ" } }, deps);
    expect(result.symbol).toBe("AAPL");
    expect(result.lastPrice).toBeGreaterThan(0);
    expect(quote.response.parse(result)).toEqual(result);
  });

  it("refuses a malformed code with the 400 the dispatcher answers", async () => {
    const params = { code: "AAPL" };
    const error = await refusal(callRoute(quote, { params }, deps));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain("'code'");
    expect(await dispatchedError(quote, { params })).toEqual(error);
  });

  it("validates and coerces query strings as the dispatcher does", async () => {
    const params = { code: "AAPL_NASDAQ" };
    const bars = await callRoute(chart, { params, query: { period: "5" } }, deps);
    expect(bars.period).toBe(5);
    const error = await refusal(callRoute(chart, { params, query: { period: "9" } }, deps));
    expect(error.message).toBe("Invalid parameter 'period': must be an integer from 1 to 7");
    expect(await dispatchedError(chart, { params, query: { period: "9" } })).toEqual(error);
  });
});

describe("callRoute's types", () => {
  it("are checked by `npx tsc --noEmit` on typeChecks below, which never runs", () => {
    expect(typeChecks).toBeTypeOf("function");
  });
});

/** Compile-time checks: each mistyped call must fail to compile. */
async function typeChecks() {
  const priced = await callRoute(calculator, { body: {} }, deps);
  // @ts-expect-error the result is typed by the route's response schema, not `any`
  void priced.price;
  // @ts-expect-error the quote's path parameter is `code`
  void callRoute(quote, { params: { symbol: "AAPL" } }, deps);
  // @ts-expect-error path values arrive as strings
  void callRoute(quote, { params: { code: 1 } }, deps);
  // @ts-expect-error the quote has no body
  void callRoute(quote, { params: { code: "AAPL_NASDAQ" }, body: {} }, deps);
  // @ts-expect-error the chart has no `periods` query parameter
  void callRoute(chart, { params: { code: "AAPL_NASDAQ" }, query: { periods: "5" } }, deps);
  // @ts-expect-error a route's implementation needs its deps
  void callRoute(calculator, { body: {} }, {});
}
