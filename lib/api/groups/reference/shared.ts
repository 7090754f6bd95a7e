import type { CoreDeps, Deps } from "../../../deps";

/** What the reference group uses (wired in ./index.ts). */
export type ReferenceDeps = CoreDeps & Pick<Deps, "fx">;
