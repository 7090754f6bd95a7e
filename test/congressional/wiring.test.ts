import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { congressionalSource } from "../../lib/wiring/congressional";
import { wiringOf } from "../../lib/wiring/core";

/** CONGRESSIONAL_PROVIDER follows the market by default; an unknown one fails at wiring. */

const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
const market = createSimulatedMarket(clock);
const sourceFor = (env: Record<string, string>) =>
  congressionalSource(
    wiringOf(loadConfig({ AWS_ACCESS_KEY_ID: "x", AWS_SECRET_ACCESS_KEY: "y", ...env })),
    market,
    clock,
  );

describe("the congressional source's wiring", () => {
  it("is the simulated world with the simulated market, the House index with a vendor", () => {
    expect(sourceFor({}).name).toBe("sim");
    expect(sourceFor({ MARKET_PROVIDER: "alpaca" }).name).toBe("house");
    expect(sourceFor({ MARKET_PROVIDER: "alpaca", CONGRESSIONAL_PROVIDER: "sim" }).name).toBe(
      "sim",
    );
    expect(sourceFor({ CONGRESSIONAL_PROVIDER: "house" }).name).toBe("house");
    expect(() => sourceFor({ CONGRESSIONAL_PROVIDER: "senate" })).toThrow(/CONGRESSIONAL_PROVIDER/);
  });
});
