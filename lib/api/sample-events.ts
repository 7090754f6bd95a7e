import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { RequestExample } from "./openapi";
import { fullPath, type RouteSpec, routeKey } from "./route";
import { validate } from "./validation";

/**
 * The `events/<route id>.json` samples: one API Gateway HTTP API (payload 2.0) event per
 * route, as `sam local invoke -e`, `npm run invoke` and the tests send it. `npm run generate`
 * writes them from the route table and each route's documented request example, so a sample
 * changes with its route; test/api/generated.test.ts fails while a file is stale or missing.
 */

/** The X-Api-Key of keyed samples; `npm run invoke` and the tests swap in a real key. */
export const PLACEHOLDER_API_KEY = "mdk_REPLACEWITHYOURAPIKEY0000000000000000";

/** The browser origin of CORS samples; the tests and the bench allow it in CORS_ORIGINS. */
export const SAMPLE_ORIGIN = "https://www.example.com";

const HOST = "api.example.com";
const USER_AGENT = "curl/8.5.0";
/** The instant every sample describes (the OpenAPI examples' EXAMPLE_TIME), in both forms. */
const SAMPLE_TIME = { text: "23/Nov/2026:15:00:00 +0000", epochMs: 1795446000000 } as const;

/**
 * Requests a sample takes instead of the documented example: routes left out of the OpenAPI
 * document have none, and a test may rely on a sample's own values.
 */
const SAMPLE_REQUESTS: Readonly<Record<string, RequestExample>> = {
  // Samples run offline (tests, npm run invoke): a public IP literal needs no DNS.
  "webhooks.create": {
    body: { url: "https://93.184.215.14/market-data", events: ["alert.price", "alert.iv"] },
  },
  "docs.asset": { params: { file: "swagger-ui.css" } },
  // test/market/scanner.test.ts checks the rows against these filters (price ≥ 10, cap ≥ 1e10).
  "market.scan": {
    body: {
      scannerTypeId: 1,
      instrumentId: 1,
      locationId: 1,
      custom: false,
      filters: [
        { id: 1, code: "priceAbove", min: 10 },
        { id: 3, code: "marketCapAbove", min: 10_000_000_000 },
      ],
    },
  },
};

/** The request a route's sample sends: its own, else the documented example, else none. */
export function sampleRequest(route: RouteSpec, documented: RequestExample | undefined) {
  return SAMPLE_REQUESTS[route.id] ?? documented ?? {};
}

/** `{code}` → the sample's value, percent-encoded as a client sends it. */
function pathOf(route: RouteSpec, params: Record<string, string>): string {
  return fullPath(route).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`${route.id}: no sample value for {${name}}; add a request example`);
    }
    return encodeURIComponent(value);
  });
}

/** The query as sent; commas stay literal (`indicators=rsi,macd`), as clients write lists. */
function rawQueryOf(query: Record<string, string>): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%2C/g, ",");
  return Object.entries(query)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join("&");
}

/** A browser's preflight asks for the method and headers of the CORS route on its path. */
function preflightHeaders(route: RouteSpec, routes: readonly RouteSpec[]) {
  const served = routes.filter(
    (other) => other.method !== "OPTIONS" && fullPath(other) === fullPath(route),
  );
  const target = served.find((other) => other.cors) ?? served[0];
  if (!target) return {};
  const headers = [
    ...(target.body ? ["content-type"] : []),
    ...(target.auth === "key" ? ["x-api-key"] : []),
  ];
  return {
    "access-control-request-method": target.method,
    ...(headers.length > 0 ? { "access-control-request-headers": headers.join(",") } : {}),
  };
}

function headersOf(route: RouteSpec, request: RequestExample, routes: readonly RouteSpec[]) {
  const headers: Record<string, string> = {
    accept: "application/json",
    host: HOST,
    "user-agent": USER_AGENT,
    "x-forwarded-proto": "https",
    ...(request.body === undefined ? {} : { "content-type": "application/json" }),
    ...(route.auth === "key" ? { "x-api-key": PLACEHOLDER_API_KEY } : {}),
    ...(route.cors ? { origin: SAMPLE_ORIGIN } : {}),
    ...(route.cors && route.method === "OPTIONS" ? preflightHeaders(route, routes) : {}),
  };
  return Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)));
}

/** Fails generation when a sample would not pass its route's validation (a stale example). */
function checkValid(route: RouteSpec, request: RequestExample): void {
  try {
    if (route.params) validate(route.params, request.params ?? {}, "path");
    if (route.query) validate(route.query, request.query ?? {}, "query");
    if (route.body) validate(route.body, request.body, "body", route.fieldErrorCodes);
  } catch (error) {
    throw new Error(`${route.id}: the sample request is invalid: ${(error as Error).message}`);
  }
}

/** The route's sample event, sending `request` (path and query values as strings). */
export function sampleEvent(
  route: RouteSpec,
  request: RequestExample,
  routes: readonly RouteSpec[],
): APIGatewayProxyEventV2 {
  checkValid(route, request);
  const key = routeKey(route);
  const rawPath = pathOf(route, request.params ?? {});
  const query = request.query ?? {};
  const hasQuery = Object.keys(query).length > 0;
  return {
    version: "2.0",
    routeKey: key,
    rawPath,
    rawQueryString: rawQueryOf(query),
    headers: headersOf(route, request, routes),
    ...(hasQuery ? { queryStringParameters: { ...query } } : {}),
    ...(request.params && route.path.includes("{") ? { pathParameters: request.params } : {}),
    requestContext: {
      accountId: "123456789012",
      apiId: "abcdef1234",
      domainName: HOST,
      domainPrefix: "api",
      http: {
        method: route.method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: "203.0.113.10",
        userAgent: USER_AGENT,
      },
      requestId: `sample-${route.id}`,
      routeKey: key,
      stage: "$default",
      time: SAMPLE_TIME.text,
      timeEpoch: SAMPLE_TIME.epochMs,
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    isBase64Encoded: false,
  };
}

/**
 * Every route's `events/` file, keyed by file name, as Biome formats JSON (two-space
 * indentation; objects stay expanded). `documented` gives a route's OpenAPI request example.
 */
export function sampleEventFiles(
  routes: readonly RouteSpec[],
  documented: (route: RouteSpec) => RequestExample | undefined,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const route of routes) {
    const event = sampleEvent(route, sampleRequest(route, documented(route)), routes);
    files[`${route.id}.json`] = `${JSON.stringify(event, null, 2)}\n`;
  }
  return files;
}
