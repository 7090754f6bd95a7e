import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** The stock screener through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get, post } = localApiWithKey();

describe("the stock screener over HTTP", () => {
  it("lists and runs presets, scans, and lists earnings predictions", async () => {
    const presets = await get("/screener/presets");
    expect(presets.status, JSON.stringify(presets.body.error)).toBe(200);
    const value = await get("/screener/presets/value");
    expect(value.status, JSON.stringify(value.body.error)).toBe(200);
    expect(value.body.data.matched).toBeGreaterThan(0);
    const scan = await post("/screener/scan", {
      filters: [{ field: "peTrailing", operator: "lt", value: 15 }],
      limit: 5,
    });
    expect(scan.status, JSON.stringify(scan.body.error)).toBe(200);
    expect(scan.body.data.rows.length).toBeLessThanOrEqual(5);
    const predictions = await get("/screener/earnings-predictions?days=7&limit=3");
    expect(predictions.status, JSON.stringify(predictions.body.error)).toBe(200);
    expect(predictions.body.data.predictions.length).toBeLessThanOrEqual(3);
  });

  it("refuses in the error envelope, naming the field", async () => {
    await expectRefusals(get, [
      ["/screener/presets/cheap", 404, "PRESET_NOT_FOUND", "cheap"],
      ["/screener/earnings-predictions?days=15", 400, "INVALID_PARAMETER", "days"],
    ]);
    const refused = await post("/screener/scan", {
      filters: [{ field: "momentum", operator: "gt", value: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("filters[0].field");
  });
});
