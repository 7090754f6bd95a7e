import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { erf, erfc, erfcx, inverseNormCdf, normCdf, normPdf } from "../../lib/quant/normal";
import { EPS } from "./reference";

/** Relative error in units of machine epsilon. */
function ulpsOff(got: number, want: number): number {
  return Math.abs(got - want) / Math.abs(want) / EPS;
}

// Literature values (Abramowitz & Stegun tables, re-evaluated with mpmath at 40 digits).
const PHI: [number, number][] = [
  [-1, 0.15865525393145705],
  [-3, 0.0013498980316300946],
  [-5, 2.866515718791939e-7],
  [-8, 6.220960574271784e-16],
  [-10, 7.619853024160525e-24],
  [-15, 3.670966199312751e-51],
  [-20, 2.7536241186062337e-89],
  [-26, 2.4760633155033892e-149],
  [-30, 4.906713927148187e-198],
  [-37, 5.725571222524577e-300],
  [-37.5, 4.605353009581955e-308],
  [0.5, 0.6914624612740131],
  [3, 0.9986501019683699],
];
const ERFC: [number, number][] = [
  [0.1, 0.887537083981715],
  [0.5, 0.4795001221869535],
  [1, 0.15729920705028513],
  [2, 0.004677734981047266],
  [5, 1.537459794428035e-12],
  [10, 2.088487583762545e-45],
  [20, 5.395865611607901e-176],
  [26, 5.663192408856143e-296],
];
const ERFCX: [number, number][] = [
  [-3, 16205.988853999586],
  [-1, 5.008980080762283],
  [0.3, 0.7345993345676551],
  [1, 0.427583576155807],
  [5, 0.11070463773306863],
  [30, 0.01879588886141675],
  [1000, 0.0005641893014533876],
];
const PDF: [number, number][] = [
  [-10, 7.694598626706419e-23],
  [-37, 2.1200065515246056e-298],
  [5, 1.4867195147342977e-6],
];
const INVERSE: [number, number][] = [
  [1e-300, -37.0470962993612],
  [1e-100, -21.273453560965326],
  [1e-20, -9.262340089798407],
  [1e-10, -6.361340902404057],
  [0.001, -3.0902323061678136],
  [0.05, -1.6448536269514726],
  [0.3, -0.5244005127080408],
  [0.975, 1.9599639845400543],
];

/**
 * Independent tail value: Φ(−x) = φ(x)·R(x) with the Mills ratio R from its continued fraction
 * (modified Lentz). For x = k/4, x²/2 is exact, so Math.exp adds at most one rounding.
 */
function tailByContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    d = x + n * d;
    d = d === 0 ? tiny : d;
    c = x + n / c;
    c = c === 0 ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-17) break;
  }
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI) / f;
}

describe("normal distribution", () => {
  it.each(PHI)("Φ(%d) matches the literature to a few ulps", (z, want) => {
    expect(ulpsOff(normCdf(z), want)).toBeLessThanOrEqual(4);
  });

  it.each(ERFC)("erfc(%d) matches the literature", (x, want) => {
    expect(ulpsOff(erfc(x), want)).toBeLessThanOrEqual(4);
  });

  it.each(ERFCX)("erfcx(%d) matches the literature", (x, want) => {
    expect(ulpsOff(erfcx(x), want)).toBeLessThanOrEqual(4);
  });

  it.each(PDF)("φ(%d) matches the literature", (z, want) => {
    expect(ulpsOff(normPdf(z), want)).toBeLessThanOrEqual(4);
  });

  it.each(INVERSE)("Φ⁻¹(%d) matches the literature (AS241)", (p, want) => {
    expect(ulpsOff(inverseNormCdf(p), want)).toBeLessThanOrEqual(4);
  });

  it("keeps machine precision along the whole lower tail (continued-fraction check)", () => {
    let worst = 0;
    for (let k = 20; k <= 150; k++) {
      const x = k / 4; // 5 … 37.5
      worst = Math.max(worst, ulpsOff(normCdf(-x), tailByContinuedFraction(x)));
    }
    expect(worst).toBeLessThanOrEqual(8);
  });

  it("underflows to 0 rather than NaN far out, and saturates at 1", () => {
    expect(normCdf(-40)).toBe(0);
    expect(normCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normCdf(40)).toBe(1);
    expect(normCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normPdf(Number.POSITIVE_INFINITY)).toBe(0);
    expect(erfc(30)).toBe(0);
    expect(erfcx(-30)).toBe(Number.MAX_VALUE);
    expect(Number.isNaN(normCdf(Number.NaN))).toBe(true);
  });

  it("satisfies Φ(x) + Φ(−x) = 1 in the central region", () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => {
        expect(Math.abs(normCdf(x) + normCdf(-x) - 1)).toBeLessThanOrEqual(2 * EPS);
      }),
    );
  });

  it("satisfies erf(x) + erfc(x) = 1 and erfc(x) + erfc(−x) = 2", () => {
    fc.assert(
      fc.property(fc.double({ min: -6, max: 6, noNaN: true }), (x) => {
        expect(Math.abs(erf(x) + erfc(x) - 1)).toBeLessThanOrEqual(2 * EPS);
        expect(Math.abs(erfc(x) + erfc(-x) - 2)).toBeLessThanOrEqual(4 * EPS);
      }),
    );
  });

  it("has erfcx(x) = exp(x²)·erfc(x) where both are representable", () => {
    for (let k = -40; k <= 80; k++) {
      const x = k / 8; // x² exact, so Math.exp(x*x) adds one rounding only
      expect(ulpsOff(erfcx(x), Math.exp(x * x) * erfc(x))).toBeLessThanOrEqual(8);
    }
  });

  it("is monotone", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -38, max: 9, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (x, step) => {
          expect(normCdf(x + step)).toBeGreaterThanOrEqual(normCdf(x));
        },
      ),
    );
  });

  it("inverts: Φ⁻¹(Φ(z)) = z where Φ(z) is well resolved (z ≤ ½)", () => {
    fc.assert(
      fc.property(fc.double({ min: -37, max: 0.5, noNaN: true }), (z) => {
        const back = inverseNormCdf(normCdf(z));
        // One rounding of p = Φ(z) moves z by ε·Φ(z)/φ(z); allow a few of those plus ε·|z|.
        const conditioning = normCdf(z) / normPdf(z) + Math.abs(z);
        expect(Math.abs(back - z)).toBeLessThanOrEqual(4 * EPS * conditioning);
      }),
    );
  });

  it("maps the ends of [0, 1] to ∓Infinity", () => {
    expect(inverseNormCdf(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(inverseNormCdf(1)).toBe(Number.POSITIVE_INFINITY);
    expect(inverseNormCdf(0.5)).toBe(0);
    expect(Number.isNaN(inverseNormCdf(Number.NaN))).toBe(true);
  });
});
