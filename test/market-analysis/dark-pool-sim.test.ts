import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { isoDate } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { universeReferenceData } from "../../lib/market/sim/universe";
import { publishedSessions } from "../../lib/short-volume/calendar";
import {
  BASE_SHORT_SHARE,
  createSimulatedShortVolume,
  OFF_EXCHANGE_SHARE,
  SHORT_EXEMPT_MAX_SHARE,
  simulatedShares,
} from "../../lib/short-volume/sim";

/**
 * The simulated short volume against the simulated tape: totals are the market's daily volumes
 * times the stated off-exchange share (the volumes read here from a market of its own), the
 * draws stay in their stated ranges, every record is the same however and whenever it is read,
 * and nothing is out before 18:00 New York on its session.
 */

const SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York: Friday's file is the latest

function sourceAt(instant: string) {
  const clock = pinnedClock(new Date(instant));
  return createSimulatedShortVolume(createSimulatedMarket(clock), clock);
}

/** The consolidated volume of each session from `from` to `to`, read off an independent market. */
async function dailyVolumes(code: string, from: string, to: string, instant = SIM_NOW) {
  const market = createSimulatedMarket(pinnedClock(new Date(instant)));
  const bars = await market.bars(code, {
    period: 5,
    from: Date.parse(`${from}T00:00:00Z`),
    to: Date.parse(`${to}T23:59:59Z`),
    extended: false,
  });
  return new Map((bars ?? []).map((bar) => [isoDate(nyWallClock(bar.timestamp).day), bar.volume]));
}

const source = sourceAt(SIM_NOW);

describe("the simulated short volume", () => {
  it("reports the market's daily volume times the off-exchange share", async () => {
    const sessions = publishedSessions(Date.parse(SIM_NOW), 30);
    const from = sessions[0] as string;
    const to = sessions.at(-1) as string;
    expect(to).toBe("2026-11-20");
    for (const [code, symbol] of [
      ["AAPL_NASDAQ", "AAPL"],
      ["UPST_NASDAQ", "UPST"],
      ["SPY_ARCA", "SPY"],
    ] as const) {
      const records = (await source.dailyShortVolume(symbol, from, to)) ?? [];
      const volumes = await dailyVolumes(code, from, to);
      expect(records.map((r) => r.date)).toEqual(sessions);
      const instrument = await createSimulatedMarket(pinnedClock(new Date(SIM_NOW))).instrument(
        code,
      );
      const reference = await universeReferenceData.reference(instrument as never);
      const interest = reference?.kind === "equity" ? reference.shortInterestPercent : NaN;
      for (const record of records) {
        const volume = volumes.get(record.date) as number;
        expect(volume, record.date).toBeGreaterThan(0);
        const shares = simulatedShares(symbol, record.date, interest);
        expect(record.totalVolume).toBe(Math.round(volume * shares.offExchange));
        const offExchange = record.totalVolume / volume;
        expect(offExchange).toBeGreaterThanOrEqual(OFF_EXCHANGE_SHARE.min - 1e-6);
        expect(offExchange).toBeLessThan(OFF_EXCHANGE_SHARE.max + 1e-6);
        expect(record.shortVolume).toBe(Math.round(record.totalVolume * shares.short));
        expect(record.shortExemptVolume).toBeLessThanOrEqual(
          record.shortVolume * SHORT_EXEMPT_MAX_SHARE + 1,
        );
        expect(record.facilities).toEqual(["B", "Q", "N"]);
      }
    }
  });

  it("shorts heavily shorted names more", async () => {
    // The tilt: 15 % × SI / (SI + 10). AAPL (0.8 % of float) adds 1.1 points, UPST (25 %) 10.7.
    const dates = publishedSessions(Date.parse(SIM_NOW), 30);
    const ratio = async (symbol: string) => {
      const records =
        (await source.dailyShortVolume(symbol, dates[0] as string, dates.at(-1) as string)) ?? [];
      const short = records.reduce((sum, r) => sum + r.shortVolume, 0);
      return short / records.reduce((sum, r) => sum + r.totalVolume, 0);
    };
    const aapl = await ratio("AAPL");
    const upst = await ratio("UPST");
    expect(aapl).toBeGreaterThan(BASE_SHORT_SHARE.min);
    expect(aapl).toBeLessThan(BASE_SHORT_SHARE.max + 0.15 * (0.8 / 10.8));
    expect(upst - aapl).toBeGreaterThan(0.05);
    expect(
      simulatedShares("UPST", "2026-11-20", 25).short -
        simulatedShares("UPST", "2026-11-20", 0).short,
    ).toBeCloseTo((0.15 * 25) / 35, 12);
  });

  it("is the same whenever and however it is read", async () => {
    const later = sourceAt("2027-01-05T21:00:00Z");
    const [early, late] = await Promise.all([
      source.dailyShortVolume("MSFT", "2026-11-02", "2026-11-20"),
      later.dailyShortVolume("MSFT", "2026-11-02", "2026-11-20"),
    ]);
    expect(late).toEqual(early);
    const day = await source.day("2026-11-20");
    const again = await sourceAt(SIM_NOW).day("2026-11-20");
    expect(day?.get("MSFT")).toEqual(early?.at(-1));
    expect(again).toEqual(day);
    // Stocks and funds only: no index, future or coin.
    expect(day?.size).toBe(155);
    expect(day?.has("SPX")).toBe(false);
    expect(await source.dailyShortVolume("BTC", "2026-11-02", "2026-11-20")).toBeUndefined();
    expect(await source.dailyShortVolume("NOPE", "2026-11-02", "2026-11-20")).toBeUndefined();
  });

  it("has nothing for a session before its file is out at 18:00 New York, nor for a holiday", async () => {
    const beforeSix = sourceAt("2026-11-20T22:59:00Z"); // Friday 17:59 EST
    const afterSix = sourceAt("2026-11-20T23:00:00Z"); // Friday 18:00 EST
    expect(await beforeSix.day("2026-11-20")).toBeUndefined();
    expect((await afterSix.day("2026-11-20"))?.size).toBe(155);
    const before = await beforeSix.dailyShortVolume("AAPL", "2026-11-16", "2026-11-20");
    expect(before?.map((r) => r.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
    ]);
    const after = await afterSix.dailyShortVolume("AAPL", "2026-11-16", "2026-11-20");
    expect(after?.at(-1)?.date).toBe("2026-11-20");
    // At SIM_NOW (Monday 10:00), Monday's session trades: no file, nor for the weekend.
    expect(await source.day("2026-11-23")).toBeUndefined();
    expect(await source.day("2026-11-21")).toBeUndefined();
    // Thanksgiving (Thursday 2026-11-26) has no session.
    expect(await sourceAt("2026-11-28T12:00:00Z").day("2026-11-26")).toBeUndefined();
  });
});
