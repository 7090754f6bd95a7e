import { describe, expect, it } from "vitest";
import { FDA_ROW_SOURCES } from "../../lib/fda/ports";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The FDA routes (fda.upcoming, fda.approvals, fda.ticker) through the local server (HTTP, the
 * fda Lambda's handler) at a pinned clock, and their refusals.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the FDA catalysts over HTTP", () => {
  it("lists upcoming events, recent decisions and a company's catalysts", async () => {
    const upcoming = await get("/fda/upcoming?days=120&limit=5");
    expect(upcoming.status, JSON.stringify(upcoming.body.error)).toBe(200);
    expect(upcoming.body.data.events.length).toBeGreaterThan(0);
    expect(upcoming.body.data.events.length).toBeLessThanOrEqual(5);
    const next = await get(
      `/fda/upcoming?days=120&limit=5&cursor=${upcoming.body.data.nextCursor}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.data.events[0].date >= upcoming.body.data.events.at(-1).date).toBe(true);

    const approvals = await get("/fda/approvals?days=365");
    expect(approvals.status, JSON.stringify(approvals.body.error)).toBe(200);
    expect(approvals.body.data.summary.decisions).toBeGreaterThan(10);

    const lilly = await get("/fda/ticker/LLY_NYSE?days=730");
    expect(lilly.status, JSON.stringify(lilly.body.error)).toBe(200);
    expect(lilly.body.data.covered).toBe(true);
    const rows = [
      ...upcoming.body.data.events,
      ...approvals.body.data.events,
      ...lilly.body.data.events,
    ];
    for (const row of rows) expect(FDA_ROW_SOURCES).toContain(row.source);
  });

  it("refuses in the error envelope, naming the field or the contract", async () => {
    await expectRefusals(get, [
      ["/fda/upcoming?days=366", 400, "INVALID_PARAMETER", "days"],
      ["/fda/upcoming?type=approval", 400, "INVALID_PARAMETER", "type"],
      ["/fda/approvals?limit=201", 400, "INVALID_PARAMETER", "limit"],
      ["/fda/approvals?cursor=bogus", 400, "INVALID_PARAMETER", "cursor"],
      ["/fda/ticker/LLY", 400, "INVALID_PARAMETER", "code"],
      ["/fda/ticker/AAPX_NASDAQ", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/fda/ticker/SPX_INDEX", 404, "NO_DATA", "SPX_INDEX"],
    ]);
  });
});
