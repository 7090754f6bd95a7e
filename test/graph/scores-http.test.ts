import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The graph's score, fragility, brief and screener endpoints through the local server (HTTP,
 * the graph Lambda's handler, the envelope) on the simulated world at a pinned clock.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get, post } = localApiWithKey();

describe("the graph's judgements over HTTP", () => {
  it("score, fragility, summary and report a company", async () => {
    const score = await get("/graph/AAPL_NASDAQ/score");
    expect(score.status, JSON.stringify(score.body.error)).toBe(200);
    expect(score.body.data).toMatchObject({ symbol: "AAPL", date: "2026-11-20" });
    expect(score.body.data.history).toHaveLength(13);

    const fragility = await get("/graph/AAPL_NASDAQ/fragility");
    expect(fragility.status, JSON.stringify(fragility.body.error)).toBe(200);
    expect(fragility.body.data.altmanZ.zone).toBe("safe");

    const summary = await get("/graph/AAPL_NASDAQ/summary");
    expect(summary.status, JSON.stringify(summary.body.error)).toBe(200);
    expect(summary.body.data.score).toBe(score.body.data.score);

    const report = await get("/graph/AAPL_NASDAQ/report");
    expect(report.status, JSON.stringify(report.body.error)).toBe(200);
    expect(report.body.data.sections).toHaveLength(6);
    expect(report.body.data.cacheTtlSeconds).toBe(3600);
  });

  it("screen, list and run presets, run a custom screen and rank the week's changes", async () => {
    const screen = await post("/graph/screen", { filters: { score: { min: 55 } }, limit: 5 });
    expect(screen.status, JSON.stringify(screen.body.error)).toBe(200);
    expect(screen.body.data.universe).toBe(130);

    const presets = await get("/graph/screener/presets");
    expect(presets.status).toBe(200);
    const name = presets.body.data.presets[0].name;
    const run = await get(`/graph/screener/run/${name}`);
    expect(run.status, JSON.stringify(run.body.error)).toBe(200);
    expect(run.body.data.preset.name).toBe(name);

    const custom = await post("/graph/screener/custom", {
      name: "Scored",
      filters: { score: { min: 55 } },
      limit: 5,
    });
    expect(custom.status, JSON.stringify(custom.body.error)).toBe(200);
    expect(custom.body.data.rows).toEqual(screen.body.data.rows);

    const recent = await get("/graph/scores/recent?limit=3&direction=down");
    expect(recent.status, JSON.stringify(recent.body.error)).toBe(200);
    expect(recent.body.data.changes).toHaveLength(3);
  });

  it("refuse in the error envelope", async () => {
    await expectRefusals(get, [
      ["/graph/SPY_ARCA/score", 404, "NO_DATA", "SPY_ARCA"],
      ["/graph/screener/run/cheap-stocks", 404, "PRESET_NOT_FOUND", "cheap-stocks"],
      ["/graph/scores/recent?limit=0", 400, "INVALID_PARAMETER", "limit"],
    ]);
    const refused = await post("/graph/screen", { filters: { momentum: { min: 1 } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("momentum");
  });
});
