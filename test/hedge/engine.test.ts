import { describe, expect, it } from "vitest";
import type { BookLeg, OptionLeg, StockLeg, Underlying } from "../../lib/hedge/book";
import { pnlCurve } from "../../lib/hedge/curve";
import { hedgeMetrics } from "../../lib/hedge/metrics";
import { scenarioPath } from "../../lib/hedge/payoff";
import { pnlAtExpiry, strategyPnlAtExpiry } from "../../lib/quant/pnl";

/**
 * The hedge engine (lib/hedge) on books small enough to work out by hand: floors, caps,
 * breakevens and where protection starts and ends for the standard hedges of 300 shares at
 * $100, a short position's hedges, and a stock hedged with index puts along the beta path.
 */

const STOCK: Underlying = { code: "XYZ_NYSE", symbol: "XYZ", price: 100, beta: 1.2 };
const SPY: Underlying = { code: "SPY_ARCA", symbol: "SPY", price: 500, beta: 1 };

function stock(quantity: number, underlying = STOCK): StockLeg {
  return { kind: "stock", code: underlying.code, quantity, price: underlying.price };
}

function option(
  right: "C" | "P",
  strike: number,
  quantity: number,
  price: number,
  underlying = STOCK,
  delta = 0,
): OptionLeg {
  return {
    kind: "option",
    code: underlying.code,
    contract: `${underlying.symbol}261218${right}${String(strike * 1000).padStart(8, "0")}`,
    expiration: "2026-12-18",
    right,
    strike,
    quantity,
    multiplier: 100,
    price,
    priceSource: quantity > 0 ? "ask" : "bid",
    bid: price,
    ask: price,
    delta,
    volatilityPercent: 25,
  };
}

function measure(positions: BookLeg[], hedge: BookLeg[], reference = STOCK, days = 30) {
  const underlyings = new Map([STOCK, SPY].map((u) => [u.code, u]));
  const codes = new Set([...positions, ...hedge].map((leg) => leg.code));
  const path = scenarioPath(
    reference,
    new Map([...codes].map((code) => [code, underlyings.get(code) as Underlying])),
  );
  const metrics = hedgeMetrics({
    positions,
    hedge,
    underlyings,
    path,
    benchmarkPrice: SPY.price,
    days,
  });
  return { metrics, path };
}

describe("single-stock hedges of 300 shares at $100", () => {
  const shares = stock(300);

  it("a protective put: floor = strike × shares − premium, breakeven spot + premium per share", () => {
    const { metrics } = measure([shares], [option("P", 95, 3, 2)]);
    expect(metrics.netCost).toBe(600);
    expect(metrics.costPercent).toBeCloseTo(2, 12);
    expect(metrics.costPercentAnnualised).toBeCloseTo((2 * 365) / 30, 12);
    expect(metrics.floor).toBeCloseTo(95 * 300 - 600, 9);
    expect(metrics.hedged.maxLoss).toBeCloseTo(-2100, 9);
    expect(metrics.cap).toBeNull();
    expect(metrics.hedged.maxGain).toBeNull();
    expect(metrics.breakevens.map((b) => b.prices[0]?.price)).toEqual([expect.closeTo(102, 9)]);
    expect(metrics.protectionStart?.move).toBeCloseTo(-0.05, 12);
    expect(metrics.protectionStart?.prices[0]?.price).toBeCloseTo(95, 9);
    expect(metrics.protectionEnd).toBeNull();
    expect(metrics.exposure).toBe("long");
    expect(metrics.unhedged.maxLoss).toBeCloseTo(-30_000, 9);
  });

  it("a collar: floor and cap from both strikes and the net premium", () => {
    const { metrics } = measure([shares], [option("P", 95, 3, 2), option("C", 110, -3, 1)]);
    expect(metrics.netCost).toBe(300);
    expect(metrics.floor).toBeCloseTo(95 * 300 - 300, 9);
    expect(metrics.cap).toBeCloseTo(110 * 300 - 300, 9);
    expect(metrics.hedged.maxGain).toBeCloseTo(10 * 300 - 300, 9);
    // The sold call caps gains; it is no protection, which starts at the put.
    expect(metrics.protectionStart?.move).toBeCloseTo(-0.05, 12);
  });

  it("a put spread: protection between the strikes, losses resume below the lower one", () => {
    const { metrics } = measure([shares], [option("P", 95, 3, 2), option("P", 85, -3, 0.5)]);
    expect(metrics.netCost).toBe(450);
    expect(metrics.protectionStart?.prices[0]?.price).toBeCloseTo(95, 9);
    expect(metrics.protectionEnd?.prices[0]?.price).toBeCloseTo(85, 9);
    // At a price of 0: the shares lose 30,000, the spread pays its width.
    expect(metrics.hedged.maxLoss).toBeCloseTo(-30_000 + 10 * 300 - 450, 9);
    expect(metrics.floor).toBeCloseTo(30_000 - 30_000 + 10 * 300 - 450, 9);
  });

  it("a covered call: no floor and no protection, a cap at strike × shares + premium", () => {
    const { metrics } = measure([shares], [option("C", 105, -3, 1.5)]);
    expect(metrics.netCost).toBe(-450);
    expect(metrics.protectionStart).toBeNull();
    expect(metrics.cap).toBeCloseTo(105 * 300 + 450, 9);
    expect(metrics.floor).toBeCloseTo(450, 9);
  });

  it("an in-the-money put starts protecting above today's price", () => {
    const { metrics } = measure([shares], [option("P", 104, 3, 6)]);
    expect(metrics.protectionStart?.move).toBeCloseTo(0.04, 12);
  });

  it("scenario P&L is pnlAtExpiry of every leg at the scenario's price", () => {
    const hedge = [option("P", 95, 3, 2), option("C", 110, -3, 1)];
    const { metrics } = measure([shares], hedge);
    const legs = hedge.map((leg) => ({
      quantity: leg.quantity,
      premiumPerShare: leg.price,
      strike: leg.strike,
      right: leg.right,
    }));
    expect(metrics.scenarios.map((s) => s.move * 100)).toEqual([
      expect.closeTo(-30, 12),
      expect.closeTo(-20, 12),
      expect.closeTo(-10, 12),
      expect.closeTo(-5, 12),
      expect.closeTo(5, 12),
      expect.closeTo(10, 12),
    ]);
    for (const scenario of metrics.scenarios) {
      const price = scenario.prices[0]?.price as number;
      expect(price).toBeCloseTo(100 * (1 + scenario.move), 9);
      expect(scenario.unhedgedPnl).toBeCloseTo(300 * (price - 100), 9);
      expect(scenario.hedgePnl).toBeCloseTo(pnlAtExpiry(legs, price), 9);
      expect(scenario.hedgedPnl).toBeCloseTo(300 * (price - 100) + pnlAtExpiry(legs, price), 9);
    }
  });

  it("the curve is strategyPnlAtExpiry of the stock (a call struck at 0) and the options", () => {
    const hedge = [option("P", 95, 3, 2)];
    const { path } = measure([shares], hedge);
    const curve = pnlCurve([shares, ...hedge], path);
    const profile = strategyPnlAtExpiry(
      [
        { quantity: 300, premiumPerShare: 100, strike: 0, right: "C", multiplier: 1 },
        { quantity: 3, premiumPerShare: 2, strike: 95, right: "P" },
      ],
      100,
    );
    expect(curve).toHaveLength(121);
    expect(curve.map((p) => [p.price, p.pnl])).toEqual(
      profile.points.map((p) => [p.underlyingPrice, p.pnl]),
    );
    expect(curve[0]?.price).toBe(0);
    expect(curve.find((p) => p.price === 100)?.pnl).toBeCloseTo(-600, 9);
  });
});

describe("a short position's hedges", () => {
  const short = stock(-200);

  it("a protective call caps the loss: (strike − spot) × shares + premium", () => {
    const { metrics } = measure([short], [option("C", 105, 2, 1.5)]);
    expect(metrics.exposure).toBe("short");
    expect(metrics.hedged.maxLoss).toBeCloseTo(-(5 * 200 + 300), 9);
    expect(metrics.hedged.maxGain).toBeCloseTo(100 * 200 - 300, 9);
    expect(metrics.unhedged.maxLoss).toBeNull();
    expect(metrics.protectionStart?.move).toBeCloseTo(0.05, 12);
    // The scenarios are mirrored: +30 % first, against a short book.
    expect(metrics.scenarios[0]?.move).toBeCloseTo(0.3, 12);
  });

  it("a call spread stops protecting above its sold strike", () => {
    const { metrics } = measure([short], [option("C", 105, 2, 1.5), option("C", 115, -2, 0.4)]);
    expect(metrics.protectionEnd?.move).toBeCloseTo(0.15, 12);
    expect(metrics.hedged.maxLoss).toBeNull();
  });
});

describe("a stock hedged with index puts along the beta path", () => {
  const stockA: Underlying = { code: "AAA_NYSE", symbol: "AAA", price: 50, beta: 1.5 };
  const book: StockLeg = { kind: "stock", code: stockA.code, quantity: 1000, price: 50 };
  const puts = option("P", 475, 3, 5, SPY, -0.3);

  function measureA() {
    const underlyings = new Map([stockA, SPY].map((u) => [u.code, u]));
    const path = scenarioPath(SPY, underlyings);
    return hedgeMetrics({
      positions: [book],
      hedge: [puts],
      underlyings,
      path,
      benchmarkPrice: SPY.price,
      days: 30,
    });
  }

  it("moves each stock by its beta times SPY's move", () => {
    const metrics = measureA();
    const tenDown = metrics.scenarios[2];
    expect(tenDown?.move).toBeCloseTo(-0.1, 12);
    expect(tenDown?.prices).toEqual([
      { code: stockA.code, symbol: "AAA", price: expect.closeTo(42.5, 9) },
      { code: SPY.code, symbol: "SPY", price: expect.closeTo(450, 9) },
    ]);
    // Shares −7,500; puts (475 − 450) × 300 − 1,500 premium.
    expect(tenDown?.hedgedPnl).toBeCloseTo(-7500 + 7500 - 1500, 9);
  });

  it("finds the worst move exactly: at the puts' strike", () => {
    const metrics = measureA();
    // At SPY −5 %: AAA −7.5 % (−3,750), the puts expire worthless (−1,500).
    expect(metrics.hedged.maxLoss).toBeCloseTo(-5250, 9);
    expect(metrics.floor).toBeCloseTo(50_000 - 5250, 9);
    expect(metrics.protectionStart?.move).toBeCloseTo(-0.05, 12);
  });

  it("weights delta by beta into SPY shares", () => {
    const metrics = measureA();
    expect(metrics.before.betaWeightedDeltaSpyShares).toBeCloseTo((1.5 * 1000 * 50) / 500, 9);
    expect(metrics.after.betaWeightedDeltaSpyShares).toBeCloseTo(150 + 300 * -0.3, 9);
    expect(metrics.after.byUnderlying.map((row) => row.deltaShares)).toEqual([
      1000,
      expect.closeTo(-90, 9),
    ]);
  });
});
