import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { CoreDeps } from "../deps";
import type { KeyRecord } from "../store/rate-limiter";
import {
  errorResponse,
  type HttpResult,
  methodNotAllowedResponse,
  successResponse,
} from "./envelope";
import { apiError, invalidParameter } from "./errors";
import type { RawPayload, RequestContext, RouteEntry, RouteSpec } from "./route";
import type { Router } from "./router";
import { validate } from "./validation";

/** Largest request body accepted, in bytes (after base64 decoding). */
export const MAX_BODY_BYTES = 64 * 1024;

// biome-ignore lint/suspicious/noExplicitAny: implementations are typed per group; dispatch is generic.
export type AnyImplementation = (input: any, deps: any) => unknown;

export function requestContextOf(
  event: APIGatewayProxyEventV2,
  requestId: string,
  apiKey?: KeyRecord,
): RequestContext {
  const headers = event.headers ?? {};
  return {
    requestId,
    sourceIp: event.requestContext?.http?.sourceIp ?? "",
    baseUrl: baseUrlOf(event),
    apiKey,
    origin: headers.origin,
  };
}

/** A DNS name, IPv4 address or bracketed IPv6 address, with an optional port. */
const WELL_FORMED_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Scheme and host for the links a response carries. API Gateway sets `domainName` to the
 * API's own domain, which a client cannot choose, so it wins over the Host header; the local
 * server copies Host there. A malformed host becomes `localhost`, a scheme other than http or
 * https becomes https.
 */
function baseUrlOf(event: APIGatewayProxyEventV2): string {
  const candidates = [event.requestContext?.domainName, event.headers?.host];
  const host =
    candidates.find((name) => name && name.length <= 261 && WELL_FORMED_HOST.test(name)) ??
    "localhost";
  const proto = event.headers?.["x-forwarded-proto"]?.trim().toLowerCase();
  const scheme = proto === "http" || proto === "https" ? proto : "https";
  return `${scheme}://${host.toLowerCase()}`;
}

/** The body as text, refusing oversized bodies before any parsing. */
function bodyText(event: APIGatewayProxyEventV2): string | undefined {
  if (event.body === undefined || event.body === null || event.body === "") return undefined;
  const bytes = event.isBase64Encoded
    ? Buffer.from(event.body, "base64")
    : Buffer.from(event.body, "utf8");
  if (bytes.length > MAX_BODY_BYTES) {
    throw apiError("PAYLOAD_TOO_LARGE", {
      limitBytes: MAX_BODY_BYTES,
      receivedBytes: bytes.length,
    });
  }
  return bytes.toString("utf8");
}

function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidParameter("body", "not valid JSON");
  }
}

/** Validates the request against the route's schemas, runs the implementation, wraps the result. */
export async function invokeRoute(
  route: RouteSpec,
  implementation: AnyImplementation,
  event: APIGatewayProxyEventV2,
  deps: CoreDeps,
  requestId: string,
  apiKey?: KeyRecord,
): Promise<HttpResult> {
  // A route that takes no body ignores one, so it never answers 413 (it does not declare it).
  const text = route.body ? bodyText(event) : undefined;
  const codes = route.fieldErrorCodes;
  const input = {
    params: route.params ? validate(route.params, event.pathParameters ?? {}, "path") : undefined,
    query: route.query
      ? validate(route.query, event.queryStringParameters ?? {}, "query")
      : undefined,
    body: route.body ? validate(route.body, parseJsonBody(text), "body", codes) : undefined,
    context: requestContextOf(event, requestId, apiKey),
  };
  const result = await implementation(input, deps);
  if (route.response === "raw" || isAlternateContent(route, result)) {
    return rawResponse(result as RawPayload, requestId);
  }
  return successResponse(result, requestId, route.status ?? 200);
}

/** A JSON route's answer in its declared other representation (RouteSpec.alternateContent). */
function isAlternateContent(route: RouteSpec, result: unknown): boolean {
  const alternate = route.alternateContent;
  if (!alternate || typeof result !== "object" || result === null) return false;
  const { contentType, body } = result as Partial<RawPayload>;
  return typeof body === "string" && contentType?.startsWith(alternate.contentType) === true;
}

function rawResponse(payload: RawPayload, requestId: string): HttpResult {
  return {
    statusCode: payload.status ?? 200,
    headers: {
      "content-type": payload.contentType,
      "cache-control": "public, max-age=300",
      ...payload.headers,
      "x-request-id": requestId,
    },
    body: payload.body,
  };
}

/** What API Gateway's `$default` route gets: an unknown path (404) or method (405). */
export function fallbackResponse(
  router: Router<RouteEntry>,
  event: APIGatewayProxyEventV2,
  requestId: string,
): HttpResult {
  const method = event.requestContext?.http?.method ?? "GET";
  const path = event.rawPath ?? event.requestContext?.http?.path ?? "/";
  const found = router.match(method, path);
  if (found.kind === "method-not-allowed")
    return methodNotAllowedResponse(found.allowed, requestId);
  // `/v1/` is how OpenAPI tools write the descriptor (server /v1, path /): send them on.
  const withoutSlash = path.replace(/\/+$/, "");
  if (withoutSlash !== path && router.match(method, withoutSlash).kind === "route") {
    const query = event.rawQueryString ? `?${event.rawQueryString}` : "";
    return {
      statusCode: 308,
      headers: { location: `${withoutSlash}${query}`, "x-request-id": requestId },
      body: "",
    };
  }
  return errorResponse(apiError("NOT_FOUND", { method, path }), requestId);
}
