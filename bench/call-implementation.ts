import type { AnyImplementation } from "../lib/api/dispatch";
import type { RouteSpec } from "../lib/api/route";
import { validate } from "../lib/api/validation";
import { type Deps, pinnedClock } from "../lib/deps";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";

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
  request: { params?: Strings; query?: Strings; body?: unknown },
  deps: Deps,
): Promise<unknown> {
  const spec = routes[key];
  const implementation = spec && implementations[spec.id];
  if (!spec || !implementation) throw new Error(`no route or implementation for ${key}`);
  return implementation(
    {
      params: spec.params ? validate(spec.params, request.params ?? {}, "path") : undefined,
      query: spec.query ? validate(spec.query, request.query ?? {}, "query") : undefined,
      body: spec.body ? validate(spec.body, request.body, "body") : undefined,
      context: CONTEXT,
    },
    deps,
  );
}

/**
 * What the analytics groups read, in-process: a fresh simulated market and both clocks pinned at
 * `now`, the default 4 % rate, and whatever else a group needs (`extra`).
 */
export function simulatedDeps(now: Date, extra: Partial<Deps> = {}): Deps {
  const clock = pinnedClock(now);
  return {
    marketClock: clock,
    clock,
    market: createSimulatedMarket(clock),
    defaultRiskFreeRatePercent: 4,
    ...extra,
  } as unknown as Deps;
}
