import { fullPath, type RouteEntry, routeKey } from "./route";

/**
 * Matches a method and path against the route table the way API Gateway does: literal
 * segments exactly, `{param}` segments as one non-empty path segment.
 */
export type RouteMatch<R extends RouteEntry = RouteEntry> =
  | { kind: "route"; route: R; routeKey: string; pathParameters: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

interface CompiledRoute<R extends RouteEntry> {
  route: R;
  pattern: RegExp;
  paramNames: string[];
}

function compile<R extends RouteEntry>(route: R): CompiledRoute<R> {
  const paramNames: string[] = [];
  const source = fullPath(route)
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        paramNames.push(param[1]);
        return "([^/]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
}

/** Works on full route specs (a group's function) and on the manifest (fallback, local server). */
/**
 * API Gateway prefers the most specific route: at the first segment where two paths differ, a
 * literal beats a `{param}` (GET /company/search before GET /company/{code}).
 */
function bySpecificity(a: RouteEntry, b: RouteEntry): number {
  const left = fullPath(a).split("/");
  const right = fullPath(b).split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = left[i]?.startsWith("{") ?? false;
    const rightParam = right[i]?.startsWith("{") ?? false;
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

export function createRouter<R extends RouteEntry>(routes: readonly R[]) {
  const compiled = [...routes].sort(bySpecificity).map(compile);
  const byKey = new Map(routes.map((route) => [routeKey(route), route]));

  function match(method: string, path: string): RouteMatch<R> {
    const allowed: string[] = [];
    for (const { route, pattern, paramNames } of compiled) {
      const found = pattern.exec(path);
      if (!found) continue;
      if (route.method !== method.toUpperCase()) {
        allowed.push(route.method);
        continue;
      }
      const pathParameters: Record<string, string> = {};
      paramNames.forEach((name, index) => {
        pathParameters[name] = safeDecode(found[index + 1] ?? "");
      });
      return { kind: "route", route, routeKey: routeKey(route), pathParameters };
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  }

  return { match, byRouteKey: (key: string) => byKey.get(key) } satisfies Router<R>;
}

export interface Router<R extends RouteEntry> {
  match(method: string, path: string): RouteMatch<R>;
  byRouteKey(key: string): R | undefined;
}

/** API Gateway passes undecodable escapes through as written. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
