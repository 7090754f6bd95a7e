import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { invokeRoute } from "../../lib/api/dispatch";
import type { HttpResult } from "../../lib/api/envelope";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import { metaImplementations } from "../../lib/api/groups/meta/implementations";
import { optionsImplementations } from "../../lib/api/groups/options/implementations";
import { ROUTES } from "../../lib/api/groups/registry";
import { buildOpenApiDocument, documentedRoutes } from "../../lib/api/openapi";
import { operationExamples } from "../../lib/api/openapi-examples";
import { fullPath, type RouteSpec, routeKey } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";

const deps = testDeps();
const examples = await operationExamples(ROUTES, deps);
const document = buildOpenApiDocument(ROUTES, examples);
const documented = documentedRoutes(ROUTES);

interface Envelope {
  success: boolean;
  data?: unknown;
  error: { code: string; message: string; details: string | null };
  meta: { requestId: string; timestamp: string; version: string };
}

interface Operation {
  parameters: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    {
      description: string;
      content: Record<
        string,
        { example?: Envelope; examples?: Record<string, { summary: string; value: Envelope }> }
      >;
    }
  >;
}

function operationOf(route: RouteSpec): Operation {
  const path = fullPath(route).slice(3) || "/";
  return document.paths[path]?.[route.method.toLowerCase()] as Operation;
}

/** Every error example of an operation, with its status. */
function errorExamples(route: RouteSpec): { status: string; envelope: Envelope }[] {
  return Object.entries(operationOf(route).responses).flatMap(([status, response]) =>
    Object.values(response.content["application/json"]?.examples ?? {}).map((example) => ({
      status,
      envelope: example.value,
    })),
  );
}

/** Codes per status, as a client reading the document sees them. */
function codesByStatus(route: RouteSpec): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const { status, envelope } of errorExamples(route)) {
    codes[status] = [...new Set([...(codes[status] ?? []), envelope.error.code])];
  }
  return codes;
}

const byId = (id: string) => ROUTES.find((route) => route.id === id) as RouteSpec;

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (third-party validator)", async () => {
    const copy = structuredClone(document);
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeDefined();
    expect(document.openapi).toBe("3.1.0");
  });

  it("lists every versioned, visible route as one operation", () => {
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} /v1${path === "/" ? "" : path}`,
      ),
    );
    const expected = ROUTES.filter((r) => r.versioned !== false && !r.hidden).map(routeKey);
    expect(listed.sort()).toEqual(expected.sort());
    const ids = Object.values(document.paths).flatMap((ops) =>
      Object.values(ops).map((op) => (op as { operationId: string }).operationId),
    );
    expect(ids.sort()).toEqual(documented.map((r) => r.id).sort());
  });

  it("lists only tags that have operations (no docs tag)", () => {
    const used = new Set(
      Object.values(document.paths).flatMap((ops) =>
        Object.values(ops).flatMap((op) => (op as { tags: string[] }).tags),
      ),
    );
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    expect(document.tags.map((tag) => tag.name)).not.toContain("docs");
  });

  it("marks key routes with the X-Api-Key scheme and keyless ones with none", () => {
    expect(document.components.securitySchemes.ApiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    for (const route of documented) {
      const op = operationOf(route) as Operation & { security: unknown[] };
      expect(op.security, route.id).toEqual(route.auth === "key" ? [{ ApiKey: [] }] : []);
      const success = String(route.status ?? 200);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([success, "429", "500"]));
      if (route.auth === "key") expect(Object.keys(op.responses)).toContain("401");
    }
  });

  it("describes the envelope, with 429 omitting data", () => {
    const op = document.paths["/market/status"]?.get as {
      responses: Record<string, { content: Record<string, { schema: Record<string, any> }> }>;
    };
    const success = op.responses["200"]?.content["application/json"]?.schema;
    expect(success?.required).toEqual(["success", "data", "error", "meta"]);
    expect(success?.properties.data.properties.currentSession.enum).toContain("After-Hours");
    const tooMany = op.responses["429"]?.content["application/json"]?.schema;
    expect(tooMany?.$ref).toBe("#/components/schemas/RateLimitEnvelope");
    expect(document.components.schemas.RateLimitEnvelope.required).not.toContain("data");
  });
});

describe("OpenAPI examples", () => {
  it("gives every operation written examples: parameters, body, success and every error", () => {
    for (const route of documented) {
      const op = operationOf(route);
      expect(
        examples[route.id],
        `${route.id}: add its examples to lib/api/openapi-examples.ts`,
      ).toBeDefined();
      for (const parameter of op.parameters.filter((p) => p.in === "path")) {
        expect(parameter.example, `${route.id} ${parameter.name}`).toBeDefined();
      }
      if (route.body) {
        expect(op.requestBody?.content["application/json"]?.example, route.id).toBeDefined();
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content["application/json"];
        const count = status.startsWith("2")
          ? Number(media?.example !== undefined)
          : Object.keys(media?.examples ?? {}).length;
        expect(count, `${route.id} ${status}`).toBeGreaterThan(0);
      }
      if (route.params || route.query || route.body) {
        expect(Object.keys(op.responses), route.id).toContain("400");
      }
    }
  });

  it("has request examples the route's schemas accept", () => {
    for (const route of documented) {
      const { params, query, body } = examples[route.id]?.request ?? {};
      if (route.params) validate(route.params, params ?? {}, "path");
      if (route.query) validate(route.query, query ?? {}, "query");
      if (route.body) validate(route.body, body, "body");
      if (!route.params) expect(params, route.id).toBeUndefined();
      if (!route.body) expect(body, route.id).toBeUndefined();
    }
  });

  it("has success examples that are exactly what the response schema describes", () => {
    for (const route of documented) {
      if (route.response === "raw") continue;
      const data = examples[route.id]?.data;
      const parsed = route.response.safeParse(data);
      expect(parsed.success, `${route.id}: ${parsed.error?.message}`).toBe(true);
      // Parsing drops unknown keys: equality means the example has no field the API lacks.
      expect(parsed.data, route.id).toEqual(data);
    }
  });

  it("shows the calculator an AAPL-like call and the answer the service really computes", async () => {
    const route = byId("options.calculator");
    const request = examples[route.id]?.request;
    expect(request?.body).toEqual({
      underlyingPrice: 230,
      strike: 235,
      daysToExpiration: 30,
      impliedVolatility: 28,
      right: "C",
    });
    const response = await invokeRoute(
      route,
      optionsImplementations["options.calculator"],
      gatewayEvent({ method: "POST", path: fullPath(route), body: JSON.stringify(request?.body) }),
      deps,
      "r",
    );
    expect(JSON.parse(response.body).data).toEqual(examples[route.id]?.data);
  });

  it("has example requests the service answers with 2xx (read-only operations)", async () => {
    const implementations: Record<string, unknown> = {
      ...metaImplementations,
      ...marketImplementations,
      ...optionsImplementations,
    };
    const readOnly = documented.filter(
      (route) => route.group !== "account" && route.id in implementations,
    );
    expect(readOnly.length).toBeGreaterThan(20);
    for (const route of readOnly) {
      const request = examples[route.id]?.request ?? {};
      const path = fullPath(route).replace(/\{(\w+)\}/g, (_, name) => request.params?.[name] ?? "");
      const event = {
        ...gatewayEvent({
          method: route.method,
          path,
          routeKey: routeKey(route),
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        }),
        pathParameters: request.params,
        queryStringParameters: request.query,
      };
      const implementation = implementations[route.id] as never;
      const response = await invokeRoute(route, implementation, event, deps, "r");
      expect(response.statusCode, `${route.id}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    }
  }, 60_000);

  it("answers 400 with INVALID_PARAMETER (or the route's field code) naming a real field", () => {
    for (const route of documented.filter((r) => r.params || r.query || r.body)) {
      const fieldCodes = Object.values(route.fieldErrorCodes ?? {});
      const fields = new Set(
        operationOf(route)
          .parameters.map((p) => p.name)
          .concat(
            route.body ? Object.keys((route.body as unknown as { shape: object }).shape) : [],
          ),
      );
      for (const { status, envelope } of errorExamples(route)) {
        if (status !== "400") continue;
        expect(["INVALID_PARAMETER", ...fieldCodes], route.id).toContain(envelope.error.code);
        const field = /^Invalid parameter '([^']+)': \S/.exec(envelope.error.message)?.[1] ?? "";
        expect(fields, `${route.id} ${envelope.error.message}`).toContain(field.split(/[.[]/)[0]);
        expect(envelope.error.details?.startsWith(field), route.id).toBe(true);
      }
    }
  });

  it("shows INVALID_PARAMETER under 400 only, and each status its own codes", () => {
    const allowed: Record<string, string[]> = {
      "401": ["MISSING_API_KEY", "INVALID_API_KEY", "INVALID_CREDENTIALS"],
      "403": ["KEY_REVOKED", "ORIGIN_NOT_ALLOWED", "DEMO_ACCOUNT_ONLY"],
      "404": [
        "SYMBOL_NOT_FOUND",
        "NO_DATA",
        "NO_EVENTS",
        "NO_CHART_DATA",
        "NO_CHAIN_DATA",
        "INSUFFICIENT_OPTION_DATA",
        "KEY_NOT_FOUND",
        "WEBHOOK_NOT_FOUND",
        "ALERT_NOT_FOUND",
        "ARTICLE_NOT_FOUND",
        "NO_MATCH",
        "CLUSTER_NOT_FOUND",
        "TOPIC_NOT_FOUND",
        "PRESET_NOT_FOUND",
        "NO_VERDICT",
        "HOLIDAY_CALENDAR_NOT_FOUND",
        "LANGUAGE_NOT_OFFERED",
        "TERM_NOT_FOUND",
        "CONTENT_NOT_FOUND",
      ],
      "409": [
        "EMAIL_ALREADY_REGISTERED",
        "KEY_NAME_TAKEN",
        "KEY_IN_USE",
        "WEBHOOK_LIMIT_REACHED",
        "ALERT_LIMIT_REACHED",
        "WEBHOOK_DISABLED",
      ],
      "413": ["PAYLOAD_TOO_LARGE"],
      "429": ["RATE_LIMIT_EXCEEDED"],
      "500": ["INTERNAL_ERROR", "AI_ERROR"],
      "502": ["SEND_FAILED"],
      "503": [
        "RATE_LIMITER_UNAVAILABLE",
        "REQUEST_TIMEOUT",
        "DATABASE_UNAVAILABLE",
        "MARKET_DATA_UNAVAILABLE",
        "COMPANY_DATA_UNAVAILABLE",
        "NOVA_UNAVAILABLE",
        "QUEUE_UNAVAILABLE",
        "NEWS_UNAVAILABLE",
        "REPORT_UNAVAILABLE",
        "FX_DATA_UNAVAILABLE",
        "CONGRESSIONAL_DATA_UNAVAILABLE",
        "FDA_DATA_UNAVAILABLE",
      ],
    };
    for (const route of documented) {
      const codes = codesByStatus(route);
      for (const [status, found] of Object.entries(codes)) {
        if (status === "400") continue;
        expect(allowed[status], `${route.id} ${status}`).toEqual(expect.arrayContaining(found));
      }
      // A sent key is checked and counted on every route, keyless and unmetered ones included.
      expect(codes["401"], route.id).toContain("INVALID_API_KEY");
      if (route.auth === "key") expect(codes["401"], route.id).toContain("MISSING_API_KEY");
      expect(codes["403"], route.id).toContain("KEY_REVOKED");
      expect(codes["413"], route.id).toEqual(route.body ? ["PAYLOAD_TOO_LARGE"] : undefined);
      expect(codes["503"], route.id).toContain("RATE_LIMITER_UNAVAILABLE");
      expect(codes["503"], route.id).toContain("REQUEST_TIMEOUT");
    }
  });

  it("lists the real answers of market.quote, options.calculator, account.register, market.scan", () => {
    const shared = {
      "401": ["MISSING_API_KEY", "INVALID_API_KEY"],
      "403": ["KEY_REVOKED"],
      "429": ["RATE_LIMIT_EXCEEDED"],
      "500": ["INTERNAL_ERROR"],
    };
    expect(codesByStatus(byId("market.quote"))).toEqual({
      ...shared,
      "400": ["INVALID_PARAMETER"],
      "404": ["SYMBOL_NOT_FOUND"],
      "503": ["RATE_LIMITER_UNAVAILABLE", "REQUEST_TIMEOUT", "MARKET_DATA_UNAVAILABLE"],
    });
    expect(codesByStatus(byId("options.calculator"))).toEqual({
      ...shared,
      "400": ["INVALID_PARAMETER"],
      "413": ["PAYLOAD_TOO_LARGE"],
      "503": ["RATE_LIMITER_UNAVAILABLE", "REQUEST_TIMEOUT"],
    });
    expect(codesByStatus(byId("account.register"))).toEqual({
      ...shared,
      "401": ["INVALID_API_KEY"],
      "400": ["INVALID_PARAMETER"],
      "409": ["EMAIL_ALREADY_REGISTERED"],
      "413": ["PAYLOAD_TOO_LARGE"],
      "503": ["RATE_LIMITER_UNAVAILABLE", "REQUEST_TIMEOUT", "DATABASE_UNAVAILABLE"],
    });
    expect(codesByStatus(byId("market.scan"))).toEqual({
      ...shared,
      "400": ["INVALID_PARAMETER"],
      "413": ["PAYLOAD_TOO_LARGE"],
      "503": ["RATE_LIMITER_UNAVAILABLE", "REQUEST_TIMEOUT", "MARKET_DATA_UNAVAILABLE"],
    });
  });

  it("shows error envelopes as sent: 429 without data, its exact message and details", () => {
    for (const route of documented) {
      for (const { status, envelope } of errorExamples(route)) {
        expect(envelope.success, route.id).toBe(false);
        expect(Object.keys(envelope.error).sort()).toEqual(["code", "details", "message"]);
        if (status !== "429") {
          expect(envelope.data, `${route.id} ${status}`).toBeNull();
          continue;
        }
        expect("data" in envelope, route.id).toBe(false);
        expect(["Per-minute rate limit exceeded.", "Daily rate limit exceeded."]).toContain(
          envelope.error.message,
        );
        expect(envelope.error.details).toMatch(/^[\w ]+: retry in \d+ seconds\.$/);
      }
    }
  });

  it("uses only error codes the code base answers", () => {
    const source = sourceText(["lib", "functions"], "openapi-examples.ts");
    for (const route of documented) {
      for (const { envelope } of errorExamples(route)) {
        expect(source, `${route.id} ${envelope.error.code}`).toContain(`"${envelope.error.code}"`);
      }
    }
  });

  it("has no generated noise: no year past 2100, no placeholder strings", () => {
    const strings = stringsIn(documented.map((route) => examplesShown(operationOf(route))));
    expect(strings.length).toBeGreaterThan(500);
    for (const text of strings) {
      for (const [year] of text.matchAll(/\b\d{4}(?=-\d\d-\d\d)/g)) {
        expect(Number(year), text).toBeGreaterThanOrEqual(2000);
        expect(Number(year), text).toBeLessThanOrEqual(2100);
      }
      expect(text).not.toBe("string");
    }
  });
});

/** What a reader sees as examples: parameters', the body's and every response's. */
function examplesShown(op: Operation): unknown[] {
  return [
    ...op.parameters.map((parameter) => parameter.example),
    ...Object.values(op.requestBody?.content ?? {}).map((media) => media.example),
    ...Object.values(op.responses).flatMap((response) =>
      Object.values(response.content).flatMap((media) => [
        media.example,
        ...Object.values(media.examples ?? {}).map((example) => example.value),
      ]),
    ),
  ];
}

describe("OpenAPI error examples are the service's real answers", () => {
  type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;
  const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

  interface Call {
    params?: Record<string, string>;
    body?: unknown;
    key?: string;
    origin?: string;
  }

  /** The route's Lambda answering one request, from an IP of its own (keyless limits). */
  async function answer(id: string, call: Call = {}): Promise<{ status: number; body: Envelope }> {
    const route = byId(id);
    const handler = ((await import(`../../functions/${route.group}.ts`)) as { handler: Handler })
      .handler;
    const path = fullPath(route).replace(/\{(\w+)\}/g, (_, name) => call.params?.[name] ?? "");
    const body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
    const event = gatewayEvent({
      method: route.method,
      path,
      routeKey: routeKey(route),
      sourceIp: `198.18.${randomByte()}.${randomByte()}`,
      ...(call.body === undefined ? {} : { body }),
    });
    if (call.params) event.pathParameters = call.params;
    if (call.key) event.headers["x-api-key"] = call.key;
    if (call.origin) event.headers.origin = call.origin;
    const response = await handler(event, context);
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }

  async function registered(): Promise<{ email: string; apiKey: string }> {
    const email = `docs-${randomUUID()}@example.com`;
    const { body } = await answer("account.register", {
      body: { email, password: "correct-horse-battery" },
    });
    return { email, apiKey: (body.data as { apiKey: string }).apiKey };
  }

  /** The example the document shows for this code, as status and error body. */
  function shown(id: string, code: string) {
    const found = errorExamples(byId(id)).find(({ envelope }) => envelope.error.code === code);
    if (!found) throw new Error(`${id} shows no ${code} example`);
    return { status: Number(found.status), error: found.envelope.error };
  }

  async function expectShown(id: string, code: string, call: Call) {
    const { status, body } = await answer(id, call);
    expect({ status, error: body.error }, `${id} ${code}`).toEqual(shown(id, code));
  }

  it("for the key checks and the body limit", async () => {
    await expectShown("market.quote", "MISSING_API_KEY", { params: { code: "AAPL_NASDAQ" } });
    await expectShown("market.quote", "INVALID_API_KEY", {
      params: { code: "AAPL_NASDAQ" },
      key: "mdk_not-a-key",
    });
    const { apiKey } = await registered();
    const { body } = await answer("account.createKey", { key: apiKey, body: { name: "ci" } });
    const revoked = (body.data as { apiKey: string; id: number }).apiKey;
    await answer("account.revokeKey", {
      key: apiKey,
      params: { keyId: String((body.data as { id: number }).id) },
    });
    await expectShown("options.calculator", "KEY_REVOKED", { key: revoked, body: {} });
    const shownSize = Number(
      /Received (\d+) bytes/.exec(
        String(shown("options.calculator", "PAYLOAD_TOO_LARGE").error.details),
      )?.[1],
    );
    await expectShown("options.calculator", "PAYLOAD_TOO_LARGE", {
      key: apiKey,
      body: JSON.stringify({ pad: "x".repeat(shownSize - `{"pad":""}`.length) }),
    });
  });

  it("for the account operations", async () => {
    const { email, apiKey } = await registered();
    await expectShown("account.register", "EMAIL_ALREADY_REGISTERED", {
      body: { email, password: "correct-horse-battery" },
    });
    await expectShown("account.login", "INVALID_CREDENTIALS", {
      body: { email, password: "not the password" },
    });
    await answer("account.createKey", { key: apiKey, body: { name: "ci" } });
    await expectShown("account.createKey", "KEY_NAME_TAKEN", { key: apiKey, body: { name: "ci" } });
    const keys = await answer("account.listKeys", { key: apiKey });
    const own = (keys.body.data as { id: number; name: string }[]).find(
      (k) => k.name === "default",
    );
    await expectShown("account.revokeKey", "KEY_IN_USE", {
      key: apiKey,
      params: { keyId: String(own?.id) },
    });
    const missing = /id (\d+)/.exec(shown("account.revokeKey", "KEY_NOT_FOUND").error.message)?.[1];
    await expectShown("account.revokeKey", "KEY_NOT_FOUND", {
      key: apiKey,
      params: { keyId: String(missing) },
    });
    await expectShown("corporate.contact", "ORIGIN_NOT_ALLOWED", {
      origin: "https://evil.example",
      body: examples["corporate.contact"]?.request.body,
    });
  });

  it("for the market operations", async () => {
    const { apiKey } = await registered();
    const codeIn = (id: string, code: string) =>
      /\b([A-Z0-9.]+_[A-Z0-9]+)\b/.exec(shown(id, code).error.message)?.[1] ?? "";
    for (const id of ["market.quote", "market.details", "market.extended", "market.technicals"]) {
      await expectShown(id, "SYMBOL_NOT_FOUND", {
        key: apiKey,
        params: { code: codeIn(id, "SYMBOL_NOT_FOUND") },
      });
    }
    for (const id of [
      "market.extended",
      "market.shortInterest",
      "market.dividends",
      "market.technicals",
    ]) {
      await expectShown(id, "NO_DATA", { key: apiKey, params: { code: codeIn(id, "NO_DATA") } });
    }
    const symbol = /symbol (\w+)/.exec(
      shown("market.exchanges", "SYMBOL_NOT_FOUND").error.message,
    )?.[1];
    await expectShown("market.exchanges", "SYMBOL_NOT_FOUND", {
      key: apiKey,
      params: { symbol: String(symbol) },
    });
  });
});

function randomByte(): number {
  return Math.floor(Math.random() * 256);
}

/** Every string under `value`, keys excluded. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The TypeScript sources under `dirs`, but for the file named `except`. */
function sourceText(dirs: string[], except: string): string {
  const root = join(import.meta.dirname, "../..");
  return dirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts") && !file.endsWith(except))
        .map((file) => readFileSync(join(root, dir, file), "utf8")),
    )
    .join("\n");
}
