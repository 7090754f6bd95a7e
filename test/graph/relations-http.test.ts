import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The graph's relation endpoints through the local server (HTTP, the graph Lambda's handler,
 * the envelope) on the simulated world at a pinned clock: every endpoint answers, the coverage
 * needs no key (spec fact 12), the bulk list streams CSV on request, and refusals arrive in the
 * error envelope naming the field (spec fact 9 for search).
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get, raw } = localApiWithKey();

async function ok(path: string) {
  const { status, body } = await get(path);
  expect(status, `${path}: ${JSON.stringify(body.error)}`).toBe(200);
  return body.data;
}

describe("the graph's relation endpoints over HTTP", () => {
  it("answer for a company, and the ids they give resolve", async () => {
    const suppliers = await ok("/graph/AAPL_NASDAQ/suppliers");
    expect(suppliers.count).toBeGreaterThan(0);
    const listed = suppliers.suppliers.find(
      (row: { company: { code: string | null } }) => row.company.code,
    );
    const customers = await ok(`/graph/${listed.company.code}/customers`);
    expect(
      customers.customers.map((row: { company: { symbol: string } }) => row.company.symbol),
    ).toContain("AAPL");
    for (const path of [
      "/graph/AAPL_NASDAQ/competitors",
      "/graph/AAPL_NASDAQ/peers",
      "/graph/AAPL_NASDAQ/related?limit=5",
      "/graph/AAPL_NASDAQ/network?depth=2&maxNodes=50",
      "/graph/AAPL_NASDAQ/supply-chain/impact?depth=2&shockPercent=-10",
      "/graph/AAPL_NASDAQ/details",
      "/graph/AAPL_NASDAQ/filings?limit=5",
      "/graph/search?q=apple",
      "/graph/compare?symbols=AAPL,MSFT",
      "/graph/supply-chain/bulk?limit=5",
      "/graph/AAPL_NASDAQ/cascade-risk?depth=2&limit=5",
    ]) {
      await ok(path);
    }
  });

  it("serve the coverage without a key, and the bulk list as CSV", async () => {
    const coverage = await raw("GET", "/graph/supply-chain/coverage", undefined, false);
    expect(coverage.status).toBe(200);
    const { data } = (await coverage.json()) as { data: { available: boolean; edges: number } };
    expect(data.available).toBe(true);
    expect(data.edges).toBeGreaterThan(0);

    const csv = await raw("GET", "/graph/supply-chain/bulk?limit=3&format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("x-total-rows")).toBe(String(data.edges));
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]?.startsWith("supplierId,supplierName,supplierSymbol,customerId")).toBe(true);
    expect(lines.length).toBe(4);
  });

  it("refuse bad input with 400 naming the field, and unknown codes or names with 404", async () => {
    await expectRefusals(get, [
      ["/graph/search", 400, "INVALID_PARAMETER", "'q'"],
      ["/graph/search?q=zyxwvut", 404, "NO_MATCH", "zyxwvut"],
      ["/graph/compare?symbols=AAPL", 400, "INVALID_PARAMETER", "'symbols'"],
      ["/graph/AAPL_NASDAQ/network?depth=0", 400, "INVALID_PARAMETER", "'depth'"],
      ["/graph/AAPL_NASDAQ/related?types=friends", 400, "INVALID_PARAMETER", "'types'"],
      ["/graph/AAPX_NASDAQ/suppliers", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/graph/SPY_ARCA/details", 404, "NO_DATA", "SPY_ARCA"],
      ["/graph/AAPL_NASDAQ/cascade-risk?decay=2", 400, "INVALID_PARAMETER", "'decay'"],
    ]);
  });
});
