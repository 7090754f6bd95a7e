import { toJSONSchema, type ZodType } from "zod";
import { version } from "../../package.json";
import { type ErrorArgs, type ErrorCode, errorAnswer, routeErrorCodes } from "./error-catalogue";
import { API_PREFIX, fullPath, type RouteSpec } from "./route";

/**
 * The OpenAPI 3.1 document, generated from the route table: one operation per versioned
 * route, the `X-Api-Key` security scheme, the envelope and the error responses (the codes
 * each route's kind shares and those it declares, worded by the error catalogue), with the
 * examples (lib/api/openapi-examples.ts, passed in so only the docs function bundles them).
 */

export const SERVICE_NAME = "Market Data and Options Analytics API";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/** A request as a client sends it: path parameters and query as strings, body as JSON. */
export interface RequestExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** One error answer of an operation, as the envelope's `error` carries it. */
export interface ErrorExample {
  status: number;
  code: ErrorCode;
  message: string;
  details: string | null;
  /** When the operation answers it, e.g. "no X-Api-Key header". */
  when: string;
  /** Name in the response's examples when a code has several; the code otherwise. */
  name?: string;
  /** The example's one-line summary; `code: when` otherwise. */
  summary?: string;
}

/**
 * The example of `code` worded by the catalogue from `args` (its documented example's when
 * omitted), with the documentation's `name`, `summary` or a more precise `when` if given.
 */
export function catalogueExample<C extends ErrorCode>(
  code: C,
  args?: ErrorArgs<C>,
  shown: Partial<Pick<ErrorExample, "name" | "summary" | "when">> = {},
): ErrorExample {
  const { status, message, details, when } = errorAnswer(code, args);
  return { status, code, message, details, when, ...shown };
}

/** What the document shows for one operation: its request, success data and every error. */
export interface OperationExamples {
  request: RequestExample;
  data: unknown;
  /**
   * Examples of the errors the route may answer (`routeErrorCodes`), in their order; a code
   * without one is shown with the catalogue's example.
   */
  errors: readonly ErrorExample[];
  /** meta of the example envelopes. */
  meta: { requestId: string; timestamp: string; version: "v1" };
}

/** Literal refs, not calls, so bundles that only import SERVICE_NAME drop these schemas. */
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
      code: {
        type: "string",
        description: "Machine-readable; each response lists the codes the operation answers",
      },
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
      error: { $ref: "#/components/schemas/Error" },
      meta: { $ref: "#/components/schemas/Meta" },
    },
  },
  RateLimitEnvelope: {
    type: "object",
    description: "A 429 omits the data key.",
    required: ["success", "error", "meta"],
    properties: {
      success: { const: false },
      error: { $ref: "#/components/schemas/Error" },
      meta: { $ref: "#/components/schemas/Meta" },
    },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Every error the route may answer, shared by its kind or declared, with the operation's own
 * examples of it or else the catalogue's. An example of a code the route does not declare, or
 * with another status than the catalogue's, is a mistake in the route or its examples.
 */
export function operationErrors(route: RouteSpec, shown: readonly ErrorExample[]): ErrorExample[] {
  const codes = routeErrorCodes(route);
  for (const example of shown) {
    if (!codes.includes(example.code)) {
      throw new Error(`${route.id} shows ${example.code}, which its route does not declare`);
    }
    if (example.status !== errorAnswer(example.code).status) {
      throw new Error(`${route.id} shows ${example.code} with status ${example.status}`);
    }
  }
  return codes.flatMap((code) => {
    const own = shown.filter((example) => example.code === code);
    return own.length > 0 ? own : [catalogueExample(code)];
  });
}

/** The error envelope as the service sends it: a 429 has no data key. */
function errorEnvelope(error: ErrorExample, meta: OperationExamples["meta"]) {
  const body = { code: error.code, message: error.message, details: error.details };
  return error.status === 429
    ? { success: false, error: body, meta }
    : { success: false, data: null, error: body, meta };
}

/** `name`, or `name (2)`, `name (3)` when it is taken: example names must differ. */
function unique(name: string, taken: Map<string, number>): string {
  const count = (taken.get(name) ?? 0) + 1;
  taken.set(name, count);
  return count === 1 ? name : `${name} (${count})`;
}

/**
 * One response per error status, its description naming every code, and its examples when
 * the operation has examples (their envelopes need its meta).
 */
function errorResponses(route: RouteSpec, examples: OperationExamples | undefined) {
  const byStatus = new Map<number, ErrorExample[]>();
  for (const error of operationErrors(route, examples?.errors ?? [])) {
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  }
  const result: Record<string, unknown> = {};
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const names = new Map<string, number>();
    const named = (meta: OperationExamples["meta"]) =>
      errors.map((error) => [
        unique(error.name ?? error.code, names),
        {
          summary: error.summary ?? `${error.code}: ${error.when}`,
          value: errorEnvelope(error, meta),
        },
      ]);
    const cases = [...new Set(errors.map((error) => `\`${error.code}\`: ${error.when}`))];
    result[String(status)] = {
      description: cases.length === 1 ? cases[0] : cases.map((line) => `- ${line}`).join("\n"),
      content: {
        "application/json": {
          schema: ref(status === 429 ? "RateLimitEnvelope" : "ErrorEnvelope"),
          ...(examples ? { examples: Object.fromEntries(named(examples.meta)) } : {}),
        },
      },
    };
  }
  return result;
}

function parameters(
  schema: ZodType | undefined,
  location: "path" | "query",
  examples: Record<string, string> = {},
) {
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
    ...(examples[name] === undefined ? {} : { example: examples[name] }),
  }));
}

function responses(route: RouteSpec, examples: OperationExamples | undefined) {
  const data = route.response === "raw" ? {} : jsonSchema(route.response, "output");
  const success = {
    schema: {
      type: "object",
      required: ["success", "data", "error", "meta"],
      properties: { success: { const: true }, data, error: { type: "null" }, meta: ref("Meta") },
    },
    ...(examples
      ? { example: { success: true, data: examples.data, error: null, meta: examples.meta } }
      : {}),
  };
  const alternate = route.alternateContent;
  return {
    [String(route.status ?? 200)]: {
      description: alternate ? `Success. ${alternate.description}` : "Success",
      content: {
        "application/json": success,
        ...(alternate
          ? {
              [alternate.contentType]: {
                schema: { type: "string", description: alternate.description },
              },
            }
          : {}),
      },
    },
    ...errorResponses(route, examples),
  };
}

function operation(route: RouteSpec, examples: OperationExamples | undefined) {
  const request = examples?.request ?? {};
  return {
    operationId: route.id,
    tags: [route.group],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.auth === "key" ? [{ ApiKey: [] }] : [],
    parameters: [
      ...parameters(route.params, "path", request.params),
      ...parameters(route.query, "query", request.query),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: jsonSchema(route.body, "input"),
                ...(request.body === undefined ? {} : { example: request.body }),
              },
            },
          },
        }
      : {}),
    responses: responses(route, examples),
  };
}

/** Path as the document lists it, relative to the `/v1` server. */
function documentPath(route: RouteSpec): string {
  return fullPath(route).slice(API_PREFIX.length) || "/";
}

/** The routes the document lists: versioned and not hidden. */
export function documentedRoutes(routes: readonly RouteSpec[]): RouteSpec[] {
  return routes.filter((route) => route.versioned !== false && !route.hidden);
}

/** Examples are keyed by route id; an operation without them is listed without examples. */
export function buildOpenApiDocument(
  routes: readonly RouteSpec[],
  examples: Readonly<Record<string, OperationExamples>>,
) {
  const documented = documentedRoutes(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of documented) {
    const path = documentPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, examples[route.id]);
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
    // Only groups with a listed operation: the docs routes are not listed, so no docs tag.
    tags: [...new Set(documented.map((route) => route.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      },
    },
  };
}
