import { DOCS_ASSETS, docsPageHtml } from "../api/docs";
import { notFound } from "../api/errors";
import { buildOpenApiDocument, SERVICE_NAME } from "../api/openapi";
import { operationExamples } from "../api/openapi-examples";
import type { Implementations } from "../api/route";
import { ROUTES } from "../api/routes";
import type { docsRoutes } from "../api/routes/docs";

let openApiJson: string | undefined;

export const docsImplementations: Implementations<typeof docsRoutes> = {
  "docs.openapi": async (_input, deps) => {
    openApiJson ??= JSON.stringify(
      buildOpenApiDocument(ROUTES, await operationExamples(ROUTES, deps)),
    );
    return { contentType: "application/json; charset=utf-8", body: openApiJson };
  },
  "docs.page": () => ({
    contentType: "text/html; charset=utf-8",
    body: docsPageHtml(`${SERVICE_NAME} — documentation`),
  }),
  "docs.asset": async ({ params }, deps) => {
    const body = await deps.docs.read(params.file);
    const contentType = DOCS_ASSETS[params.file];
    if (body === undefined || contentType === undefined) {
      throw notFound("NOT_FOUND", `No documentation asset named '${params.file}'.`);
    }
    return { contentType, body };
  },
};
