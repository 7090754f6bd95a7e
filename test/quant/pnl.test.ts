import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GRID_POINTS,
  pnlAtExpiry,
  type StrategyLeg,
  strategyPnlAtExpiry,
} from "../../lib/quant/pnl";

/** Independent payoff formula for the checks: Σ q·m·(max(±(P − K), 0) − premium). */
function directPnl(legs: StrategyLeg[], price: number): number {
  let total = 0;
  for (const leg of legs) {
    const payoff =
      leg.right === "C" ? Math.max(price - leg.strike, 0) : Math.max(leg.strike - price, 0);
    total += leg.quantity * (leg.multiplier ?? 100) * (payoff - leg.premiumPerShare);
  }
  return total;
}

const legArb: fc.Arbitrary<StrategyLeg> = fc.record({
  quantity: fc.integer({ min: -5, max: 5 }),
  premiumPerShare: fc.double({ min: 0, max: 50, noNaN: true }),
  strike: fc.double({ min: 1, max: 500, noNaN: true }),
  right: fc.constantFrom("C" as const, "P" as const),
  multiplier: fc.constantFrom(100, 10, undefined),
});
const legsArb = fc.array(legArb, { minLength: 1, maxLength: 4 });
const spotArb = fc.double({ min: 1, max: 500, noNaN: true });

describe("strategy P&L at expiry", () => {
  it("long call + short call at the same strike and premium is flat zero", () => {
    const legs: StrategyLeg[] = [
      { quantity: 1, premiumPerShare: 3.2, strike: 100, right: "C" },
      { quantity: -1, premiumPerShare: 3.2, strike: 100, right: "C" },
    ];
    const result = strategyPnlAtExpiry(legs, 104);
    for (const point of result.points) expect(point.pnl).toBe(0);
    expect(result.breakevens).toEqual([]);
    expect(result).toMatchObject({
      maxProfit: 0,
      maxLoss: 0,
      maxProfitUnbounded: false,
      maxLossUnbounded: false,
      pnlAtSpot: 0,
      netPremium: 0,
    });
  });

  it("long call − short put at one strike is a synthetic long stock", () => {
    const call = 6.5;
    const put = 4.25;
    const legs: StrategyLeg[] = [
      { quantity: 2, premiumPerShare: call, strike: 50, right: "C" },
      { quantity: -2, premiumPerShare: put, strike: 50, right: "P" },
    ];
    const result = strategyPnlAtExpiry(legs, 52);
    for (const { underlyingPrice, pnl } of result.points) {
      expect(pnl).toBeCloseTo(200 * (underlyingPrice - 50 - (call - put)), 9);
    }
    expect(result.breakevens).toHaveLength(1);
    expect(result.breakevens[0]).toBeCloseTo(50 + call - put, 12);
    expect(result.maxProfitUnbounded).toBe(true);
    expect(result.maxLossUnbounded).toBe(false);
    // The swept range starts at half the lowest of spot and strikes: 25.
    expect(result.points[0]?.underlyingPrice).toBe(25);
    expect(result.maxLoss).toBeCloseTo(200 * (25 - 50 - (call - put)), 9);
    expect(result.netPremium).toBeCloseTo(200 * (call - put), 12);
  });

  it("reports a long put's maximum profit at the bottom of the swept range", () => {
    const result = strategyPnlAtExpiry(
      [{ quantity: 1, premiumPerShare: 2, strike: 40, right: "P" }],
      45,
    );
    // Swept range [20, 67.5]: the most the put makes in it is at 20.
    expect(result.maxProfit).toBeCloseTo(100 * (40 - 20 - 2), 12);
    expect(result.maxLoss).toBeCloseTo(-200, 12);
    expect(result.maxProfitUnbounded).toBe(false);
    expect(result.maxLossUnbounded).toBe(false);
    expect(result.breakevens).toEqual([38]);
  });

  it("flags a short call's loss as unbounded and finds exact breakevens of a straddle", () => {
    const shortCall = strategyPnlAtExpiry(
      [{ quantity: -1, premiumPerShare: 1.5, strike: 100, right: "C" }],
      98,
    );
    expect(shortCall.maxLossUnbounded).toBe(true);
    expect(shortCall.maxProfit).toBeCloseTo(150, 12);
    expect(shortCall.breakevens).toEqual([101.5]);

    const straddle = strategyPnlAtExpiry(
      [
        { quantity: 1, premiumPerShare: 5, strike: 100, right: "C" },
        { quantity: 1, premiumPerShare: 4, strike: 100, right: "P" },
      ],
      100,
    );
    expect(straddle.breakevens).toEqual([91, 109]);
    expect(straddle.maxLoss).toBeCloseTo(-900, 12);
    expect(straddle.maxProfitUnbounded).toBe(true);
  });

  it("builds a 121-point ascending grid from 0.5·min to 1.5·max with spot on it", () => {
    fc.assert(
      fc.property(legsArb, spotArb, (legs, spot) => {
        const { points } = strategyPnlAtExpiry(legs, spot);
        const strikes = legs.map((leg) => leg.strike);
        expect(points).toHaveLength(GRID_POINTS);
        expect(points[0]?.underlyingPrice).toBe(0.5 * Math.min(spot, ...strikes));
        expect(points[GRID_POINTS - 1]?.underlyingPrice).toBe(1.5 * Math.max(spot, ...strikes));
        expect(points.some((point) => point.underlyingPrice === spot)).toBe(true);
        for (let i = 1; i < points.length; i++) {
          expect(points[i]?.underlyingPrice).toBeGreaterThan(points[i - 1]?.underlyingPrice ?? 0);
        }
      }),
    );
  });

  it("matches the direct payoff formula at spot and on the grid, never NaN", () => {
    fc.assert(
      fc.property(legsArb, spotArb, (legs, spot) => {
        const result = strategyPnlAtExpiry(legs, spot);
        const scale = 1 + legs.reduce((sum, leg) => sum + Math.abs(leg.quantity) * 100 * 600, 0);
        expect(Math.abs(result.pnlAtSpot - directPnl(legs, spot))).toBeLessThanOrEqual(
          1e-12 * scale,
        );
        for (const { underlyingPrice, pnl } of result.points) {
          expect(Number.isFinite(pnl)).toBe(true);
          expect(Math.abs(pnl - directPnl(legs, underlyingPrice))).toBeLessThanOrEqual(
            1e-12 * scale,
          );
        }
        for (const value of [result.maxProfit, result.maxLoss, result.netPremium]) {
          expect(Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });

  it("has zero P&L at every breakeven and a sign change or kink between them", () => {
    fc.assert(
      fc.property(legsArb, spotArb, (legs, spot) => {
        const result = strategyPnlAtExpiry(legs, spot);
        const scale = 1 + legs.reduce((sum, leg) => sum + Math.abs(leg.quantity) * 100 * 600, 0);
        for (const price of result.breakevens) {
          expect(price).toBeGreaterThanOrEqual(0);
          expect(Math.abs(pnlAtExpiry(legs, price))).toBeLessThanOrEqual(1e-9 * scale);
        }
        const sorted = [...result.breakevens].sort((a, b) => a - b);
        expect(result.breakevens).toEqual(sorted);
      }),
    );
  });

  it("bounds every grid P&L by maxLoss and maxProfit", () => {
    fc.assert(
      fc.property(legsArb, spotArb, (legs, spot) => {
        const result = strategyPnlAtExpiry(legs, spot);
        const slack = 1e-9 * (1 + Math.abs(result.maxProfit) + Math.abs(result.maxLoss));
        for (const { pnl } of result.points) {
          expect(pnl).toBeLessThanOrEqual(result.maxProfit + slack);
          expect(pnl).toBeGreaterThanOrEqual(result.maxLoss - slack);
        }
        // The extremes are attained in the swept range: at a grid end or a strike.
        const range = [result.points[0], result.points.at(-1)].map((p) => p?.underlyingPrice ?? 0);
        const attained = [...range, ...legs.map((leg) => leg.strike)].map((x) =>
          directPnl(legs, x),
        );
        expect(Math.max(...attained)).toBeCloseTo(result.maxProfit, 6);
        expect(Math.min(...attained)).toBeCloseTo(result.maxLoss, 6);
      }),
    );
  });

  it("flags unbounded profit or loss from the slope above the highest strike", () => {
    fc.assert(
      fc.property(legsArb, spotArb, (legs, spot) => {
        const result = strategyPnlAtExpiry(legs, spot);
        const top = 2 * Math.max(spot, ...legs.map((leg) => leg.strike));
        const slope = directPnl(legs, top + 1) - directPnl(legs, top);
        expect(result.maxProfitUnbounded).toBe(slope > 0.5); // slopes are multiples of ±10
        expect(result.maxLossUnbounded).toBe(slope < -0.5);
      }),
    );
  });
});
