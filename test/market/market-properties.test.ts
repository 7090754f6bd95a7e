import { describe, expect, it } from "vitest";
import { measureMarketProperties, passes } from "../../bench/market-properties";

/**
 * Issue 11's measured properties of the simulated market (correlations, realised betas and
 * volatilities, breadth, volume, earnings reactions, intraday co-movement), computed on two
 * years of simulated history at a pinned clock by the same code `npm run bench` prints.
 */
describe("one correlated market", () => {
  it("meets every measured target", async () => {
    const checks = await measureMarketProperties();
    expect(checks.length).toBe(22);
    const missed = checks
      .filter((check) => !passes(check))
      .map(([label, value, low, high]) => `${label}: ${value} (target ${low} to ${high})`);
    expect(missed).toEqual([]);
  }, 600_000);
});
