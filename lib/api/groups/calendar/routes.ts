import {
  array,
  boolean,
  coerce,
  int,
  iso,
  number,
  object,
  type output,
  string,
  enum as zEnum,
} from "zod";
import { EARNINGS_HISTORY_QUARTERS } from "../../earnings-moves";
import { IV_HISTORY_SESSIONS } from "../../iv-rank";
import { groupRoutes } from "../../route";

/**
 * The calendars: economic releases, earnings reports (plain and with the options' view),
 * ex-dividend dates, and everything scheduled in the coming week. Shapes as Finnhub, Nasdaq and
 * Earnings Whispers present them; rules and formulas in each route's description.
 */

/** Days a window may span (from and to inclusive), by route. */
export const MAX_WINDOW_DAYS = { economic: 93, earnings: 31, enhanced: 14, dividends: 93 };
/** Default window: from today through today + 7 (New York). */
export const DEFAULT_WINDOW_DAYS_AFTER = 7;
/** /calendar/dividends without `to`: ex-dates from `from` through from + days. */
export const DIVIDEND_DAYS_DEFAULT = 30;
/** /calendar/upcoming: dates today through today + days − 1. */
export const UPCOMING_DAYS_DEFAULT = 7;
export const UPCOMING_DAYS_MAX = 14;

/** Page sizes: default and maximum rows per page. */
export const PAGE = {
  economic: { default: 50, max: 200 },
  earnings: { default: 50, max: 200 },
  enhanced: { default: 10, max: 25 },
  dividends: { default: 50, max: 200 },
  upcoming: { default: 100, max: 200 },
};

const NEW_YORK_DATES =
  "Dates are New York calendar dates (yyyy-MM-dd); from and to are both included.";

const PAGING =
  "Pages: limit rows (default and maximum: see limit); nextCursor (null on the last page) passed as " +
  "cursor gives the next page; a cursor this API did not issue answers 400 naming cursor.";

function windowText(route: keyof typeof MAX_WINDOW_DAYS): string {
  return (
    `${NEW_YORK_DATES} Default from today, to from + ${DEFAULT_WINDOW_DAYS_AFTER}; the window ` +
    `holds at most ${MAX_WINDOW_DAYS[route]} days (to − from ≤ ${MAX_WINDOW_DAYS[route] - 1}). ` +
    "400 naming from or to for a malformed date, naming to for to before from or a window " +
    "beyond the maximum."
  );
}

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd (New York)`, example: "2026-11-24" });
const utcInstant = (description: string) =>
  iso.datetime().meta({ description: `${description}, ISO 8601 UTC` });
const nyInstant = (description: string) =>
  iso.datetime({ offset: true }).meta({
    description: `${description}, ISO 8601 New York time with its UTC offset (-05:00 EST, -04:00 EDT)`,
    example: "2026-11-24T08:30:00-05:00",
  });

const dateQuery = (description: string) =>
  iso
    .date({ error: "must be a date yyyy-MM-dd, e.g. 2026-11-24" })
    .optional()
    .meta({ description: `${description}, yyyy-MM-dd (New York)` });

function listQuery(page: { default: number; max: number }) {
  return {
    limit: coerce
      .number()
      .int()
      .min(1)
      .max(page.max)
      .default(page.default)
      .meta({ description: `Rows per page, 1-${page.max}, default ${page.default}` }),
    cursor: string()
      .max(200)
      .optional()
      .meta({ description: "The nextCursor of the previous page; absent for the first page" }),
  };
}

const windowQuery = (page: { default: number; max: number }) =>
  object({
    from: dateQuery("First date of the window; default today"),
    to: dateQuery(`Last date of the window; default from + ${DEFAULT_WINDOW_DAYS_AFTER}`),
    ...listQuery(page),
  });

const pageFields = {
  asOf: utcInstant("The clock the calendar was read at"),
  from: isoDay("First date of the window"),
  to: isoDay("Last date of the window"),
  total: int().meta({ description: "Rows in the whole window (all pages)" }),
  nextCursor: string()
    .nullable()
    .meta({ description: "Pass as cursor for the next page; null on the last page" }),
};

const nullableNumber = (description: string) => number().nullable().meta({ description });

// ---------------------------------------------------------------------------------------------
// Economic releases
// ---------------------------------------------------------------------------------------------

const ECONOMIC_RULES =
  "Simulated on the official calendars' rules (New York time; a business day is a weekday that " +
  "is not a US federal holiday, the days the agencies publish; Good Friday is one): nonfarm " +
  "payrolls and the unemployment rate (BLS Employment Situation) 08:30 on the third Friday " +
  "after the reference week (the Sunday-Saturday week holding the 12th; the fourth Friday for " +
  "December's data), the business day before when that Friday is a holiday: the first Friday " +
  "of most months, with the published exceptions (2025-01-10, 2025-07-03). CPI and core CPI " +
  "(BLS) 08:30 on the Wednesday between the 10th and the 16th of the next month (the next " +
  "business day on a holiday); PPI 08:30 the business day after CPI. Retail sales (Census) " +
  "08:30 on the business day nearest the 16th (the earlier on a tie). GDP (BEA) 08:30: the " +
  "advance estimate on the last Thursday of the month after the quarter, the second and third " +
  "estimates on the last Thursday of the next two months (December: the last Thursday on or " +
  "before the 23rd; the business day before on a holiday). Initial jobless claims (DOL) 08:30 " +
  "every Thursday for the week ending the Saturday before (Wednesday when Thursday is a " +
  "holiday). ISM manufacturing PMI 10:00 on the month's first business day, ISM services PMI " +
  "10:00 on the third. FOMC rate decision 14:00 on the second day of each of the eight " +
  "scheduled meetings: the Federal Reserve's published dates for 2024-2027 (2027 tentative), " +
  "its usual pattern for other years. Values are simulated, deterministic: CPI MoM about " +
  "0.1-0.5 %, payrolls 20-340 thousand, unemployment 3.8-4.6 %, the fed funds target's upper " +
  "bound moving only at meetings in 25 bp steps.";

const economicRelease = object({
  id: string().meta({
    description: "Stable id: indicator and period, e.g. us-cpi-2026-10, us-fomc-2026-12-09",
  }),
  indicator: string().meta({
    description:
      "Slug: nonfarm-payrolls, unemployment-rate, cpi, core-cpi, ppi, retail-sales, " +
      "ism-manufacturing, ism-services, gdp, initial-jobless-claims, fomc-rate-decision",
  }),
  event: string().meta({ description: "Display name, e.g. Consumer Price Index (MoM)" }),
  country: zEnum(["US"]),
  datetime: utcInstant("The release instant"),
  datetimeNewYork: nyInstant("The release instant"),
  date: isoDay("The release's New York date"),
  period: string().meta({
    description:
      "What it covers, e.g. October 2026, Q3 2026 (advance), week ending 2026-11-14, " +
      "December 2026 meeting",
  }),
  importance: zEnum(["high", "medium", "low"]),
  unit: string().meta({
    description:
      "percent, percent (annualised), thousands of jobs, thousands of claims, index, percent " +
      "(target upper bound)",
  }),
  consensus: nullableNumber(
    "The forecasters' median, in unit; null until the indicator's preceding release is out",
  ),
  previous: nullableNumber(
    "The preceding release's actual (for GDP the preceding estimate), in unit; null until it is out",
  ),
  actual: nullableNumber("The released figure, in unit; null until the release instant"),
  surprise: nullableNumber(
    "actual − consensus, in unit, rounded to the indicator's decimals; null until released",
  ),
  released: boolean().meta({ description: "datetime ≤ asOf: actual is known" }),
});

// ---------------------------------------------------------------------------------------------
// Earnings
// ---------------------------------------------------------------------------------------------

const EARNINGS_RULES =
  "Every stock of the universe reporting in the window, by date (bmo before amc, then code). " +
  "The same reports as GET /company/{code}/events and the options earnings endpoints: the " +
  "report days of lib/market/company-data.ts (a company keeps a weekday and an earliest day " +
  "of the month, moved past NYSE holidays) and the estimates and actuals of the market-data " +
  "source's earnings history (null when it has none). Past dates are allowed: actuals appear " +
  "once the report is out (bmo: from the report day; amc: from the next day). " +
  "epsSurprisePercent = (epsActual − epsEstimate) / |epsEstimate| × 100 and " +
  "revenueSurprisePercent likewise (4 decimals), null until reported. timing: bmo (before the " +
  "open: the report day's session trades on it) or amc (after the close: the next session " +
  "does), as reactionDate says.";

const earningsFields = {
  code: string().meta({ description: "Contract code, SYMBOL_EXCHANGE" }),
  symbol: string(),
  name: string(),
  date: isoDay("The report's day"),
  timing: zEnum(["bmo", "amc"]).meta({
    description: "bmo: before the market opens; amc: after the close",
  }),
  reactionDate: isoDay("The session that trades on the report"),
  quarter: int().min(1).max(4).meta({ description: "Fiscal quarter reported" }),
  year: int().meta({ description: "Fiscal year of the quarter" }),
  epsEstimate: nullableNumber("Consensus EPS estimate, USD per share"),
  epsActual: nullableNumber("Reported EPS, USD per share; null until reported"),
  epsSurprisePercent: nullableNumber(
    "(epsActual − epsEstimate) / |epsEstimate| × 100, 4 decimals; null until reported",
  ),
  revenueEstimate: nullableNumber("Consensus revenue estimate, USD"),
  revenueActual: nullableNumber("Reported revenue, USD; null until reported"),
  revenueSurprisePercent: nullableNumber(
    "(revenueActual − revenueEstimate) / revenueEstimate × 100, 4 decimals; null until reported",
  ),
  reported: boolean().meta({ description: "epsActual is known" }),
};

const earningsRow = object(earningsFields);

const enhancedFields = {
  hasOptions: boolean().meta({ description: "The stock has listed options" }),
  impliedMovePercent: nullableNumber(
    "GET /options/{code}/earnings-straddle's straddleImpliedMovePercent: the ATM straddle of " +
      "the first expiration on or after reactionDate / underlyingLivePrice × 100; null " +
      "without options or when this is not the stock's next report (it is out)",
  ),
  impliedMove: nullableNumber("The same straddle's price, USD per share (the move either way)"),
  straddleExpiration: isoDay("The straddle's expiration").nullable(),
  atmImpliedVolatility: nullableNumber(
    "The straddle's ATM implied volatility, percent (25 = 25 %)",
  ),
  averageAbsoluteMovePercent: nullableNumber(
    "GET /options/{code}/earnings-move-history's averageAbsoluteMovePercent: mean |close-to-" +
      `close move| of the reacting sessions of up to ${EARNINGS_HISTORY_QUARTERS} past reports`,
  ),
  historyQuarterCount: int().nullable().meta({
    description: "Past reports averageAbsoluteMovePercent is over",
  }),
  actualMovePercent: nullableNumber(
    "This report's own move as earnings-move-history lists it (signed, percent); null until " +
      "its reacting session has closed",
  ),
  ivRank: nullableNumber(
    "GET /options/{code}/iv-rank's ivRank: the 30-day ATM IV against its last " +
      `${IV_HISTORY_SESSIONS} sessions, 0-100`,
  ),
  ivPercentile: nullableNumber("iv-rank's ivPercentile, 0-100"),
  currentImpliedVolatility: nullableNumber(
    "iv-rank's currentImpliedVolatility: 30-day ATM IV, percent",
  ),
};

// ---------------------------------------------------------------------------------------------
// Dividends
// ---------------------------------------------------------------------------------------------

const DIVIDEND_RULES =
  "Only ex-dividend dates today or later (spec fact 3: a from before today counts from today), " +
  "soonest first, then by descending yield, then code. The ex-dates and amounts are those of " +
  "GET /company/{code}/events: each scheduled month-day, moved to the next trading day on a " +
  "weekend or NYSE holiday; amount = annualAmount / payments a year (12, 4, 2, 1), 4 decimals. " +
  "yieldPercent is the forward yield at the live price: annualAmount / livePrice × 100 (the " +
  "dividend yield /market/stocks/{code}/extended shows). recordDate: US equities settle T+1 " +
  "since 2024-05-28, so the record date is the ex-date itself (before that, under T+2, the " +
  "business day after it). payDate: 14 to 28 days after the record date (each company keeps " +
  "one lag), on a trading day. declarationDate: 21 to 35 days before the ex-date (each company " +
  "keeps one lead), on a trading day; declared is false while it is still ahead (the amount is " +
  "then the schedule's expectation). Window: from (default today) through to, or through " +
  `from + days (default ${DIVIDEND_DAYS_DEFAULT}) without to; at most ` +
  `${MAX_WINDOW_DAYS.dividends} days. 400 naming days when both to and days are given. The ` +
  "cursor carries the last row's ex-date and yield: a yield that moves with the price between " +
  "two pages can move a row of that ex-date across the page boundary.";

const dividendRow = object({
  code: string().meta({ description: "Contract code, SYMBOL_EXCHANGE" }),
  symbol: string(),
  name: string(),
  exDate: isoDay("Ex-dividend date: buy before it to receive the payment"),
  recordDate: isoDay("Record date (= exDate under T+1)"),
  payDate: isoDay("Payment date"),
  declarationDate: isoDay("Declaration date"),
  declared: boolean().meta({ description: "declarationDate ≤ today" }),
  amount: number().meta({ description: "Payment per share, USD, 4 decimals" }),
  annualAmount: number().meta({
    description:
      "The schedule's annual dividend, USD per share (amount = annualAmount / payments a year)",
  }),
  frequency: zEnum(["monthly", "quarterly", "semiannual", "annual"]),
  price: number().meta({ description: "Live price the yield is at, USD" }),
  yieldPercent: number().meta({
    description: "Forward yield: annualAmount / price × 100, percent, 4 decimals",
  }),
  daysToExDate: int().min(0).meta({ description: "Calendar days from today (New York)" }),
});

// ---------------------------------------------------------------------------------------------
// Upcoming
// ---------------------------------------------------------------------------------------------

const UPCOMING_TYPES = [
  "economic",
  "earnings",
  "ex-dividend",
  "option-expiration",
  "market-holiday",
  "early-close",
] as const;

const upcomingEvent = object({
  id: string().meta({
    description:
      "Stable id: economic:<release id>, earnings:<code>:<date>, ex-dividend:<code>:<date>, " +
      "option-expiration:<date>, market-holiday:<date>, early-close:<date>",
  }),
  type: zEnum(UPCOMING_TYPES),
  datetime: utcInstant("When it happens (see the description for each type)"),
  datetimeNewYork: nyInstant("The same instant"),
  date: isoDay("Its New York date"),
  title: string().meta({
    description: "One line, e.g. AAPL earnings (amc), CPI (MoM) October 2026",
  }),
  code: string().nullable().meta({ description: "Contract code for earnings and ex-dividend" }),
  symbol: string().nullable(),
  importance: zEnum(["high", "medium", "low"]).meta({
    description:
      "economic: the release's; earnings, market holidays and early closes: high; ex-dividend " +
      "and option expirations: medium",
  }),
  passed: boolean().meta({ description: "datetime ≤ asOf (earlier today)" }),
  economic: economicRelease.nullable().meta({ description: "For type economic: the release" }),
  earnings: earningsRow.nullable().meta({ description: "For type earnings" }),
  dividend: dividendRow.nullable().meta({ description: "For type ex-dividend" }),
});

export const calendarRoutes = groupRoutes("calendar", {
  economic: {
    method: "GET",
    path: "/calendar/economic",
    auth: "key",
    summary: "Economic releases: CPI, payrolls, GDP, FOMC decisions, claims, ISM, ...",
    description:
      "US releases with their instant in UTC and New York time, period, importance, consensus, " +
      "previous and, once released, actual and surprise = actual − consensus. Nothing is known " +
      "before it happens: actual is null until the release instant; consensus and previous " +
      `appear once the indicator's preceding release is out. Time order (ties by id). ` +
      `${ECONOMIC_RULES} source: simulated (the same releases the simulated newsroom reports ` +
      `on), whatever the market-data provider. ${windowText("economic")} ${PAGING}`,
    query: windowQuery(PAGE.economic),
    response: object({
      ...pageFields,
      source: zEnum(["simulated"]).meta({
        description: "The releases are the simulated economy's, deterministic from the clock",
      }),
      releases: array(economicRelease),
    }),
  },
  earnings: {
    method: "GET",
    path: "/calendar/earnings",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Earnings reports by date across the universe",
    description: `${EARNINGS_RULES} ${windowText("earnings")} ${PAGING}`,
    query: windowQuery(PAGE.earnings),
    response: object({ ...pageFields, earnings: array(earningsRow) }),
  },
  earningsEnhanced: {
    method: "GET",
    path: "/calendar/earnings/enhanced",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Earnings reports with the options' implied move, past moves and IV rank",
    description:
      "The rows of GET /calendar/earnings (same order, same fields), each with what the options " +
      "analytics serve for the stock at the clock, computed by the same code so the numbers are " +
      "equal: the implied move of GET /options/{code}/earnings-straddle (for the stock's next " +
      "report), the average absolute earnings move of GET /options/{code}/earnings-move-history " +
      "and the IV rank of GET /options/{code}/iv-rank. The straddle's implied move prices " +
      "the move through its expiration, earnings included; the history's moves are one " +
      "session's, so compare them knowing that. null for stocks without listed options, and " +
      "field by field where the analytic has nothing (no past report, no upcoming one). Cost: " +
      "the three analytics per row, computed for the page's rows only: about 10-20 ms a row warm on " +
      "the simulated market (12 quarters of daily bars, a year of IV history, two chains), " +
      `hence the smaller page (default 10). ${windowText("enhanced")} ${PAGING}`,
    query: windowQuery(PAGE.enhanced),
    response: object({
      ...pageFields,
      earnings: array(object({ ...earningsFields, ...enhancedFields })),
    }),
  },
  dividends: {
    method: "GET",
    path: "/calendar/dividends",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Upcoming ex-dividend dates with record and pay dates, amount and yield",
    description: `${DIVIDEND_RULES} ${NEW_YORK_DATES} ${PAGING}`,
    query: object({
      from: dateQuery("First ex-date; default today (earlier dates count from today)"),
      to: dateQuery(`Last ex-date; default from + days`),
      days: coerce
        .number()
        .int()
        .min(0)
        .max(MAX_WINDOW_DAYS.dividends - 1)
        .optional()
        .meta({
          description:
            `Without to: ex-dates from from through from + days, 0-${MAX_WINDOW_DAYS.dividends - 1}, ` +
            `default ${DIVIDEND_DAYS_DEFAULT}`,
        }),
      ...listQuery(PAGE.dividends),
    }),
    response: object({ ...pageFields, dividends: array(dividendRow) }),
  },
  upcoming: {
    method: "GET",
    path: "/calendar/upcoming",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Everything scheduled in the coming days, merged in time order",
    description:
      `The dates today through today + days − 1 (New York; days default ${UPCOMING_DAYS_DEFAULT}, ` +
      `1-${UPCOMING_DAYS_MAX}), earlier today included (passed true): economic releases ` +
      "(GET /calendar/economic) at their instant; earnings (GET /calendar/earnings) at the " +
      "regular open for bmo and the regular close for amc (the instants until which " +
      "/company/{code}/events counts a report upcoming); ex-dividend dates (GET " +
      "/calendar/dividends) at the open of the ex-date's session; the standard monthly option " +
      "expiration (the third Friday, the Thursday before on a holiday) at the close; NYSE " +
      "holidays at 00:00 and early closes at 13:00 New York (lib/market/nyse-calendar.ts). " +
      "Time order, ties by id. Each event carries its type's details (the row the matching " +
      `calendar serves) and null for the others. ${PAGING}`,
    query: object({
      days: coerce
        .number()
        .int()
        .min(1)
        .max(UPCOMING_DAYS_MAX)
        .default(UPCOMING_DAYS_DEFAULT)
        .meta({
          description: `Dates ahead, today included, 1-${UPCOMING_DAYS_MAX}, default ${UPCOMING_DAYS_DEFAULT}`,
        }),
      ...listQuery(PAGE.upcoming),
    }),
    response: object({ ...pageFields, events: array(upcomingEvent) }),
  },
});

export type EconomicReleaseRow = output<typeof economicRelease>;
export type EarningsRow = output<typeof earningsRow>;
export type EnhancedFields = output<ReturnType<typeof object<typeof enhancedFields>>>;
export type DividendRow = output<typeof dividendRow>;
export type UpcomingEvent = output<typeof upcomingEvent>;
