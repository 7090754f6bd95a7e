import type { CoreDeps, Deps } from "../../../deps";

/** What the FDA group uses (wired in ./index.ts). */
export type FdaDeps = CoreDeps & Pick<Deps, "market" | "fda">;
