import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** The content group through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the content group over HTTP", () => {
  it("serves languages, regions, the glossary, regional content and documents", async () => {
    const languages = await get("/languages");
    expect(languages.status, JSON.stringify(languages.body.error)).toBe(200);
    expect(languages.body.data.languages).toHaveLength(7);
    const regions = await get("/languages/pt/regions");
    expect(regions.status).toBe(200);
    expect(regions.body.data.regions.map((r: { code: string }) => r.code)).toContain("BR");
    const glossary = await get("/glossary?category=volatility&limit=3");
    expect(glossary.status).toBe(200);
    expect(glossary.body.data.terms).toHaveLength(3);
    const next = await get(
      `/glossary?category=volatility&limit=3&cursor=${glossary.body.data.nextCursor}`,
    );
    expect(next.body.data.terms[0].slug > glossary.body.data.terms[2].slug).toBe(true);
    const categories = await get("/glossary/categories");
    expect(categories.status).toBe(200);
    expect(categories.body.data.total).toBeGreaterThanOrEqual(150);
    const term = await get("/glossary/max-pain");
    expect(term.status).toBe(200);
    expect(term.body.data.endpoint).toEqual({ method: "GET", path: "/options/{code}/max-pain" });
    const regional = await get("/regional-content?lang=es&country=MX");
    expect(regional.status).toBe(200);
    expect(regional.body.data.marketHours.localTimeZone).toBe("America/Mexico_City");
    expect(regional.body.data.country.name).toBe("México");
    const document = await get("/content/faq/general");
    expect(document.status).toBe(200);
    expect(document.body.data.sections.length).toBeGreaterThan(0);
  });

  it("places the caller (loopback here) and the address it asks about", async () => {
    const self = await get("/geo");
    expect(self.status, JSON.stringify(self.body.error)).toBe(200);
    // The test client connects from a 127.x.y.z address of its own (test/setup/http.ts).
    expect(self.body.data.ip).toMatch(/^127\./);
    expect(self.body.data).toMatchObject({
      network: "127.0.0.0/8",
      source: "request",
      status: "unknown",
      addressType: "loopback",
      country: null,
    });
    const other = await get("/geo?ip=193.0.6.139");
    expect(other.body.data).toMatchObject({ source: "query", country: { code: "NL" } });
  });

  it("refuses in the error envelope, naming the field", async () => {
    await expectRefusals(get, [
      ["/languages/english/regions", 400, "INVALID_PARAMETER", "lang"],
      ["/languages/sw/regions", 404, "LANGUAGE_NOT_OFFERED", "Swahili"],
      ["/glossary?limit=0", 400, "INVALID_PARAMETER", "limit"],
      ["/glossary/gamma-squeeze", 404, "TERM_NOT_FOUND", "gamma-squeeze"],
      ["/glossary/Gamma_Squeeze", 400, "INVALID_PARAMETER", "slug"],
      ["/regional-content?country=DE", 400, "INVALID_PARAMETER", "lang"],
      ["/regional-content?lang=de", 400, "INVALID_PARAMETER", "country"],
      ["/regional-content", 400, "INVALID_PARAMETER", "lang"],
      ["/content/help/billing", 404, "CONTENT_NOT_FOUND", "billing"],
      ["/content/help/Billing!", 400, "INVALID_PARAMETER", "key"],
      ["/geo?ip=not-an-address", 400, "INVALID_PARAMETER", "ip"],
    ]);
  });
});
