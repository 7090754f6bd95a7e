import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * Sectors, breadth, movers and the market-wide unusual options flow through the local server
 * (HTTP, the market-analysis Lambda's handler, the envelope) at a pinned clock.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the market's state over HTTP", () => {
  it("serves breadth, sectors, movers and the unusual options flow", async () => {
    const breadth = await get("/market/analysis/breadth");
    expect(breadth.status, JSON.stringify(breadth.body.error)).toBe(200);
    const { advancers, decliners, unchanged, counted } = breadth.body.data;
    expect(advancers + decliners + unchanged).toBe(counted);

    const sectors = await get("/market/analysis/sectors");
    expect(sectors.status, JSON.stringify(sectors.body.error)).toBe(200);
    expect(sectors.body.data.sectors).toHaveLength(11);

    const movers = await get("/market/analysis/movers?limit=3");
    expect(movers.status, JSON.stringify(movers.body.error)).toBe(200);
    expect(movers.body.data.gainers.length).toBeLessThanOrEqual(3);

    const flow = await get("/market/analysis/options-unusual?limit=5");
    expect(flow.status, JSON.stringify(flow.body.error)).toBe(200);
    expect(flow.body.data.prints.length).toBeLessThanOrEqual(5);
  });

  it("refuses a bad limit or premium in the error envelope", async () => {
    await expectRefusals(get, [
      ["/market/analysis/movers?limit=51", 400, "INVALID_PARAMETER", "limit"],
      ["/market/analysis/options-unusual?minPremium=-1", 400, "INVALID_PARAMETER", "minPremium"],
    ]);
  });
});
