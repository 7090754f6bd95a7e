import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import type { Bar } from "../../lib/market/ports";
import { aggregateBars, createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * Occasional halts: AAPL's seeded halt on 2026-11-18 runs 11:33-11:38 New York (16:33-16:38Z);
 * the halt schedule is a pure function of the symbol and day, so this date is fixed.
 */
const HALT_START = Date.parse("2026-11-18T16:33:00Z");
const HALT_END = Date.parse("2026-11-18T16:38:00Z");

describe("halts", () => {
  it("mark the quote halted only inside the window", async () => {
    const during = await createSimulatedMarket(pinnedClock(new Date(HALT_START + 90_000))).quote(
      "AAPL_NASDAQ",
    );
    expect(during?.isHalted).toBe(true);
    const before = await createSimulatedMarket(pinnedClock(new Date(HALT_START - 60_000))).quote(
      "AAPL_NASDAQ",
    );
    const after = await createSimulatedMarket(pinnedClock(new Date(HALT_END + 60_000))).quote(
      "AAPL_NASDAQ",
    );
    expect(before?.isHalted).toBe(false);
    expect(after?.isHalted).toBe(false);
    const other = await createSimulatedMarket(pinnedClock(new Date(HALT_START + 90_000))).quote(
      "MSFT_NASDAQ",
    );
    expect(other?.isHalted).toBe(false);
  });

  it("freeze the price with no volume during the halt, and daily bars still aggregate the minutes", async () => {
    const at = new Date("2026-11-18T22:00:00Z");
    const market = createSimulatedMarket(pinnedClock(at));
    const dayStart = Date.parse("2026-11-18T05:00:00Z");
    const minutes = (await market.bars("AAPL_NASDAQ", {
      period: 1,
      from: dayStart,
      to: at.getTime(),
      extended: false,
    })) as Bar[];
    const halted = minutes.filter((b) => b.timestamp >= HALT_START && b.timestamp < HALT_END);
    expect(halted).toHaveLength(5);
    const frozen = halted[0]?.open;
    for (const bar of halted) {
      expect(bar).toMatchObject({
        open: frozen,
        high: frozen,
        low: frozen,
        close: frozen,
        volume: 0,
      });
    }
    const resumed = minutes.find((b) => b.timestamp === HALT_END);
    expect(resumed?.open).toBe(frozen);
    expect(resumed?.volume).toBeGreaterThan(0);
    const daily = (await market.bars("AAPL_NASDAQ", {
      period: 5,
      from: dayStart,
      to: at.getTime(),
      extended: false,
    })) as Bar[];
    expect(daily).toHaveLength(1);
    expect({ ...(aggregateBars(minutes) as Bar), timestamp: daily[0]?.timestamp }).toEqual(
      daily[0],
    );
  });
});
