import type { CoreDeps, Deps } from "../../../deps";

/** What the content group uses (wired in ./index.ts): the clocks and the IP-to-country database. */
export type ContentDeps = CoreDeps & Pick<Deps, "geo">;
