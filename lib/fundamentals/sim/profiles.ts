import { normal, seedOf } from "../../market/random";
import type { UniverseStock } from "../../market/sim/universe";

/**
 * The shape of each simulated company's books: ratios typical of its industry (rounded from
 * public US filings, 2020s), drawn per company around them, so that balance sheets differ
 * within an industry and a few companies come out fragile. Deterministic per symbol.
 *
 * The simulated world fixes revenue (about 24 % of the anchor market capitalisation a year) and
 * net income (EPS × shares, lib/market/sim/earnings.ts); the profile fixes everything else
 * relative to them: total assets through the asset turnover, the liabilities' share of assets,
 * and so on.
 */

export interface CompanyProfile {
  /** Annual revenue / total assets, at the 2026 asset level. */
  assetTurnover: number;
  /** Total assets grow by this fraction a year (shrink looking back from 2026). */
  assetGrowthPerYear: number;
  /** Total liabilities / total assets (above 1: negative equity). */
  liabilitiesToAssets: number;
  /** Total debt / total liabilities. */
  debtToLiabilities: number;
  /** Annual interest rate on debt, decimal. */
  interestRate: number;
  currentAssetsToAssets: number;
  /** Current assets / current liabilities. */
  currentRatio: number;
  cashToCurrentAssets: number;
  inventoryToCurrentAssets: number;
  /** Gross profit / revenue (raised where operating income needs it). */
  grossMargin: number;
  /** Income tax / pretax income. */
  taxRate: number;
  /** Annual depreciation and amortisation / total assets. */
  depreciationToAssets: number;
  capexToDepreciation: number;
  /** Retained earnings / total assets wanted at the end of fiscal 2026 (statements.ts). */
  retainedEarningsToAssets: number;
}

type IndustryRatios = Pick<
  CompanyProfile,
  | "assetTurnover"
  | "liabilitiesToAssets"
  | "debtToLiabilities"
  | "currentAssetsToAssets"
  | "currentRatio"
  | "cashToCurrentAssets"
  | "inventoryToCurrentAssets"
  | "grossMargin"
  | "depreciationToAssets"
  | "capexToDepreciation"
>;

// turnover, liabilities/assets, debt/liabilities, current assets/assets, current ratio,
// cash/current assets, inventory/current assets, gross margin, D&A/assets, capex/D&A
type Row = [number, number, number, number, number, number, number, number, number, number];

/**
 * Typical ratios by GICS industry (a sector's row where the industry has none). Asset turnover
 * is capped near 1: the world gives every company a net margin near 20 % in 2026 (quarterly EPS
 * about 1.2 % of the price, revenue 6 % of the market value), so a retailer's real turnover of
 * 2-3 would mean a 50 % return on assets.
 */
const RATIOS: Record<string, Row> = {
  // Information Technology
  Software: [0.55, 0.5, 0.35, 0.45, 1.5, 0.45, 0, 0.75, 0.04, 1],
  "Semiconductors & Semiconductor Equipment": [
    0.6, 0.4, 0.35, 0.45, 2.6, 0.4, 0.25, 0.55, 0.06, 1.2,
  ],
  "Technology Hardware, Storage & Peripherals": [0.9, 0.75, 0.3, 0.45, 1, 0.35, 0.1, 0.35, 0.03, 1],
  "Communications Equipment": [0.55, 0.55, 0.35, 0.4, 1.4, 0.4, 0.12, 0.62, 0.03, 0.8],
  "IT Services": [0.45, 0.85, 0.45, 0.25, 1, 0.4, 0.03, 0.55, 0.04, 0.8],
  // Communication Services
  "Interactive Media & Services": [0.6, 0.3, 0.1, 0.4, 2.5, 0.5, 0, 0.6, 0.07, 1.5],
  Entertainment: [0.5, 0.6, 0.45, 0.25, 1, 0.4, 0.02, 0.4, 0.08, 1],
  Media: [0.4, 0.65, 0.55, 0.15, 0.9, 0.35, 0.02, 0.7, 0.06, 1],
  "Diversified Telecommunication Services": [
    0.3, 0.72, 0.55, 0.1, 0.75, 0.2, 0.03, 0.58, 0.06, 1.2,
  ],
  "Wireless Telecommunication Services": [0.36, 0.68, 0.55, 0.1, 0.9, 0.25, 0.05, 0.6, 0.06, 0.9],
  // Consumer Discretionary
  Automobiles: [0.65, 0.75, 0.6, 0.45, 1.15, 0.25, 0.2, 0.15, 0.04, 1.3],
  "Broadline Retail": [1, 0.6, 0.2, 0.3, 1.05, 0.4, 0.25, 0.48, 0.08, 1.5],
  "Hotels, Restaurants & Leisure": [0.7, 0.92, 0.65, 0.2, 1.1, 0.5, 0.03, 0.45, 0.04, 1],
  "Specialty Retail": [1.1, 0.8, 0.35, 0.45, 1.2, 0.15, 0.55, 0.34, 0.03, 1.1],
  "Textiles, Apparel & Luxury Goods": [1, 0.6, 0.3, 0.65, 2, 0.35, 0.35, 0.5, 0.03, 0.9],
  // Consumer Staples
  Beverages: [0.5, 0.75, 0.55, 0.3, 1.1, 0.35, 0.15, 0.58, 0.03, 1.2],
  "Consumer Staples Distribution & Retail": [1.2, 0.65, 0.25, 0.4, 0.9, 0.15, 0.6, 0.25, 0.03, 1.4],
  "Food Products": [0.5, 0.6, 0.45, 0.2, 0.6, 0.15, 0.3, 0.38, 0.03, 1],
  "Household Products": [0.7, 0.6, 0.3, 0.2, 0.7, 0.3, 0.3, 0.5, 0.025, 1.2],
  Tobacco: [0.4, 1.05, 0.7, 0.2, 0.8, 0.3, 0.3, 0.65, 0.02, 0.8],
  // Energy
  "Energy Equipment & Services": [0.75, 0.55, 0.45, 0.35, 1.4, 0.2, 0.2, 0.2, 0.05, 1.2],
  "Oil, Gas & Consumable Fuels": [0.65, 0.45, 0.3, 0.15, 1.3, 0.25, 0.2, 0.35, 0.07, 1.1],
  // Financials: deposits and customer funds are liabilities, so leverage is high by nature.
  Banks: [0.055, 0.91, 0.22, 0.15, 1, 0.4, 0, 0.9, 0.003, 1],
  "Capital Markets": [0.12, 0.85, 0.35, 0.3, 1.1, 0.35, 0, 0.85, 0.005, 1],
  "Consumer Finance": [0.2, 0.86, 0.45, 0.3, 1.2, 0.3, 0, 0.85, 0.01, 1],
  "Financial Services": [0.3, 0.6, 0.35, 0.5, 1.3, 0.35, 0, 0.75, 0.02, 1],
  // Health Care
  Biotechnology: [0.45, 0.6, 0.45, 0.35, 1.5, 0.4, 0.12, 0.8, 0.03, 0.8],
  "Health Care Equipment & Supplies": [0.5, 0.45, 0.35, 0.35, 2, 0.25, 0.25, 0.62, 0.04, 0.9],
  "Health Care Providers & Services": [1, 0.7, 0.3, 0.35, 0.85, 0.3, 0.1, 0.2, 0.02, 1],
  "Life Sciences Tools & Services": [0.45, 0.48, 0.45, 0.25, 1.5, 0.2, 0.25, 0.55, 0.05, 0.6],
  Pharmaceuticals: [0.5, 0.62, 0.4, 0.35, 1.3, 0.3, 0.2, 0.72, 0.04, 0.8],
  // Industrials
  "Aerospace & Defense": [0.6, 0.8, 0.4, 0.5, 1.15, 0.15, 0.45, 0.2, 0.03, 0.8],
  "Air Freight & Logistics": [1, 0.75, 0.4, 0.3, 1.1, 0.2, 0.05, 0.2, 0.05, 1.3],
  "Ground Transportation": [0.6, 0.65, 0.5, 0.15, 0.9, 0.3, 0.05, 0.45, 0.05, 1.3],
  "Industrial Conglomerates": [0.55, 0.75, 0.45, 0.4, 1.2, 0.25, 0.3, 0.35, 0.03, 0.8],
  Machinery: [0.7, 0.75, 0.55, 0.5, 1.4, 0.15, 0.35, 0.33, 0.04, 1],
  "Passenger Airlines": [0.75, 0.85, 0.4, 0.22, 0.45, 0.5, 0.1, 0.3, 0.05, 1.5],
  // Client funds held as current assets against client-fund obligations.
  "Professional Services": [0.35, 0.85, 0.1, 0.75, 1.05, 0.1, 0, 0.45, 0.02, 0.8],
  // Materials
  Chemicals: [0.5, 0.55, 0.45, 0.25, 1, 0.2, 0.35, 0.45, 0.04, 1],
  "Metals & Mining": [0.45, 0.45, 0.35, 0.25, 2, 0.35, 0.35, 0.35, 0.06, 1.1],
  // Real estate and utilities: long-lived assets financed by debt.
  "Real Estate": [0.2, 0.5, 0.85, 0.06, 0.9, 0.3, 0, 0.7, 0.035, 1.2],
  Utilities: [0.2, 0.76, 0.62, 0.07, 0.75, 0.1, 0.15, 0.45, 0.035, 2],
};

const DEFAULT_RATIOS: Row = [0.6, 0.6, 0.4, 0.35, 1.3, 0.3, 0.15, 0.45, 0.04, 1];

function industryRatios(stock: UniverseStock): IndustryRatios {
  const row = RATIOS[stock.industry] ?? RATIOS[stock.sector] ?? DEFAULT_RATIOS;
  const [assetTurnover, liabilitiesToAssets, debtToLiabilities, currentAssetsToAssets] = row;
  const [, , , , currentRatio, cashToCurrentAssets, inventoryToCurrentAssets] = row;
  const [, , , , , , , grossMargin, depreciationToAssets, capexToDepreciation] = row;
  return {
    assetTurnover,
    liabilitiesToAssets,
    debtToLiabilities,
    currentAssetsToAssets,
    currentRatio,
    cashToCurrentAssets,
    inventoryToCurrentAssets,
    grossMargin,
    depreciationToAssets,
    capexToDepreciation,
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const profiles = new Map<string, CompanyProfile>();

/** The company's profile: its industry's ratios, each drawn around (memoised). */
export function companyProfile(stock: UniverseStock): CompanyProfile {
  let profile = profiles.get(stock.symbol);
  if (!profile) {
    profile = drawProfile(stock);
    profiles.set(stock.symbol, profile);
  }
  return profile;
}

function drawProfile(stock: UniverseStock): CompanyProfile {
  const seed = seedOf(`fundamentals:${stock.symbol}`);
  let lane = 0;
  const z = () => normal(seed, 0, lane++);
  /** Log-normal around `typical`: `spread` 0.2 puts two companies in three within ±20 %. */
  const around = (typical: number, spread: number) => typical * Math.exp(spread * z());
  const ratios = industryRatios(stock);
  return {
    assetTurnover: clamp(around(ratios.assetTurnover, 0.2), 0.03, 1.3),
    assetGrowthPerYear: clamp(0.03 + 0.02 * z(), -0.01, 0.08),
    // Drawn as the equity share of assets, so a bank's stays small but positive and a tobacco
    // company's negative.
    liabilitiesToAssets: clamp(
      1 - (1 - ratios.liabilitiesToAssets) * Math.exp(0.3 * z()),
      0.1,
      1.15,
    ),
    debtToLiabilities: clamp(around(ratios.debtToLiabilities, 0.3), 0.02, 0.9),
    interestRate: clamp(0.045 + 0.01 * z(), 0.02, 0.09),
    currentAssetsToAssets: clamp(around(ratios.currentAssetsToAssets, 0.2), 0.02, 0.9),
    currentRatio: around(ratios.currentRatio, 0.25),
    cashToCurrentAssets: clamp(around(ratios.cashToCurrentAssets, 0.3), 0.02, 0.9),
    inventoryToCurrentAssets: ratios.inventoryToCurrentAssets * Math.exp(0.2 * z()),
    grossMargin: clamp(ratios.grossMargin + 0.05 * z(), 0.08, 0.95),
    taxRate: clamp(0.21 + 0.025 * z(), 0.12, 0.3),
    depreciationToAssets: around(ratios.depreciationToAssets, 0.2),
    capexToDepreciation: around(ratios.capexToDepreciation, 0.15),
    retainedEarningsToAssets: clamp(0.3 + 0.25 * z(), -0.4, 0.9),
  };
}
