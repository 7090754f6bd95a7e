import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type Middleware,
} from "openapi-fetch";
import type { components, operations, paths } from "./schema";

/**
 * The typed client of the Market Data and Options Analytics API: openapi-fetch over the types
 * openapi-typescript generates from the API's OpenAPI document (`./schema.d.ts`).
 *
 * ```ts
 * const api = createMarketDataClient({ baseUrl: "http://127.0.0.1:3000/v1", apiKey });
 * const quote = await unwrap(
 *   api.GET("/market/stocks/{code}/quote", { params: { path: { code: "AAPL_NASDAQ" } } }),
 * );
 * quote.lastPrice; // number
 * ```
 */

export type { components, Middleware, operations, paths };

/** The paths that have an operation for this method, e.g. `PathWithMethod<"post">`. */
export type PathWithMethod<Method extends "get" | "post" | "delete"> = ClientPathsWithMethod<
  MarketDataClient,
  Method
>;

/** The JSON media type every operation of the API answers. */
type Json = "application/json";

/** openapi-fetch's client over the API's paths: `GET`, `POST`, `DELETE`, `use(middleware)`. */
export type MarketDataClient = Client<paths, Json>;

export interface MarketDataClientOptions {
  /**
   * The API's base address, `/v1` included: `http://127.0.0.1:3000/v1` for `npm start`,
   * `https://<api id>.execute-api.<region>.amazonaws.com/v1` for a deployed stage.
   */
  baseUrl: string;
  /** Sent as `X-Api-Key` on every request. Omit it for the keyless routes (register, login). */
  apiKey?: string;
  /** A fetch implementation (default: the global `fetch`); it receives a `Request`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** openapi-fetch middleware (logging, tracing, retries), run in order. */
  middleware?: Middleware[];
}

/** Creates a client; every call is typed by the path, method, parameters and body it names. */
export function createMarketDataClient(options: MarketDataClientOptions): MarketDataClient {
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError(
      `baseUrl must be an absolute http(s) URL such as http://127.0.0.1:3000/v1, not ${JSON.stringify(options.baseUrl)}`,
    );
  }
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.apiKey !== undefined) headers["x-api-key"] = options.apiKey;
  const client = createClient<paths, Json>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(descriptorWithoutSlash, ...(options.middleware ?? []));
  return client;
}

/**
 * The document's server is `/v1` and the descriptor's path `/`, which openapi-fetch joins into
 * `/v1/`; the API serves the descriptor at `/v1` (API Gateway's route `GET /v1`), so the slash
 * goes.
 */
const descriptorWithoutSlash: Middleware = {
  onRequest({ request, schemaPath }) {
    if (schemaPath !== "/") return undefined;
    const url = new URL(request.url);
    if (!url.pathname.endsWith("/") || url.pathname === "/") return undefined;
    url.pathname = url.pathname.slice(0, -1);
    return new Request(url, request);
  },
};

/** The envelope's `meta`: the request id (also in `X-Request-Id`), the time, the version. */
export type ResponseMeta = components["schemas"]["Meta"];

/**
 * The figures of the `X-RateLimit-*` headers every counted response carries. Daily figures
 * are `null` when the key has no daily limit (`unlimited`).
 */
export interface RateLimitInfo {
  /** `Free`, `Starter`, `Professional`, `Business`, `Enterprise`, `Custom` or `Keyless`. */
  tier: string;
  dailyLimit: number | null;
  dailyRemaining: number | null;
  /** When the daily count restarts (the next 00:00 UTC). */
  resetAt: Date | null;
  minuteLimit: number | null;
  minuteRemaining: number | null;
}

/** What a successful call answered: the payload, the envelope's meta, the rate-limit figures. */
export interface Answer<Data> {
  data: Data;
  meta: ResponseMeta;
  /** `null` on uncounted routes (the keyless descriptor). */
  rateLimit: RateLimitInfo | null;
  status: number;
  response: Response;
}

/**
 * An error answer of the API (4xx or 5xx), from its envelope `{ success: false, error: {
 * code, message, details }, meta }`, or from the HTTP status when the body is not an
 * envelope (a 405's empty body, a gateway's own error page).
 */
export class MarketDataApiError extends Error {
  override readonly name = "MarketDataApiError";
  /** HTTP status, e.g. 400, 401, 404, 429, 503. */
  readonly status: number;
  /**
   * Machine-readable code, e.g. `INVALID_PARAMETER`, `SYMBOL_NOT_FOUND`, `RATE_LIMIT_EXCEEDED`
   * (each operation's responses in the OpenAPI document list the codes it answers);
   * `HTTP_<status>` when the body was not an envelope.
   */
  readonly code: string;
  /** For 400s: every problem, `field: problem; field: problem`. */
  readonly details: string | null;
  /** The envelope's `meta.requestId`, else `X-Request-Id`: quote it when reporting a problem. */
  readonly requestId: string | null;
  /** `Retry-After` in seconds (429, and 503s such as DATABASE_UNAVAILABLE), else null. */
  readonly retryAfterSeconds: number | null;
  readonly rateLimit: RateLimitInfo | null;
  readonly response: Response;

  constructor(fields: {
    status: number;
    code: string;
    message: string;
    details: string | null;
    requestId: string | null;
    retryAfterSeconds: number | null;
    rateLimit: RateLimitInfo | null;
    response: Response;
  }) {
    super(fields.message);
    this.status = fields.status;
    this.code = fields.code;
    this.details = fields.details;
    this.requestId = fields.requestId;
    this.retryAfterSeconds = fields.retryAfterSeconds;
    this.rateLimit = fields.rateLimit;
    this.response = fields.response;
  }

  /** Worth repeating later unchanged: a 429, or a 503 that says when (Retry-After). */
  get retryable(): boolean {
    return this.status === 429 || (this.status === 503 && this.retryAfterSeconds !== null);
  }
}

export function isMarketDataApiError(error: unknown): error is MarketDataApiError {
  return error instanceof MarketDataApiError;
}

/** What openapi-fetch resolves to: the parsed success body or error body, and the response. */
interface FetchOutcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success statuses the API answers with a body. */
type SuccessStatus = 200 | 201 | 202;

/** An operation's success body (the whole envelope). */
type SuccessBody<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends SuccessStatus
        ? Responses[Status] extends { content: { "application/json": infer Body } }
          ? Body
          : never
        : never;
    }[keyof Responses]
  : never;

/**
 * The payload of an operation, by its id (the route id, e.g. `"market.quote"`):
 * `type Quote = Payload<"market.quote">`.
 */
export type Payload<OperationId extends keyof operations> =
  SuccessBody<operations[OperationId]> extends { data: infer Data } ? Data : never;

/** The payload (the envelope's `data`) of a call's success answer. */
export type DataOf<Outcome extends FetchOutcome> =
  NonNullable<Outcome["data"]> extends { data: infer Data } ? Data : never;

/**
 * Awaits a call and returns its payload (the envelope's `data`), typed from the operation's
 * success schema; an error answer is thrown as a `MarketDataApiError`.
 *
 * ```ts
 * const chain = await unwrap(api.GET("/options/{code}/chain", { params: { path: { code } } }));
 * ```
 */
export async function unwrap<Outcome extends FetchOutcome>(
  call: Promise<Outcome>,
): Promise<DataOf<Outcome>> {
  return (await unwrapAnswer(call)).data;
}

/** As `unwrap`, with the envelope's meta, the rate-limit figures and the response. */
export async function unwrapAnswer<Outcome extends FetchOutcome>(
  call: Promise<Outcome>,
): Promise<Answer<DataOf<Outcome>>> {
  const { data: body, error, response } = await call;
  if (!response.ok) throw apiError(response, error);
  if (!isEnvelope(body) || body.success !== true) {
    throw new MarketDataApiError({
      status: response.status,
      code: "UNEXPECTED_RESPONSE",
      message: `The API answered ${response.status} without a success envelope`,
      details: null,
      requestId: response.headers.get("x-request-id"),
      retryAfterSeconds: null,
      rateLimit: rateLimitOf(response.headers),
      response,
    });
  }
  return {
    data: body.data as DataOf<Outcome>,
    meta: body.meta as ResponseMeta,
    rateLimit: rateLimitOf(response.headers),
    status: response.status,
    response,
  };
}

interface EnvelopeShape {
  success: boolean;
  data?: unknown;
  error?: unknown;
  meta?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeShape {
  return typeof body === "object" && body !== null && "success" in body && "meta" in body;
}

function apiError(response: Response, body: unknown): MarketDataApiError {
  const headers = response.headers;
  const envelope = isEnvelope(body) ? body : undefined;
  const error = envelope?.error as { code?: unknown; message?: unknown; details?: unknown } | null;
  const meta = envelope?.meta as { requestId?: unknown } | undefined;
  const code = typeof error?.code === "string" ? error.code : `HTTP_${response.status}`;
  const message =
    typeof error?.message === "string"
      ? error.message
      : `The API answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  return new MarketDataApiError({
    status: response.status,
    code,
    message,
    details: typeof error?.details === "string" ? error.details : null,
    requestId: typeof meta?.requestId === "string" ? meta.requestId : headers.get("x-request-id"),
    retryAfterSeconds: retryAfterSeconds(headers.get("retry-after")),
    rateLimit: rateLimitOf(headers),
    response,
  });
}

/** `Retry-After` as seconds: a whole number of seconds, or an HTTP date. */
function retryAfterSeconds(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function rateLimitOf(headers: Headers): RateLimitInfo | null {
  const tier = headers.get("x-ratelimit-tier");
  if (tier === null) return null;
  const count = (name: string): number | null => {
    const value = headers.get(name);
    return value === null || !/^\d+$/.test(value) ? null : Number(value);
  };
  const reset = count("x-ratelimit-reset");
  return {
    tier,
    dailyLimit: count("x-ratelimit-limit"),
    dailyRemaining: count("x-ratelimit-remaining"),
    resetAt: reset === null ? null : new Date(reset * 1000),
    minuteLimit: count("x-ratelimit-minute-limit"),
    minuteRemaining: count("x-ratelimit-minute-remaining"),
  };
}
