import { describe, expect, it } from "vitest";
import { localApiWithKey } from "../setup/keyed-api";

/**
 * The hedge endpoints through the local server (HTTP, the hedge Lambda's handler, the
 * envelope) with the simulated market's clock pinned: each answers, and the refusals arrive in
 * the error envelope.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get, post } = localApiWithKey();

describe("the hedge endpoints over HTTP", () => {
  it("GET /hedge/strategies lists the catalogue, filtered by optionType", async () => {
    const all = await get("/hedge/strategies");
    expect(all.status).toBe(200);
    expect(all.body.data.strategies.length).toBe(12);
    const calls = await get("/hedge/strategies?optionType=call");
    expect(
      calls.body.data.strategies.every((s: { optionType: string }) => s.optionType === "call"),
    ).toBe(true);
    const bad = await get("/hedge/strategies?optionType=straddle");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("optionType");
  });

  it("POST /hedge/suggest answers ranked hedges with rationales, 400 for optionType C", async () => {
    const { status, body } = await post("/hedge/suggest", {
      positions: { symbol: "AAPL", quantity: 300 },
      optionType: "put",
    });
    expect(status).toBe(200);
    expect(body.data.suggestions[0]).toMatchObject({ rank: 1, rationale: expect.any(String) });
    const refused = await post("/hedge/suggest", {
      positions: { symbol: "AAPL", quantity: 300 },
      optionType: "C",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "INVALID_PARAMETER" });
    expect(refused.body.error.message).toContain("optionType");
    expect(refused.body.data).toBeNull();
  });

  it("POST /hedge/analyze answers the figures and a 121-point curve", async () => {
    const suggested = await post("/hedge/suggest", {
      positions: [{ symbol: "AAPL", quantity: 300 }],
      optionType: "put",
    });
    const put = suggested.body.data.suggestions.find(
      (s: { strategy: string }) => s.strategy === "protective-put",
    );
    const { status, body } = await post("/hedge/analyze", {
      positions: [{ symbol: "AAPL", quantity: 300 }],
      hedge: put.legs.map((leg: { contract: string; quantity: number }) => ({
        contract: leg.contract,
        quantity: leg.quantity,
      })),
    });
    expect(status).toBe(200);
    expect(body.data.floor).toBe(put.floor);
    expect(body.data.curve.points).toHaveLength(121);
    const unknown = await post("/hedge/analyze", {
      positions: [{ symbol: "AAPL", quantity: 300 }],
      hedge: [{ contract: "ZZZZ261218P00190000", quantity: 1 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NO_CHAIN_DATA");
  });
});
