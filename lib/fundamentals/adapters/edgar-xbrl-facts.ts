import type { output } from "zod";
import { array, nullable, number, object, optional, record, string } from "zod";
import {
  BALANCE_SHEET_KEYS,
  type BalanceSheet,
  FLOW_KEYS,
  type PeriodFlows,
  type QuarterStatement,
} from "../ports";

/**
 * Quarterly statements from SEC EDGAR's XBRL company facts
 * (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): every us-gaap fact a company has
 * filed, each `{start?, end, val, accn, fy, fp, form, filed, frame?}` under its concept and unit.
 *
 * Rules (the why is in the comments below):
 * - A fact is keyed on its period (start–end; end alone for a balance-sheet instant), never on
 *   `fy`/`fp`: those are the filing's fiscal year and period, and a 10-K repeats prior years'
 *   figures under its own `fy`. EDGAR's `frame` (CY2024Q3, CY2024Q3I, CY2024) marks, for each
 *   period, the latest-filed fact; the period key already decides, the frame breaks a tie.
 * - Only 10-Qs and 10-Ks (and their amendments) count, filed on or before `asOfDate`.
 * - Restatements: a period's value is its latest-filed fact by `asOfDate`.
 * - Fiscal years are the 10-Ks' ~1-year periods; the year after the last one is open. Quarter
 *   ends come from periods starting at the fiscal year's start (3, 6, 9 months) and ~3-month
 *   periods inside it. Labels: the year the fiscal year ends in (two weeks back, so a 52/53-week
 *   year ending early in January counts to the year before), plus the offset the filer's own
 *   10-Ks show between that year and their `fy` (e.g. −1 for a retailer calling the year ending
 *   February 2025 "2024").
 * - A quarter's flow is its ~3-month fact; else its cumulative fact (fiscal year to date)
 *   minus the quarters before, both as they stood on one filing date (`derivedFlow`: a split
 *   that restates the year but not the nine months does not mix bases). Q4 is mostly derived
 *   so, the 10-K reporting the year, not the quarter; so are Q2-Q3 cash flows, which 10-Qs
 *   report year to date. Shares average, EPS sums (cents). Gross profit = revenue − cost of
 *   revenue (or cost = revenue − gross profit) where one is not reported; FCF = OCF − capex.
 * - Balance-sheet figures are the instants at the quarter's end, as reported (not made to
 *   balance).
 * - The filing of a quarter is the first 10-Q (Q1-Q3) or 10-K (Q4) that reported a fact
 *   ending on its last day (an original before an amendment); a quarter is out once it is filed.
 * - A field no concept reports for the period is null here (`reportedQuarters`), 0 and listed
 *   in `unreported` in the port's statements (`quarterStatementsOf`).
 */

// The documented format, only what is read -----------------------------------------------------

const factSchema = object({
  start: optional(string()),
  end: string(),
  val: number(),
  accn: string(),
  fy: optional(nullable(number())),
  fp: optional(nullable(string())),
  form: string(),
  filed: string(),
  frame: optional(string()),
});

export type XbrlFact = output<typeof factSchema>;

const conceptSchema = object({
  label: optional(nullable(string())),
  description: optional(nullable(string())),
  units: record(string(), array(factSchema)),
});

type ConceptFacts = output<typeof conceptSchema>;

// The concepts read, in order of preference per field ------------------------------------------

/** Flows: the first concept with a fact for the period wins (filers changed concepts over time). */
export const FLOW_CONCEPTS = {
  revenueUsd: [
    "Revenues",
    "RevenueFromContractWithCustomerExcludingAssessedTax",
    "RevenueFromContractWithCustomerIncludingAssessedTax",
    "SalesRevenueNet",
  ],
  costOfRevenueUsd: ["CostOfRevenue", "CostOfGoodsAndServicesSold", "CostOfGoodsSold"],
  grossProfitUsd: ["GrossProfit"],
  operatingIncomeUsd: ["OperatingIncomeLoss"],
  interestExpenseUsd: ["InterestExpense", "InterestExpenseNonoperating"],
  pretaxIncomeUsd: [
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
  ],
  incomeTaxUsd: ["IncomeTaxExpenseBenefit"],
  netIncomeUsd: ["NetIncomeLoss", "NetIncomeLossAvailableToCommonStockholdersBasic", "ProfitLoss"],
  dilutedEps: ["EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"],
  dilutedShares: [
    "WeightedAverageNumberOfDilutedSharesOutstanding",
    "WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
  ],
  depreciationAmortizationUsd: [
    "DepreciationDepletionAndAmortization",
    "DepreciationAndAmortization",
    "DepreciationAmortizationAndAccretionNet",
  ],
  operatingCashFlowUsd: [
    "NetCashProvidedByUsedInOperatingActivities",
    "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
  ],
  capexUsd: ["PaymentsToAcquirePropertyPlantAndEquipment", "PaymentsToAcquireProductiveAssets"],
  dividendsPaidUsd: ["PaymentsOfDividends", "PaymentsOfDividendsCommonStock"],
} as const satisfies Partial<Record<keyof PeriodFlows, readonly string[]>>;

type ReadFlowField = keyof typeof FLOW_CONCEPTS;

/** Instants at the quarter's end; the composite fields are built in `balanceSheetAt`. */
export const BALANCE_CONCEPTS = {
  cash: ["CashAndCashEquivalentsAtCarryingValue", "Cash"],
  shortTermInvestments: [
    "MarketableSecuritiesCurrent",
    "ShortTermInvestments",
    "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
  ],
  inventory: ["InventoryNet"],
  currentAssets: ["AssetsCurrent"],
  totalAssets: ["Assets"],
  currentLiabilities: ["LiabilitiesCurrent"],
  totalLiabilities: ["Liabilities"],
  liabilitiesAndEquity: ["LiabilitiesAndStockholdersEquity"],
  equityWithNoncontrolling: [
    "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
  ],
  noncontrollingInterest: ["MinorityInterest"],
  retainedEarnings: ["RetainedEarningsAccumulatedDeficit"],
  equity: [
    "StockholdersEquity",
    "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
  ],
  /**
   * The balance sheet's long-term line. LongTermDebt comes last: by definition it includes the
   * current part, but a filer without a noncurrent concept tags that line with it (Tesla).
   */
  longTermDebt: [
    "LongTermDebtNoncurrent",
    "LongTermDebtAndCapitalLeaseObligations",
    "LongTermDebt",
  ],
  /** All current borrowings in one line; else the parts below. */
  debtCurrent: ["DebtCurrent"],
  longTermDebtCurrent: ["LongTermDebtCurrent", "LongTermDebtAndCapitalLeaseObligationsCurrent"],
  shortTermBorrowings: ["ShortTermBorrowings", "CommercialPaper"],
} as const;

type BalanceConcept = keyof typeof BALANCE_CONCEPTS;

const PER_SHARE_CONCEPTS: ReadonlySet<string> = new Set(FLOW_CONCEPTS.dilutedEps);
const SHARE_CONCEPTS: ReadonlySet<string> = new Set(FLOW_CONCEPTS.dilutedShares);

/** Every concept read, each with the unit it is read in. */
export const CONCEPTS_READ: ReadonlyMap<string, string> = new Map(
  [...Object.values(FLOW_CONCEPTS), ...Object.values(BALANCE_CONCEPTS)]
    .flat()
    .map((concept) => [concept, unitOf(concept)]),
);

function unitOf(concept: string): string {
  if (PER_SHARE_CONCEPTS.has(concept)) return "USD/shares";
  return SHARE_CONCEPTS.has(concept) ? "shares" : "USD";
}

/** The response, validating only the concepts read (the other hundreds are dropped unread). */
export const companyFactsSchema = object({
  cik: number(),
  entityName: optional(string()),
  facts: optional(
    object({
      "us-gaap": optional(
        object(
          Object.fromEntries([...CONCEPTS_READ.keys()].map((c) => [c, optional(conceptSchema)])),
        ),
      ),
    }),
  ),
});

export type CompanyFacts = output<typeof companyFactsSchema>;

// Facts by concept and period ------------------------------------------------------------------

const PERIODIC_FORMS: ReadonlySet<string> = new Set(["10-Q", "10-Q/A", "10-K", "10-K/A"]);

type FormFamily = "10-Q" | "10-K";

function familyOf(form: string): FormFamily {
  return form.startsWith("10-K") ? "10-K" : "10-Q";
}

const periodKey = (start: string | undefined, end: string) => `${start ?? ""}/${end}`;

/** Per concept, per period, its facts filed by the as-of date, oldest filed first. */
type FactTable = ReadonlyMap<string, ReadonlyMap<string, readonly XbrlFact[]>>;

function usGaapOf(facts: CompanyFacts): Record<string, ConceptFacts | undefined> {
  return (facts.facts?.["us-gaap"] ?? {}) as Record<string, ConceptFacts | undefined>;
}

/** The periodic reports' facts in each concept's unit, filed on or before `asOfDate`. */
function factTable(facts: CompanyFacts, asOfDate: string): FactTable {
  const table = new Map<string, Map<string, XbrlFact[]>>();
  for (const [concept, data] of Object.entries(usGaapOf(facts))) {
    const unit = CONCEPTS_READ.get(concept);
    const rows = (unit && data?.units[unit]) || [];
    const byPeriod = new Map<string, XbrlFact[]>();
    for (const fact of rows) {
      if (!PERIODIC_FORMS.has(fact.form) || fact.filed > asOfDate) continue;
      const key = periodKey(fact.start, fact.end);
      const list = byPeriod.get(key);
      if (list) list.push(fact);
      else byPeriod.set(key, [fact]);
    }
    for (const list of byPeriod.values()) list.sort(byFilingThenFrame);
    if (byPeriod.size > 0) table.set(concept, byPeriod);
  }
  return table;
}

/** Oldest filed first; on one day, the fact EDGAR framed last (it is the one EDGAR keeps). */
function byFilingThenFrame(a: XbrlFact, b: XbrlFact): number {
  return (
    a.filed.localeCompare(b.filed) || Number(a.frame !== undefined) - Number(b.frame !== undefined)
  );
}

/** The facts of the first concept of `concepts` with any for the period filed by `asOf`. */
function reportedFacts(
  table: FactTable,
  concepts: readonly string[],
  start: string | undefined,
  end: string,
  asOf: string,
): readonly XbrlFact[] {
  for (const concept of concepts) {
    const list = table.get(concept)?.get(periodKey(start, end)) ?? [];
    const filed = list.filter((fact) => fact.filed <= asOf);
    if (filed.length > 0) return filed;
  }
  return [];
}

/** The period's latest-filed fact by `asOf`, of the first concept reporting it. */
function firstReported(
  table: FactTable,
  concepts: readonly string[],
  start: string | undefined,
  end: string,
  asOf: string,
): XbrlFact | undefined {
  return reportedFacts(table, concepts, start, end, asOf).at(-1);
}

/** The values a period had, oldest first, each as first filed (a restatement adds one). */
function versionsOf(facts: readonly XbrlFact[]): XbrlFact[] {
  const versions: XbrlFact[] = [];
  for (const fact of facts) if (versions.at(-1)?.val !== fact.val) versions.push(fact);
  return versions;
}

// Dates ----------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOf(dayOf(date) + days);

const QUARTER_DAYS = 365.25 / 4;
/** 13- and 14-week quarters, 52- and 53-week years: within 12 days of n quarters. */
const QUARTER_TOLERANCE_DAYS = 12;

/** How many quarters `start`–`end` (inclusive) spans, if it is a whole number of them. */
function quarterCount(start: string, end: string): number | undefined {
  const days = dayOf(end) - dayOf(start) + 1;
  const count = Math.round(days / QUARTER_DAYS);
  const whole = count >= 1 && Math.abs(days - count * QUARTER_DAYS) <= QUARTER_TOLERANCE_DAYS;
  return whole ? count : undefined;
}

// Fiscal years and their quarters --------------------------------------------------------------

interface FiscalYear {
  label: number;
  start: string;
  /** Indexed by quarter (1-4); [4] is the year's end, unknown while the year is open. */
  quarterEnds: (string | undefined)[];
}

interface DurationPeriod {
  start: string;
  end: string;
}

interface AnnualPeriod extends DurationPeriod {
  /** How many concepts a 10-K reports for it. */
  concepts: number;
}

/** Every duration period of the flows read, and the year-long ones of 10-Ks. */
function durationPeriods(table: FactTable) {
  const all = new Map<string, DurationPeriod>();
  const annual = new Map<string, AnnualPeriod>();
  const flowConcepts = new Set<string>(Object.values(FLOW_CONCEPTS).flat());
  for (const [concept, byPeriod] of table) {
    if (!flowConcepts.has(concept)) continue;
    for (const [key, facts] of byPeriod) {
      const { start, end } = facts[0] as XbrlFact;
      if (start === undefined) continue;
      all.set(key, { start, end });
      const inTenK = facts.some((fact) => familyOf(fact.form) === "10-K");
      if (!inTenK || quarterCount(start, end) !== 4) continue;
      const seen = annual.get(key);
      annual.set(key, { start, end, concepts: (seen?.concepts ?? 0) + 1 });
    }
  }
  return { all: [...all.values()], annual: [...annual.values()] };
}

/**
 * The fiscal years, oldest first, without overlaps: where year-long periods overlap (a note's
 * odd twelve months, a change of year end), the one more concepts report.
 */
function fiscalYearPeriods(annual: readonly AnnualPeriod[]): DurationPeriod[] {
  const years: DurationPeriod[] = [];
  const overlaps = (a: DurationPeriod, b: DurationPeriod) => a.start <= b.end && b.start <= a.end;
  const byWeight = [...annual].sort(
    (a, b) => b.concepts - a.concepts || a.end.localeCompare(b.end),
  );
  for (const { start, end } of byWeight) {
    if (!years.some((year) => overlaps(year, { start, end }))) years.push({ start, end });
  }
  return years.sort((a, b) => a.end.localeCompare(b.end));
}

/** The calendar year a fiscal year ending on `end` is named after, before the filer's offset. */
const anchorYear = (end: string) => Number(addDays(end, -14).slice(0, 4));

/** Per 10-K (accession), its latest year-long period's end and its `fy`: its own year. */
function ownYears(table: FactTable): Map<string, { end: string; fy: number | null | undefined }> {
  const own = new Map<string, { end: string; fy: number | null | undefined }>();
  for (const facts of [...table.values()].flatMap((byPeriod) => [...byPeriod.values()])) {
    for (const { accn, start, end, fy, form } of facts) {
      if (familyOf(form) !== "10-K" || !start || quarterCount(start, end) !== 4) continue;
      const seen = own.get(accn);
      if (!seen || end > seen.end) own.set(accn, { end, fy });
    }
  }
  return own;
}

/**
 * fy − anchorYear over the filer's own 10-Ks, the most frequent (0 without any). Only here is
 * `fy` read, and only of a 10-K's own year.
 */
function labelOffset(table: FactTable, years: readonly DurationPeriod[]): number {
  const yearEnds = new Set(years.map((year) => year.end));
  const counts = new Map<number, number>();
  for (const { end, fy } of ownYears(table).values()) {
    if (typeof fy !== "number" || !yearEnds.has(end)) continue;
    const offset = fy - anchorYear(end);
    counts.set(offset, (counts.get(offset) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return best ? best[0] : 0;
}

/** Sets the quarter ends a duration period inside the year tells. */
function placePeriod(year: FiscalYear, period: DurationPeriod): void {
  const { start, end } = period;
  if (start < year.start || end <= year.start) return;
  const yearEnd = year.quarterEnds[4];
  if (yearEnd !== undefined && end > yearEnd) return;
  const quarter = quarterCount(year.start, end);
  if (quarter === undefined || quarter > 4) return;
  if (start === year.start) {
    year.quarterEnds[quarter] ??= end;
  } else if (quarterCount(start, end) === 1) {
    year.quarterEnds[quarter] ??= end;
    if (quarter > 1) year.quarterEnds[quarter - 1] ??= addDays(start, -1);
  }
}

function fiscalYears(table: FactTable): FiscalYear[] {
  const { all, annual } = durationPeriods(table);
  const periods = fiscalYearPeriods(annual);
  const last = periods.at(-1);
  if (!last) return [];
  const offset = labelOffset(table, periods);
  const years: FiscalYear[] = periods.map((period) => ({
    label: anchorYear(period.end) + offset,
    start: period.start,
    quarterEnds: [undefined, undefined, undefined, undefined, period.end],
  }));
  // The open year: from the day after the last 10-K's year, its end not known yet.
  years.push({
    label: anchorYear(last.end) + offset + 1,
    start: addDays(last.end, 1),
    quarterEnds: [undefined, undefined, undefined, undefined, undefined],
  });
  for (const year of years) for (const period of all) placePeriod(year, period);
  return years;
}

// A quarter's figures --------------------------------------------------------------------------

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The figures as reported: null where no concept reports the field for the period. */
export type ReportedFigures = Nullable<PeriodFlows> & Nullable<BalanceSheet>;

export interface ReportedQuarter extends ReportedFigures {
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  /** The quarter's first day. */
  periodStart: string;
  periodEnd: string;
  form: FormFamily;
  filingDate: string;
  accessionNumber: string;
}

interface QuarterContext {
  table: FactTable;
  year: FiscalYear;
  asOfDate: string;
}

const quarterStart = (year: FiscalYear, quarter: number) =>
  quarter === 1 ? year.start : mapDefined(year.quarterEnds[quarter - 1], (end) => addDays(end, 1));

function mapDefined<T, R>(value: T | undefined, map: (value: T) => R): R | undefined {
  return value === undefined ? undefined : map(value);
}

/** Shares are averages: a cumulative figure stands for `quarters` times its value. */
const weightOf = (field: ReadFlowField, quarters: number) =>
  field === "dilutedShares" ? quarters : 1;

/**
 * The total of quarters 1..`through` as it stood on `asOf`: a cumulative fact, else the
 * quarters before plus the quarter's own fact. null when neither is reported.
 */
function cumulativeTotal(
  context: QuarterContext,
  field: ReadFlowField,
  through: number,
  asOf: string,
): number | null {
  if (through === 0) return 0;
  const { table, year } = context;
  const end = year.quarterEnds[through];
  if (end === undefined) return null;
  const concepts = FLOW_CONCEPTS[field];
  const cumulative = firstReported(table, concepts, year.start, end, asOf);
  if (cumulative) return cumulative.val * weightOf(field, through);
  const start = quarterStart(year, through);
  const own = start && firstReported(table, concepts, start, end, asOf);
  const before = own ? cumulativeTotal(context, field, through - 1, asOf) : null;
  return own && before !== null ? before + own.val : null;
}

/** A quarter's flow: its own ~3-month fact, else derived from the cumulative one. */
function quarterFlow(
  context: QuarterContext,
  field: ReadFlowField,
  quarter: number,
): number | null {
  const { table, year, asOfDate } = context;
  const start = quarterStart(year, quarter);
  const end = year.quarterEnds[quarter];
  if (start === undefined || end === undefined) return null;
  const concepts = FLOW_CONCEPTS[field];
  const own = firstReported(table, concepts, start, end, asOfDate);
  if (own) return own.val;
  const cumulative = versionsOf(reportedFacts(table, concepts, year.start, end, asOfDate));
  return derivedFlow(context, field, quarter, cumulative);
}

/**
 * The cumulative figure − the quarters before, both as they stood on one filing date. The
 * latest version of the cumulative figure is used if the quarters before were restated with it
 * (their total changed since its previous version: a recast, a split restated throughout);
 * else the version before, down to the original, which the 10-Qs of its year match. So a
 * split that restates the year but not the nine months before does not mix bases.
 */
function derivedFlow(
  context: QuarterContext,
  field: ReadFlowField,
  quarter: number,
  cumulative: readonly XbrlFact[],
): number | null {
  for (let i = cumulative.length - 1; i >= 0; i--) {
    const version = cumulative[i] as XbrlFact;
    const before = cumulativeTotal(context, field, quarter - 1, version.filed);
    if (before === null) continue;
    const previous = cumulative[i - 1];
    const restatedTogether =
      !previous || cumulativeTotal(context, field, quarter - 1, previous.filed) !== before;
    if (restatedTogether) return version.val * weightOf(field, quarter) - before;
  }
  return null;
}

const DECIMALS: Partial<Record<ReadFlowField, number>> = { dilutedEps: 2 };

function roundTo(value: number | null, decimals: number): number | null {
  if (value === null) return null;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

function flowsOf(context: QuarterContext, quarter: number): Nullable<PeriodFlows> {
  const read = {} as Record<ReadFlowField, number | null>;
  for (const field of Object.keys(FLOW_CONCEPTS) as ReadFlowField[]) {
    read[field] = roundTo(quarterFlow(context, field, quarter), DECIMALS[field] ?? 0);
  }
  const difference = (a: number | null, b: number | null) =>
    a === null || b === null ? null : a - b;
  return {
    ...read,
    grossProfitUsd: read.grossProfitUsd ?? difference(read.revenueUsd, read.costOfRevenueUsd),
    costOfRevenueUsd: read.costOfRevenueUsd ?? difference(read.revenueUsd, read.grossProfitUsd),
    freeCashFlowUsd: difference(read.operatingCashFlowUsd, read.capexUsd),
  };
}

/** A sum of parts, each 0 when unreported; null when none is reported. */
function sumOfReported(...parts: (number | null)[]): number | null {
  const reported = parts.filter((part): part is number => part !== null);
  return reported.length === 0 ? null : reported.reduce((sum, part) => sum + part, 0);
}

function balanceSheetAt(table: FactTable, end: string, asOfDate: string): Nullable<BalanceSheet> {
  const at = (concept: BalanceConcept) =>
    firstReported(table, BALANCE_CONCEPTS[concept], undefined, end, asOfDate)?.val ?? null;
  const cash = at("cash");
  const equity = at("equity");
  const totalEquity =
    at("equityWithNoncontrolling") ?? sumOfReported(equity, at("noncontrollingInterest"));
  const liabilitiesAndEquity = at("liabilitiesAndEquity");
  // Debt: the long-term line plus current borrowings (one line, else its parts).
  const currentDebt =
    at("debtCurrent") ?? sumOfReported(at("longTermDebtCurrent"), at("shortTermBorrowings"));
  return {
    cashUsd: cash === null ? null : cash + (at("shortTermInvestments") ?? 0),
    inventoryUsd: at("inventory"),
    currentAssetsUsd: at("currentAssets"),
    totalAssetsUsd: at("totalAssets"),
    currentLiabilitiesUsd: at("currentLiabilities"),
    totalDebtUsd: sumOfReported(at("longTermDebt"), currentDebt),
    // Without the line: everything but equity (so temporary equity counts as a liability).
    totalLiabilitiesUsd:
      at("totalLiabilities") ??
      (liabilitiesAndEquity === null || totalEquity === null
        ? null
        : liabilitiesAndEquity - totalEquity),
    retainedEarningsUsd: at("retainedEarnings"),
    equityUsd: equity,
  };
}

/** The earliest 10-Q and 10-K (originals first) with a fact ending on each date. */
function firstReports(table: FactTable): Map<string, Partial<Record<FormFamily, XbrlFact>>> {
  const firsts = new Map<string, Partial<Record<FormFamily, XbrlFact>>>();
  const better = (fact: XbrlFact, seen: XbrlFact | undefined) => {
    if (!seen) return true;
    const amended = (f: XbrlFact) => f.form.endsWith("/A");
    if (amended(fact) !== amended(seen)) return amended(seen);
    return fact.filed < seen.filed;
  };
  for (const byPeriod of table.values()) {
    for (const facts of byPeriod.values()) {
      for (const fact of facts) {
        const byForm = firsts.get(fact.end) ?? {};
        const family = familyOf(fact.form);
        if (better(fact, byForm[family])) byForm[family] = fact;
        firsts.set(fact.end, byForm);
      }
    }
  }
  return firsts;
}

/** Fiscal years, inclusive. */
export interface YearRange {
  from: number;
  to: number;
}

const ALL_YEARS: YearRange = { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY };

/**
 * The quarters of the fiscal years in `years` reported on or before `asOfDate` (yyyy-MM-dd),
 * oldest first, with their figures as reported then (null: not reported).
 */
export function reportedQuarters(
  facts: CompanyFacts,
  asOfDate: string,
  years: YearRange = ALL_YEARS,
): ReportedQuarter[] {
  const table = factTable(facts, asOfDate);
  const reports = firstReports(table);
  const quarters: ReportedQuarter[] = [];
  for (const year of fiscalYears(table)) {
    if (year.label < years.from || year.label > years.to) continue;
    for (const quarter of [1, 2, 3, 4] as const) {
      const start = quarterStart(year, quarter);
      const end = year.quarterEnds[quarter];
      const report = end && reports.get(end)?.[quarter === 4 ? "10-K" : "10-Q"];
      if (!start || !end || !report) continue;
      const context = { table, year, asOfDate };
      quarters.push({
        fiscalYear: year.label,
        fiscalQuarter: quarter,
        periodStart: start,
        periodEnd: end,
        form: familyOf(report.form),
        filingDate: report.filed,
        accessionNumber: report.accn,
        ...flowsOf(context, quarter),
        ...balanceSheetAt(table, end, asOfDate),
      });
    }
  }
  return quarters;
}

const FIGURE_KEYS = [
  ...FLOW_KEYS,
  "dilutedEps",
  "dilutedShares",
  ...BALANCE_SHEET_KEYS,
] as const satisfies readonly (keyof ReportedFigures)[];

/** The port's statement: an unreported figure is 0 and named in `unreported`. */
export function asQuarterStatement(quarter: ReportedQuarter): QuarterStatement {
  const { periodStart: _start, ...rest } = quarter;
  const statement = { ...rest } as QuarterStatement;
  const unreported = FIGURE_KEYS.filter((key) => quarter[key] === null);
  for (const key of unreported) statement[key] = 0;
  return unreported.length > 0 ? { ...statement, unreported } : statement;
}

/** `reportedQuarters` as the port's statements. */
export function quarterStatementsOf(
  facts: CompanyFacts,
  asOfDate: string,
  years: YearRange = ALL_YEARS,
): QuarterStatement[] {
  return reportedQuarters(facts, asOfDate, years).map(asQuarterStatement);
}

// Compact copy for a cache ---------------------------------------------------------------------

/**
 * The facts read, in the same format, without what is never read: other concepts, units and
 * forms, labels, `fp` (and `fy` but a 10-K's), and a period's facts that repeat its previous
 * value (a later filing that changes nothing). The statements come out the same at any as-of date. A large filer's file
 * runs to megabytes; this is some hundreds of kilobytes.
 */
export function compactCompanyFacts(facts: CompanyFacts): CompanyFacts {
  const usGaap: Record<string, ConceptFacts> = {};
  for (const [concept, data] of Object.entries(usGaapOf(facts))) {
    const unit = CONCEPTS_READ.get(concept);
    const rows = (unit && data?.units[unit]) || [];
    const kept = withoutRepeats(rows.filter((fact) => PERIODIC_FORMS.has(fact.form))).map(
      ({ fp: _unread, fy, ...fact }) => (familyOf(fact.form) === "10-K" ? { ...fact, fy } : fact),
    );
    if (unit && kept.length > 0) usGaap[concept] = { units: { [unit]: kept } };
  }
  return { cik: facts.cik, entityName: facts.entityName, facts: { "us-gaap": usGaap } };
}

/** Per period, in filing order: a fact kept when its value changes or its form family is new. */
function withoutRepeats(facts: readonly XbrlFact[]): XbrlFact[] {
  const byPeriod = new Map<string, XbrlFact[]>();
  for (const fact of [...facts].sort((a, b) => a.filed.localeCompare(b.filed))) {
    const key = periodKey(fact.start, fact.end);
    const kept = byPeriod.get(key) ?? [];
    const last = kept.at(-1);
    const newFamily = !kept.some((k) => familyOf(k.form) === familyOf(fact.form));
    if (!last || last.val !== fact.val || newFamily) kept.push(fact);
    byPeriod.set(key, kept);
  }
  return [...byPeriod.values()].flat();
}
