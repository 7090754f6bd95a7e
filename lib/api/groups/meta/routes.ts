import { array, boolean, int, literal, object, record, string } from "zod";
import { groupRoutes } from "../../route";

export const serviceDescriptorSchema = object({
  name: string(),
  version: string().meta({ description: "Semantic version of the service" }),
  apiVersion: literal("v1"),
  status: literal("online"),
  documentation: string().meta({ description: "URL of the HTML documentation" }),
  swagger: string().meta({ description: "URL of the OpenAPI 3.1 document" }),
  surface: object({
    controllers: int().meta({
      description: "Controllers (the spec's endpoint groups) served under /v1",
    }),
    endpoints: int().meta({
      description:
        "Endpoints served under /v1, the descriptor included; CORS preflights are not counted",
    }),
  }),
  endpoints: record(string(), array(string())).meta({
    description: "Endpoint map: controller name to its routes, e.g. `GET /v1/market/status`",
  }),
  authentication: object({
    type: literal("apiKey"),
    in: literal("header"),
    name: literal("X-Api-Key"),
    hint: string(),
    keyRequired: boolean().meta({ description: "Whether most endpoints need a key" }),
  }),
});

export const metaRoutes = groupRoutes("meta", {
  descriptor: {
    method: "GET",
    path: "/",
    auth: "none",
    summary: "Service descriptor",
    description:
      "Name, version, documentation links, surface counts and the endpoint map, computed " +
      "from the route table. Also the readiness probe: without a key it is not rate limited " +
      "and touches no database; a request that carries X-Api-Key counts against that key.",
    response: serviceDescriptorSchema,
    // Probes every second from one address would exhaust the keyless 30 per minute.
    unmetered: true,
  },
});
