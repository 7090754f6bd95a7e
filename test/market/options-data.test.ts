import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { dayNumber, isoDate, weekday } from "../../lib/market/civil-date";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import type { OptionQuote } from "../../lib/market/ports";
import { listedExpirations, strikeStep } from "../../lib/market/sim/options";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/** The simulated market's option chains: listings, parity within the spread, no static arbitrage. */

const NOW = new Date("2026-11-24T16:00:00Z");
const market = createSimulatedMarket(pinnedClock(NOW));
const RATE = 0.04;

describe("expirations", () => {
  const today = dayNumber(2026, 11, 24);
  const listed = listedExpirations(today);

  it("lists weeklies, monthlies, quarterlies and LEAPS on trading days", () => {
    const dates = listed.map(isoDate);
    // Six weeklies: 27 Nov, 4, 11, 18 Dec, Thursday 24 Dec (Christmas Friday), 31 Dec (1 Jan is a holiday).
    expect(dates.slice(0, 6)).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
      "2026-12-24",
      "2026-12-31",
    ]);
    expect(dates).toContain("2026-12-18"); // monthly (third Friday)
    expect(dates).toContain("2027-06-17"); // quarterly: Friday 18 June 2027 is Juneteenth (observed)
    expect(dates).toContain("2028-01-21"); // LEAPS
    expect(dates).toContain("2026-12-24"); // Friday Christmas: the Thursday
    for (const day of listed) expect(isTradingDay(day)).toBe(true);
    expect(listed.filter((d) => weekday(d) === 5 || weekday(d) === 4).length).toBe(listed.length);
  });
});

describe("chains", () => {
  async function side(code: string, expiration: string, right: "C" | "P") {
    const chain = await market.optionChain(code, expiration, right);
    if (!chain) throw new Error(`no chain for ${code} ${expiration}`);
    return chain;
  }

  it("price calls and puts off one surface: parity holds within the spread", async () => {
    const quote = await market.quote("AAPL_NASDAQ");
    const spot = quote?.markPrice ?? quote?.lastPrice ?? 0;
    for (const expiration of ["2026-12-18", "2027-03-19"]) {
      const calls = await side("AAPL_NASDAQ", expiration, "C");
      const puts = await side("AAPL_NASDAQ", expiration, "P");
      expect(calls.map((c) => c.strike)).toEqual(puts.map((p) => p.strike));
      const years =
        (Date.parse(`${expiration}T00:00:00Z`) / 86_400_000 - dayNumber(2026, 11, 24)) / 365;
      calls.forEach((call, i) => {
        const put = puts[i] as OptionQuote;
        const parity = spot - call.strike * Math.exp(-RATE * years);
        // C − P must lie between (bid_C − ask_P) and (ask_C − bid_P).
        expect(call.bid - put.ask).toBeLessThanOrEqual(parity + 0.011);
        expect(call.ask - put.bid).toBeGreaterThanOrEqual(parity - 0.011);
      });
    }
  });

  it("have no static arbitrage in call mids: decreasing and convex in strike", async () => {
    const calls = await side("MSFT_NASDAQ", "2027-01-15", "C");
    const mids = calls.map((c) => (c.bid + c.ask) / 2);
    const strikes = calls.map((c) => c.strike);
    for (let i = 1; i < mids.length; i++)
      expect(mids[i]).toBeLessThanOrEqual((mids[i - 1] as number) + 0.011);
    for (let i = 1; i + 1 < mids.length; i++) {
      const left =
        ((mids[i] as number) - (mids[i - 1] as number)) /
        ((strikes[i] as number) - (strikes[i - 1] as number));
      const right =
        ((mids[i + 1] as number) - (mids[i] as number)) /
        ((strikes[i + 1] as number) - (strikes[i] as number));
      expect(right).toBeGreaterThanOrEqual(left - 0.02);
    }
  });

  it("widen spreads away from the money and put a volatility skew on the surface", async () => {
    const quote = await market.quote("SPY_ARCA");
    const spot = quote?.lastPrice ?? 0;
    const puts = await side("SPY_ARCA", "2026-12-18", "P");
    expect(puts[1]?.strike && puts[0]?.strike ? puts[1].strike - puts[0].strike : 0).toBe(
      strikeStep(spot),
    );
    const atm = puts.reduce((best, p) =>
      Math.abs(p.strike - spot) < Math.abs(best.strike - spot) ? p : best,
    );
    const farOtm = puts[0] as OptionQuote;
    expect(farOtm.impliedVolatility ?? 0).toBeGreaterThan(atm.impliedVolatility ?? 0);
    const relative = (o: OptionQuote) => (o.ask - o.bid) / Math.max(0.01, (o.ask + o.bid) / 2);
    expect(relative(farOtm)).toBeGreaterThan(relative(atm));
    for (const put of puts) {
      expect(put.bid).toBeLessThan(put.ask);
      expect(put.last).toBeGreaterThanOrEqual(put.bid);
      expect(put.last).toBeLessThanOrEqual(put.ask);
      expect(put.openInterest).toBeGreaterThanOrEqual(0);
      expect(put.contract).toMatch(/^SPY261218P\d{8}$/);
    }
  });

  it("answer undefined for an unlisted expiration, crypto and unknown codes", async () => {
    expect(await market.optionChain("AAPL_NASDAQ", "2026-12-17", "C")).toBeUndefined();
    expect(await market.optionChain("BTC_COINBASE", "2026-12-18", "C")).toBeUndefined();
    expect(await market.optionChain("NOPE_NASDAQ", "2026-12-18", "C")).toBeUndefined();
  });
});
