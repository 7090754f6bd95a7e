import { toJSONSchema, type ZodType } from "zod";
import { version } from "../../package.json";
import { API_PREFIX, fullPath, type RouteSpec } from "./route";

/**
 * The OpenAPI 3.1 document, generated from the route table: one operation per versioned
 * route, the `X-Api-Key` security scheme, the envelope and the error responses.
 */

export const SERVICE_NAME = "Market Data and Options Analytics API";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const COMPONENT_SCHEMAS = {
  Meta: {
    type: "object",
    required: ["requestId", "timestamp", "version"],
    properties: {
      requestId: { type: "string", description: "Unique id of this request" },
      timestamp: { type: "string", format: "date-time", description: "Response time (UTC)" },
      version: { type: "string", const: "v1" },
    },
  },
  Error: {
    type: "object",
    required: ["code", "message", "details"],
    properties: {
      code: { type: "string", examples: ["INVALID_PARAMETER"] },
      message: { type: "string" },
      details: { type: ["string", "null"] },
    },
  },
  ErrorEnvelope: {
    type: "object",
    required: ["success", "data", "error", "meta"],
    properties: {
      success: { const: false },
      data: { type: "null" },
      error: ref("Error"),
      meta: ref("Meta"),
    },
  },
  RateLimitEnvelope: {
    type: "object",
    description: "A 429 omits the data key.",
    required: ["success", "error", "meta"],
    properties: { success: { const: false }, error: ref("Error"), meta: ref("Meta") },
  },
};

function errorResponse(description: string, schema = "ErrorEnvelope") {
  return { description, content: { "application/json": { schema: ref(schema) } } };
}

function parameters(schema: ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (object.required ?? []).includes(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function responses(route: RouteSpec) {
  const data = route.response === "raw" ? {} : jsonSchema(route.response, "output");
  const result: Record<string, unknown> = {
    [String(route.status ?? 200)]: {
      description: "Success",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["success", "data", "error", "meta"],
            properties: {
              success: { const: true },
              data,
              error: { type: "null" },
              meta: ref("Meta"),
            },
          },
        },
      },
    },
  };
  if (route.params || route.query || route.body) {
    result["400"] = errorResponse("Invalid parameter (INVALID_PARAMETER, naming the field)");
  }
  if (route.auth === "key") {
    result["401"] = errorResponse("Missing or invalid API key");
    result["403"] = errorResponse("Key revoked, or tier lacks permission");
  }
  if (route.body) result["413"] = errorResponse("Body larger than 64 KiB (PAYLOAD_TOO_LARGE)");
  result["429"] = errorResponse("Rate limit exceeded (RATE_LIMIT_EXCEEDED)", "RateLimitEnvelope");
  result["500"] = errorResponse("Unexpected error (INTERNAL_ERROR)");
  if (route.versioned !== false && !route.unmetered) {
    result["503"] = errorResponse(
      "A backing service is unreachable though the request is valid; the code names it " +
        "(RATE_LIMITER_UNAVAILABLE, DATABASE_UNAVAILABLE, MARKET_DATA_UNAVAILABLE, " +
        "NOVA_UNAVAILABLE) and Retry-After says when to retry",
    );
  }
  return result;
}

function operation(route: RouteSpec) {
  return {
    operationId: route.id,
    tags: [route.group],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.auth === "key" ? [{ ApiKey: [] }] : [],
    parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(route.body, "input") } },
          },
        }
      : {}),
    responses: responses(route),
  };
}

/** Path as the document lists it, relative to the `/v1` server. */
function documentPath(route: RouteSpec): string {
  return fullPath(route).slice(API_PREFIX.length) || "/";
}

export function buildOpenApiDocument(routes: readonly RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.versioned === false || route.hidden) continue;
    const path = documentPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE_NAME,
      version,
      description:
        "Quotes, charts with indicators, option chains and analytics, company data, and " +
        "account management. Every response is a JSON envelope {success, data, error, meta}; " +
        "a 429 omits data and a 405 has an empty body. Percent fields are in percent units.",
    },
    servers: [{ url: API_PREFIX }],
    tags: [...new Set(routes.map((route) => route.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      },
    },
  };
}
