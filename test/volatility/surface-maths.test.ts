import { describe, expect, it } from "vitest";
import { blackScholes } from "../../lib/quant";
import {
  type GammaPosition,
  gammaBook,
  gammaSweep,
  positionGammaExposure,
} from "../../lib/quant/gamma-exposure";
import {
  constantMaturityVolatility,
  forwardVarianceRate,
  interpolateLinear,
} from "../../lib/quant/vol-interpolation";

/**
 * The pure maths behind the volatility group: gamma exposure against the Black-Scholes gamma
 * of lib/quant (reference-tested there), the zero-gamma sweep on books whose crossing is known,
 * and interpolation in total variance against hand-computed values.
 */

const RATE = 0.04;

function position(overrides: Partial<GammaPosition>): GammaPosition {
  return {
    strike: 100,
    years: 30 / 365,
    sigma: 0.25,
    openInterest: 1000,
    sign: 1,
    multiplier: 100,
    ...overrides,
  };
}

describe("gamma exposure", () => {
  it("is sign × Γ × OI × 100 × S² × 0.01 with the Black-Scholes gamma", () => {
    for (const [spot, strike, sign] of [
      [100, 100, 1],
      [95, 105, -1],
      [250, 200, 1],
    ] as const) {
      const held = position({ strike, sign });
      const gamma = blackScholes(spot, strike, held.years, held.sigma, RATE, true).gamma;
      expect(positionGammaExposure(held, spot, RATE)).toBeCloseTo(
        sign * gamma * 1000 * 100 * spot * spot * 0.01,
        8,
      );
    }
  });

  it("counts nothing for no open interest or no volatility", () => {
    expect(positionGammaExposure(position({ openInterest: 0 }), 100, RATE)).toBe(0);
    expect(positionGammaExposure(position({ sigma: 0 }), 100, RATE)).toBe(0);
  });

  it("totals a book as the sum of its positions at any spot", () => {
    const positions = [
      position({ strike: 90, sign: -1, openInterest: 800 }),
      position({ strike: 100, sign: 1, openInterest: 500, years: 60 / 365 }),
      position({ strike: 110, sign: 1, openInterest: 1200, sigma: 0.3 }),
    ];
    const book = gammaBook(positions, RATE);
    for (const spot of [85, 100, 117.3]) {
      const sum = positions.reduce((t, p) => t + positionGammaExposure(p, spot, RATE), 0);
      expect(book.totalAt(spot)).toBeCloseTo(sum, 6);
    }
  });

  it("finds the zero-gamma level where a symmetric long/short book crosses", () => {
    // Dealers short gamma at 90 and long at 110, same size, σ and T.
    const positions = [position({ strike: 90, sign: -1 }), position({ strike: 110, sign: 1 })];
    const book = gammaBook(positions, RATE);
    const sweep = gammaSweep(book, 100, { halfWidth: 0.2, steps: 80 });
    const level = sweep.zeroGammaLevel as number;
    expect(level).toBeGreaterThan(90);
    expect(level).toBeLessThan(110);
    expect(book.totalAt(level * 0.999)).toBeLessThan(0);
    expect(book.totalAt(level * 1.001)).toBeGreaterThan(0);
    // Equal weights and S factors: φ(d₁(K₁)) = φ(d₁(K₂)) ⇒ d₁(K₁) = −d₁(K₂)
    // ⇒ ln S = (ln K₁ + ln K₂)/2 − rT − σ²T/2.
    const years = 30 / 365;
    const expected = Math.sqrt(90 * 110) * Math.exp(-RATE * years - (0.25 * 0.25 * years) / 2);
    // The bisection stops at a millionth of the spot.
    expect(Math.abs(level - expected)).toBeLessThan(1e-6 * 100);
  });

  it("reports no level when the total keeps one sign, and the whole profile", () => {
    const book = gammaBook([position({ strike: 100, sign: 1 })], RATE);
    const sweep = gammaSweep(book, 100, { halfWidth: 0.2, steps: 80 });
    expect(sweep.zeroGammaLevel).toBeUndefined();
    expect(sweep.profile).toHaveLength(81);
    expect(sweep.profile[0]?.spot).toBeCloseTo(80, 10);
    expect(sweep.profile[80]?.spot).toBeCloseTo(120, 10);
    expect(sweep.profile.every((point) => point.totalGammaExposure > 0)).toBe(true);
  });

  it("picks the crossing nearest the spot when there are two", () => {
    const positions = [
      position({ strike: 85, sign: 1, openInterest: 3000 }),
      position({ strike: 100, sign: -1, openInterest: 1000 }),
      position({ strike: 115, sign: 1, openInterest: 3000 }),
    ];
    const book = gammaBook(positions, RATE);
    const sweep = gammaSweep(book, 103, { halfWidth: 0.2, steps: 80 });
    const crossings = sweep.profile
      .slice(1)
      .filter(
        (point, i) =>
          point.totalGammaExposure < 0 !== (sweep.profile[i]?.totalGammaExposure as number) < 0,
      );
    expect(crossings.length).toBe(2);
    const level = sweep.zeroGammaLevel as number;
    expect(level).toBeGreaterThan(100);
    expect(level).toBeLessThan(115);
  });
});

describe("volatility interpolation", () => {
  it("interpolates linearly between the bracketing points, in either order, never beyond", () => {
    const points = [
      { x: 0.9, y: 20 },
      { x: 0.5, y: 25 },
      { x: 0.1, y: 32 },
    ];
    expect(interpolateLinear(points, 0.75)).toBeCloseTo(20 + (5 * 0.15) / 0.4, 12);
    expect(interpolateLinear(points, 0.25)).toBeCloseTo(25 + (7 * 0.25) / 0.4, 12);
    expect(interpolateLinear(points, 0.5)).toBe(25);
    expect(interpolateLinear(points, 0.1)).toBe(32);
    expect(interpolateLinear(points, 0.95)).toBeUndefined();
  });

  it("interpolates in total variance: w linear in T, σ = √(w/T)", () => {
    const terms = [
      { years: 20 / 365, sigma: 0.3 },
      { years: 40 / 365, sigma: 0.2 },
    ];
    // w₁ = 0.09·20/365, w₂ = 0.04·40/365; at 30 days w = (w₁ + w₂)/2 = 0.085·... → σ² = 0.085.
    const at30 = constantMaturityVolatility(terms, 30 / 365);
    expect(at30.totalVariance).toBeCloseTo(((0.09 * 20 + 0.04 * 40) / 2 / 365) as number, 14);
    expect(at30.sigma).toBeCloseTo(Math.sqrt((0.09 * 20 + 0.04 * 40) / 2 / 30), 14);
    expect(at30.extrapolated).toBe(false);
    expect(forwardVarianceRate(terms[0] as never, terms[1] as never)).toBeCloseTo(
      (0.04 * 40 - 0.09 * 20) / 20,
      14,
    );
  });

  it("holds the nearest volatility flat outside the listed maturities, flagged", () => {
    const terms = [
      { years: 0.1, sigma: 0.3 },
      { years: 0.2, sigma: 0.25 },
    ];
    expect(constantMaturityVolatility(terms, 0.05)).toMatchObject({
      sigma: 0.3,
      extrapolated: true,
    });
    expect(constantMaturityVolatility(terms, 0.5)).toMatchObject({
      sigma: 0.25,
      extrapolated: true,
    });
    expect(constantMaturityVolatility(terms, 0.2)).toMatchObject({
      sigma: 0.25,
      extrapolated: false,
    });
  });
});
