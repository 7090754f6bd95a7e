import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** Congressional trades through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("congressional trades over HTTP", () => {
  it("lists recent disclosures, a ticker's trades and the top traders", async () => {
    const recent = await get("/congressional/recent?days=7&limit=3");
    expect(recent.status, JSON.stringify(recent.body.error)).toBe(200);
    expect(recent.body.data.source).toBe("sim");
    expect(recent.body.data.trades).toHaveLength(3);
    const row = recent.body.data.trades[0];
    expect(Date.parse(row.disclosedAt)).toBeLessThanOrEqual(Date.parse("2026-11-23T15:00:00Z"));
    expect(row.filingUrl).toMatch(/^https:\/\/disclosures\.example\.com\/simulated\//);

    const ticker = await get(`/congressional/ticker/${row.code}?days=365&limit=5`);
    expect(ticker.status, JSON.stringify(ticker.body.error)).toBe(200);
    expect(ticker.body.data.code).toBe(row.code);
    expect(ticker.body.data.trades.map((t: { id: string }) => t.id)).toContain(row.id);

    const top = await get("/congressional/top-traders?sort=trades&limit=5");
    expect(top.status, JSON.stringify(top.body.error)).toBe(200);
    expect(top.body.data.traders).toHaveLength(5);
    expect(top.body.data.traders[0].rank).toBe(1);
  });

  it("refuses in the error envelope, naming the field", async () => {
    await expectRefusals(get, [
      ["/congressional/recent?days=731", 400, "INVALID_PARAMETER", "days"],
      ["/congressional/recent?transactionType=buy", 400, "INVALID_PARAMETER", "transactionType"],
      ["/congressional/recent?cursor=nope", 400, "INVALID_PARAMETER", "cursor"],
      ["/congressional/ticker/AAPL", 400, "INVALID_PARAMETER", "code"],
      ["/congressional/ticker/AAPX_NASDAQ", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/congressional/top-traders?sort=profit", 400, "INVALID_PARAMETER", "sort"],
    ]);
  });
});
