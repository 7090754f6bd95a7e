import { payDay } from "../../calendar/dividend-dates";
import {
  corporateCalendar,
  HORIZON_END_DAY,
  RECORD_START_DAY,
} from "../../company/sim/filings-calendar";
import { type DayNumber, dayNumber, isoDate } from "../../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../../market/company-data";
import { normal, seedOf } from "../../market/random";
import { type EarningsReport, earningsReports, reportReleaseMs } from "../../market/sim/earnings";
import type { UniverseStock } from "../../market/sim/universe";
import type { BalanceSheet, PeriodFlows, QuarterStatement } from "../ports";
import { type CompanyProfile, companyProfile } from "./profiles";

/**
 * The simulated world's quarterly statements, consistent with its market and its filings:
 * - the quarters are the earnings reports (lib/market/sim/earnings.ts), fiscal year = calendar
 *   year; revenue is the report's revenueActual, net income its epsActual × the universe's
 *   shares outstanding exactly (in cents × shares, so whole dollars), diluted EPS the epsActual;
 * - the income statement works down from net income: tax at the company's rate (pretax = net
 *   income + tax), interest at its rate on the period-end debt (EBIT = pretax + interest), gross
 *   profit at its margin but never below EBIT plus 5 % of revenue of operating expenses;
 * - the balance sheet (companyProfile's ratios, with a small wobble each quarter) is built in
 *   whole dollars, equity = assets − liabilities, so it balances exactly; retained earnings roll
 *   forward (previous + net income − dividends paid) from an anchor at the end of fiscal 2026
 *   (`retainedEarnings`); the rest of equity (paid-in capital net of treasury stock) is what
 *   remains;
 * - dividends paid are the universe's schedule × shares, on the pay dates (lib/calendar/
 *   dividend-dates.ts) falling in the quarter; operating cash flow = net income + D&A − the
 *   change in non-cash working capital (current assets − cash − current liabilities), free cash
 *   flow = OCF − capex.
 * Cash is a share of current assets, not a roll of the cash flows (financing is not modelled).
 *
 * The figures of every quarter to the horizon are built once per symbol (clock-independent);
 * what is out at an instant is the caller's cut (`releaseMs`).
 */

/** The first fiscal year served: the filing record starts in 2015 (filings-calendar.ts). */
export const FIRST_FISCAL_YEAR = 2015;
/** Retained earnings are anchored at the end of fiscal 2026 (quarter index year × 4 + q − 1). */
const ANCHOR_QUARTER = 2026 * 4 + 3;
/** Retained earnings stay within these multiples of total assets up to the anchor where they can. */
const RETAINED_BOUNDS = [-1, 1.5] as const;
/** An instant after every report to the horizon: all actuals known (cut later by releaseMs). */
const AFTER_HORIZON_MS = Date.UTC(2037, 0, 1);
/** Operating expenses are at least this share of revenue: gross profit ≥ EBIT + this. */
const MIN_OPERATING_EXPENSE_SHARE = 0.05;

/** A quarter's figures without its filing, and when they are out. */
export interface QuarterFigures {
  /** The earnings release: the figures exist from then on, epoch ms. */
  releaseMs: number;
  statement: Omit<QuarterStatement, "filingDate" | "accessionNumber">;
}

type Balance = Omit<BalanceSheet, "retainedEarningsUsd">;

const memo = new Map<string, readonly QuarterFigures[]>();

/** Every quarter from fiscal 2015 to the horizon, oldest first ([] for a fund); memoised. */
export function simulatedQuarters(stock: UniverseStock): readonly QuarterFigures[] {
  let quarters = memo.get(stock.symbol);
  if (!quarters) {
    quarters = stock.type === "Stock" ? buildQuarters(stock) : [];
    memo.set(stock.symbol, quarters);
  }
  return quarters;
}

const quarterIndexOf = (year: number, quarter: number) => year * 4 + quarter - 1;

/** What every quarter of one company reads. */
interface Company {
  stock: UniverseStock;
  profile: CompanyProfile;
  /** The stream of the quarters' draws. */
  seed: number;
  /** The reports' mean revenue × 4: the level the asset base follows. */
  annualRevenueUsd: number;
  /** The pay dates of every dividend over the reports' years, ascending. */
  payDays: readonly DayNumber[];
}

function buildQuarters(stock: UniverseStock): QuarterFigures[] {
  const reports = earningsReports(stock, RECORD_START_DAY, HORIZON_END_DAY, AFTER_HORIZON_MS)
    .filter((report) => report.year >= FIRST_FISCAL_YEAR && report.epsActual !== null)
    .sort((a, b) => quarterIndexOf(a.year, a.quarter) - quarterIndexOf(b.year, b.quarter));
  const periodic = new Map(
    corporateCalendar(stock).reports.map((r) => [quarterIndexOf(r.year, r.quarter), r]),
  );
  const company: Company = {
    stock,
    profile: companyProfile(stock),
    seed: seedOf(`fundamentals-quarter:${stock.symbol}`),
    annualRevenueUsd:
      (4 * reports.reduce((sum, r) => sum + (r.revenueActual ?? 0), 0)) / reports.length,
    payDays: dividendPayDays(stock, FIRST_FISCAL_YEAR - 1, (reports.at(-1)?.year ?? 0) + 1),
  };
  let previous = balanceOf(company, quarterIndexOf(FIRST_FISCAL_YEAR, 1) - 1);
  const figures = reports.map((report) => {
    const index = quarterIndexOf(report.year, report.quarter);
    const period = periodic.get(index);
    if (!period) throw new Error(`${stock.symbol}: no periodic report for ${index}`);
    const balance = balanceOf(company, index);
    const flows = flowsOf(company, report, balance, previous, index);
    previous = balance;
    return { report, index, period, balance, flows };
  });
  const retained = retainedEarnings(figures, company.profile.retainedEarningsToAssets);
  return figures.map(({ report, period, balance, flows }, i) => ({
    releaseMs: reportReleaseMs(report),
    statement: {
      fiscalYear: report.year,
      fiscalQuarter: report.quarter as 1 | 2 | 3 | 4,
      periodEnd: isoDate(period.periodEndDay),
      form: period.form,
      ...flows,
      ...balance,
      retainedEarningsUsd: retained[i] as number,
    },
  }));
}

/**
 * Retained earnings of each quarter: net income − dividends paid rolled forward and back from
 * the anchor quarter. The anchor is the profile's share of assets, moved as little as needed to
 * keep retained earnings between RETAINED_BOUNDS × total assets from the first quarter to the
 * anchor (halfway between the bounds' demands where no anchor meets both): the world's early
 * earnings are small next to its dividends, so an anchor alone can leave 2015 far out of range.
 */
function retainedEarnings(
  quarters: readonly { index: number; flows: PeriodFlows; balance: Balance }[],
  anchorShareOfAssets: number,
): number[] {
  const anchorAt = quarters.findIndex(({ index }) => index === ANCHOR_QUARTER);
  const anchor = quarters[anchorAt];
  if (!anchor) throw new Error("the anchor quarter is outside the reports");
  // Relative to the anchor: the sum of net income − dividends after it, minus before it.
  const relative: number[] = [];
  relative[anchorAt] = 0;
  for (let i = anchorAt + 1; i < quarters.length; i++) {
    const { flows } = quarters[i] as (typeof quarters)[number];
    relative[i] = (relative[i - 1] as number) + flows.netIncomeUsd - flows.dividendsPaidUsd;
  }
  for (let i = anchorAt - 1; i >= 0; i--) {
    const { flows } = quarters[i + 1] as (typeof quarters)[number];
    relative[i] = (relative[i + 1] as number) - flows.netIncomeUsd + flows.dividendsPaidUsd;
  }
  let lowest = Number.NEGATIVE_INFINITY;
  let highest = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= anchorAt; i++) {
    const assets = (quarters[i] as (typeof quarters)[number]).balance.totalAssetsUsd;
    lowest = Math.max(lowest, RETAINED_BOUNDS[0] * assets - (relative[i] as number));
    highest = Math.min(highest, RETAINED_BOUNDS[1] * assets - (relative[i] as number));
  }
  const wanted = anchorShareOfAssets * anchor.balance.totalAssetsUsd;
  const anchorUsd = Math.round(
    lowest > highest ? (lowest + highest) / 2 : Math.min(highest, Math.max(lowest, wanted)),
  );
  return relative.map((value) => anchorUsd + value);
}

/**
 * The balance sheet at the end of quarter `index`, in whole dollars (less retained earnings).
 * Totals follow the asset base; the working-capital items wobble by a few percent of a
 * quarter's revenue (not of assets), so that operating cash flow stays near net income + D&A
 * even for a bank's large balance sheet.
 */
function balanceOf({ profile, seed, annualRevenueUsd }: Company, index: number): Balance {
  const z = (lane: number) => normal(seed, index, lane);
  const quarterRevenueUsd = annualRevenueUsd / 4;
  const years = (index - ANCHOR_QUARTER) / 4;
  const baseAssetsUsd =
    (annualRevenueUsd / profile.assetTurnover) * (1 + profile.assetGrowthPerYear) ** years;
  const totalAssetsUsd = Math.round(baseAssetsUsd * (1 + 0.01 * z(0)));
  const totalLiabilitiesUsd = Math.round(
    totalAssetsUsd * profile.liabilitiesToAssets * (1 + 0.005 * z(1)),
  );
  const baseCurrentAssetsUsd = baseAssetsUsd * profile.currentAssetsToAssets;
  const cashUsd = Math.round(
    baseCurrentAssetsUsd * profile.cashToCurrentAssets + 0.03 * quarterRevenueUsd * z(2),
  );
  const otherCurrentAssetsUsd = Math.round(
    baseCurrentAssetsUsd * (1 - profile.cashToCurrentAssets) + 0.02 * quarterRevenueUsd * z(3),
  );
  const currentAssetsUsd = Math.min(
    totalAssetsUsd,
    Math.max(0, cashUsd) + Math.max(0, otherCurrentAssetsUsd),
  );
  const currentLiabilitiesUsd = Math.min(
    totalLiabilitiesUsd,
    Math.round(baseCurrentAssetsUsd / profile.currentRatio + 0.02 * quarterRevenueUsd * z(4)),
  );
  const inventoryUsd = Math.min(
    currentAssetsUsd - Math.max(0, cashUsd),
    Math.round(baseCurrentAssetsUsd * profile.inventoryToCurrentAssets),
  );
  const totalDebtUsd = Math.round(
    totalLiabilitiesUsd * profile.debtToLiabilities * (1 + 0.01 * z(5)),
  );
  return {
    cashUsd: Math.min(currentAssetsUsd, Math.max(0, cashUsd)),
    inventoryUsd: Math.max(0, inventoryUsd),
    currentAssetsUsd,
    totalAssetsUsd,
    currentLiabilitiesUsd: Math.max(0, currentLiabilitiesUsd),
    totalDebtUsd: Math.min(totalLiabilitiesUsd, totalDebtUsd),
    totalLiabilitiesUsd,
    equityUsd: totalAssetsUsd - totalLiabilitiesUsd,
  };
}

const nonCashWorkingCapital = (b: Balance) =>
  b.currentAssetsUsd - b.cashUsd - b.currentLiabilitiesUsd;

/** The quarter's income statement and cash flows, worked down from the report's net income. */
function flowsOf(
  { stock, profile, seed, payDays }: Company,
  report: EarningsReport,
  balance: Balance,
  previous: Balance,
  index: number,
): PeriodFlows {
  const shares = stock.sharesOutstanding;
  const epsCents = Math.round((report.epsActual ?? 0) * 100);
  const netIncomeUsd = (epsCents * shares) / 100;
  const incomeTaxUsd = Math.round((netIncomeUsd * profile.taxRate) / (1 - profile.taxRate));
  const pretaxIncomeUsd = netIncomeUsd + incomeTaxUsd;
  const interestExpenseUsd = Math.round((balance.totalDebtUsd * profile.interestRate) / 4);
  const operatingIncomeUsd = pretaxIncomeUsd + interestExpenseUsd;
  const revenueUsd = report.revenueActual ?? 0;
  const grossProfitUsd = Math.max(
    operatingIncomeUsd,
    Math.min(
      revenueUsd,
      Math.max(
        Math.round(revenueUsd * profile.grossMargin),
        operatingIncomeUsd + Math.round(revenueUsd * MIN_OPERATING_EXPENSE_SHARE),
      ),
    ),
  );
  const depreciationAmortizationUsd = Math.round(
    (balance.totalAssetsUsd * profile.depreciationToAssets) / 4,
  );
  const operatingCashFlowUsd =
    netIncomeUsd +
    depreciationAmortizationUsd -
    (nonCashWorkingCapital(balance) - nonCashWorkingCapital(previous));
  const capexUsd = Math.round(
    depreciationAmortizationUsd * profile.capexToDepreciation * (1 + 0.1 * normal(seed, index, 7)),
  );
  return {
    revenueUsd,
    costOfRevenueUsd: revenueUsd - grossProfitUsd,
    grossProfitUsd,
    operatingIncomeUsd,
    interestExpenseUsd,
    pretaxIncomeUsd,
    incomeTaxUsd,
    netIncomeUsd,
    dilutedEps: epsCents / 100,
    dilutedShares: shares,
    depreciationAmortizationUsd,
    operatingCashFlowUsd,
    capexUsd,
    freeCashFlowUsd: operatingCashFlowUsd - capexUsd,
    dividendsPaidUsd: dividendsPaid(stock, payDays, report.year, report.quarter),
  };
}

/** The pay dates of the schedule's dividends gone ex from `fromYear` to `toYear`, ascending. */
function dividendPayDays(stock: UniverseStock, fromYear: number, toYear: number): DayNumber[] {
  const { dividend } = stock;
  if (!dividend) return [];
  return exDividendDays(dividend, fromYear, toYear).map((exDay) => payDay(stock.symbol, exDay));
}

/** Dividends paid in the quarter: the payments whose pay date falls in it × shares. */
function dividendsPaid(
  stock: UniverseStock,
  payDays: readonly DayNumber[],
  year: number,
  quarter: number,
): number {
  if (!stock.dividend || payDays.length === 0) return 0;
  const first = dayNumber(year, quarter * 3 - 2, 1);
  const last = dayNumber(year, quarter * 3 + 1, 1) - 1;
  const payments = payDays.filter((day) => day >= first && day <= last).length;
  const perYear = PAYMENTS_PER_YEAR[stock.dividend.frequency];
  return Math.round((payments * stock.dividend.annualAmount * stock.sharesOutstanding) / perYear);
}
