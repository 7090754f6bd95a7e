import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it, vi } from "vitest";
import { array, number, object, string, enum as zEnum } from "zod";
import {
  type AnyImplementation,
  invokeRoute,
  MAX_BODY_BYTES,
  requestContextOf,
} from "../../lib/api/dispatch";
import { ApiError } from "../../lib/api/errors";
import type { RouteSpec } from "../../lib/api/route";
import { type Deps, pinnedClock } from "../../lib/deps";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";

const deps: Deps = testDeps({ marketClock: pinnedClock(new Date("2026-11-23T15:00:00Z")) });

const route: RouteSpec = {
  id: "options.pnlProfile",
  group: "market",
  method: "POST",
  path: "/things/{code}",
  auth: "key",
  summary: "test route",
  params: object({ code: string().min(1) }),
  query: object({ topN: number().int().min(1).max(50).optional() }),
  body: object({
    underlyingPrice: number().positive(),
    legs: array(object({ strike: number().positive(), right: zEnum(["C", "P"]) })).min(1),
  }),
  response: object({ echo: object({}).passthrough() }),
};

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    ...gatewayEvent({
      method: "POST",
      path: "/v1/things/AAPL",
      routeKey: "POST /v1/things/{code}",
      body: JSON.stringify({ underlyingPrice: 100, legs: [{ strike: 100, right: "C" }] }),
    }),
    pathParameters: { code: "AAPL" },
    ...overrides,
  };
}

const echo = vi.fn((input: unknown) => ({ echo: input }));

async function call(
  overrides: Partial<APIGatewayProxyEventV2> = {},
  implementation: AnyImplementation = echo,
) {
  const result = await invokeRoute(route, implementation, event(overrides), deps, "req-1").catch(
    (error: unknown) => error,
  );
  return result;
}

describe("invokeRoute", () => {
  it("passes validated params, query, body and the request context", async () => {
    const result = await call();
    expect(result).toMatchObject({ statusCode: 200 });
    const body = JSON.parse((result as { body: string }).body);
    expect(body.data.echo).toEqual({
      params: { code: "AAPL" },
      query: {},
      body: { underlyingPrice: 100, legs: [{ strike: 100, right: "C" }] },
      context: {
        requestId: "req-1",
        sourceIp: "198.51.100.7",
        baseUrl: "https://api.example.com",
      },
    });
  });

  it("decodes a base64 body", async () => {
    const json = JSON.stringify({ underlyingPrice: 5, legs: [{ strike: 1, right: "P" }] });
    const result = await call({
      body: Buffer.from(json).toString("base64"),
      isBase64Encoded: true,
    });
    expect(JSON.parse((result as { body: string }).body).data.echo.body.underlyingPrice).toBe(5);
  });

  it.each([
    ["malformed JSON", "{not json", "body"],
    ["a missing body", undefined, "body"],
    [
      "a wrong nested field",
      JSON.stringify({ underlyingPrice: 1, legs: [{ strike: 1, right: "X" }] }),
      "legs[0].right",
    ],
    ["an empty list", JSON.stringify({ underlyingPrice: 1, legs: [] }), "legs"],
    [
      "a string number",
      JSON.stringify({ underlyingPrice: "1", legs: [{ strike: 1, right: "C" }] }),
      "underlyingPrice",
    ],
  ])("refuses %s with 400 naming '%s'", async (_label, body, field) => {
    const error = (await call(body === undefined ? { body: undefined } : { body })) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain(`'${field}'`);
  });

  it("names a bad query parameter", async () => {
    const error = (await call({ queryStringParameters: { topN: "7" } })) as ApiError;
    expect(error.message).toContain("'topN'");
  });

  it("refuses a body over 64 KiB with 413 before parsing it", async () => {
    const big = JSON.stringify({
      underlyingPrice: 1,
      legs: [{ strike: 1, right: "C" }],
      pad: "x".repeat(MAX_BODY_BYTES),
    });
    const error = (await call({ body: big })) as ApiError;
    expect(error.status).toBe(413);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("ignores any body on a route that takes none, so it never answers 413", async () => {
    // Found by the fuzzer: DELETE routes answered 413 PAYLOAD_TOO_LARGE, which they do not declare.
    const { body: _body, ...bodyless } = route;
    const answer = await invokeRoute(
      { ...bodyless, method: "DELETE" },
      echo,
      event({ body: "x".repeat(MAX_BODY_BYTES + 1) }),
      deps,
      "req-1",
    );
    expect(answer).toMatchObject({ statusCode: 200 });
    const flagged = event({ body: "%%% not base64 %%%", isBase64Encoded: true });
    expect(
      await invokeRoute({ ...bodyless, method: "DELETE" }, echo, flagged, deps, "req-1"),
    ).toMatchObject({ statusCode: 200 });
  });

  it("accepts a body of exactly 64 KiB", async () => {
    const base = JSON.stringify({ underlyingPrice: 1, legs: [{ strike: 1, right: "C" }], pad: "" });
    const exact = base.replace('"pad":""', `"pad":"${"x".repeat(MAX_BODY_BYTES - base.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(MAX_BODY_BYTES);
    expect(await call({ body: exact })).toMatchObject({ statusCode: 200 });
  });

  it("lets an implementation's ApiError through untouched", async () => {
    const error = await call({}, () => {
      throw new ApiError(404, "NO_CHAIN_DATA", "No chain.");
    });
    expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
  });
});

describe("requestContextOf: the base URL of links", () => {
  /** The context of a request with these headers and API Gateway domain name. */
  function baseUrl(headers: Record<string, string>, domainName?: string) {
    const event = gatewayEvent({ method: "GET", path: "/v1" });
    event.headers = headers;
    if (domainName === undefined)
      delete (event.requestContext as { domainName?: string }).domainName;
    else event.requestContext.domainName = domainName;
    return requestContextOf(event, "req-1").baseUrl;
  }

  it("uses API Gateway's domain name, which a client cannot forge, over the Host header", () => {
    expect(baseUrl({ host: "evil.example" }, "api.example.com")).toBe("https://api.example.com");
  });

  it("uses a well-formed Host locally, with its port", () => {
    expect(baseUrl({ host: "127.0.0.1:3000", "x-forwarded-proto": "http" }, "127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000",
    );
    expect(baseUrl({ host: "[::1]:3000", "x-forwarded-proto": "http" })).toBe("http://[::1]:3000");
    expect(baseUrl({ host: "API.Example.com" })).toBe("https://api.example.com");
  });

  it("accepts only http and https as the scheme", () => {
    for (const proto of ["javascript", "data", "ftp", "https://x", ""]) {
      expect(baseUrl({ host: "api.example.com", "x-forwarded-proto": proto }), proto).toBe(
        "https://api.example.com",
      );
    }
    expect(baseUrl({ host: "api.example.com", "x-forwarded-proto": " HTTP " })).toBe(
      "http://api.example.com",
    );
  });

  it("replaces a malformed host with localhost", () => {
    for (const host of [
      "evil.example/path",
      "evil.example?x=1",
      "user@evil.example",
      "<script>",
      "a b",
      "evil.example:port",
      "-bad.example",
      `${"a".repeat(64)}.example`,
      "",
    ]) {
      expect(baseUrl({ host, "x-forwarded-proto": "javascript" }, host), host).toBe(
        "https://localhost",
      );
    }
  });
});
