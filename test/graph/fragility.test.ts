import { describe, expect, it } from "vitest";
import {
  ALTMAN_DISTRESS_BELOW,
  ALTMAN_SAFE_ABOVE,
  altmanZ,
  altmanZone,
  assessFragility,
  FRAGILITY_WEIGHTS,
  type FragilityAssessment,
  type FragilityComponentName,
  type FragilityInputs,
  type FragilityStatement,
  onScale,
} from "../../lib/graph/fragility";

/**
 * The fragility model on hand-built figures: the expectations are worked out by hand in the
 * comments, never with the code under test.
 */

const M = 1_000_000;

/**
 * A hand-computed statement (USD millions): current assets 500, current liabilities 300
 * (working capital 200), total assets 1,000, retained earnings 250, EBIT 120, total
 * liabilities 600, sales 1,100, interest 40, inventory 140; market value of equity 900.
 *   A = 200 / 1000 = 0.2      1.2 × 0.2  = 0.24
 *   B = 250 / 1000 = 0.25     1.4 × 0.25 = 0.35
 *   C = 120 / 1000 = 0.12     3.3 × 0.12 = 0.396
 *   D = 900 / 600  = 1.5      0.6 × 1.5  = 0.9
 *   E = 1100 / 1000 = 1.1     1.0 × 1.1  = 1.1
 *   Z = 0.24 + 0.35 + 0.396 + 0.9 + 1.1 = 2.986  (grey: 1.81 ≤ Z ≤ 2.99)
 */
const STATEMENT: FragilityStatement = {
  revenueUsd: 1_100 * M,
  operatingIncomeUsd: 120 * M,
  interestExpenseUsd: 40 * M,
  inventoryUsd: 140 * M,
  currentAssetsUsd: 500 * M,
  totalAssetsUsd: 1_000 * M,
  currentLiabilitiesUsd: 300 * M,
  totalDebtUsd: 400 * M,
  totalLiabilitiesUsd: 600 * M,
  retainedEarningsUsd: 250 * M,
  equityUsd: 400 * M,
};

const INPUTS: FragilityInputs = {
  statement: STATEMENT,
  marketCapUsd: 900 * M,
  customerRevenueShares: [0.3, 0.1],
  shortInterestPercent: 9,
};

const componentOf = (assessment: FragilityAssessment, name: FragilityComponentName) => {
  const component = assessment.components.find((c) => c.name === name);
  if (!component) throw new Error(name);
  return component;
};

describe("Altman Z", () => {
  it("computes Z = 1.2A + 1.4B + 3.3C + 0.6D + 1.0E on a hand-computed statement", () => {
    const z = altmanZ(STATEMENT, 900 * M);
    expect(z?.ratios.A).toBeCloseTo(0.2, 10);
    expect(z?.ratios.B).toBeCloseTo(0.25, 10);
    expect(z?.ratios.C).toBeCloseTo(0.12, 10);
    expect(z?.ratios.D).toBeCloseTo(1.5, 10);
    expect(z?.ratios.E).toBeCloseTo(1.1, 10);
    expect(z?.products.A).toBeCloseTo(0.24, 10);
    expect(z?.products.B).toBeCloseTo(0.35, 10);
    expect(z?.products.C).toBeCloseTo(0.396, 10);
    expect(z?.products.D).toBeCloseTo(0.9, 10);
    expect(z?.products.E).toBeCloseTo(1.1, 10);
    expect(z?.z).toBeCloseTo(2.986, 10);
    expect(z?.zone).toBe("grey");
  });

  it("needs a market value and positive assets and liabilities", () => {
    expect(altmanZ(STATEMENT, null)).toBeNull();
    expect(altmanZ({ ...STATEMENT, totalLiabilitiesUsd: 0 }, 900 * M)).toBeNull();
    expect(altmanZ({ ...STATEMENT, totalAssetsUsd: 0 }, 900 * M)).toBeNull();
  });

  it("puts the zone boundaries where Altman did: distress < 1.81 ≤ grey ≤ 2.99 < safe", () => {
    expect(ALTMAN_DISTRESS_BELOW).toBe(1.81);
    expect(ALTMAN_SAFE_ABOVE).toBe(2.99);
    expect(altmanZone(-1)).toBe("distress");
    expect(altmanZone(1.8099)).toBe("distress");
    expect(altmanZone(1.81)).toBe("grey");
    expect(altmanZone(2.5)).toBe("grey");
    expect(altmanZone(2.99)).toBe("grey");
    expect(altmanZone(2.9901)).toBe("safe");
    // One million more sales on the statement: Z = 2.986 + 1/1000 = 2.987, still grey;
    // five million more: 2.991, safe.
    const more = (millions: number) =>
      altmanZ({ ...STATEMENT, revenueUsd: (1_100 + millions) * M }, 900 * M)?.zone;
    expect(more(1)).toBe("grey");
    expect(more(5)).toBe("safe");
  });
});

describe("fragility", () => {
  /**
   * Each component by hand (scale: 0 at the sound end, 100 at the fragile end):
   *   altmanZ: (3.5 − 2.986) / (3.5 − 1.1) = 0.514 / 2.4 = 0.214167 → 21.4
   *   leverage: liabilities / assets 0.6; (0.6 − 0.4) / (1.0 − 0.4) = 0.3333 → 33.3
   *   interestCoverage: 120 / 40 = 3; (8 − 3) / (8 − 1) = 0.714286 → 71.4
   *   liquidity: current ratio 500 / 300 = 1.6667, (2.0 − 1.6667) / 1.2 = 0.27778 → 27.78;
   *     quick ratio (500 − 140) / 300 = 1.2 → 0; mean 13.889 → 13.9
   *   customerConcentration: largest 0.3, (0.3 − 0.05) / 0.45 = 0.5556 → 55.56; HHI 0.09 +
   *     0.01 = 0.10, 0.10 / 0.25 = 0.4 → 40; mean 47.78 → 47.8
   *   shortInterest: (9 − 2) / (30 − 2) = 0.25 → 25.0
   * fragility = 0.30 × 21.4 + 0.15 × 33.3 + 0.15 × 71.4 + 0.10 × 13.9 + 0.15 × 47.8
   *   + 0.15 × 25.0 = 6.42 + 4.995 + 10.71 + 1.39 + 7.17 + 3.75 = 34.435 → 34.4
   */
  it("scores a hand-computed company, each component shown", () => {
    const assessment = assessFragility(INPUTS);
    const values = Object.fromEntries(assessment.components.map((c) => [c.name, c.value]));
    expect(values).toEqual({
      altmanZ: 21.4,
      leverage: 33.3,
      interestCoverage: 71.4,
      liquidity: 13.9,
      customerConcentration: 47.8,
      shortInterest: 25,
    });
    expect(assessment.fragility).toBe(34.4);
    expect(assessment.altmanZ?.zone).toBe("grey");
    expect(componentOf(assessment, "interestCoverage").inputs.interestCoverage).toBeCloseTo(3, 10);
    expect(componentOf(assessment, "liquidity").inputs.quickRatio).toBeCloseTo(1.2, 10);
    expect(componentOf(assessment, "customerConcentration").inputs.customerHhi).toBeCloseTo(
      0.1,
      10,
    );
    expect(componentOf(assessment, "leverage").inputs.debtToEquity).toBeCloseTo(1, 10);
  });

  it("recombines: the components' values × effective weights sum to the score", () => {
    for (const shares of [[0.6], [], [0.05, 0.05, 0.05]]) {
      for (const shortInterestPercent of [0.5, 14, 45]) {
        const assessment = assessFragility({
          ...INPUTS,
          customerRevenueShares: shares,
          shortInterestPercent,
        });
        const weights = assessment.components.reduce((sum, c) => sum + c.effectiveWeight, 0);
        const recombined = assessment.components.reduce(
          (sum, c) => sum + c.effectiveWeight * (c.value ?? 0),
          0,
        );
        expect(weights).toBeCloseTo(1, 12);
        // Rounding to 0.1 moves the sum by at most half a tenth (and a float's breath).
        const fragility = assessment.fragility ?? Number.NaN;
        expect(Math.abs(recombined - fragility)).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
  });

  it("drops a missing component and renormalises the others' weights", () => {
    // Without customers and short interest the present nominal weights sum to 0.7:
    // (6.42 + 4.995 + 10.71 + 1.39) / 0.7 = 23.515 / 0.7 = 33.592857 → 33.6.
    const assessment = assessFragility({
      ...INPUTS,
      customerRevenueShares: null,
      shortInterestPercent: null,
    });
    expect(assessment.fragility).toBe(33.6);
    expect(componentOf(assessment, "customerConcentration")).toMatchObject({
      value: null,
      nominalWeight: 0.15,
      effectiveWeight: 0,
    });
    expect(componentOf(assessment, "altmanZ").effectiveWeight).toBeCloseTo(0.3 / 0.7, 12);
    expect(componentOf(assessment, "liquidity").effectiveWeight).toBeCloseTo(0.1 / 0.7, 12);
    expect(componentOf(assessment, "liquidity").nominalWeight).toBe(0.1);
  });

  it("scores a fund on what it has, and nothing without any input", () => {
    // No statements: customers 47.8 and short interest 25.0, weights 0.15 each → 0.5 each:
    // (47.78 + 25) / 2 → (47.8 + 25.0) / 2 = 36.4.
    const fund = assessFragility({ ...INPUTS, statement: null });
    expect(fund.altmanZ).toBeNull();
    expect(fund.fragility).toBe(36.4);
    const nothing = assessFragility({
      statement: null,
      marketCapUsd: null,
      customerRevenueShares: null,
      shortInterestPercent: null,
    });
    expect(nothing.fragility).toBeNull();
    expect(nothing.components.every((c) => c.value === null && c.effectiveWeight === 0)).toBe(true);
  });

  it("treats no interest and no known customer as no fragility, negative equity as the most", () => {
    const debtFree = assessFragility({
      ...INPUTS,
      statement: { ...STATEMENT, interestExpenseUsd: 0, totalDebtUsd: 0 },
      customerRevenueShares: [],
    });
    expect(componentOf(debtFree, "interestCoverage").value).toBe(0);
    expect(componentOf(debtFree, "interestCoverage").inputs.interestCoverage).toBeNull();
    expect(componentOf(debtFree, "customerConcentration").value).toBe(0);
    const underwater = assessFragility({
      ...INPUTS,
      statement: { ...STATEMENT, totalLiabilitiesUsd: 1_100 * M, equityUsd: -100 * M },
    });
    expect(componentOf(underwater, "leverage").value).toBe(100);
    expect(componentOf(underwater, "leverage").inputs.debtToEquity).toBeNull();
  });

  it("grows more fragile with more debt (assets fixed, interest at 6 % of debt)", () => {
    let previous = Number.NEGATIVE_INFINITY;
    const scores: number[] = [];
    for (let debt = 0; debt <= 900; debt += 50) {
      const statement: FragilityStatement = {
        ...STATEMENT,
        totalDebtUsd: debt * M,
        totalLiabilitiesUsd: (200 + debt) * M,
        equityUsd: (800 - debt) * M,
        interestExpenseUsd: 0.06 * debt * M,
      };
      const score = assessFragility({ ...INPUTS, statement }).fragility as number;
      expect(score).toBeGreaterThanOrEqual(previous);
      previous = score;
      scores.push(score);
    }
    expect(scores.at(-1)).toBeGreaterThan((scores[0] as number) + 30);
  });

  it("maps each scale piecewise-linearly, whichever way it runs", () => {
    const z = { sound: 3.5, fragile: 1.1 };
    expect(onScale(4, z)).toBe(0);
    expect(onScale(3.5, z)).toBe(0);
    expect(onScale(2.3, z)).toBeCloseTo(50, 10);
    expect(onScale(1.1, z)).toBe(100);
    expect(onScale(-2, z)).toBe(100);
    const shortInterest = { sound: 2, fragile: 30 };
    expect(onScale(16, shortInterest)).toBeCloseTo(50, 10);
    expect(Object.values(FRAGILITY_WEIGHTS).reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 12);
  });
});
