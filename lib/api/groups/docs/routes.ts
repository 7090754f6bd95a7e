import { object, string } from "zod";
import { groupRoutes } from "../../route";

/** Documentation routes live outside /v1 and answer raw JSON, HTML or assets. */
export const docsRoutes = groupRoutes("docs", {
  openapi: {
    method: "GET",
    path: "/swagger/v1/swagger.json",
    versioned: false,
    auth: "none",
    summary: "OpenAPI 3.1 document",
    description: "The machine-readable description of this API, generated from the route table.",
    response: "raw",
  },
  page: {
    method: "GET",
    path: "/docs",
    versioned: false,
    auth: "none",
    summary: "HTML documentation",
    response: "raw",
  },
  asset: {
    method: "GET",
    path: "/docs/{file}",
    versioned: false,
    hidden: true,
    auth: "none",
    errors: ["NOT_FOUND"],
    summary: "A script or stylesheet of the documentation page",
    params: object({ file: string() }),
    response: "raw",
  },
});
