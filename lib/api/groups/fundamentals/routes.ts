import { array, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../contract-code";
import { groupRoutes } from "../../route";

/** Fundamentals: a company's financial statements and the ratios computed from them. */

export const YEARS_DEFAULT = 5;

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd` });

const usd = (description: string) => number().meta({ description: `${description}, USD` });

/** The figures of one period: income statement and cash flows for it, balance sheet at its end. */
const figures = {
  revenueUsd: usd("Revenue"),
  costOfRevenueUsd: usd("Cost of revenue"),
  grossProfitUsd: usd("Revenue − cost of revenue"),
  operatingIncomeUsd: usd("Operating income (EBIT)"),
  interestExpenseUsd: usd("Interest expense"),
  pretaxIncomeUsd: usd("Income before income taxes"),
  incomeTaxUsd: usd("Income tax expense"),
  netIncomeUsd: usd("Net income"),
  dilutedEps: number().meta({ description: "Diluted EPS, USD per share (the period's)" }),
  dilutedShares: number().meta({ description: "Weighted average diluted shares" }),
  depreciationAmortizationUsd: usd("Depreciation and amortisation"),
  operatingCashFlowUsd: usd("Cash from operations"),
  capexUsd: usd("Capital expenditure (a positive amount spent)"),
  freeCashFlowUsd: usd("Operating cash flow − capex"),
  dividendsPaidUsd: usd("Dividends paid (a positive amount)"),
  cashUsd: usd("Cash, equivalents and short-term investments at the period end"),
  inventoryUsd: usd("Inventory at the period end"),
  currentAssetsUsd: usd("Current assets at the period end"),
  totalAssetsUsd: usd("Total assets at the period end"),
  currentLiabilitiesUsd: usd("Current liabilities at the period end"),
  totalDebtUsd: usd("Short- and long-term debt at the period end"),
  totalLiabilitiesUsd: usd("Total liabilities at the period end"),
  retainedEarningsUsd: usd("Retained earnings (accumulated deficit) at the period end"),
  equityUsd: usd("Shareholders' equity at the period end"),
};

const filing = {
  form: zEnum(["10-Q", "10-K"]).meta({ description: "The form that reports the period" }),
  filingDate: isoDay("When that form was filed").nullable().meta({
    description: "null between the earnings release and the form's filing",
  }),
  accessionNumber: string()
    .nullable()
    .meta({ description: "EDGAR accession number of that form; null until it is filed" }),
};

const unreported = array(string()).meta({
  description:
    "Figures the filer did not report for the period (their fields show 0): EDGAR statements " +
    "only, e.g. interestExpenseUsd; always [] for the simulated statements",
});

const statement = object({
  fiscalYear: int(),
  unreported,
  fiscalQuarter: int().nullable().meta({ description: "1-4; null for a fiscal year" }),
  periodEnd: isoDay("The period's last day"),
  ...filing,
  ...figures,
});

const companyFields = {
  symbol: string(),
  code: string(),
  name: string(),
  currency: string().meta({ description: "USD" }),
  asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
  source: string().meta({ description: "sim (the simulated statements) or edgar (XBRL)" }),
};

const ratio = (description: string) => number().nullable().meta({ description });

export const fundamentalsRoutes = groupRoutes("fundamentals", {
  financials: {
    method: "GET",
    path: "/fundamentals/{code}/financials",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Financial statements by fiscal year (or quarter) over a window of years",
    description:
      "The window starts at the current calendar year minus `years` (default " +
      `${YEARS_DEFAULT}, any whole number ≥ 0, no upper bound: spec fact 2) and ends with the current ` +
      "year, inclusive: fiscal years ending in it, so years+1 fiscal years normally (a fiscal " +
      "year appears once its fourth quarter is reported; the simulated companies' fiscal years " +
      "are calendar years, so in the year before that report the current year is in " +
      "`yearToDate` instead). `period=quarter` lists the quarters of those fiscal years. Newest " +
      "first. A year's flows are its four quarters summed, its balance sheet the fourth " +
      "quarter's, its filing the 10-K. Simulated statements: revenue = the earnings reports' " +
      "actuals, net income = reported EPS × shares, balance sheets that balance; history from " +
      "fiscal 2015. 400 for a non-integer or negative `years`. 404 SYMBOL_NOT_FOUND for an " +
      "unknown code, NO_DATA for a fund, an index, a future or a crypto asset. 503 " +
      "COMPANY_DATA_UNAVAILABLE when the statements' source is down.",
    params: object({ code: contractCode }),
    query: object({
      years: coerce
        .number()
        .int()
        .min(0)
        .default(YEARS_DEFAULT)
        .meta({
          description: `Years back from the current one, whole ≥ 0, default ${YEARS_DEFAULT}`,
        }),
      period: zEnum(["annual", "quarter"])
        .default("annual")
        .meta({ description: "annual (default) or quarter" }),
    }),
    response: object({
      ...companyFields,
      period: zEnum(["annual", "quarter"]),
      years: int(),
      window: object({ fromYear: int(), toYear: int() }).meta({
        description: "The fiscal years asked for (current calendar year − years to it)",
      }),
      statements: array(statement),
      yearToDate: object({
        fiscalYear: int(),
        quarters: array(string()).meta({ description: "The quarters summed, e.g. 2026Q3" }),
        unreported,
        periodEnd: isoDay("The latest quarter's end"),
        ...figures,
      })
        .nullable()
        .meta({
          description:
            "The current fiscal year's reported quarters summed (balance sheet: the latest), " +
            "until its fourth quarter is reported; null otherwise or when outside the window",
        }),
    }),
  },
  ratios: {
    method: "GET",
    path: "/fundamentals/{code}/ratios",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Valuation, profitability, liquidity, leverage and cash-flow ratios",
    description:
      "From the trailing twelve months (the last four reported quarters summed, the latest " +
      "balance sheet: `statementPeriod`) and the last price at the clock (`price`): P/E " +
      "trailing = price / TTM diluted EPS; forward = price / the next four quarters' consensus " +
      "EPS estimates; P/B = market cap / equity; P/S = market cap / TTM revenue; EV/EBITDA with " +
      "EV = market cap + debt − cash and EBITDA = TTM EBIT + D&A; margins = TTM gross profit, " +
      "EBIT and net income / revenue × 100; ROE = TTM net income / equity; ROA = / total " +
      "assets; ROIC = EBIT × (1 − effective tax rate) / (debt + equity − cash); current ratio = " +
      "current assets / current liabilities; quick = (current assets − inventory) / current " +
      "liabilities; debt/equity; interest coverage = EBIT / interest expense; FCF yield = TTM " +
      "FCF / market cap × 100; payout = TTM dividends paid / net income × 100; dividend yield = " +
      "the indicated annual dividend per share / price × 100. Market cap = price × the latest " +
      "quarter's diluted shares. A ratio whose denominator is zero or negative (or whose input " +
      "is missing) is null. 4 decimals. 404 and 503 as /financials.",
    params: object({ code: contractCode }),
    response: object({
      ...companyFields,
      price: number().meta({ description: "Last price at the clock, USD" }),
      statementPeriod: object({
        periodEnd: isoDay("The latest quarter's end (the balance sheet's date)"),
        quarters: array(string()).meta({ description: "The four quarters summed, e.g. 2026Q3" }),
      }),
      inputs: object({
        marketCapUsd: number(),
        enterpriseValueUsd: number(),
        ebitdaUsd: number(),
        trailingEps: number(),
        forwardEps: number().nullable().meta({
          description: "The next four quarters' consensus EPS estimates summed; null with fewer",
        }),
        annualDividendPerShare: number().meta({ description: "Indicated, USD; 0 for none" }),
        effectiveTaxRatePercent: number().nullable(),
      }),
      valuation: object({
        peTrailing: ratio("Price / TTM diluted EPS"),
        peForward: ratio("Price / forward EPS"),
        priceToBook: ratio("Market cap / equity"),
        priceToSales: ratio("Market cap / TTM revenue"),
        evToEbitda: ratio("Enterprise value / TTM EBITDA"),
      }),
      profitability: object({
        grossMarginPercent: ratio("TTM gross profit / revenue × 100"),
        operatingMarginPercent: ratio("TTM EBIT / revenue × 100"),
        netMarginPercent: ratio("TTM net income / revenue × 100"),
        roePercent: ratio("TTM net income / equity × 100"),
        roaPercent: ratio("TTM net income / total assets × 100"),
        roicPercent: ratio("TTM EBIT × (1 − tax rate) / (debt + equity − cash) × 100"),
      }),
      liquidity: object({
        currentRatio: ratio("Current assets / current liabilities"),
        quickRatio: ratio("(Current assets − inventory) / current liabilities"),
      }),
      leverage: object({
        debtToEquity: ratio("Total debt / equity"),
        interestCoverage: ratio("TTM EBIT / interest expense"),
      }),
      cashFlow: object({
        fcfYieldPercent: ratio("TTM free cash flow / market cap × 100"),
        payoutRatioPercent: ratio("TTM dividends paid / net income × 100"),
        dividendYieldPercent: ratio("Indicated annual dividend per share / price × 100"),
      }),
    }),
  },
});
