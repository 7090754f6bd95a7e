import middy, { type MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { hashApiKey, isWellFormedApiKey } from "../../lib/account/api-keys";
import { fallbackResponse, invokeRoute } from "../../lib/api/dispatch";
import { type HttpResult, responseForThrown } from "../../lib/api/envelope";
import { type ApiError, apiError } from "../../lib/api/errors";
import type { ApiGroup } from "../../lib/api/group";
import type { RouteSpec } from "../../lib/api/route";
import { createRouter } from "../../lib/api/router";
import { rateLimitHeaders } from "../../lib/api/store-errors";
import { loadConfig } from "../../lib/config";
import type { CoreDeps } from "../../lib/deps";
import { ipBucket } from "../../lib/ratelimit/ip-bucket";
import type { KeyRecord } from "../../lib/store/rate-limiter";

/**
 * The shared Middy stack. Every group's Lambda is `createGroupHandler(group)`, and every
 * response, errors included, leaves through the envelope. A function knows only its own
 * group's routes (with their schemas); API Gateway's `$default` route (functions/fallback.ts)
 * answers 404 and 405 for everything else from the zod-free manifest.
 */

type Event = APIGatewayProxyEventV2;

/** The Lambda context, plus what the middlewares resolve for the handler. */
interface ApiContext extends Context {
  apiRequestId?: string;
  route?: RouteSpec | undefined;
  apiKey?: KeyRecord;
  /** X-RateLimit-* headers for every response to a counted request. */
  rateLimitHeaders?: Record<string, string>;
}

type Middleware = MiddlewareObj<Event, HttpResult, Error, ApiContext>;

type GroupRouter = ReturnType<typeof createRouter<RouteSpec>>;

/** Picks the request id (API Gateway's, or a fresh one) and resolves this group's route. */
function requestScope(router: GroupRouter): Middleware {
  return {
    name: "requestScope",
    before: ({ event, context }) => {
      context.apiRequestId = event.requestContext?.requestId || crypto.randomUUID();
      context.route = router.byRouteKey(event.routeKey ?? "") ?? routeByPath(router, event);
    },
  };
}

/** Events without API Gateway's routeKey (hand-written samples) are routed by path. */
function routeByPath(router: GroupRouter, event: Event): RouteSpec | undefined {
  const found = router.match(event.requestContext?.http?.method ?? "GET", event.rawPath ?? "/");
  if (found.kind !== "route") return undefined;
  event.pathParameters = { ...found.pathParameters, ...event.pathParameters };
  return found.route;
}

/**
 * Authentication and rate limiting. A request carrying X-Api-Key is checked and counted
 * against that key in one conditional write (401 malformed or unknown, 403 revoked, 429 over
 * a limit), on every API route, unmetered ones included (spec, Authentication 6); `key` routes
 * without one answer 401; other keyless API requests count against the client's IP bucket,
 * except on unmetered routes (the readiness probe, CORS preflights). The documentation routes
 * are not metered.
 */
function authenticate(deps: () => CoreDeps): Middleware {
  return {
    name: "authenticate",
    before: async ({ event, context }) => {
      const route = context.route;
      if (!route || route.versioned === false) return;
      const { limiter, clock } = deps();
      const nowMs = clock.now().getTime();
      const apiKey = event.headers?.["x-api-key"]?.trim();
      if (apiKey) {
        if (!isWellFormedApiKey(apiKey)) throw invalidKey();
        const admission = await limiter.consumeKey(hashApiKey(apiKey), nowMs);
        context.apiKey = admission.key;
        context.rateLimitHeaders = rateLimitHeaders(admission.usage);
      } else if (route.auth === "key") {
        throw missingKey(event.headers?.authorization !== undefined);
      } else if (!route.unmetered) {
        const admission = await limiter.consumeIp(ipBucket(sourceIpOf(event)), nowMs);
        context.rateLimitHeaders = rateLimitHeaders(admission.usage);
      }
    },
  };
}

function sourceIpOf(event: Event): string {
  return event.requestContext?.http?.sourceIp ?? "";
}

function invalidKey(): ApiError {
  return apiError("INVALID_API_KEY");
}

function missingKey(authorizationSent: boolean): ApiError {
  return apiError("MISSING_API_KEY", { authorizationSent });
}

/** CORS headers for allowed browser origins on routes that opt in. */
function corsHeaders(
  route: RouteSpec | undefined,
  origin: string | undefined,
  /** Read only for a CORS route, so other responses never wire dependencies. */
  allowedOrigins: () => readonly string[],
): Record<string, string> {
  if (!route?.cors || !origin || !allowedOrigins().includes(origin)) return {};
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}

/** Adds the rate-limit and CORS headers to whatever response leaves, success or error. */
function responseHeaders(allowedOrigins: () => readonly string[]): Middleware {
  const decorate = (request: {
    event: Event;
    context: ApiContext;
    response: HttpResult | null | undefined;
  }) => {
    if (!request.response) return;
    request.response.headers = {
      ...request.context.rateLimitHeaders,
      ...corsHeaders(request.context.route, request.event.headers?.origin, allowedOrigins),
      ...request.response.headers,
    };
  };
  return { name: "responseHeaders", after: decorate, onError: decorate };
}

/** Anything thrown becomes the envelope; unexpected errors are logged with the request id. */
export function errorEnvelope(): Middleware {
  return {
    name: "errorEnvelope",
    onError: (request) => {
      const requestId = request.context.apiRequestId ?? crypto.randomUUID();
      request.response = responseForThrown(request.error, requestId);
    },
  };
}

/**
 * How long before Lambda's time limit a request still running is answered 503 REQUEST_TIMEOUT
 * (Middy races the handler against it): enough for the envelope to be written and logged, so
 * the client gets a documented answer instead of API Gateway's bare 503 when Lambda kills it.
 */
export const TIMEOUT_MARGIN_MS = 500;

/** A group's Lambda: its routes, its implementations and the dependencies it wires. */
export function createGroupHandler<D extends CoreDeps>(group: ApiGroup<D>) {
  const router = createRouter(group.routes);
  let coldStartDeps: D | undefined;
  /** Wired on first use, once per cold start, from the environment. */
  const deps = (): D => {
    coldStartDeps ??= group.wire(loadConfig(process.env));
    return coldStartDeps;
  };
  return middy<Event, HttpResult, Error, ApiContext>({
    timeoutEarlyInMillis: TIMEOUT_MARGIN_MS,
    timeoutEarlyResponse: () => {
      throw apiError("REQUEST_TIMEOUT");
    },
  })
    .use(responseHeaders(() => deps().corsOrigins))
    .use(errorEnvelope())
    .use(requestScope(router))
    .use(authenticate(deps))
    .handler(async (event, context) => {
      const { route, apiRequestId = crypto.randomUUID() } = context;
      const implementation = route && group.implementations[route.id];
      // API Gateway sends a function only its own routes; a hand-made event for another
      // path or method gets the 404 or 405 its own routes imply.
      if (!route || !implementation) return fallbackResponse(router, event, apiRequestId);
      return invokeRoute(route, implementation, event, deps(), apiRequestId, context.apiKey);
    });
}
