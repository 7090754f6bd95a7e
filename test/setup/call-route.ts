import type { input as SchemaInput, ZodType } from "zod";
import type { AnyImplementation } from "../../lib/api/dispatch";
import { API_GROUPS } from "../../lib/api/groups/registry";
import type { Implementation, RequestContext, RouteResult, RouteSpec } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import type { Deps } from "../../lib/deps";

/**
 * `callRoute(spec, request, deps)`: one route's implementation called as the Lambda calls it,
 * without an event or the envelope. The request is what a client sends (path and query values
 * as strings, the body as JSON); it is validated with the dispatcher's `validate`, schemas and
 * field codes, so an invalid one throws the same 400 `ApiError` as in production. The result
 * keeps the route's types, so a test reads `result.theoreticalPrice` without a cast.
 *
 *   const quote = await callRoute(marketGroupRoutes.quote, { params: { code: "AAPL_NASDAQ" } }, deps);
 */

/** A JSON value, as a request body travels. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

type Keys<S> = S extends ZodType ? keyof SchemaInput<S> & string : never;

/** What a client sends to the route: each part only where the route declares a schema. */
export type ClientRequest<R extends RouteSpec> = (R["params"] extends ZodType
  ? { params: Record<Keys<R["params"]>, string> }
  : { params?: never }) &
  (R["query"] extends ZodType
    ? { query?: Partial<Record<Keys<R["query"]>, string>> }
    : { query?: never }) &
  (R["body"] extends ZodType ? { body?: Json } : { body?: never }) & {
    /** Replaces parts of the default request context, e.g. the authenticated `apiKey`. */
    context?: Partial<RequestContext>;
  };

/** The context a Lambda builds for a keyless request from the documentation's client. */
export const DEFAULT_CONTEXT: RequestContext = {
  requestId: "call-route",
  sourceIp: "203.0.113.10",
  baseUrl: "https://api.example.com",
  apiKey: undefined,
  origin: undefined,
};

/** The route's implementation as its group registers it. */
function registeredImplementation(spec: RouteSpec): AnyImplementation {
  const group = API_GROUPS.find((candidate) => candidate.name === spec.group);
  const implementation = group?.implementations[spec.id];
  if (!implementation) throw new Error(`no implementation registered for ${spec.id}`);
  return implementation;
}

/** Any route's request, as the overloads' implementation sees it. */
interface LooseRequest {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: Json;
  context?: Partial<RequestContext>;
}

/** The input dispatch gives an implementation: path, then query, then body, each validated. */
function validatedInput(spec: RouteSpec, request: LooseRequest) {
  // The body crosses the wire as text: what JSON cannot carry is lost, as from a client.
  const body = request.body === undefined ? undefined : JSON.parse(JSON.stringify(request.body));
  return {
    params: spec.params ? validate(spec.params, request.params ?? {}, "path") : undefined,
    query: spec.query ? validate(spec.query, request.query ?? {}, "query") : undefined,
    body: spec.body ? validate(spec.body, body, "body", spec.fieldErrorCodes) : undefined,
    context: { ...DEFAULT_CONTEXT, ...request.context },
  };
}

/** Calls the implementation its group registers for `spec`, with the whole `Deps`. */
export function callRoute<R extends RouteSpec>(
  spec: R,
  request: ClientRequest<R>,
  deps: Deps,
): Promise<RouteResult<R>>;
/** Calls `implementation` (a replacement, or one with narrower deps) for `spec`. */
export function callRoute<R extends RouteSpec, D>(
  spec: R,
  request: ClientRequest<R>,
  deps: D,
  implementation: Implementation<R, D>,
): Promise<RouteResult<R>>;
export async function callRoute(
  spec: RouteSpec,
  request: LooseRequest,
  deps: unknown,
  implementation: AnyImplementation = registeredImplementation(spec),
): Promise<unknown> {
  return implementation(validatedInput(spec, request), deps);
}
