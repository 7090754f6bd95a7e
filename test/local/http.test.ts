import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIERS } from "../../lib/account/tiers";
import { describedEndpoints } from "../../lib/api/descriptor";
import { ROUTES } from "../../lib/api/groups/registry";
import type { LocalRuntime } from "../../local/runtime";
import { registerAccount } from "../setup/accounts";
import { fetchFrom } from "../setup/http";
import { startTestApi } from "../setup/local-api";

/** End to end through the local HTTP server, the Lambda handlers and the envelope. */

let api: LocalRuntime;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

async function getJson(path: string, init?: { method?: string; headers?: Record<string, string> }) {
  const response = await fetchFrom(`${api.origin}${path}`, init);
  return { response, body: (await response.json()) as Record<string, any> };
}

describe("GET /v1 (service descriptor)", () => {
  it("is online, needs no key and counts the route table", async () => {
    const { response, body } = await getJson("/v1");
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);
    const served = describedEndpoints(ROUTES);
    expect(body.data.status).toBe("online");
    expect(body.data.apiVersion).toBe("v1");
    expect(body.data.surface.endpoints).toBe(served.length);
    expect(body.data.surface.controllers).toBe(
      new Set(served.map((r) => r.controller ?? r.group)).size,
    );
    expect(Object.values(body.data.endpoints).flat()).toHaveLength(served.length);
    expect(Object.values(body.data.endpoints).flat()).toContain("GET /v1/market/status");
    expect(body.data.documentation).toBe(`${api.origin}/docs`);
    expect(body.data.swagger).toBe(`${api.origin}/swagger/v1/swagger.json`);
    expect(body.data.authentication.name).toBe("X-Api-Key");
  });

  it("links only to http(s) URLs on a well-formed host, whatever the client sends", async () => {
    const spoofed = await getJson("/v1", {
      headers: { host: "evil.example", "x-forwarded-proto": "javascript" },
    });
    expect(spoofed.body.data.documentation).toBe("http://evil.example/docs");
    const malformed = await getJson("/v1", { headers: { host: "evil.example/<script>" } });
    expect(malformed.body.data.documentation).toBe("http://localhost/docs");
  });

  it("gives every response a unique request id, echoed in X-Request-Id", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { response, body } = await getJson("/v1");
        expect(response.headers.get("x-request-id")).toBe(body.meta.requestId);
        expect(body.meta.version).toBe("v1");
        expect(new Date(body.meta.timestamp).toISOString()).toBe(body.meta.timestamp);
        return body.meta.requestId as string;
      }),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("GET /v1/account/tiers", () => {
  it("returns the spec's tier table without a key", async () => {
    const { response, body } = await getJson("/v1/account/tiers");
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(body.data.map((tier: { name: string }) => [tier.name, tier]));
    expect(byName.Free).toMatchObject({
      id: 0,
      perMinuteLimit: 60,
      dailyLimit: 1000,
      monthlyPrice: 0,
    });
    expect(byName.Starter).toMatchObject({
      id: 1,
      perMinuteLimit: 60,
      dailyLimit: 10000,
      monthlyPrice: 49,
    });
    expect(byName.Professional).toMatchObject({
      id: 2,
      perMinuteLimit: 300,
      dailyLimit: 50000,
      monthlyPrice: 199,
    });
    expect(byName.Business).toMatchObject({
      perMinuteLimit: 1000,
      dailyLimit: null,
      monthlyPrice: null,
    });
    expect(byName.Enterprise).toMatchObject({ dailyLimit: null, monthlyPrice: null });
    expect(body.data).toHaveLength(TIERS.length);
  });
});

describe("GET /v1/market/status", () => {
  it("answers the session clock with every field of the spec", async () => {
    const { apiKey } = await registerAccount(api.apiUrl);
    const { response, body } = await getJson("/v1/market/status", {
      headers: { "x-api-key": apiKey },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(body.data)).toEqual(
      expect.arrayContaining([
        "currentSession",
        "nextSession",
        "secondsToNextSession",
        "isWeekend",
        "isHoliday",
        "currentTimeEst",
        "serverTimeUtc",
        "nextSessionStartUtc",
      ]),
    );
    const now = Date.parse(body.data.serverTimeUtc);
    expect(Math.abs(now - Date.now())).toBeLessThan(5000);
    expect(Date.parse(body.data.nextSessionStartUtc)).toBeGreaterThan(now);
  });
});

describe("errors", () => {
  it("answers an unknown path with a 404 envelope", async () => {
    for (const path of ["/v1/nope", "/v1/market/status/extra", "/nope", "/v2/market/status"]) {
      const { response, body } = await getJson(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(body).toMatchObject({ success: false, data: null, error: { code: "NOT_FOUND" } });
    }
  });

  it("sends a path with a trailing slash on to the route without it (308)", async () => {
    // OpenAPI tools write the descriptor as /v1/ (server /v1, path /).
    for (const [path, location] of [
      ["/v1/", "/v1"],
      ["/v1/market/status/?x=1", "/v1/market/status?x=1"],
    ]) {
      const response = await fetchFrom(`${api.origin}${path}`);
      expect(response.status, path).toBe(308);
      expect(response.headers.get("location"), path).toBe(location);
    }
    const followed = await fetch(`${api.origin}/v1/`);
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as { data: { status: string } }).data.status).toBe("online");
    expect((await fetchFrom(`${api.origin}/v1/nope/`)).status).toBe(404);
  });

  it("answers a known path with another method with 405 and an empty body", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await fetchFrom(`${api.apiUrl}/market/status`, { method, body: "{}" });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET");
      expect(response.headers.get("content-type")).toBeNull();
      expect(await response.text()).toBe("");
    }
  });
});

describe("documentation", () => {
  it("serves the OpenAPI document and the docs page assets", async () => {
    const { response, body } = await getJson("/swagger/v1/swagger.json");
    expect(response.status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const page = await fetch(`${api.origin}/docs`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "docs-init.js"]) {
      const asset = await fetch(`${api.origin}/docs/${file}`);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(/charset=utf-8$/);
      expect((await asset.text()).length).toBeGreaterThan(10);
    }
  });

  it("refuses unknown asset names without touching the file system", async () => {
    for (const file of ["..%2F..%2Fpackage.json", "index.html", "swagger-ui.js.map"]) {
      const { response, body } = await getJson(`/docs/${file}`);
      expect(response.status, file).toBe(404);
      expect(body.error.code).toBe("NOT_FOUND");
    }
  });
});
