import { describe, expect, it } from "vitest";
import { createWorldFilings } from "../../lib/company/sim";
import { pinnedClock } from "../../lib/deps";
import type { MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * The simulated filings read twelve years of prices per issuer. With the market's close history
 * (closes of every session, ranges only of trade days) they must be exactly the filings read
 * from every daily bar: same Form 4s, prices, holdings and accession numbers.
 */

const clock = pinnedClock(new Date("2026-11-23T15:00:00.000Z"));
const market = createSimulatedMarket(clock);
const barsOnly: MarketDataProvider = { ...market, closeHistory: undefined };

describe("simulated filings over the close history", () => {
  it("equal the filings built from every daily bar", async () => {
    const fast = createWorldFilings(market, clock);
    const slow = createWorldFilings(barsOnly, clock);
    for (const symbol of ["AAPL", "KO", "RIVN"]) {
      const quick = await fast.filings(symbol, { limit: 100_000 });
      const full = await slow.filings(symbol, { limit: 100_000 });
      expect(quick?.length).toBeGreaterThan(300);
      expect(quick).toEqual(full);
    }
  }, 120_000);

  it("serves closes equal to the daily bars' and ranges only for finished sessions", async () => {
    const bars = await market.bars("KO_NYSE", {
      period: 5,
      from: Date.parse("2026-10-01T00:00:00Z"),
      to: Date.parse("2026-11-24T00:00:00Z"),
      extended: false,
    });
    const closes = await market.closeHistory?.sessionCloses("KO_NYSE", "2026-10-01", "2026-11-23");
    // 2026-11-23 10:00 New York: that day's session is not over.
    expect(closes?.at(-1)?.date).toBe("2026-11-20");
    const finished = (bars ?? []).slice(0, -1);
    expect(closes?.map((c) => c.close)).toEqual(finished.map((bar) => bar.close));
    const last = finished.at(-1);
    expect(await market.closeHistory?.sessionRange("KO_NYSE", "2026-11-20")).toEqual({
      low: last?.low,
      high: last?.high,
      close: last?.close,
    });
    expect(await market.closeHistory?.sessionRange("KO_NYSE", "2026-11-23")).toBeUndefined();
    expect(await market.closeHistory?.sessionRange("KO_NYSE", "2026-11-22")).toBeUndefined();
  });
});
