import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../lib/api/openapi";
import { fullPath, routeKey } from "../../lib/api/route";
import { ROUTES } from "../../lib/api/routes";

const document = buildOpenApiDocument(ROUTES);

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (third-party validator)", async () => {
    const copy = structuredClone(document);
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeDefined();
    expect(document.openapi).toBe("3.1.0");
  });

  it("lists every versioned, visible route as one operation", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} /v1${path === "/" ? "" : path}`,
      ),
    );
    const expected = ROUTES.filter((r) => r.versioned !== false && !r.hidden).map(routeKey);
    expect(documented.sort()).toEqual(expected.sort());
    const ids = Object.values(document.paths).flatMap((ops) =>
      Object.values(ops).map((op) => (op as { operationId: string }).operationId),
    );
    expect(ids.sort()).toEqual(
      ROUTES.filter((r) => r.versioned !== false && !r.hidden)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("marks key routes with the X-Api-Key scheme and keyless ones with none", () => {
    expect(document.components.securitySchemes.ApiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    for (const route of ROUTES.filter((r) => r.versioned !== false && !r.hidden)) {
      const path = fullPath(route).slice(3) || "/";
      const op = document.paths[path]?.[route.method.toLowerCase()] as {
        security: unknown[];
        responses: Record<string, unknown>;
      };
      expect(op.security, route.id).toEqual(route.auth === "key" ? [{ ApiKey: [] }] : []);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "429", "500"]));
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
