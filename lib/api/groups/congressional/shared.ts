import type { CoreDeps, Deps } from "../../../deps";

/** What the congressional group uses (wired in ./index.ts). */
export type CongressionalDeps = CoreDeps & Pick<Deps, "market" | "congressional">;
