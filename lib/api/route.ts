import type { output, ZodType } from "zod";
import type { Deps } from "../deps";
import type { KeyRecord } from "../store/rate-limiter";
import type { ErrorCode, FieldErrorCode } from "./error-catalogue";
import type { Group } from "./generated/manifest";

export type { Group } from "./generated/manifest";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export type AuthMode = "key" | "none";

/** What an implementation learns about the request, beyond its validated input. */
export interface RequestContext {
  requestId: string;
  /** Client address as API Gateway saw it. */
  sourceIp: string;
  /** Scheme and host the client used, e.g. `https://api.example.com`; no trailing slash. */
  baseUrl: string;
  /** The key that authenticated the request, as it is after this request was counted. */
  apiKey: KeyRecord | undefined;
  /** The Origin header of a browser request, if any. */
  origin: string | undefined;
}

/**
 * A non-JSON payload (the docs page and its assets, a feed's CSV); served as is, not in the
 * envelope.
 */
export interface RawPayload {
  contentType: string;
  body: string;
  /** 200 unless stated (204 for a CORS preflight). */
  status?: number;
  /** Headers beyond the defaults, which they override (e.g. cache-control, a next cursor). */
  headers?: Record<string, string>;
}

/** A JSON route's other representation, e.g. `text/csv` when the query asks `format=csv`. */
export interface AlternateContent {
  contentType: string;
  /** What it holds and how it is asked for, for the documentation. */
  description: string;
}

/**
 * One endpoint, declared once as data. Paths are relative to `/v1` in `{param}` syntax unless
 * `versioned` is false (the documentation routes live outside the versioned API).
 */
export interface RouteSpec {
  id: string;
  group: Group;
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  summary: string;
  description?: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** Schema of `data` in the success envelope, or "raw" for a non-JSON payload. */
  response: ZodType | "raw";
  /**
   * A JSON route that may also answer a non-JSON representation: its implementation returns a
   * `RawPayload` of this content type for it, served as is, without the envelope.
   */
  alternateContent?: AlternateContent;
  /** Success status; 200 unless stated. */
  status?: number;
  versioned?: boolean;
  /**
   * The spec's controller the descriptor lists the route under, when it is not the route's
   * group (the corporate intake is its own function but sits in the spec's Account table).
   */
  controller?: string;
  /** Left out of the OpenAPI document (the documentation assets). */
  hidden?: boolean;
  /** Answer browsers from the configured allowed origins with CORS headers. */
  cors?: boolean;
  /** Error codes for invalid fields instead of INVALID_PARAMETER, e.g. `{ email: "INVALID_EMAIL" }`. */
  fieldErrorCodes?: Record<string, FieldErrorCode>;
  /**
   * The codes the route may answer beyond those every route of its kind shares (400, key
   * checks and rate limits, 413, 500: see `sharedErrorCodes`), e.g. `["SYMBOL_NOT_FOUND"]`.
   * The OpenAPI document lists them; test/api/error-catalogue.test.ts checks the answers.
   */
  errors?: readonly ErrorCode[];
  /**
   * Keyless requests are not counted (the readiness probe, CORS preflights); a request that
   * carries X-Api-Key is still counted against that key, as on every route.
   */
  unmetered?: boolean;
}

type Out<S> = S extends ZodType ? output<S> : undefined;

export interface RouteInput<R extends RouteSpec> {
  params: Out<R["params"]>;
  query: Out<R["query"]>;
  body: Out<R["body"]>;
  context: RequestContext;
}

export type RouteResult<R extends RouteSpec> = R["response"] extends ZodType
  ? output<R["response"]> | (R["alternateContent"] extends AlternateContent ? RawPayload : never)
  : RawPayload;

/**
 * An implementation: validated input and injected dependencies in, payload out. `D` is the
 * part of `Deps` its group wires (see the group's index).
 */
export type Implementation<R extends RouteSpec, D = Deps> = (
  input: RouteInput<R>,
  deps: D,
) => RouteResult<R> | Promise<RouteResult<R>>;

/** One implementation per route of a group, keyed by route id. */
export type Implementations<Table extends Record<string, RouteSpec>, D = Deps> = {
  [K in keyof Table as Table[K]["id"]]: Implementation<Table[K], D>;
};

/** A route as its group declares it: `groupRoutes` fills in `group` and the `id`. */
export type RouteDraft = Omit<RouteSpec, "id" | "group">;

/** The declared routes of group `G`, each with its id `G.key` and literal types kept. */
export type GroupRoutes<G extends string, T extends Record<string, RouteDraft>> = {
  [K in keyof T & string]: T[K] & { id: `${G}.${K}`; group: G };
};

/**
 * Declares routes of one group: each key becomes the id's suffix (`status` in `market` is
 * `market.status`). The literal types are kept for typed implementations.
 */
export function groupRoutes<const G extends Group, const T extends Record<string, RouteDraft>>(
  group: G,
  drafts: T,
): GroupRoutes<G, T> {
  const entries = Object.entries(drafts).map(([key, draft]) => [
    key,
    { ...draft, id: `${group}.${key}`, group },
  ]);
  return Object.fromEntries(entries) as GroupRoutes<G, T>;
}

/**
 * What the fallback (404/405), the descriptor and the CDK stack know of a route: plain data
 * without schemas, generated into lib/api/generated/manifest.ts by `npm run generate`.
 */
export type RouteEntry = Pick<
  RouteSpec,
  "id" | "group" | "method" | "path" | "auth" | "versioned" | "unmetered" | "cors" | "controller"
>;

export const API_PREFIX = "/v1";

/** The path as the client calls it: `/v1/market/status`, `/v1` for the descriptor. */
export function fullPath(route: Pick<RouteEntry, "path" | "versioned">): string {
  if (route.versioned === false) return route.path;
  return route.path === "/" ? API_PREFIX : `${API_PREFIX}${route.path}`;
}

/** API Gateway's route key for the route, e.g. `GET /v1/market/stocks/{code}/quote`. */
export function routeKey(route: Pick<RouteEntry, "method" | "path" | "versioned">): string {
  return `${route.method} ${fullPath(route)}`;
}
