import type { AnyImplementation } from "../lib/api/dispatch";
import type { RouteSpec } from "../lib/api/route";
import { validate } from "../lib/api/validation";
import type { Deps } from "../lib/deps";

/** A bench's request context: no client, no key. */
const CONTEXT = {
  requestId: "bench",
  sourceIp: "",
  baseUrl: "",
  apiKey: undefined,
  origin: undefined,
};

export type Strings = Record<string, string>;

/**
 * Calls a route's implementation in-process as the dispatcher does: path and query strings
 * validated by the route's schemas, then the implementation (no HTTP, no authentication).
 */
export async function callImplementation(
  routes: Record<string, RouteSpec>,
  implementations: Record<string, AnyImplementation>,
  key: string,
  request: { params?: Strings; query?: Strings },
  deps: Deps,
): Promise<unknown> {
  const spec = routes[key];
  const implementation = spec && implementations[spec.id];
  if (!spec || !implementation) throw new Error(`no route or implementation for ${key}`);
  return implementation(
    {
      params: spec.params ? validate(spec.params, request.params ?? {}, "path") : undefined,
      query: spec.query ? validate(spec.query, request.query ?? {}, "query") : undefined,
      body: undefined,
      context: CONTEXT,
    },
    deps,
  );
}
