import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blackScholes, blackScholesPrice } from "../../lib/quant/black-scholes";
import {
  IV_ABOVE_MAXIMUM,
  IV_BELOW_INTRINSIC,
  IV_INVALID_INPUT,
  impliedVolatility,
  impliedVolatilityRaw,
} from "../../lib/quant/implied-vol";
import {
  lastImpliedVolatilityIterations,
  normalisedBlackCall,
  normalisedImpliedVolatilityOtmCall,
  normalisedVega,
} from "../../lib/quant/lets-be-rational";
import { normCdf } from "../../lib/quant/normal";
import { EPS, loadReference, years } from "./reference";

interface IvInput {
  id: string;
  underlyingPrice: number;
  strike: number;
  daysToExpiration: number;
  riskFreeRate: number;
  right: "C" | "P";
  price: number;
}
interface IvCase extends IvInput {
  category: string;
  vol: number;
  attainable: number;
  illConditioned: boolean;
}
interface IvInvalid extends IvInput {
  kind: "belowIntrinsic" | "aboveUpper" | "negativePrice" | "callAtSpot";
}

const iv = loadReference<{ cases: IvCase[]; invalid: IvInvalid[] }>("iv_vectors.json");

function solve(c: IvInput) {
  return impliedVolatility(
    c.price,
    c.underlyingPrice,
    c.strike,
    years(c.daysToExpiration),
    c.riskFreeRate / 100,
    c.right === "C",
  );
}

describe("implied volatility against the 60-digit reference", () => {
  it("recovers every valid case within max(1e-9, 16 × attainable) in at most 2 iterations", () => {
    const failures: string[] = [];
    let worstRatio = 0;
    let worstWellConditioned = 0;
    let maxIterations = 0;
    for (const c of iv.cases) {
      const result = solve(c);
      maxIterations = Math.max(maxIterations, lastImpliedVolatilityIterations());
      if (!result.ok) {
        failures.push(`${c.id} refused: ${result.reason}`);
        continue;
      }
      const error = Math.abs(result.sigma - c.vol);
      const tolerance = Math.max(1e-9, 16 * c.attainable);
      if (!(error <= tolerance)) failures.push(`${c.id} (${c.category}): error ${error}`);
      worstRatio = Math.max(worstRatio, error / tolerance);
      if (!c.illConditioned) worstWellConditioned = Math.max(worstWellConditioned, error);
    }
    expect(failures).toEqual([]);
    expect(iv.cases).toHaveLength(5000);
    expect(maxIterations).toBeLessThanOrEqual(2);
    // Headline metric of the header: well-conditioned cases better than 1e-9 absolute.
    expect(worstWellConditioned).toBeLessThan(1e-9);
    console.info(
      `iv_vectors: worst error = ${worstRatio.toFixed(3)} × tolerance; ` +
        `worst well-conditioned |Δσ| = ${worstWellConditioned.toExponential(2)}`,
    );
  });

  it("refuses all 50 prices outside the no-arbitrage bounds with the matching reason", () => {
    const expected = {
      belowIntrinsic: "BELOW_INTRINSIC",
      negativePrice: "BELOW_INTRINSIC",
      aboveUpper: "ABOVE_MAXIMUM",
      callAtSpot: "ABOVE_MAXIMUM",
    } as const;
    expect(iv.invalid).toHaveLength(50);
    for (const c of iv.invalid) {
      expect(solve(c), c.id).toEqual({ ok: false, reason: expected[c.kind] });
    }
  });
});

describe("implied volatility refusals and edge cases", () => {
  it("refuses non-finite and non-positive inputs without throwing", () => {
    const bad: [number, number, number, number, number][] = [
      [Number.NaN, 100, 100, 1, 0.05],
      [5, Number.NaN, 100, 1, 0.05],
      [5, 100, Number.POSITIVE_INFINITY, 1, 0.05],
      [5, 100, 100, 0, 0.05],
      [5, 100, 100, -1, 0.05],
      [5, 100, 100, 1, Number.NaN],
      [5, 0, 100, 1, 0.05],
      [5, 100, -3, 1, 0.05],
      [Number.POSITIVE_INFINITY, 100, 100, 1, 0.05],
    ];
    for (const [price, s, k, t, r] of bad) {
      for (const isCall of [true, false]) {
        expect(impliedVolatility(price, s, k, t, r, isCall)).toEqual({
          ok: false,
          reason: "INVALID_INPUT",
        });
        expect(impliedVolatilityRaw(price, s, k, t, r, isCall)).toBe(IV_INVALID_INPUT);
      }
    }
  });

  it("distinguishes below-intrinsic and above-maximum prices", () => {
    const t = 0.5;
    const r = 0.04;
    const kd = 100 * Math.exp(-r * t);
    expect(impliedVolatilityRaw(120 - kd - 0.01, 120, 100, t, r, true)).toBe(IV_BELOW_INTRINSIC);
    expect(impliedVolatilityRaw(-0.01, 120, 100, t, r, true)).toBe(IV_BELOW_INTRINSIC);
    expect(impliedVolatilityRaw(120, 120, 100, t, r, true)).toBe(IV_ABOVE_MAXIMUM);
    expect(impliedVolatilityRaw(kd, 80, 100, t, r, false)).toBe(IV_ABOVE_MAXIMUM);
    expect(impliedVolatilityRaw(kd - 80 - 1e-6, 80, 100, t, r, false)).toBe(IV_BELOW_INTRINSIC);
  });

  it("returns σ = 0 for a price exactly at the lower bound", () => {
    expect(impliedVolatility(0, 100, 120, 1, 0.03, true)).toEqual({ ok: true, sigma: 0 });
  });
});

describe("implied volatility round trip", () => {
  it("recovers σ from the Black-Scholes price to the attainable precision", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: 0.5 / 365, max: 4, noNaN: true }),
        fc.double({ min: 0.01, max: 4, noNaN: true }),
        fc.double({ min: -0.01, max: 0.1, noNaN: true }),
        fc.boolean(),
        (s, m, t, sigma, r, isCall) => {
          const k = s * Math.exp(m);
          const g = blackScholes(s, k, t, sigma, r, isCall);
          const vegaPerUnit = 100 * g.vegaPerVolPoint;
          // σ is undetermined when the time value drowns in the rounding of the bounds.
          const kd = k * Math.exp(-r * t);
          const timeValue = g.price - Math.max(isCall ? s - kd : kd - s, 0);
          fc.pre(vegaPerUnit > 1e-200 && timeValue > 1e3 * EPS * (s + k));
          const result = impliedVolatility(g.price, s, k, t, r, isCall);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          // Rounding of the price and of the parity terms, mapped through 1/vega.
          const attainable = (EPS * (g.price + s + k)) / vegaPerUnit;
          expect(Math.abs(result.sigma - sigma)).toBeLessThanOrEqual(1e-14 + 16 * attainable);
          const repriced = blackScholesPrice(s, k, t, result.sigma, r, isCall);
          expect(Math.abs(repriced - g.price)).toBeLessThanOrEqual(16 * EPS * (g.price + s + k));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("evaluates the normalised Black function like the direct formula where it is benign", () => {
    // Direct b = Φ(h+t)·e^{x/2} − Φ(h−t)·e^{−x/2} loses digits to cancellation in proportion to
    // (Φ(h+t)·e^{x/2})/b, and rounding h ± t costs each term ~(h ± t)² ulps; compare only where
    // the cancellation is below 1e3 and allow for the argument rounding of the direct form.
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 1e-3, max: 5, noNaN: true }),
        (x, s) => {
          const h = x / s;
          const t = s / 2;
          const first = normCdf(h + t) * Math.exp(x / 2);
          const direct = first - normCdf(h - t) * Math.exp(-x / 2);
          const b = normalisedBlackCall(x, s);
          fc.pre(direct > 1e-290 && first / direct < 1e3); // normal range, mild cancellation
          const argumentRounding = 1 + (h + t) ** 2 + (h - t) ** 2;
          expect(Math.abs(b - direct)).toBeLessThanOrEqual(16 * EPS * argumentRounding * first);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("inverts the normalised Black function to machine precision", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -30, max: 0, noNaN: true }),
        fc.double({ min: 1e-6, max: 20, noNaN: true }),
        (x, s) => {
          const beta = normalisedBlackCall(x, s);
          fc.pre(beta > 1e-300 && beta < Math.exp(0.5 * x) * (1 - 1e-12));
          const back = normalisedImpliedVolatilityOtmCall(beta, x);
          // Jäckel's attainable accuracy: (1 + |b/(s·b')|)·ε relative.
          const attainable = EPS * (s + beta / normalisedVega(x, s));
          expect(Math.abs(back - s)).toBeLessThanOrEqual(8 * attainable);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
