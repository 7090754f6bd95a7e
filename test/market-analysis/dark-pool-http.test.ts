import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The dark-pool endpoints through the local server (HTTP, the market-analysis Lambda's handler
 * and wiring, the envelope) on the simulated world at a pinned clock.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the dark-pool endpoints over HTTP", () => {
  it("serve a security's 30 sessions", async () => {
    const answer = await get("/market/analysis/dark-pool/AAPL_NASDAQ");
    expect(answer.status, JSON.stringify(answer.body.error)).toBe(200);
    expect(answer.body.data).toMatchObject({
      symbol: "AAPL",
      source: "sim",
      from: "2026-10-12",
      to: "2026-11-20",
      sessions: 30,
    });
    expect(answer.body.data.days).toHaveLength(30);
  });

  it("rank the highest short ratios, not taking the literal path for a code", async () => {
    const answer = await get(
      "/market/analysis/dark-pool/high-short-ratio?limit=5&minVolume=1000000",
    );
    expect(answer.status, JSON.stringify(answer.body.error)).toBe(200);
    expect(answer.body.data.rows).toHaveLength(5);
    expect(answer.body.data.rows[0].rank).toBe(1);
    expect(answer.body.data.to).toBe("2026-11-20");
  });

  it("serve the dark-pool index over the large caps", async () => {
    const answer = await get("/market/analysis/dark-money-flow?days=10&limit=3");
    expect(answer.status, JSON.stringify(answer.body.error)).toBe(200);
    expect(answer.body.data.history).toHaveLength(10);
    expect(answer.body.data.contributions).toHaveLength(3);
    expect(answer.body.data.latest.indexPercent).toBeGreaterThan(40);
    expect(answer.body.data.latest.indexPercent).toBeLessThan(60);
  });

  it("refuse in the error envelope", async () => {
    await expectRefusals(get, [
      ["/market/analysis/dark-pool/SPX_INDEX", 404, "NO_DATA", "SPX_INDEX"],
      ["/market/analysis/dark-pool/AAPX_NASDAQ", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/market/analysis/dark-pool/high-short-ratio?days=31", 400, "INVALID_PARAMETER", "days"],
      ["/market/analysis/dark-money-flow?limit=0", 400, "INVALID_PARAMETER", "limit"],
    ]);
  });
});
