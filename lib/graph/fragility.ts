import type { TrailingTwelveMonths } from "../fundamentals/ports";

/**
 * Balance-sheet and dependency fragility, 0-100 (higher = more fragile), from six components,
 * each mapped to 0-100 by a piecewise-linear scale: 0 at or beyond its `sound` end, 100 at or
 * beyond its `fragile` end, linear between (FRAGILITY_SCALES):
 *
 * - altmanZ (weight 0.30): Altman's Z for public manufacturers (1968),
 *     Z = 1.2A + 1.4B + 3.3C + 0.6D + 1.0E,
 *   A = working capital / total assets, B = retained earnings / total assets, C = EBIT (TTM) /
 *   total assets, D = market value of equity / total liabilities, E = sales (TTM) / total
 *   assets; zones: distress Z < 1.81, grey 1.81 ≤ Z ≤ 2.99, safe Z > 2.99. Scale: 100 at
 *   Z ≤ 1.1, 0 at Z ≥ 3.5. Not designed for banks and insurers (deposits count as liabilities,
 *   sales are small next to assets): their Z is low by construction.
 * - leverage (0.15): total liabilities / total assets; 0 at ≤ 0.4, 100 at ≥ 1.0 (negative
 *   equity). Chosen over debt / equity, which has no meaning once equity is negative.
 * - interestCoverage (0.15): EBIT (TTM) / interest expense (TTM); 100 at ≤ 1, 0 at ≥ 8; no
 *   interest expense = 0.
 * - liquidity (0.10): the mean of the current ratio's scale (current assets / current
 *   liabilities; 100 at ≤ 0.8, 0 at ≥ 2.0) and the quick ratio's ((current assets − inventory)
 *   / current liabilities; 100 at ≤ 0.5, 0 at ≥ 1.2); no current liabilities = 0.
 * - customerConcentration (0.15): the mean of the largest customer's share of revenue's scale
 *   (0 at ≤ 0.05, 100 at ≥ 0.5) and the HHI of the customers' shares (Σ share²; 0 at 0, 100 at
 *   ≥ 0.25); no known customer = 0.
 * - shortInterest (0.15): short interest, percent of float; 0 at ≤ 2 %, 100 at ≥ 30 %.
 *
 * A component whose inputs are missing is null and drops out: the others' weights are divided
 * by their sum (effective weights). fragility = Σ effectiveWeight × value, each value rounded to
 * 0.1 first and the sum rounded to 0.1; null when every component is missing. Pure.
 */

/** What the model reads of the statements: TTM flows and the latest balance sheet. */
export type FragilityStatement = Pick<
  TrailingTwelveMonths,
  | "revenueUsd"
  | "operatingIncomeUsd"
  | "interestExpenseUsd"
  | "inventoryUsd"
  | "currentAssetsUsd"
  | "totalAssetsUsd"
  | "currentLiabilitiesUsd"
  | "totalDebtUsd"
  | "totalLiabilitiesUsd"
  | "retainedEarningsUsd"
  | "equityUsd"
>;

export interface FragilityInputs {
  /** trailingTwelveMonths' figures; null when there are none (a fund, a short history). */
  statement: FragilityStatement | null;
  /** Price × shares at the clock, USD; null when unknown. */
  marketCapUsd: number | null;
  /**
   * Each known customer's purchases over this company's revenue, 0-1; [] when the graph knows
   * no customer, null when the source has no supply chain.
   */
  customerRevenueShares: readonly number[] | null;
  /** Percent of float; null when unknown. */
  shortInterestPercent: number | null;
}

export type AltmanZone = "distress" | "grey" | "safe";

export interface AltmanZ {
  /** A-E, each a ratio. */
  ratios: { A: number; B: number; C: number; D: number; E: number };
  /** Each ratio × its coefficient: the terms Z sums. */
  products: { A: number; B: number; C: number; D: number; E: number };
  z: number;
  zone: AltmanZone;
}

export type FragilityComponentName =
  | "altmanZ"
  | "leverage"
  | "interestCoverage"
  | "liquidity"
  | "customerConcentration"
  | "shortInterest";

export interface FragilityComponent {
  name: FragilityComponentName;
  /** 0-100 (higher = more fragile), rounded to 0.1; null when its inputs are missing. */
  value: number | null;
  nominalWeight: number;
  /** The nominal weight over the present components' sum; 0 when the value is null. */
  effectiveWeight: number;
  /** The figures it is computed from, units in their names (ratios are plain numbers). */
  inputs: Record<string, number | null>;
}

export interface FragilityAssessment {
  /** 0-100, rounded to 0.1; null when every component is missing. */
  fragility: number | null;
  altmanZ: AltmanZ | null;
  components: FragilityComponent[];
}

export const ALTMAN_COEFFICIENTS = { A: 1.2, B: 1.4, C: 3.3, D: 0.6, E: 1.0 } as const;
/** Z below this is the distress zone; above ALTMAN_SAFE_ABOVE the safe zone; grey between. */
export const ALTMAN_DISTRESS_BELOW = 1.81;
export const ALTMAN_SAFE_ABOVE = 2.99;

export const FRAGILITY_WEIGHTS: Readonly<Record<FragilityComponentName, number>> = {
  altmanZ: 0.3,
  leverage: 0.15,
  interestCoverage: 0.15,
  liquidity: 0.1,
  customerConcentration: 0.15,
  shortInterest: 0.15,
};

/** A piecewise-linear scale: 0 fragility at `sound`, 100 at `fragile`, linear between. */
export interface FragilityScale {
  sound: number;
  fragile: number;
}

export const FRAGILITY_SCALES = {
  altmanZ: { sound: 3.5, fragile: 1.1 },
  liabilitiesToAssets: { sound: 0.4, fragile: 1.0 },
  interestCoverage: { sound: 8, fragile: 1 },
  currentRatio: { sound: 2.0, fragile: 0.8 },
  quickRatio: { sound: 1.2, fragile: 0.5 },
  largestCustomerShare: { sound: 0.05, fragile: 0.5 },
  customerHhi: { sound: 0, fragile: 0.25 },
  shortInterestPercent: { sound: 2, fragile: 30 },
} as const satisfies Record<string, FragilityScale>;

/** Where `x` falls on the scale, 0-100 (unrounded). */
export function onScale(x: number, { sound, fragile }: FragilityScale): number {
  const position = (x - sound) / (fragile - sound);
  return 100 * Math.min(1, Math.max(0, position));
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function altmanZone(z: number): AltmanZone {
  if (z < ALTMAN_DISTRESS_BELOW) return "distress";
  return z > ALTMAN_SAFE_ABOVE ? "safe" : "grey";
}

/** Altman's Z; null without a market value, or without positive assets and liabilities. */
export function altmanZ(
  statement: FragilityStatement,
  marketCapUsd: number | null,
): AltmanZ | null {
  const assets = statement.totalAssetsUsd;
  const liabilities = statement.totalLiabilitiesUsd;
  if (marketCapUsd === null || assets <= 0 || liabilities <= 0) return null;
  const ratios = {
    A: (statement.currentAssetsUsd - statement.currentLiabilitiesUsd) / assets,
    B: statement.retainedEarningsUsd / assets,
    C: statement.operatingIncomeUsd / assets,
    D: marketCapUsd / liabilities,
    E: statement.revenueUsd / assets,
  };
  const products = {
    A: ALTMAN_COEFFICIENTS.A * ratios.A,
    B: ALTMAN_COEFFICIENTS.B * ratios.B,
    C: ALTMAN_COEFFICIENTS.C * ratios.C,
    D: ALTMAN_COEFFICIENTS.D * ratios.D,
    E: ALTMAN_COEFFICIENTS.E * ratios.E,
  };
  const z = products.A + products.B + products.C + products.D + products.E;
  return { ratios, products, z, zone: altmanZone(z) };
}

type Measured = { value: number | null; inputs: Record<string, number | null> };

function altmanComponent(z: AltmanZ | null, inputs: FragilityInputs): Measured {
  const s = inputs.statement;
  return {
    value: z && onScale(z.z, FRAGILITY_SCALES.altmanZ),
    inputs: {
      z: z?.z ?? null,
      workingCapitalUsd: s && s.currentAssetsUsd - s.currentLiabilitiesUsd,
      retainedEarningsUsd: s?.retainedEarningsUsd ?? null,
      ebitTtmUsd: s?.operatingIncomeUsd ?? null,
      marketValueOfEquityUsd: inputs.marketCapUsd,
      totalLiabilitiesUsd: s?.totalLiabilitiesUsd ?? null,
      salesTtmUsd: s?.revenueUsd ?? null,
      totalAssetsUsd: s?.totalAssetsUsd ?? null,
    },
  };
}

function leverageComponent(s: FragilityStatement | null): Measured {
  if (!s || s.totalAssetsUsd <= 0) return { value: null, inputs: {} };
  const liabilitiesToAssets = s.totalLiabilitiesUsd / s.totalAssetsUsd;
  return {
    value: onScale(liabilitiesToAssets, FRAGILITY_SCALES.liabilitiesToAssets),
    inputs: {
      liabilitiesToAssets,
      totalLiabilitiesUsd: s.totalLiabilitiesUsd,
      totalAssetsUsd: s.totalAssetsUsd,
      totalDebtUsd: s.totalDebtUsd,
      equityUsd: s.equityUsd,
      debtToEquity: s.equityUsd > 0 ? s.totalDebtUsd / s.equityUsd : null,
    },
  };
}

function coverageComponent(s: FragilityStatement | null): Measured {
  if (!s) return { value: null, inputs: {} };
  const interest = s.interestExpenseUsd;
  const coverage = interest > 0 ? s.operatingIncomeUsd / interest : null;
  return {
    value: coverage === null ? 0 : onScale(coverage, FRAGILITY_SCALES.interestCoverage),
    inputs: {
      interestCoverage: coverage,
      ebitTtmUsd: s.operatingIncomeUsd,
      interestTtmUsd: interest,
    },
  };
}

function liquidityComponent(s: FragilityStatement | null): Measured {
  if (!s) return { value: null, inputs: {} };
  const owed = s.currentLiabilitiesUsd;
  const currentRatio = owed > 0 ? s.currentAssetsUsd / owed : null;
  const quickRatio = owed > 0 ? (s.currentAssetsUsd - s.inventoryUsd) / owed : null;
  const value =
    currentRatio === null || quickRatio === null
      ? 0
      : (onScale(currentRatio, FRAGILITY_SCALES.currentRatio) +
          onScale(quickRatio, FRAGILITY_SCALES.quickRatio)) /
        2;
  return {
    value,
    inputs: {
      currentRatio,
      quickRatio,
      currentAssetsUsd: s.currentAssetsUsd,
      inventoryUsd: s.inventoryUsd,
      currentLiabilitiesUsd: owed,
    },
  };
}

function concentrationComponent(shares: readonly number[] | null): Measured {
  if (shares === null) return { value: null, inputs: {} };
  const largestShare = shares.reduce((max, share) => Math.max(max, share), 0);
  const hhi = shares.reduce((sum, share) => sum + share * share, 0);
  const value =
    shares.length === 0
      ? 0
      : (onScale(largestShare, FRAGILITY_SCALES.largestCustomerShare) +
          onScale(hhi, FRAGILITY_SCALES.customerHhi)) /
        2;
  return {
    value,
    inputs: { largestCustomerShare: largestShare, customerHhi: hhi, customers: shares.length },
  };
}

function shortInterestComponent(percent: number | null): Measured {
  if (percent === null) return { value: null, inputs: {} };
  return {
    value: onScale(percent, FRAGILITY_SCALES.shortInterestPercent),
    inputs: { shortInterestPercent: percent },
  };
}

/** The fragility of one company with each component, its weights and its inputs. */
export function assessFragility(inputs: FragilityInputs): FragilityAssessment {
  const z = inputs.statement && altmanZ(inputs.statement, inputs.marketCapUsd);
  const measured: Record<FragilityComponentName, Measured> = {
    altmanZ: altmanComponent(z, inputs),
    leverage: leverageComponent(inputs.statement),
    interestCoverage: coverageComponent(inputs.statement),
    liquidity: liquidityComponent(inputs.statement),
    customerConcentration: concentrationComponent(inputs.customerRevenueShares),
    shortInterest: shortInterestComponent(inputs.shortInterestPercent),
  };
  const names = Object.keys(FRAGILITY_WEIGHTS) as FragilityComponentName[];
  const presentWeight = names
    .filter((name) => measured[name].value !== null)
    .reduce((sum, name) => sum + FRAGILITY_WEIGHTS[name], 0);
  const components = names.map((name): FragilityComponent => {
    const { value, inputs: figures } = measured[name];
    return {
      name,
      value: value === null ? null : round1(value),
      nominalWeight: FRAGILITY_WEIGHTS[name],
      effectiveWeight: value === null ? 0 : FRAGILITY_WEIGHTS[name] / presentWeight,
      inputs: figures,
    };
  });
  const fragility =
    presentWeight === 0
      ? null
      : round1(components.reduce((sum, c) => sum + c.effectiveWeight * (c.value ?? 0), 0));
  return { fragility, altmanZ: z ?? null, components };
}
