import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { describeCause } from "../store/errors";
import { ApiError, internalError } from "./errors";
import { apiErrorOfStore } from "./store-errors";

export const API_VERSION = "v1";

export interface Meta {
  requestId: string;
  timestamp: string;
  version: typeof API_VERSION;
}

export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
}

export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
};

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

function meta(requestId: string, now: Date): Meta {
  return { requestId, timestamp: now.toISOString(), version: API_VERSION };
}

function respond(
  statusCode: number,
  payload: object,
  requestId: string,
  headers: Record<string, string> = {},
): HttpResult {
  return {
    statusCode,
    headers: { ...JSON_HEADERS, "x-request-id": requestId, ...headers },
    body: JSON.stringify(payload),
  };
}

export function successResponse(
  data: unknown,
  requestId: string,
  statusCode = 200,
  now = new Date(),
): HttpResult {
  return respond(
    statusCode,
    { success: true, data, error: null, meta: meta(requestId, now) },
    requestId,
  );
}

/**
 * The error envelope. A 429 omits the `data` key entirely (spec, Conventions 3); every other
 * error carries `data: null`.
 */
export function errorResponse(error: ApiError, requestId: string, now = new Date()): HttpResult {
  const errorBody: ErrorBody = { code: error.code, message: error.message, details: error.details };
  const payload =
    error.status === 429
      ? { success: false, error: errorBody, meta: meta(requestId, now) }
      : { success: false, data: null, error: errorBody, meta: meta(requestId, now) };
  return respond(error.status, payload, requestId, error.headers);
}

/** 405: the path exists but not for this method. Empty body, not JSON (spec, Conventions 3). */
export function methodNotAllowedResponse(allowed: string[], requestId: string): HttpResult {
  return {
    statusCode: 405,
    headers: { allow: allowed.join(", "), "x-request-id": requestId },
    body: "",
  };
}

/**
 * Maps anything thrown to a response. ApiErrors keep their status and code, storage errors
 * become theirs (`store-errors.ts`); everything else is a generic 500 whose real cause is
 * logged with the request id and never sent.
 */
export function responseForThrown(
  thrown: unknown,
  requestId: string,
  log: (entry: object) => void = (entry) => console.error(JSON.stringify(entry)),
): HttpResult {
  const known = thrown instanceof ApiError ? thrown : apiErrorOfStore(thrown);
  if (known) {
    // A backing service failed: worth an operator's attention, unlike a client's mistake.
    if (known.status >= 500) {
      log({
        level: "error",
        requestId,
        message: `${known.status} ${known.code}: ${known.message}`,
        code: known.code,
        cause: known.cause === undefined ? undefined : causeChain(known.cause),
      });
    }
    return errorResponse(known, requestId);
  }
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  log({
    level: "error",
    requestId,
    message: "Unhandled error",
    error: { name: error.name, message: error.message, stack: error.stack },
  });
  return errorResponse(internalError(), requestId);
}

/** `LimiterUnavailable: ... ← TimeoutError: DynamoDB did not answer within 2000 ms`. */
function causeChain(cause: unknown): string {
  const links: string[] = [];
  for (let link = cause; link !== undefined && links.length < 5; ) {
    links.push(describeCause(link));
    link = link instanceof Error ? link.cause : undefined;
  }
  return links.join(" ← ");
}
