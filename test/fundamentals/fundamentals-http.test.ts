import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The fundamentals endpoints through the local server (HTTP, the fundamentals Lambda's
 * handler, the envelope) on the simulated world at a pinned clock.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the fundamentals over HTTP", () => {
  it("serve a company's statements and ratios", async () => {
    const financials = await get("/fundamentals/AAPL_NASDAQ/financials?years=12");
    expect(financials.status, JSON.stringify(financials.body.error)).toBe(200);
    expect(financials.body.data.window).toEqual({ fromYear: 2014, toYear: 2026 });
    expect(financials.body.data.statements[0].fiscalYear).toBe(2025);

    const ratios = await get("/fundamentals/AAPL_NASDAQ/ratios");
    expect(ratios.status, JSON.stringify(ratios.body.error)).toBe(200);
    expect(ratios.body.data.valuation.peTrailing).toBeGreaterThan(0);
  });

  it("refuse in the error envelope", async () => {
    await expectRefusals(get, [
      ["/fundamentals/AAPL_NASDAQ/financials?years=-1", 400, "INVALID_PARAMETER", "years"],
      ["/fundamentals/SPY_ARCA/ratios", 404, "NO_DATA", "SPY_ARCA"],
    ]);
  });
});
