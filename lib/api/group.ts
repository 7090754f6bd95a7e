import type { Config } from "../config";
import type { CoreDeps } from "../deps";
import type { AnyImplementation } from "./dispatch";
import type { Group, Implementations, RouteSpec } from "./route";

/**
 * One endpoint group (a spec controller), as its function runs it: its routes with their
 * schemas, an implementation per route, and `wire`, which builds the dependencies those
 * implementations use once per cold start. `functions/<group>.ts` hands it to the shared
 * handler; lib/api/groups/registry.ts lists every group for the tools that need them all.
 */
export interface ApiGroup<D extends CoreDeps = CoreDeps> {
  name: Group;
  routes: readonly RouteSpec[];
  implementations: Readonly<Record<string, AnyImplementation>>;
  wire(config: Config): D;
}

/** Checks at compile time that every route has an implementation typed for the group's deps. */
export function defineGroup<
  const Table extends Record<string, RouteSpec>,
  D extends CoreDeps,
>(group: {
  name: Group;
  routes: Table;
  implementations: Implementations<Table, D>;
  wire(config: Config): D;
}): ApiGroup<D> {
  return {
    name: group.name,
    routes: Object.values(group.routes),
    implementations: group.implementations as Record<string, AnyImplementation>,
    wire: group.wire,
  };
}
