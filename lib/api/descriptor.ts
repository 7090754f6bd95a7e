import { version } from "../../package.json";
import { SERVICE_NAME } from "./openapi";
import { type RouteEntry, routeKey } from "./route";

/**
 * The endpoints the descriptor counts: those under /v1, without the CORS preflights (answers
 * to browsers, not endpoints a client calls). The documentation lives outside /v1.
 */
export function describedEndpoints<R extends RouteEntry>(routes: readonly R[]): R[] {
  return routes.filter((route) => route.versioned !== false && route.method !== "OPTIONS");
}

/** The service descriptor (`GET /v1`), counted from the route table rather than typed in. */
export function serviceDescriptor(routes: readonly RouteEntry[], baseUrl: string) {
  const apiRoutes = describedEndpoints(routes);
  const endpoints: Record<string, string[]> = {};
  for (const route of apiRoutes) {
    const controller = route.controller ?? route.group;
    endpoints[controller] ??= [];
    endpoints[controller]?.push(routeKey(route));
  }
  return {
    name: SERVICE_NAME,
    version,
    apiVersion: "v1" as const,
    status: "online" as const,
    documentation: `${baseUrl}/docs`,
    swagger: `${baseUrl}/swagger/v1/swagger.json`,
    surface: { controllers: Object.keys(endpoints).length, endpoints: apiRoutes.length },
    endpoints,
    authentication: {
      type: "apiKey" as const,
      in: "header" as const,
      name: "X-Api-Key" as const,
      hint: "Send your API key in the X-Api-Key header. Register with POST /v1/account/register.",
      keyRequired: apiRoutes.some((route) => route.auth === "key"),
    },
  };
}
