/**
 * What the fundamentals read: a company's quarterly financial statements as its 10-Qs and
 * 10-Ks report them. The simulated world implements it (lib/fundamentals/sim/); SEC EDGAR's
 * XBRL company facts can (issue 19). Pure helpers here turn quarters into fiscal years and
 * trailing twelve months.
 *
 * Amounts are whole US dollars (`…Usd`); flows cover the period, balance-sheet figures are at
 * its end. Outflows are positive amounts (capex, dividends paid, taxes), so FCF = OCF − capex.
 * Dates are yyyy-MM-dd.
 */

/** The income statement and cash flows of a period, USD for the period. */
export interface PeriodFlows {
  revenueUsd: number;
  costOfRevenueUsd: number;
  grossProfitUsd: number;
  /** EBIT: pretax income + interest expense. */
  operatingIncomeUsd: number;
  interestExpenseUsd: number;
  /** Net income + income tax. */
  pretaxIncomeUsd: number;
  incomeTaxUsd: number;
  netIncomeUsd: number;
  /** USD per share: net income / diluted shares. */
  dilutedEps: number;
  /** Weighted average diluted shares of the period. */
  dilutedShares: number;
  /** Depreciation and amortisation (in operating cash flow; EBITDA = EBIT + this). */
  depreciationAmortizationUsd: number;
  operatingCashFlowUsd: number;
  /** Capital expenditure, a positive amount spent. */
  capexUsd: number;
  /** Operating cash flow − capex. */
  freeCashFlowUsd: number;
  /** Dividends paid to shareholders in the period, a positive amount. */
  dividendsPaidUsd: number;
}

/** The balance sheet at a period's end, USD. totalAssets = totalLiabilities + equity. */
export interface BalanceSheet {
  /** Cash, equivalents and short-term investments. */
  cashUsd: number;
  inventoryUsd: number;
  currentAssetsUsd: number;
  totalAssetsUsd: number;
  currentLiabilitiesUsd: number;
  /** Short- and long-term borrowings. */
  totalDebtUsd: number;
  totalLiabilitiesUsd: number;
  /** Accumulated earnings less dividends (negative: an accumulated deficit). */
  retainedEarningsUsd: number;
  /** Shareholders' equity (negative when liabilities exceed assets). */
  equityUsd: number;
}

/** The filing that reports a period: the quarter's 10-Q, or the fiscal year's 10-K for Q4. */
export interface PeriodFiling {
  form: "10-Q" | "10-K";
  /** null until the form is filed (a few days to weeks after the earnings release). */
  filingDate: string | null;
  /** EDGAR's 0000000000-YY-NNNNNN; null until the form is filed. */
  accessionNumber: string | null;
}

export interface QuarterStatement extends PeriodFlows, BalanceSheet, PeriodFiling {
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  /** The quarter's last day. */
  periodEnd: string;
  /**
   * Fields the source does not report for this quarter: their value above is 0 and is not a
   * figure (a real filer leaves some out, lib/fundamentals/adapters/edgar-xbrl-facts.ts).
   * Absent when every field is reported, as in the simulated world.
   */
  unreported?: readonly (keyof PeriodFlows | keyof BalanceSheet)[];
}

/** A fiscal year: the four quarters' flows, the Q4 balance sheet, the 10-K. */
export interface AnnualStatement extends PeriodFlows, BalanceSheet, PeriodFiling {
  fiscalYear: number;
  /** The fiscal year's last day (Q4's). */
  periodEnd: string;
  form: "10-K";
}

/** The last four quarters' flows with the latest balance sheet. */
export interface TrailingTwelveMonths extends PeriodFlows, BalanceSheet {
  /** The latest quarter's end (the balance sheet's date). */
  periodEnd: string;
  /** The four quarters summed, oldest first, e.g. ["2025Q4", "2026Q1", "2026Q2", "2026Q3"]. */
  quarters: string[];
}

export interface FundamentalsSource {
  /** "sim", "edgar", ... */
  readonly name: string;
  /**
   * The quarters of fiscal years `fromYear` to `toYear` (inclusive) whose figures are out at the
   * clock (released with the earnings report), oldest first; undefined for an unknown symbol,
   * [] for a fund.
   */
  quarterStatements(
    symbol: string,
    fromYear: number,
    toYear: number,
  ): Promise<QuarterStatement[] | undefined>;
}

/** The flow fields of a period (income statement and cash flows), per-share figures aside. */
export const FLOW_KEYS = [
  "revenueUsd",
  "costOfRevenueUsd",
  "grossProfitUsd",
  "operatingIncomeUsd",
  "interestExpenseUsd",
  "pretaxIncomeUsd",
  "incomeTaxUsd",
  "netIncomeUsd",
  "depreciationAmortizationUsd",
  "operatingCashFlowUsd",
  "capexUsd",
  "freeCashFlowUsd",
  "dividendsPaidUsd",
] as const satisfies readonly (keyof PeriodFlows)[];

/** The balance sheet's fields. */
export const BALANCE_SHEET_KEYS = [
  "cashUsd",
  "inventoryUsd",
  "currentAssetsUsd",
  "totalAssetsUsd",
  "currentLiabilitiesUsd",
  "totalDebtUsd",
  "totalLiabilitiesUsd",
  "retainedEarningsUsd",
  "equityUsd",
] as const satisfies readonly (keyof BalanceSheet)[];

/** The balance sheet's fields of a statement (a copy without the rest). */
export function balanceSheetOf(statement: BalanceSheet): BalanceSheet {
  return {
    cashUsd: statement.cashUsd,
    inventoryUsd: statement.inventoryUsd,
    currentAssetsUsd: statement.currentAssetsUsd,
    totalAssetsUsd: statement.totalAssetsUsd,
    currentLiabilitiesUsd: statement.currentLiabilitiesUsd,
    totalDebtUsd: statement.totalDebtUsd,
    totalLiabilitiesUsd: statement.totalLiabilitiesUsd,
    retainedEarningsUsd: statement.retainedEarningsUsd,
    equityUsd: statement.equityUsd,
  };
}

/**
 * The quarters' flows summed. EPS is the sum of the quarters' EPS (cents), equal to net income
 * over shares when the share count does not change; shares are the quarters' average.
 */
export function summedFlows(quarters: readonly PeriodFlows[]): PeriodFlows {
  const sum = (pick: (q: PeriodFlows) => number) => quarters.reduce((t, q) => t + pick(q), 0);
  const flows = {} as PeriodFlows;
  for (const key of FLOW_KEYS) flows[key] = sum((q) => q[key]);
  flows.dilutedEps = Math.round(sum((q) => Math.round(q.dilutedEps * 100))) / 100;
  flows.dilutedShares = Math.round(sum((q) => q.dilutedShares) / Math.max(1, quarters.length));
  return flows;
}

const quarterLabel = (q: QuarterStatement) => `${q.fiscalYear}Q${q.fiscalQuarter}`;
const quarterIndex = (q: QuarterStatement) => q.fiscalYear * 4 + q.fiscalQuarter - 1;

/**
 * Fiscal years with all four quarters among `quarters` (oldest first): the flows summed, the
 * Q4 balance sheet and the 10-K (Q4's filing). Years with a quarter missing are left out.
 */
export function annualOf(quarters: readonly QuarterStatement[]): AnnualStatement[] {
  const byYear = new Map<number, QuarterStatement[]>();
  for (const quarter of quarters) {
    byYear.set(quarter.fiscalYear, [...(byYear.get(quarter.fiscalYear) ?? []), quarter]);
  }
  const years: AnnualStatement[] = [];
  for (const [fiscalYear, ofYear] of [...byYear].sort((a, b) => a[0] - b[0])) {
    const q4 = ofYear.find((q) => q.fiscalQuarter === 4);
    if (ofYear.length !== 4 || !q4) continue;
    years.push({
      fiscalYear,
      periodEnd: q4.periodEnd,
      form: "10-K",
      filingDate: q4.filingDate,
      accessionNumber: q4.accessionNumber,
      ...summedFlows(ofYear),
      ...balanceSheetOf(q4),
    });
  }
  return years;
}

/**
 * The last four quarters' flows and the latest balance sheet; undefined unless the last four
 * of `quarters` (oldest first) are consecutive.
 */
export function trailingTwelveMonths(
  quarters: readonly QuarterStatement[],
): TrailingTwelveMonths | undefined {
  const last4 = quarters.slice(-4);
  const latest = last4.at(-1);
  if (last4.length < 4 || !latest) return undefined;
  const consecutive = last4.every((q, i) => quarterIndex(q) === quarterIndex(latest) - 3 + i);
  if (!consecutive) return undefined;
  return {
    periodEnd: latest.periodEnd,
    quarters: last4.map(quarterLabel),
    ...summedFlows(last4),
    ...balanceSheetOf(latest),
  };
}
