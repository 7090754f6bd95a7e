import type { Institution, InstitutionKind } from "../ports";

/**
 * The simulated world's Form 13F filers: 40 FICTIONAL institutional investment managers, with
 * invented names (test/graph/institutions-sim.test.ts checks them against a list of real
 * managers) and fictional CIKs 00093xxxxx (the world's insiders are 00091…/00092…, its filing
 * agent 0009990001; real CIKs are below 0003000000). Each kind behaves as its real counterparts
 * do on 13Fs (institutions-holdings.ts):
 *
 * - index-fund (4): hold every company close to its weight in the market, a stable share of its
 *   float that grows slowly as passive investing gains share;
 * - asset-manager (12): broad active books, a majority of the universe, positions built and
 *   trimmed gradually, few closed in a quarter;
 * - hedge-fund (12): concentrated books, a few dozen names each, high turnover: positions open,
 *   swing and close within a few quarters;
 * - pension (5), bank (4, trust and wealth departments), insurer (3): in between, broad and
 *   slow, often unchanged from one quarter to the next.
 */

/** How one kind of filer trades on 13Fs. */
export interface KindBehaviour {
  /** Share of the universe held at a time (stationary probability of holding a name), 0-1. */
  holdShare: number;
  /** Probability that a held position is sold out in a quarter. */
  closeRate: number;
  /** Quarterly volatility of a position's size (log scale). */
  sizeVolatility: number;
  /** Probability that a held position is left exactly unchanged in a quarter. */
  unchangedRate: number;
  /** Dispersion of position sizes across names (log scale). */
  affinitySpread: number;
  /** Largest position in one company, fraction of its shares outstanding. */
  maxShare: number;
}

export const KIND_BEHAVIOUR: Record<Exclude<InstitutionKind, "index-fund">, KindBehaviour> = {
  "asset-manager": {
    holdShare: 0.65,
    closeRate: 0.04,
    sizeVolatility: 0.14,
    unchangedRate: 0.08,
    affinitySpread: 0.5,
    maxShare: 0.09,
  },
  "hedge-fund": {
    holdShare: 0.14,
    closeRate: 0.25,
    sizeVolatility: 0.35,
    unchangedRate: 0.04,
    affinitySpread: 0.6,
    maxShare: 0.04,
  },
  pension: {
    holdShare: 0.9,
    closeRate: 0.02,
    sizeVolatility: 0.07,
    unchangedRate: 0.35,
    affinitySpread: 0.3,
    maxShare: 0.02,
  },
  bank: {
    holdShare: 0.87,
    closeRate: 0.03,
    sizeVolatility: 0.1,
    unchangedRate: 0.2,
    affinitySpread: 0.4,
    maxShare: 0.03,
  },
  insurer: {
    holdShare: 0.7,
    closeRate: 0.05,
    sizeVolatility: 0.08,
    unchangedRate: 0.4,
    affinitySpread: 0.4,
    maxShare: 0.02,
  },
};

/** A filer and its size: what it holds of the market beside the other filers. */
export interface SimulatedInstitution extends Institution {
  /**
   * Index funds: the share of every company's float held at the start of 2015 (e.g. 0.072 =
   * 7.2 %). Others: relative weight of the book among the active filers (1 = average).
   */
  weight: number;
  /** Sectors the book leans to (active filers only): held more often and larger. */
  tilt: readonly string[];
}

const TECH = ["Information Technology", "Communication Services"];
const VALUE = ["Financials", "Energy", "Consumer Staples", "Utilities"];
const HEALTH = ["Health Care"];
const CYCLICAL = ["Industrials", "Materials", "Consumer Discretionary"];
const INCOME = ["Utilities", "Real Estate", "Consumer Staples"];

type Row = [name: string, kind: InstitutionKind, city: string, weight: number, tilt?: string[]];

const ROWS: readonly Row[] = [
  ["Tessary Index Trust", "index-fund", "Boston, MA", 0.072],
  ["Aldenmoor Index Management", "index-fund", "Chicago, IL", 0.058],
  ["Norvane Total Market Advisors", "index-fund", "Philadelphia, PA", 0.034],
  ["Quillmont Index Partners", "index-fund", "New York, NY", 0.014],
  ["Corridane Capital Management", "asset-manager", "Boston, MA", 2.4, TECH],
  ["Ashvale Investment Counsel", "asset-manager", "New York, NY", 1.8, VALUE],
  ["Pellwyn Growth Advisors", "asset-manager", "San Francisco, CA", 1.5, TECH],
  ["Larchmere Asset Management", "asset-manager", "Philadelphia, PA", 1.3],
  ["Quarrowby Equity Partners", "asset-manager", "Denver, CO", 0.9, CYCLICAL],
  ["Tamsworth Value Investors", "asset-manager", "Los Angeles, CA", 1.1, VALUE],
  ["Brindlecourt Investment Management", "asset-manager", "Baltimore, MD", 1.6, HEALTH],
  ["Selbrook Dividend Advisors", "asset-manager", "Kansas City, MO", 0.8, INCOME],
  ["Veyland Global Investors", "asset-manager", "Toronto, Canada", 1.0],
  ["Hollin Reach Capital", "asset-manager", "Seattle, WA", 0.7, TECH],
  ["Cassomere Quality Equity", "asset-manager", "Minneapolis, MN", 0.9, HEALTH],
  ["Dunmarrow Asset Management", "asset-manager", "London, United Kingdom", 1.2],
  ["Falkmoor Capital LP", "hedge-fund", "Greenwich, CT", 0.5, TECH],
  ["Ironquill Partners", "hedge-fund", "New York, NY", 0.45],
  ["Vantrell Opportunities Fund", "hedge-fund", "Stamford, CT", 0.35, CYCLICAL],
  ["Sablecrest Global Master Fund", "hedge-fund", "Miami, FL", 0.3],
  ["Thistlewick Quantitative LP", "hedge-fund", "New York, NY", 0.4],
  ["Marrowind Capital Management", "hedge-fund", "San Francisco, CA", 0.35, TECH],
  ["Ebonreach Event Driven LP", "hedge-fund", "New York, NY", 0.3, HEALTH],
  ["Caldwick Long/Short Partners", "hedge-fund", "Boston, MA", 0.3],
  ["Heliodor Macro Partners", "hedge-fund", "Chicago, IL", 0.25, VALUE],
  ["Stellamar Capital", "hedge-fund", "Austin, TX", 0.25, TECH],
  ["Wrenfield Partners", "hedge-fund", "Menlo Park, CA", 0.3, TECH],
  ["Gravenholt Capital", "hedge-fund", "Dallas, TX", 0.25, ["Energy", "Industrials"]],
  ["Westmarch Public Employees' Retirement System", "pension", "Columbus, OH", 0.35],
  ["Northfold Teachers' Pension Fund", "pension", "Albany, NY", 0.3],
  ["Calloway Municipal Retirement Trust", "pension", "Atlanta, GA", 0.2],
  ["Brightwater Firefighters' and Police Pension Fund", "pension", "Milwaukee, WI", 0.12],
  ["Embervale Universities Retirement Plan", "pension", "Austin, TX", 0.25],
  ["First Corrin Trust Company", "bank", "Charlotte, NC", 0.5],
  ["Halbrook National Bank & Trust", "bank", "St. Louis, MO", 0.35],
  ["Ridgemont Private Bank", "bank", "Pittsburgh, PA", 0.3],
  ["Silverlode Bancorp Wealth Management", "bank", "Cincinnati, OH", 0.25],
  ["Evenstone Mutual Life Insurance Company", "insurer", "Hartford, CT", 0.3, INCOME],
  ["Coppervale Casualty & Surety", "insurer", "Des Moines, IA", 0.15, VALUE],
  ["Bellmoral Reinsurance", "insurer", "Hamilton, Bermuda", 0.15],
];

/** First fictional 13F filer CIK (0009300101). */
const FIRST_CIK = 9_300_101;

/** Every filer, in a stable order (index funds first); CIKs 0009300101 onwards. */
export const INSTITUTIONS: readonly SimulatedInstitution[] = ROWS.map(
  ([name, kind, city, weight, tilt], i) =>
    Object.freeze({
      cik: String(FIRST_CIK + i).padStart(10, "0"),
      name,
      kind,
      city,
      weight,
      tilt: tilt ?? [],
    }),
);

/** The port's view of a filer (no simulation parameters). */
export function publicInstitution(institution: SimulatedInstitution): Institution {
  const { cik, name, kind, city } = institution;
  return Object.freeze({ cik, name, kind, city });
}
