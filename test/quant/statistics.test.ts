import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualisedVolatility,
  beta,
  betaStandardError,
  correlation,
  covariance,
  logReturns,
  mean,
  SESSIONS_PER_YEAR,
  variance,
} from "../../lib/quant/statistics";

const series = fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), {
  minLength: 3,
  maxLength: 60,
});

describe("return statistics", () => {
  it("computes the sample moments of a small series by hand", () => {
    const x = [1, 2, 3, 4];
    const y = [2, 4, 5, 9];
    expect(mean(x)).toBe(2.5);
    // Σ(x − 2.5)² = 5 over n − 1 = 3.
    expect(variance(x)).toBeCloseTo(5 / 3, 15);
    // Σ(x − 2.5)(y − 5) = 1.5·3 + 0.5·1 + 0.5·0 + 1.5·4 = 11 over 3.
    expect(covariance(x, y)).toBeCloseTo(11 / 3, 15);
    // var(y) = (9 + 1 + 0 + 16) / 3 = 26 / 3; r = 11 / √(5 · 26).
    expect(correlation(x, y)).toBeCloseTo(11 / Math.sqrt(130), 15);
    expect(beta(y, x)).toBeCloseTo(11 / 5, 15);
  });

  it("gives the least-squares standard error of a beta by hand, 0 for an exact fit", () => {
    // y on x: slope 0.6, intercept 2.2, residuals −0.8, 0.6, 1, −0.6, −0.2 (Σe² = 2.4), Σ(x − 3)² = 10.
    expect(betaStandardError([2, 4, 5, 4, 5], [1, 2, 3, 4, 5])).toBeCloseTo(
      Math.sqrt(2.4 / 3 / 10),
      15,
    );
    expect(betaStandardError([3, 5, 7, 9], [1, 2, 3, 4])).toBeCloseTo(0, 15);
    expect(betaStandardError([1, 2], [3, 4])).toBeNaN();
  });

  it("takes log returns between consecutive prices", () => {
    expect(logReturns([100, 110, 99])).toEqual([Math.log(1.1), Math.log(0.9)]);
    expect(logReturns([100])).toEqual([]);
  });

  it("annualises a daily standard deviation by √252", () => {
    const daily = [0.01, -0.01, 0.01, -0.01];
    const sd = Math.sqrt((4 * 0.0001) / 3);
    expect(annualisedVolatility(daily)).toBeCloseTo(sd * Math.sqrt(SESSIONS_PER_YEAR), 15);
  });

  it("gives correlation 1 with itself, −1 with its negation, and beta k for k times the market", () => {
    fc.assert(
      fc.property(series, fc.double({ min: 0.1, max: 5, noNaN: true }), (market, k) => {
        fc.pre(variance(market) > 1e-12);
        expect(correlation(market, market)).toBeCloseTo(1, 12);
        expect(
          correlation(
            market,
            market.map((r) => -r),
          ),
        ).toBeCloseTo(-1, 12);
        expect(
          beta(
            market.map((r) => k * r),
            market,
          ),
        ).toBeCloseTo(k, 9);
        const r = correlation(market, [...market].reverse());
        expect(r).toBeGreaterThanOrEqual(-1);
        expect(r).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("refuses series of different lengths and has no correlation for a constant one", () => {
    expect(() => covariance([1, 2, 3], [1, 2])).toThrow(RangeError);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});
