import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import type { Bar, ChartPeriod } from "../../lib/market/ports";
import {
  ANCHOR_DAY,
  clearSimCaches,
  dailyFigures,
  dailyRange,
  haltWindowOf,
  MINUTE_CACHE_LIMIT,
  minuteBarsOf,
  type SimInstrument,
  simCacheSizes,
} from "../../lib/market/sim/price-engine";
import { aggregateBars, createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { tradesOn } from "../../lib/market/trading-days";

/**
 * The simulated market's consistency: deterministic, the quote is the last minute bar, and
 * every period aggregates the minute bars.
 */

const DAY = 86_400_000;
/** Tuesday 2026-11-24, 11:00 New York (16:00Z): regular session. */
const REGULAR = new Date("2026-11-24T16:00:00Z");
/** The same day at 18:30 New York: after-hours. */
const AFTER_HOURS = new Date("2026-11-24T23:30:00Z");

function market(at: Date) {
  return createSimulatedMarket(pinnedClock(at));
}

async function bars(
  at: Date,
  code: string,
  period: ChartPeriod,
  from: number,
  to: number,
  extended = false,
) {
  const result = await market(at).bars(code, { period, from, to, extended });
  if (!result) throw new Error(`no bars for ${code}`);
  return result;
}

describe("determinism", () => {
  it("gives the same quote and bars for the same instant, from cold caches too", async () => {
    const first = await market(REGULAR).quote("AAPL_NASDAQ");
    const firstBars = await bars(
      REGULAR,
      "AAPL_NASDAQ",
      1,
      REGULAR.getTime() - DAY,
      REGULAR.getTime() + 1,
    );
    clearSimCaches();
    expect(await market(REGULAR).quote("AAPL_NASDAQ")).toEqual(first);
    expect(
      await bars(REGULAR, "AAPL_NASDAQ", 1, REGULAR.getTime() - DAY, REGULAR.getTime() + 1),
    ).toEqual(firstBars);
  });
});

describe("memory", () => {
  it(`keeps at most ${MINUTE_CACHE_LIMIT} days of minute bars; evicted days come back identical`, () => {
    clearSimCaches();
    const spec = (symbol: string): SimInstrument => ({
      symbol,
      anchorPrice: 100,
      volatility: 0.3,
      averageVolume: 1_000_000,
      kind: "equity",
    });
    const firstDay = minuteBarsOf(spec("MEM0"), ANCHOR_DAY);
    const firstClose = Array.from(firstDay.close);
    let requested = 0;
    for (let s = 0; requested <= MINUTE_CACHE_LIMIT + 100; s++) {
      for (let day = ANCHOR_DAY; day < ANCHOR_DAY + 365; day++) {
        if (!tradesOn("equity", day)) continue;
        minuteBarsOf(spec(`MEM${s}`), day);
        requested++;
      }
    }
    expect(requested).toBeGreaterThan(MINUTE_CACHE_LIMIT);
    expect(simCacheSizes().minuteDays).toBe(MINUTE_CACHE_LIMIT);
    const again = minuteBarsOf(spec("MEM0"), ANCHOR_DAY);
    expect(again).not.toBe(firstDay); // evicted and rebuilt
    expect(Array.from(again.close)).toEqual(firstClose);
    clearSimCaches();
  });
});

describe("quotes", () => {
  it.each([
    ["regular session", REGULAR],
    ["after-hours", AFTER_HOURS],
  ])("equal the last minute bar at the clock (%s)", async (_label, at) => {
    const quote = await market(at).quote("AAPL_NASDAQ");
    const minutes = await bars(at, "AAPL_NASDAQ", 1, at.getTime() - DAY, at.getTime() + 1, true);
    const last = minutes.at(-1) as Bar;
    expect(quote?.lastPrice).toBe(last.close);
    expect(last.timestamp).toBeLessThanOrEqual(at.getTime());
    expect(last.timestamp).toBeGreaterThan(at.getTime() - 120_000);
  });

  it("pins close to the regular settlement after hours; previousClose stays the prior day's", async () => {
    const quote = await market(AFTER_HOURS).quote("AAPL_NASDAQ");
    const daily = await bars(
      AFTER_HOURS,
      "AAPL_NASDAQ",
      5,
      AFTER_HOURS.getTime() - 3 * DAY,
      AFTER_HOURS.getTime() + 1,
    );
    const today = daily.at(-1) as Bar;
    expect(quote?.close).toBe(today.close);
    expect(quote?.previousClose).toBe(daily.at(-2)?.close);
    expect(quote?.marketSession).toBe("After-Hours");
    expect(quote?.lastPrice).not.toBe(today.close);
  });

  it("keeps the mark inside the bid/ask during the regular session", async () => {
    for (const code of ["AAPL_NASDAQ", "SPY_ARCA", "JPM_NYSE"]) {
      const quote = await market(REGULAR).quote(code);
      if (!quote) continue;
      expect(quote.bid).toBeLessThan(quote.ask);
      expect(quote.markPrice).toBeGreaterThanOrEqual(quote.bid);
      expect(quote.markPrice).toBeLessThanOrEqual(quote.ask);
      expect(quote.marketSession).toBe("Regular");
      expect(quote.yearHigh).toBeGreaterThanOrEqual(quote.high);
      expect(quote.yearLow).toBeLessThanOrEqual(quote.low);
    }
  });

  it("reports Closed all day on a holiday, at the last price of the previous session", async () => {
    const thanksgiving = new Date("2026-11-26T17:00:00Z");
    const quote = await market(thanksgiving).quote("AAPL_NASDAQ");
    expect(quote?.marketSession).toBe("Closed");
    const wednesday = await bars(
      thanksgiving,
      "AAPL_NASDAQ",
      1,
      Date.parse("2026-11-25T05:00:00Z"),
      thanksgiving.getTime(),
      true,
    );
    expect(quote?.lastPrice).toBe(wednesday.at(-1)?.close);
  });

  it("trades crypto around the clock, every day", async () => {
    const saturday = new Date("2026-11-28T03:17:00Z");
    const quote = await market(saturday).quote("BTC_COINBASE");
    expect(quote?.marketSession).toBe("Regular");
    const minutes = await bars(
      saturday,
      "BTC_COINBASE",
      1,
      saturday.getTime() - 3_600_000 + 1,
      saturday.getTime() + 1,
    );
    expect(minutes).toHaveLength(60);
    expect(quote?.lastPrice).toBe(minutes.at(-1)?.close);
  });
});

describe("periods agree", () => {
  const at = new Date("2026-11-20T22:00:00Z"); // Friday after the close
  const weekStart = Date.parse("2026-11-16T05:00:00Z");

  it("aggregate 1-minute bars into 5-, 15- and 60-minute bars", async () => {
    const minutes = await bars(at, "MSFT_NASDAQ", 1, weekStart, at.getTime());
    for (const [period, size] of [
      [2, 5],
      [3, 15],
      [4, 60],
    ] as const) {
      const grouped = await bars(at, "MSFT_NASDAQ", period, weekStart, at.getTime());
      for (const bar of grouped) {
        const inside = minutes.filter(
          (m) => m.timestamp >= bar.timestamp && m.timestamp < bar.timestamp + size * 60_000,
        );
        // Buckets are clock-aligned: the 09:00 hour bar holds 09:30-09:59.
        expect({ ...(aggregateBars(inside) as Bar), timestamp: bar.timestamp }).toEqual(bar);
      }
      expect(grouped.reduce((sum, b) => sum + b.volume, 0)).toBe(
        minutes.reduce((sum, b) => sum + b.volume, 0),
      );
    }
  });

  it("build each daily bar from that day's regular-session minute bars", async () => {
    const daily = await bars(at, "MSFT_NASDAQ", 5, weekStart, at.getTime());
    expect(daily).toHaveLength(5);
    for (const day of daily) {
      const minutes = await bars(at, "MSFT_NASDAQ", 1, day.timestamp, day.timestamp + DAY);
      expect(minutes).toHaveLength(390);
      expect({ ...(aggregateBars(minutes) as Bar), timestamp: day.timestamp }).toEqual(day);
    }
  });

  it("build weekly and monthly bars from daily bars", async () => {
    const from = Date.parse("2026-06-01T04:00:00Z");
    const daily = await bars(at, "SPY_ARCA", 5, from, at.getTime());
    const weekly = await bars(at, "SPY_ARCA", 6, from, at.getTime());
    const monthly = await bars(at, "SPY_ARCA", 7, from, at.getTime());
    expect(weekly.reduce((s, b) => s + b.volume, 0)).toBe(daily.reduce((s, b) => s + b.volume, 0));
    expect(monthly.reduce((s, b) => s + b.volume, 0)).toBe(daily.reduce((s, b) => s + b.volume, 0));
    expect(Math.max(...monthly.map((b) => b.high))).toBe(Math.max(...daily.map((b) => b.high)));
    expect(monthly.at(-1)?.close).toBe(daily.at(-1)?.close);
    expect(weekly[0]?.open).toBe(daily[0]?.open);
  });

  it("give the quote's 52-week range from the year's daily bars (which skip no minute)", async () => {
    for (const at of [REGULAR, AFTER_HOURS]) {
      clearSimCaches();
      const sim = market(at);
      // Every 8th instrument: stocks, indices, crypto and futures (all of them take 12 s).
      const sample = (await sim.instruments()).filter((_, i) => i % 8 === 0);
      for (const { code } of sample) {
        const quote = await sim.quote(code);
        const year = await sim.bars(code, {
          period: 5,
          from: at.getTime() - 365 * DAY,
          to: at.getTime() + 1,
          extended: false,
        });
        expect([quote?.yearHigh, quote?.yearLow], code).toEqual([
          Math.max(...(year ?? []).map((b) => b.high)),
          Math.min(...(year ?? []).map((b) => b.low)),
        ]);
      }
    }
  });

  it("give the same daily open, high, low and close with or without volumes, to the bit", () => {
    // A wild stock (250 % volatility: the widest wicks), halts and early closes included.
    const spec: SimInstrument = {
      symbol: "WILD",
      anchorPrice: 20,
      volatility: 2.5,
      averageVolume: 1e6,
      kind: "equity",
    };
    let halts = 0;
    for (let day = Date.UTC(2026, 0, 1) / DAY; day < Date.UTC(2027, 0, 1) / DAY; day++) {
      if (!tradesOn("equity", day)) continue;
      if (haltWindowOf(spec, day)) halts++;
      clearSimCaches();
      const { open, high, low, close } = dailyRange(spec, day);
      clearSimCaches();
      const figures = dailyFigures(spec, day);
      expect([open, high, low, close]).toEqual([
        figures.open,
        figures.high,
        figures.low,
        figures.close,
      ]);
    }
    expect(halts).toBeGreaterThan(0);
  });

  it("never returns bars after the clock", async () => {
    const minutes = await bars(
      REGULAR,
      "AAPL_NASDAQ",
      1,
      REGULAR.getTime() - DAY,
      REGULAR.getTime() + DAY,
      true,
    );
    expect(Math.max(...minutes.map((b) => b.timestamp))).toBeLessThanOrEqual(REGULAR.getTime());
  });
});

describe("realism", () => {
  it("keeps daily ranges and a year's drift within plausible bounds", async () => {
    const daily = await bars(
      REGULAR,
      "AAPL_NASDAQ",
      5,
      REGULAR.getTime() - 365 * DAY,
      REGULAR.getTime(),
    );
    expect(daily.length).toBeGreaterThan(245);
    for (const bar of daily) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.high / bar.low).toBeLessThan(1.25);
      expect(bar.volume).toBeGreaterThan(0);
    }
    const ranges = daily.map((b) => b.high / b.low - 1).sort((a, b) => a - b);
    const medianRange = ranges[Math.floor(ranges.length / 2)] as number;
    expect(medianRange).toBeGreaterThan(0.004);
    expect(medianRange).toBeLessThan(0.05);
  });
});

describe("overnight session", () => {
  it("trades from 20:00 on the night before a trading day, with close pinned to the settlement", async () => {
    const night = new Date("2026-11-25T02:30:00Z"); // Tuesday 21:30 New York
    const quote = await market(night).quote("AAPL_NASDAQ");
    expect(quote?.marketSession).toBe("Overnight");
    const minutes = await bars(
      night,
      "AAPL_NASDAQ",
      1,
      night.getTime() - 3 * 3_600_000,
      night.getTime() + 1,
      true,
    );
    const last = minutes.at(-1) as Bar;
    expect(last.timestamp).toBeGreaterThan(night.getTime() - 120_000);
    expect(quote?.lastPrice).toBe(last.close);
    const daily = await bars(night, "AAPL_NASDAQ", 5, night.getTime() - 3 * DAY, night.getTime());
    expect(quote?.close).toBe(daily.at(-1)?.close);
    // The overnight session belongs to the coming trading day: its prior settlement is today's.
    expect(quote?.previousClose).toBe(daily.at(-1)?.close);
    // No overnight session before a holiday: Wednesday night before Thanksgiving is closed.
    const beforeHoliday = await market(new Date("2026-11-26T02:30:00Z")).quote("AAPL_NASDAQ");
    expect(beforeHoliday?.marketSession).toBe("Closed");
  });
});
