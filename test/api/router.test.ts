import { describe, expect, it } from "vitest";
import type { RouteSpec } from "../../lib/api/route";
import { createRouter } from "../../lib/api/router";

const base = { auth: "key", summary: "", response: "raw" } as const;
const routes: RouteSpec[] = [
  { ...base, id: "meta.descriptor", group: "meta", method: "GET", path: "/" },
  {
    ...base,
    id: "market.quote",
    group: "market",
    method: "GET",
    path: "/market/stocks/{code}/quote",
  },
  { ...base, id: "account.keys", group: "account", method: "GET", path: "/account/keys" },
  { ...base, id: "account.createKey", group: "account", method: "POST", path: "/account/keys" },
  {
    ...base,
    id: "account.revoke",
    group: "account",
    method: "DELETE",
    path: "/account/keys/{keyId}",
  },
  { ...base, id: "docs.page", group: "docs", method: "GET", path: "/docs", versioned: false },
];
const router = createRouter(routes);

describe("router", () => {
  it("matches the descriptor at /v1", () => {
    const found = router.match("GET", "/v1");
    expect(found).toMatchObject({ kind: "route", routeKey: "GET /v1" });
  });

  it("extracts and decodes path parameters", () => {
    const found = router.match("GET", "/v1/market/stocks/BRK.B_NYSE%20X/quote");
    expect(found).toMatchObject({
      kind: "route",
      routeKey: "GET /v1/market/stocks/{code}/quote",
      pathParameters: { code: "BRK.B_NYSE X" },
    });
  });

  it("keeps undecodable escapes as written", () => {
    const found = router.match("GET", "/v1/market/stocks/%E0%A4%A/quote");
    expect(found).toMatchObject({ pathParameters: { code: "%E0%A4%A" } });
  });

  it("prefers a literal segment to a parameter, whatever the declaration order", () => {
    const profile = { ...base, group: "company", method: "GET" } as const;
    const declared: RouteSpec[] = [
      { ...profile, id: "company.profile", path: "/company/{code}" },
      { ...profile, id: "company.search", path: "/company/search" },
    ];
    for (const order of [declared, [...declared].reverse()]) {
      const companies = createRouter(order);
      expect(companies.match("GET", "/v1/company/search")).toMatchObject({
        routeKey: "GET /v1/company/search",
      });
      expect(companies.match("GET", "/v1/company/AAPL_NASDAQ")).toMatchObject({
        routeKey: "GET /v1/company/{code}",
        pathParameters: { code: "AAPL_NASDAQ" },
      });
    }
  });

  it("chooses by method on a shared path", () => {
    expect(router.match("POST", "/v1/account/keys")).toMatchObject({
      routeKey: "POST /v1/account/keys",
    });
    expect(router.match("get", "/v1/account/keys")).toMatchObject({
      routeKey: "GET /v1/account/keys",
    });
  });

  it("reports the allowed methods for a known path", () => {
    expect(router.match("PUT", "/v1/account/keys")).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "POST"],
    });
  });

  it.each([
    "/v1/market/stocks//quote",
    "/v1/account/keys/1/extra",
    "/v2/account/keys",
    "/docs/",
    "/",
  ])("does not match %s", (path) => {
    expect(router.match("GET", path)).toEqual({ kind: "not-found" });
  });

  it("serves unversioned routes outside /v1", () => {
    expect(router.match("GET", "/docs")).toMatchObject({ kind: "route", routeKey: "GET /docs" });
    expect(router.match("GET", "/v1/docs")).toEqual({ kind: "not-found" });
  });

  it("finds routes by API Gateway route key", () => {
    expect(router.byRouteKey("DELETE /v1/account/keys/{keyId}")?.id).toBe("account.revoke");
    expect(router.byRouteKey("$default")).toBeUndefined();
  });
});
