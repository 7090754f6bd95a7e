import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** The committee through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get, post } = localApiWithKey();

describe("the intelligence committee over HTTP", () => {
  it("runs an analysis, then serves the stored verdict as conviction", async () => {
    const analysis = await get("/intelligence/HD_NYSE/analysis?targetDte=45");
    expect(analysis.status, JSON.stringify(analysis.body.error)).toBe(200);
    const verdict = analysis.body.data;
    expect(verdict.target.targetDte).toBe(45);
    expect(verdict.specialists).toHaveLength(7);
    const stored = await get("/intelligence/HD_NYSE/conviction");
    expect(stored.status, JSON.stringify(stored.body.error)).toBe(200);
    expect(stored.body.data).toEqual(verdict);
    expect(Object.keys(stored.body.data)).toEqual(
      expect.arrayContaining(["FinalVerdict", "FinalConviction", "CommitteeAgreement"]),
    );
  });

  it("compares stocks", async () => {
    const compared = await post("/intelligence/compare", { symbols: ["HD", "LOW"] });
    expect(compared.status, JSON.stringify(compared.body.error)).toBe(200);
    expect(compared.body.data.ranking).toHaveLength(2);
  });

  it("refuses in the error envelope, naming the field", async () => {
    await expectRefusals(get, [
      ["/intelligence/SPY_ARCA/analysis", 404, "NO_DATA", "SPY_ARCA"],
      ["/intelligence/HD_NYSE/analysis?targetDte=400", 400, "INVALID_PARAMETER", "targetDte"],
      ["/intelligence/AAPX_NASDAQ/conviction", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
    ]);
    const refused = await post("/intelligence/compare", { symbols: ["HD", "HD"] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("symbols[1]");
  });
});
