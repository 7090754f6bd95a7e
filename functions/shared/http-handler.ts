import middy, { type MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { type AnyImplementation, fallbackResponse, invokeRoute } from "../../lib/api/dispatch";
import { type HttpResult, responseForThrown } from "../../lib/api/envelope";
import type { Group, RouteSpec } from "../../lib/api/route";
import { createRouter } from "../../lib/api/router";
import { ROUTES } from "../../lib/api/routes";
import { createDeps, loadConfig } from "../../lib/config";
import type { Deps } from "../../lib/deps";

/**
 * The shared Middy stack. Every group's Lambda is `createGroupHandler(group, implementations)`
 * (the fallback passes no implementations) and every response, errors included, leaves
 * through the envelope.
 */

type Event = APIGatewayProxyEventV2;

/** The Lambda context, plus what the middlewares resolve for the handler. */
interface ApiContext extends Context {
  apiRequestId?: string;
  route?: RouteSpec | undefined;
}

type Middleware = MiddlewareObj<Event, HttpResult, Error, ApiContext>;

const router = createRouter(ROUTES);

let coldStartDeps: Deps | undefined;

/** Dependencies are wired once per cold start from the environment. */
function deps(): Deps {
  coldStartDeps ??= createDeps(loadConfig(process.env));
  return coldStartDeps;
}

/** Picks the request id (API Gateway's, or a fresh one) and resolves this group's route. */
function requestScope(group: Group | "fallback"): Middleware {
  return {
    name: "requestScope",
    before: ({ event, context }) => {
      context.apiRequestId = event.requestContext?.requestId || crypto.randomUUID();
      const route = router.byRouteKey(event.routeKey ?? "") ?? routeByPath(event);
      context.route = route?.group === group ? route : undefined;
    },
  };
}

/** Events without API Gateway's routeKey (hand-written samples) are routed by path. */
function routeByPath(event: Event): RouteSpec | undefined {
  const found = router.match(event.requestContext?.http?.method ?? "GET", event.rawPath ?? "/");
  if (found.kind !== "route") return undefined;
  event.pathParameters = { ...found.pathParameters, ...event.pathParameters };
  return found.route;
}

/**
 * The authentication slot for `key` routes. Key verification and rate limiting arrive with
 * the accounts issue (#3); until then `key` routes answer without a key check.
 */
function authenticate(): Middleware {
  return { name: "authenticate", before: () => undefined };
}

/** Anything thrown becomes the envelope; unexpected errors are logged with the request id. */
function errorEnvelope(): Middleware {
  return {
    name: "errorEnvelope",
    onError: (request) => {
      const requestId = request.context.apiRequestId ?? crypto.randomUUID();
      request.response = responseForThrown(request.error, requestId);
    },
  };
}

export function createGroupHandler(
  group: Group | "fallback",
  implementations: Record<string, AnyImplementation> = {},
) {
  return middy<Event, HttpResult, Error, ApiContext>()
    .use(errorEnvelope())
    .use(requestScope(group))
    .use(authenticate())
    .handler(async (event, context) => {
      const { route, apiRequestId = crypto.randomUUID() } = context;
      const implementation = route && implementations[route.id];
      if (!route || !implementation) return fallbackResponse(router, event, apiRequestId);
      return invokeRoute(route, implementation, event, deps(), apiRequestId);
    });
}
