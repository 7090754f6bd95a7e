import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The earnings-prediction endpoints through the local server (HTTP, the graph Lambda's handler,
 * the envelope) on the simulated world at a pinned clock.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the graph's earnings predictions over HTTP", () => {
  it("answer for a company and for the companies reporting soon", async () => {
    const one = await get("/graph/AAPL_NASDAQ/earnings-prediction");
    expect(one.status, JSON.stringify(one.body.error)).toBe(200);
    expect(one.body.data.prediction).toMatchObject({
      symbol: "AAPL",
      report: { date: "2027-01-27" },
    });

    const upcoming = await get("/graph/earnings-predictions/upcoming?days=7&limit=3");
    expect(upcoming.status, JSON.stringify(upcoming.body.error)).toBe(200);
    expect(upcoming.body.data.count).toBe(3);
    expect(upcoming.body.data.model.modelVersion).toBe(one.body.data.model.modelVersion);
  });

  it("refuse a fund and a bad window in the error envelope", async () => {
    await expectRefusals(get, [
      ["/graph/SPY_ARCA/earnings-prediction", 404, "NO_DATA", "SPY_ARCA"],
      ["/graph/earnings-predictions/upcoming?days=15", 400, "INVALID_PARAMETER", "days"],
    ]);
  });
});
