import type { InsiderRelationship } from "../../../lib/company/ports";
import type { InsiderTrade } from "../../../lib/graph/ports";

/** Hand-built Form 4 lines for the insider analytics' tests (fictional people, CIKs 0009…). */

export const DIRECTOR: InsiderRelationship = {
  isDirector: true,
  isOfficer: false,
  officerTitle: null,
  isTenPercentOwner: false,
  otherText: null,
};

export const officer = (title: string, isDirector = false): InsiderRelationship => ({
  isDirector,
  isOfficer: true,
  officerTitle: title,
  isTenPercentOwner: false,
  otherText: null,
});

export const TEN_PERCENT_OWNER: InsiderRelationship = {
  ...DIRECTOR,
  isDirector: false,
  isTenPercentOwner: true,
};

let serial = 0;

/**
 * An open-market purchase by default: `cik` short for 00091000NN, `date` yyyy-MM-dd, `shares`
 * at `price`; anything else overridden.
 */
export function trade(
  cik: number,
  date: string,
  shares: number,
  price: number | null,
  overrides: Partial<InsiderTrade> = {},
): InsiderTrade {
  serial++;
  const acquired = (overrides.code ?? "P") !== "S" && overrides.acquiredDisposed !== "D";
  return {
    securityTitle: "Common Stock",
    derivative: false,
    transactionDate: date,
    code: "P",
    shares,
    pricePerShare: price,
    acquiredDisposed: acquired ? "A" : "D",
    sharesOwnedAfter: acquired ? shares * 3 : shares,
    ownership: "D",
    symbol: "KSTL",
    personCik: `00091000${String(cik).padStart(2, "0")}`,
    personName: `Insider ${cik}`,
    relationship: DIRECTOR,
    tradingPlan: false,
    accessionNumber: `0009990001-26-${String(serial).padStart(6, "0")}`,
    filingDate: date,
    form: "4",
    ...overrides,
  };
}
