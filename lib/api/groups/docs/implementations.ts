import type { CoreDeps, Deps } from "../../../deps";
import { DOCS_ASSETS, docsPageHtml } from "../../docs";
import { apiError } from "../../errors";
import { SERVICE_NAME } from "../../openapi";
import { fullPath, type Implementations } from "../../route";
import { docsRoutes } from "./routes";

/** What the docs group's implementations use (wired in ./index.ts). */
export type DocsDeps = CoreDeps & Pick<Deps, "docs">;

export const docsImplementations: Implementations<typeof docsRoutes, DocsDeps> = {
  // Generated at build time (`npm run generate`), read once per cold start.
  "docs.openapi": async (_input, deps) => ({
    contentType: "application/json; charset=utf-8",
    body: await deps.docs.openApiDocument(),
  }),
  "docs.page": () => ({
    contentType: "text/html; charset=utf-8",
    body: docsPageHtml(`${SERVICE_NAME} — documentation`),
  }),
  "docs.asset": async ({ params }, deps) => {
    const body = await deps.docs.read(params.file);
    const contentType = DOCS_ASSETS[params.file];
    if (body === undefined || contentType === undefined) {
      const path = fullPath(docsRoutes.asset).replace("{file}", params.file);
      throw apiError("NOT_FOUND", { method: docsRoutes.asset.method, path });
    }
    return { contentType, body };
  },
};
