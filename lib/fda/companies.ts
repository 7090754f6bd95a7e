import type { FdaCompany } from "./ports";

/**
 * The drug makers the FDA endpoints cover: the universe's ten large pharmaceutical and
 * biotechnology companies. For each, the names its applications carry in Drugs@FDA
 * (`sponsor_name`, upper case as openFDA returns it, subsidiaries included) and the names a
 * Federal Register notice may give it, plus what the simulated pipeline draws from: how many
 * applications a year it files, the share that are biologics (BLA) and its therapeutic areas.
 *
 * The Drugs@FDA sponsor names and the notice aliases were written from the public listings as
 * remembered, not checked against a live query (no network where this was written): a name
 * missing here only means fewer rows for that company.
 */
export interface CoveredCompany extends FdaCompany {
  /** Drugs@FDA `sponsor_name` values of the company and its subsidiaries. */
  openFdaSponsors: readonly string[];
  /** Names a Federal Register notice may use for the applicant, matched case-insensitively. */
  noticeAliases: readonly string[];
  /** Simulated pipeline: applications (NDA or BLA, originals) filed per year, on average. */
  filingsPerYear: number;
  /** Simulated pipeline: the share of applications that are BLAs (biologics, vaccines). */
  biologicShare: number;
  /** Simulated pipeline: therapeutic areas (keys of THERAPEUTIC_AREAS in sim/names.ts). */
  areas: readonly TherapeuticArea[];
}

export type TherapeuticArea =
  | "oncology"
  | "immunology"
  | "metabolic"
  | "cardiovascular"
  | "neuroscience"
  | "infectious"
  | "vaccines"
  | "respiratory"
  | "haematology"
  | "rare";

export const COVERED_COMPANIES: readonly CoveredCompany[] = [
  {
    symbol: "JNJ",
    name: "Johnson & Johnson",
    openFdaSponsors: ["JANSSEN PHARMS", "JANSSEN BIOTECH", "JOHNSON AND JOHNSON"],
    noticeAliases: ["Janssen", "Johnson & Johnson"],
    filingsPerYear: 4,
    biologicShare: 0.45,
    areas: ["oncology", "immunology", "neuroscience", "haematology"],
  },
  {
    symbol: "ABBV",
    name: "AbbVie Inc.",
    openFdaSponsors: ["ABBVIE INC"],
    noticeAliases: ["AbbVie"],
    filingsPerYear: 3.5,
    biologicShare: 0.4,
    areas: ["immunology", "oncology", "neuroscience"],
  },
  {
    symbol: "MRK",
    name: "Merck & Co., Inc.",
    openFdaSponsors: ["MERCK SHARP DOHME", "MERCK SHARP AND DOHME"],
    noticeAliases: ["Merck Sharp", "Merck & Co"],
    filingsPerYear: 4,
    biologicShare: 0.4,
    areas: ["oncology", "vaccines", "infectious", "cardiovascular"],
  },
  {
    symbol: "LLY",
    name: "Eli Lilly and Company",
    openFdaSponsors: ["ELI LILLY AND CO"],
    noticeAliases: ["Eli Lilly", "Lilly"],
    filingsPerYear: 4,
    biologicShare: 0.45,
    areas: ["metabolic", "neuroscience", "oncology", "immunology"],
  },
  {
    symbol: "PFE",
    name: "Pfizer Inc.",
    openFdaSponsors: ["PFIZER INC", "PFIZER LABS", "WYETH PHARMS"],
    noticeAliases: ["Pfizer"],
    filingsPerYear: 5,
    biologicShare: 0.35,
    areas: ["oncology", "vaccines", "infectious", "rare", "immunology"],
  },
  {
    symbol: "AMGN",
    name: "Amgen Inc.",
    openFdaSponsors: ["AMGEN INC"],
    noticeAliases: ["Amgen"],
    filingsPerYear: 3,
    biologicShare: 0.75,
    areas: ["oncology", "cardiovascular", "immunology", "metabolic"],
  },
  {
    symbol: "GILD",
    name: "Gilead Sciences, Inc.",
    openFdaSponsors: ["GILEAD SCIENCES INC"],
    noticeAliases: ["Gilead"],
    filingsPerYear: 2.5,
    biologicShare: 0.25,
    areas: ["infectious", "oncology", "immunology"],
  },
  {
    symbol: "BMY",
    name: "Bristol-Myers Squibb Company",
    openFdaSponsors: ["BRISTOL MYERS SQUIBB", "BRISTOL-MYERS SQUIBB", "CELGENE CORP"],
    noticeAliases: ["Bristol-Myers Squibb", "Bristol Myers Squibb", "Celgene"],
    filingsPerYear: 4,
    biologicShare: 0.5,
    areas: ["oncology", "haematology", "immunology", "cardiovascular", "neuroscience"],
  },
  {
    symbol: "VRTX",
    name: "Vertex Pharmaceuticals Incorporated",
    openFdaSponsors: ["VERTEX PHARMS INC", "VERTEX PHARMS"],
    noticeAliases: ["Vertex"],
    filingsPerYear: 1.5,
    biologicShare: 0.15,
    areas: ["rare", "respiratory", "neuroscience", "haematology"],
  },
  {
    symbol: "MRNA",
    name: "Moderna, Inc.",
    openFdaSponsors: ["MODERNATX INC"],
    noticeAliases: ["ModernaTX", "Moderna"],
    filingsPerYear: 1.5,
    biologicShare: 1,
    areas: ["vaccines", "rare", "oncology"],
  },
];

const BY_SYMBOL = new Map(COVERED_COMPANIES.map((company) => [company.symbol, company]));

/** The covered company with this ticker; undefined for any other. */
export function coveredCompany(symbol: string): CoveredCompany | undefined {
  return BY_SYMBOL.get(symbol);
}

/** The covered companies as the port lists them. */
export const FDA_COMPANIES: readonly FdaCompany[] = COVERED_COMPANIES.map(({ symbol, name }) => ({
  symbol,
  name,
}));
