import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import { type Deps, pinnedClock } from "../../lib/deps";
import type { ContractType } from "../../lib/market/ports";
import {
  decimalsOf,
  priceTick,
  roundDecimals,
  roundPrice,
  roundPriceChange,
  roundToTick,
} from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * The rounding rules of the market endpoints (lib/market/precision.ts), then what the endpoints
 * serve: every price on its tick, derived figures consistent with the rounded ones.
 */

const stock = { contractType: "Stock" as const };

describe("rounding rules", () => {
  it.each([
    ["Stock", 207.177841709514, 0.01],
    ["ETF", 1, 0.01],
    ["Stock", 0.98765, 0.0001],
    ["Index", 6657.045904, 0.01],
    ["Crypto", 88_000.126, 0.01],
    ["Crypto", 3000.5, 0.01],
    ["Crypto", 130.456, 0.01],
    ["Crypto", 2.123456, 0.0001],
    ["Crypto", 0.1423456, 0.00001],
  ] as [ContractType, number, number][])(
    "a %s at %d trades in ticks of %d",
    (type, price, tick) => {
      expect(priceTick({ contractType: type }, price)).toBeCloseTo(tick, 15);
    },
  );

  it("rounds futures to the contract's tick and writes it in the tick's decimals", () => {
    const future = (tickSize: number) => ({ contractType: "Future" as const, tickSize });
    expect(roundPrice(5411.63, future(0.25))).toBe(5411.75);
    expect(roundPrice(2345.66, future(0.1))).toBe(2345.7);
    expect(roundPrice(112.5078, future(1 / 64))).toBe(112.5);
    expect(roundPrice(112.5234, future(1 / 64))).toBe(112.515625);
    expect(roundPrice(1.170234, future(0.00005))).toBe(1.17025);
    expect(roundPrice(48_321.4, future(1))).toBe(48_321);
    expect([0.25, 1 / 64, 1 / 32, 0.00005, 0.005, 1].map(decimalsOf)).toEqual([2, 6, 5, 5, 3, 0]);
  });

  it("keeps the significant digits of a sub-cent coin (ticks below 1e-6 included)", () => {
    const coin = { contractType: "Crypto" as const };
    expect([1e-6, 1e-7, 1e-9].map(decimalsOf)).toEqual([6, 7, 9]);
    expect(roundPrice(0.009739054125, coin)).toBe(0.0097391);
    expect(roundPrice(0.00076039, coin)).toBe(0.00076039);
  });

  it("rounds equities to the cent from $1 and to $0.0001 below (SEC Rule 612)", () => {
    expect(roundPrice(207.177841709514, stock)).toBe(207.18);
    expect(roundPrice(0.98765, stock)).toBe(0.9877);
    expect(roundPrice(214.875, stock)).toBe(214.88);
  });

  it("rounds ties away from zero, and never answers −0", () => {
    expect(roundDecimals(0.125, 2)).toBe(0.13);
    expect(roundDecimals(-0.125, 2)).toBe(-0.13);
    expect(Object.is(roundDecimals(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundToTick(-0.1, 0.25), 0)).toBe(true);
  });

  it("takes the difference of two rounded prices without binary noise", () => {
    expect(207.18 - 205.1).not.toBe(2.08);
    expect(roundPriceChange(207.18, 205.1, stock)).toBe(2.08);
    expect(roundPriceChange(0.9877, 1.01, stock)).toBe(-0.0223);
  });

  it("is monotonic for every contract type, so orderings survive it", () => {
    const instruments = [
      stock,
      { contractType: "Index" as const },
      { contractType: "Crypto" as const },
      { contractType: "Future" as const, tickSize: 0.25 },
      { contractType: "Future" as const, tickSize: 1 / 64 },
    ];
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.constantFrom(...instruments),
        (a, b, instrument) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(roundPrice(low, instrument)).toBeLessThanOrEqual(roundPrice(high, instrument));
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// What the endpoints serve
// ---------------------------------------------------------------------------------------------

const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };

function depsAt(iso: string): Deps {
  const clock = pinnedClock(new Date(iso));
  return { marketClock: clock, market: createSimulatedMarket(clock) } as unknown as Deps;
}

/** A multiple of the tick, written with no more decimals than the tick has. */
const onTick = (value: number, tick: number) =>
  Math.abs(value / tick - Math.round(value / tick)) < 1e-6 &&
  (String(value).split(".")[1]?.length ?? 0) <= decimalsOf(tick);

describe("served quotes", () => {
  it.each([
    ["regular session", "2026-11-24T16:00:00Z"],
    ["evening", "2026-11-20T23:00:00Z"],
  ])(
    "are on the tick with bid ≤ mark ≤ ask and change from the rounded prices (%s)",
    async (_l, at) => {
      const deps = depsAt(at);
      const instruments = await deps.market.instruments();
      const sample = instruments.filter(
        (i) =>
          i.contractType !== "Stock" ||
          ["AAPL_NASDAQ", "AMC_NYSE", "BRK.B_NYSE", "NVDA_NASDAQ"].includes(i.code),
      );
      expect(sample.length).toBeGreaterThan(40);
      for (const instrument of sample) {
        const quote = await marketImplementations["market.quote"](
          { params: { code: instrument.code }, query: undefined, body: undefined, context },
          deps,
        );
        const prices = ["lastPrice", "bid", "ask", "open", "close", "previousClose", "high", "low"];
        for (const field of [...prices, "yearHigh", "yearLow", "livePrice"] as const) {
          const value = quote[field as keyof typeof quote] as number;
          const tick = priceTick(instrument, value);
          expect(onTick(value, tick), `${instrument.code} ${field} ${value}`).toBe(true);
        }
        expect(Number.isInteger(quote.volume)).toBe(true);
        expect(quote.bid).toBeLessThanOrEqual(quote.ask);
        if (quote.markPrice !== null) {
          expect(quote.markPrice).toBeGreaterThanOrEqual(quote.bid);
          expect(quote.markPrice).toBeLessThanOrEqual(quote.ask);
        }
        expect(quote.low).toBeLessThanOrEqual(quote.high);
        expect(quote.yearLow).toBeLessThanOrEqual(quote.low);
        expect(quote.yearHigh).toBeGreaterThanOrEqual(quote.high);
        expect(quote.change).toBe(
          roundPriceChange(quote.livePrice, quote.previousClose, instrument),
        );
        expect(quote.change).toBeCloseTo(quote.livePrice - quote.previousClose, 9);
        expect(quote.changePercent).toBe(
          roundDecimals((100 * quote.change) / quote.previousClose, 4),
        );
      }
    },
    60_000,
  );
});

describe("served charts", () => {
  it.each([
    ["AAPL_NASDAQ", 1, true],
    ["AAPL_NASDAQ", 5, false],
    ["ESZ26_CME", 1, false],
    ["BTC_COINBASE", 2, false],
    ["SPX_INDEX", 4, false],
  ] as const)(
    "%s period %d: bars on the tick, high ≥ open, close ≥ low, indicators rounded",
    async (code, period, extended) => {
      const deps = depsAt("2026-11-24T16:00:00Z");
      const instrument = await deps.market.instrument(code);
      if (!instrument) throw new Error(code);
      const chart = await marketImplementations["market.chart"](
        {
          params: { code },
          query: { period, extended, indicators: ["rsi", "sma20", "macd", "bb"] },
          body: undefined,
          context,
        },
        deps,
      );
      for (const bar of chart.bars) {
        for (const value of [bar.open, bar.high, bar.low, bar.close]) {
          expect(onTick(value, priceTick(instrument, value)), `${code} ${value}`).toBe(true);
        }
        expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
        expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
        expect(Number.isInteger(bar.volume)).toBe(true);
      }
      expect(chart.floor).toBe(Math.min(...chart.bars.map((bar) => bar.low)));
      expect(chart.ceiling).toBe(Math.max(...chart.bars.map((bar) => bar.high)));
      const last = chart.bars.at(-1)?.close ?? Number.NaN;
      const decimals = decimalsOf(priceTick(instrument, last)) + 2;
      for (const [name, points] of Object.entries(chart.indicators ?? {})) {
        const allowed = name === "rsi" ? 4 : decimals;
        for (const { value } of points) {
          if (value === null) continue;
          expect(roundDecimals(value, allowed), `${code} ${name}`).toBe(value);
        }
      }
    },
  );
});
