import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { dayNumber, isoDate } from "../../lib/market/civil-date";
import type { Bar } from "../../lib/market/ports";
import { contractsAfter, expiryOf, listedContracts } from "../../lib/market/sim/futures";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { FUTURE_ROOTS } from "../../lib/market/sim/universe";

/** Futures contracts: expiries by rule, rolls, the nearly-24-hour session, the trailing-day chart. */

const root = (name: string) => {
  const found = FUTURE_ROOTS.find((r) => r.root === name);
  if (!found) throw new Error(name);
  return found;
};

describe("expiry rules", () => {
  it.each([
    ["ES", 2026, 12, "2026-12-18"], // third Friday
    ["ES", 2027, 3, "2027-03-19"],
    ["CL", 2027, 1, "2026-12-21"], // 25 Dec is a holiday: 4 business days before it
    ["CL", 2026, 12, "2026-11-20"], // 25 Nov is a business day: 3 before it (24, 23, 20)
    ["NG", 2027, 1, "2026-12-29"], // 3 business days before 1 Jan (31, 30, 29 Dec)
    ["GC", 2026, 12, "2026-12-29"], // third-last business day of December 2026 (31, 30, 29)
    ["ZN", 2026, 12, "2026-12-21"], // 7 business days before the last (31 Dec)
    ["6E", 2026, 12, "2026-12-14"], // 2 business days before the third Wednesday (16 Dec)
  ])("%s %i-%i expires on %s", (name, year, month, expected) => {
    expect(isoDate(expiryOf(root(name), year, month))).toBe(expected);
  });

  it("rolls to the next contract the root's roll days before expiry", () => {
    const es = root("ES");
    const [front, next] = contractsAfter(es, dayNumber(2026, 12, 9), 2);
    expect(front?.symbol).toBe("ESZ26");
    expect(next?.symbol).toBe("ESH27");
    expect(contractsAfter(es, dayNumber(2026, 12, 10), 1)[0]?.symbol).toBe("ESH27");
  });

  it("lists every root's front and next contract", () => {
    const listed = listedContracts(dayNumber(2026, 11, 24));
    expect(listed).toHaveLength(FUTURE_ROOTS.length * 2);
    expect(listed.map((c) => c.symbol)).toEqual(
      expect.arrayContaining(["ESZ26", "ESH27", "CLF27", "GCG27"]),
    );
  });
});

describe("simulated futures", () => {
  const evening = new Date("2026-11-25T00:30:00Z"); // Tuesday 19:30 New York: Wednesday's session

  it("are listed with SYMBOL_EXCHANGE codes and quoted in their session", async () => {
    const market = createSimulatedMarket(pinnedClock(evening));
    const instruments = await market.instruments();
    expect(instruments.find((i) => i.code === "ESZ26_CME")).toMatchObject({
      contractType: "Future",
    });
    const quote = await market.quote("ESZ26_CME");
    expect(quote?.marketSession).toBe("Regular");
    const breakTime = createSimulatedMarket(pinnedClock(new Date("2026-11-24T22:30:00Z"))); // 17:30
    expect((await breakTime.quote("ESZ26_CME"))?.marketSession).toBe("Closed");
  });

  it("keep a constant calendar spread between a root's contracts", async () => {
    const market = createSimulatedMarket(pinnedClock(evening));
    const front = (await market.quote("ESZ26_CME"))?.lastPrice ?? 0;
    const next = (await market.quote("ESH27_CME"))?.lastPrice ?? 0;
    expect(next / front).toBeGreaterThan(1);
    expect(next / front).toBeLessThan(1.02);
  });

  it("chart period 1 as the contiguous 24 hours ending with the latest bar", async () => {
    const market = createSimulatedMarket(pinnedClock(evening));
    const bars = (await market.bars("ESZ26_CME", {
      period: 1,
      from: evening.getTime() - 4 * 86_400_000,
      to: evening.getTime() + 1,
      extended: false,
    })) as Bar[];
    const last = bars.at(-1) as Bar;
    expect(last.timestamp).toBeLessThanOrEqual(evening.getTime());
    expect(last.timestamp).toBeGreaterThan(evening.getTime() - 120_000);
    // The evening session's bars follow the previous day's 17:00 close after the hour's break.
    const breakStart = Date.parse("2026-11-24T22:00:00Z");
    expect(
      bars.some((b) => b.timestamp >= breakStart && b.timestamp < breakStart + 3_600_000),
    ).toBe(false);
    expect(bars.some((b) => b.timestamp === Date.parse("2026-11-24T23:00:00Z"))).toBe(true);
  });
});
