import {
  array,
  boolean,
  coerce,
  int,
  iso,
  number,
  object,
  string,
  union,
  enum as zEnum,
} from "zod";
import {
  DEFAULT_MIN_INSIDERS,
  DEFAULT_MIN_VALUE_USD,
  DEFAULT_WINDOW_DAYS,
} from "../../../../graph/insiders/clusters";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";

/**
 * Insiders, their trades scored and clustered, and executives: the people of the company graph
 * (officers, directors and 10 % owners, from Forms 3/4) as OpenInsider and EDGAR present them.
 * Formulas in each route's description; the pure analytics in lib/graph/insiders/.
 */

/** Calendar days of Form 4s read for holdings and activity (latest line, forms per year). */
export const HOLDINGS_LOOKBACK_DAYS = 5 * 365;
/** /insiders: trades shown per person. */
export const PERSON_TRADES = { default: 3, max: 20 };
/** /insiders/scored: the window in calendar days, and the page. */
export const SCORED_DAYS = { default: 365, max: 1095 };
export const SCORED_PAGE = { default: 50, max: 200 };
/** /insiders/clusters: the look-back in calendar days. */
export const CLUSTER_DAYS = { default: 730, max: 3650 };
/** Market-wide clusters are detected among the purchases of this many days before today. */
export const MARKET_SCAN_DAYS = 730;
/** /insiders/clusters/recent: clusters whose last purchase is within `days`; the list's size. */
export const RECENT_DAYS = { default: 90, max: 365 };
export const RECENT_LIMIT = { default: 25, max: 100 };
export const MAX_MIN_INSIDERS = 50;
export const MAX_MIN_VALUE_USD = 1e12;

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a contract that is no company " +
  "(a fund, an index, a future, a crypto asset).";

const UNAVAILABLE =
  "503 COMPANY_DATA_UNAVAILABLE when the people source (SEC EDGAR) is unreachable; 503 " +
  "MARKET_DATA_UNAVAILABLE when the market-data source is.";

const MARKET_WIDE_SOURCES =
  "The simulated world only: with COMPANY_PROVIDER=edgar, whose Form 4s are read one issuer " +
  "at a time, 503 COMPANY_DATA_UNAVAILABLE (without Retry-After) says the market-wide scan is " +
  "not supplied; the per-company clusters endpoint serves each issuer.";

const SOURCES =
  "Source: the simulated world's fictional insiders and the Form 4s GET /company/{code}/filings " +
  "lists (same accession numbers) by default; SEC EDGAR Forms 3/4 with COMPANY_PROVIDER=edgar.";

const WINDOWS =
  "Dates are New York calendar dates; a window of N days runs from today − N through today, " +
  "both included.";

export const SCORE_FORMULA =
  "score = round(typeFactor × planFactor × base), 0-100, with base = 100 × (0.25 × role + " +
  "0.30 × value + 0.25 × holdingsChange + 0.20 × priceInRange). typeFactor by transaction code: " +
  "P open-market purchase 1, S sale 0.5, A grant or award 0.15, M/X/C exercise or conversion " +
  "0.1, F tax withholding, G gift, D disposition to the issuer 0.05, any other code 0.1. " +
  "planFactor 0.4 for a Rule 10b5-1 plan trade (tradingPlan true), else 1. role: CEO or CFO " +
  "(the officer title names the chief or principal executive or financial officer) 1, another " +
  "officer 0.75, a director 0.5, a 10 % owner 0.3, anyone else 0.2 (the highest role held). " +
  "value = shares × pricePerShare, log-scaled clamp((log10(value) − 4) / 3, 0, 1): $10,000 or " +
  "less 0, $100,000 0.333, $1 m 0.667, $10 m or more 1 (no price: 0). holdingsChange from " +
  "OpenInsider's ΔOwn = shares / (sharesOwnedAfter − shares) for an acquisition, −shares / " +
  "(sharesOwnedAfter + shares) for a disposal, scaled min(1, |ΔOwn| / 0.5); a new position " +
  '(nothing held before, input "new") 1; unknown holdings 0. priceInRange = 1 − p with p = ' +
  "(price − low) / (high − low) in the 52-week range (the lowest low and highest high of the " +
  "daily bars from the trade day − 364 through the trade day): near the low scores higher, " +
  "for a purchase (contrarian conviction) and a sale (selling into weakness, not profit-taking " +
  "after a rise) alike; 0.5 when the price or the range is unknown. direction: bullish for P, " +
  "bearish for S, neutral otherwise; signedScore = ±score (0 when neutral).";

export const CLUSTER_DEFINITION =
  "Only open-market purchases count (code P, non-derivative); sales, grants and exercises are " +
  "ignored and never break a cluster. A window starts at each purchase and holds every " +
  "purchase of the issuer dated from that day through windowDays later (a purchase exactly " +
  "windowDays after is in). A window qualifies with purchases by at least minInsiders distinct " +
  "insiders (several purchases by one insider count once) worth at least minValue USD in total " +
  "(Σ shares × pricePerShare, to the cent). A cluster is the union of qualifying windows that " +
  "share a purchase, from its first purchase to its last: one buying wave is one cluster. " +
  `Defaults: minInsiders ${DEFAULT_MIN_INSIDERS}, windowDays ${DEFAULT_WINDOW_DAYS}, minValue ` +
  `${DEFAULT_MIN_VALUE_USD}. averagePrice = totalValue / totalShares (the insiders' average cost).`;

const booleanQuery = zEnum(["true", "false", "1", "0"], {
  error: "must be true or false",
}).transform((text) => text === "true" || text === "1");

const intQuery = (min: number, max: number, fallback: number, description: string) =>
  coerce
    .number({ error: "must be an integer" })
    .pipe(
      int("must be an integer")
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    )
    .default(fallback)
    .meta({ description: `${description}, ${min}-${max}, default ${fallback}` });

const clusterQueryFields = {
  minInsiders: intQuery(
    2,
    MAX_MIN_INSIDERS,
    DEFAULT_MIN_INSIDERS,
    "Distinct insiders a window needs",
  ),
  windowDays: intQuery(1, 365, DEFAULT_WINDOW_DAYS, "Calendar days a window spans"),
  minValue: coerce
    .number({ error: "must be a number" })
    .pipe(
      number("must be a number")
        .min(0, "must not be negative")
        .max(MAX_MIN_VALUE_USD, `must be at most ${MAX_MIN_VALUE_USD}`),
    )
    .default(DEFAULT_MIN_VALUE_USD)
    .meta({
      description: `Total value a window needs, USD, ≥ 0, default ${DEFAULT_MIN_VALUE_USD}`,
    }),
};

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd (New York)` });
const nullableDay = (description: string) =>
  iso
    .date()
    .nullable()
    .meta({ description: `${description}, yyyy-MM-dd; null when none` });
const usd = (description: string) => number().meta({ description: `${description}, USD` });
const asOf = iso
  .datetime()
  .meta({ description: "The market clock the answer was made at, ISO 8601 UTC" });

const role = zEnum(["officer", "director", "ten-percent-owner"]).meta({
  description:
    "The main role: officer (an officer who is also a director stays officer), director, or " +
    "ten-percent-owner",
});

const personFields = {
  cik: string().meta({
    description: "The reporting owner's CIK, 10 digits (fictional ones start 0009)",
  }),
  name: string(),
  title: string().meta({
    description: 'As filed: an officer\'s title, "Director", "10% Owner" or "Director, 10% Owner"',
  }),
  role,
  isDirector: boolean(),
  isOfficer: boolean(),
  isTenPercentOwner: boolean(),
  since: nullableDay("First day in the role (for EDGAR the first Form 3/4 seen)"),
  until: nullableDay("Last day in the role; null while serving"),
};

const tradeFields = {
  securityTitle: string(),
  derivative: boolean().meta({ description: "From the derivative table (options, RSUs)" }),
  transactionDate: isoDay("The transaction's date"),
  code: string().meta({
    description:
      "SEC transaction code: P open-market purchase, S sale, A grant or award, M exercise or " +
      "conversion, F tax withholding, G gift, others as filed",
  }),
  shares: number(),
  pricePerShare: number().nullable().meta({ description: "USD; null when the form gives none" }),
  value: number()
    .nullable()
    .meta({ description: "shares × pricePerShare, USD to the cent; null without a price" }),
  acquiredDisposed: zEnum(["A", "D"]),
  sharesOwnedAfter: number()
    .nullable()
    .meta({ description: "Holding of the security after the transaction; null when not given" }),
  ownership: zEnum(["D", "I"]).meta({ description: "Direct or indirect" }),
  tradingPlan: boolean()
    .nullable()
    .meta({
      description:
        "Rule 10b5-1 trading plan: true when the form marks it, false when not, null for forms " +
        "before the box (1 April 2023)",
    }),
  accessionNumber: string().meta({
    description: "The Form 4's accession number, 0000000000-YY-NNNNNN",
  }),
  filingDate: isoDay("The Form 4's filing date"),
  form: string().meta({ description: '"4", or "4/A" for an amendment' }),
};

const personTrade = object(tradeFields);

const insiderRow = object({
  ...personFields,
  latestFilingDate: nullableDay("Filing date of the person's latest Form 4 in the look-back"),
  latestTransactionDate: nullableDay("Date of the person's latest transaction in the look-back"),
  sharesOwned: number()
    .nullable()
    .meta({
      description:
        "Common stock held after the person's latest non-derivative line (sharesOwnedAfter, " +
        "direct and indirect as that line reports); null when no such line in the look-back",
    }),
  sharesOwnedAsOf: nullableDay("The transaction date of that line"),
  formsInLookback: int().meta({ description: "Form 4s filed in the look-back" }),
  recentTrades: array(personTrade).meta({
    description: "The person's latest lines, newest first (at most `trades`)",
  }),
});

const component = object({
  name: zEnum([
    "transactionType",
    "tradingPlan",
    "role",
    "value",
    "holdingsChange",
    "priceInRange",
  ]),
  kind: zEnum(["factor", "weighted"]).meta({
    description: "factor: multiplies the base; weighted: adds points to the base",
  }),
  weight: number().nullable().meta({
    description: "The weighted component's weight (the four sum to 1); null for a factor",
  }),
  input: union([number(), string(), boolean()])
    .nullable()
    .meta({
      description:
        "What was read: transactionType the code; tradingPlan the flag (null: not stated); role " +
        "ceo-cfo, officer, director, ten-percent-owner or other; value the USD value (null " +
        'without a price); holdingsChange ΔOwn as a signed fraction ("new" for a new position, ' +
        "null when unknown); priceInRange the position p 0-1 in the 52-week range (null when " +
        "unknown)",
    }),
  scaled: number().meta({ description: "The factor, or the component scaled 0-1 (4 decimals)" }),
  points: number()
    .nullable()
    .meta({ description: "100 × weight × scaled (2 decimals); null for a factor" }),
});

const scoredTrade = object({
  ...tradeFields,
  line: int().meta({
    description: "The line's position in its Form 4 as the source lists it, from 1",
  }),
  person: object({ cik: string(), name: string(), title: personFields.title }),
  range52Week: object({ low: usd("Lowest low, 4 decimals"), high: usd("Highest high, 4 decimals") })
    .nullable()
    .meta({ description: "The 52-week range on the transaction date; null without bars" }),
  score: int().min(0).max(100),
  direction: zEnum(["bullish", "bearish", "neutral"]),
  signedScore: int().meta({ description: "+score bullish, −score bearish, 0 neutral" }),
  base: number().meta({ description: "Σ points before the factors, 0-100" }),
  components: array(component).meta({
    description: "transactionType, tradingPlan, role, value, holdingsChange, priceInRange",
  }),
});

const clusterMember = object({
  cik: string(),
  name: string(),
  title: personFields.title,
  purchases: int(),
  shares: number(),
  value: usd("Σ shares × pricePerShare, to the cent"),
  averagePrice: usd("value / shares"),
  firstDate: isoDay("First purchase in the cluster"),
  lastDate: isoDay("Last purchase in the cluster"),
});

export const clusterSchema = object({
  id: string().meta({
    description: "symbol:firstDate: kept as later purchases join, changed if an earlier one does",
  }),
  symbol: string(),
  code: string().meta({ description: "Contract code SYMBOL_EXCHANGE" }),
  name: string().meta({ description: "The company's name" }),
  firstDate: isoDay("First purchase"),
  lastDate: isoDay("Last purchase"),
  insiderCount: int(),
  purchaseCount: int(),
  totalShares: number(),
  totalValue: usd("Σ shares × pricePerShare of the purchases, to the cent"),
  averagePrice: usd("totalValue / totalShares: the insiders' average cost, 4 decimals"),
  members: array(clusterMember).meta({ description: "Largest value first" }),
  accessionNumbers: array(string()).meta({ description: "The purchases' Form 4s, oldest first" }),
});

const clusterParameters = object({
  minInsiders: int(),
  windowDays: int(),
  minValue: usd("Minimum total value"),
});

const clusterDefaults = clusterParameters.meta({
  description: `The defaults: minInsiders ${DEFAULT_MIN_INSIDERS}, windowDays ${DEFAULT_WINDOW_DAYS}, minValue ${DEFAULT_MIN_VALUE_USD}`,
});

const totals = object({
  count: int().meta({ description: "Form 4 lines" }),
  shares: number(),
  value: usd("Σ shares × pricePerShare, to the cent"),
});

const activityWindow = object({
  days: int(),
  from: isoDay("First day (today − days)"),
  to: isoDay("Last day (today)"),
  purchases: totals.meta({ description: "Open-market purchases (P, non-derivative)" }),
  sales: object({
    ...totals.shape,
    underPlan: int().meta({ description: "Sales marked as made under a Rule 10b5-1 plan" }),
  }).meta({ description: "Open-market sales (S, non-derivative)" }),
  netShares: number().meta({ description: "purchases.shares − sales.shares" }),
  netValue: usd("purchases.value − sales.value"),
  distinctInsiders: int().meta({ description: "Insiders with a purchase or a sale" }),
  buyers: int(),
  sellers: int(),
});

const executiveRow = object({
  ...personFields,
  age: int().nullable().meta({
    description: "Whole years at the clock, where the source knows it (proxy); else null",
  }),
  form4: object({
    formsLast12Months: int().meta({ description: "Form 4s filed in the last 365 days" }),
    lastFilingDate: nullableDay(
      `Filing date of the latest Form 4 (last ${HOLDINGS_LOOKBACK_DAYS} days)`,
    ),
    sharesBoughtLast12Months: number().meta({
      description: "Open-market purchases (P, non-derivative), shares, last 365 days",
    }),
    sharesSoldLast12Months: number().meta({
      description: "Open-market sales (S, non-derivative), shares, last 365 days",
    }),
    netSharesLast12Months: number().meta({ description: "Bought − sold" }),
  }),
});

const marketCluster = object({
  ...clusterSchema.shape,
  daysSinceLastPurchase: int().meta({ description: "Calendar days from lastDate to today" }),
});

const snapshotCluster = object({
  ...marketCluster.shape,
  priceNow: usd("The live price (the quote's livePrice)"),
  changeFromAverageCostPercent: number().meta({
    description: "(priceNow − averagePrice) / averagePrice × 100, 4 decimals",
  }),
});

const codeParams = object({ code: contractCode });

export const graphPeopleRoutes = groupRoutes("graph", {
  insiders: {
    method: "GET",
    path: "/graph/{code}/insiders",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "The company's insiders with their latest holdings and trades",
    description:
      "Officers, directors and 10 % owners known at the clock, officers first (with " +
      "includeFormer, those who left too), each with the Form 4 activity of the last " +
      `${HOLDINGS_LOOKBACK_DAYS} days (5 years): the latest filing and transaction dates, the ` +
      "common stock held after the latest non-derivative line (sharesOwnedAfter) and the latest " +
      `\`trades\` lines, newest first. ${WINDOWS} ${NOT_A_COMPANY} ${UNAVAILABLE} ${SOURCES}`,
    params: codeParams,
    query: object({
      includeFormer: booleanQuery
        .default(false)
        .meta({ description: "Include people who left their role; default false" }),
      trades: intQuery(0, PERSON_TRADES.max, PERSON_TRADES.default, "Latest lines per person"),
    }),
    response: object({
      symbol: string(),
      code: string(),
      asOf,
      from: isoDay("First day of the Form 4 look-back"),
      insiders: array(insiderRow),
    }),
  },
  insidersScored: {
    method: "GET",
    path: "/graph/{code}/insiders/scored",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Each insider trade of a window scored 0-100, with its components",
    description:
      "Every Form 4 line of the issuer dated in the last `days` days, newest first (then by " +
      "accession number and line), each scored for signal strength with a direction. " +
      `${SCORE_FORMULA} Every component is returned with its weight, input and points. ` +
      "Pages: limit rows; nextCursor (null on the last page) passed as cursor gives the next " +
      `page; a cursor this API did not issue answers 400 naming cursor. ${WINDOWS} ` +
      `${NOT_A_COMPANY} ${UNAVAILABLE} ${SOURCES}`,
    params: codeParams,
    query: object({
      days: intQuery(1, SCORED_DAYS.max, SCORED_DAYS.default, "Calendar days of trades"),
      limit: intQuery(1, SCORED_PAGE.max, SCORED_PAGE.default, "Rows per page"),
      cursor: string()
        .max(200)
        .optional()
        .meta({ description: "The nextCursor of the previous page; absent for the first page" }),
    }),
    response: object({
      symbol: string(),
      code: string(),
      asOf,
      from: isoDay("First day of the window"),
      to: isoDay("Last day of the window (today)"),
      total: int().meta({ description: "Lines in the whole window (all pages)" }),
      nextCursor: string()
        .nullable()
        .meta({ description: "Pass as cursor for the next page; null on the last page" }),
      trades: array(scoredTrade),
    }),
  },
  insiderClusters: {
    method: "GET",
    path: "/graph/{code}/insiders/clusters",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Cluster buys: several insiders buying within a window",
    description:
      `The issuer's clusters among its purchases of the last \`days\` days, newest first. ` +
      `${CLUSTER_DEFINITION} The answer echoes the parameters used and states the defaults. ` +
      "400 INVALID_PARAMETER naming the field for minInsiders below 2, windowDays outside " +
      `1-365, a negative minValue, or days outside 1-${CLUSTER_DAYS.max}. ${WINDOWS} ` +
      `${NOT_A_COMPANY} ${UNAVAILABLE} ${SOURCES}`,
    params: codeParams,
    query: object({
      ...clusterQueryFields,
      days: intQuery(1, CLUSTER_DAYS.max, CLUSTER_DAYS.default, "Look-back in calendar days"),
    }),
    response: object({
      symbol: string(),
      code: string(),
      asOf,
      parameters: object({
        ...clusterParameters.shape,
        days: int(),
        from: isoDay("First day of the look-back"),
        to: isoDay("Last day (today)"),
      }).meta({ description: "The parameters used" }),
      defaults: clusterDefaults,
      clusters: array(clusterSchema),
    }),
  },
  insiderSummary: {
    method: "GET",
    path: "/graph/{code}/insiders/summary",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Insider buying and selling over 90 days and 12 months, and the latest cluster",
    description:
      "Open-market purchases (P) and sales (S) of common stock (non-derivative lines) over the " +
      "last 90 and 365 days: counts of lines, shares, values (Σ shares × pricePerShare, to the " +
      "cent), sales under a 10b5-1 plan, net shares and value (purchases − sales), distinct " +
      "insiders, buyers and sellers. Grants, exercises, tax withholdings and gifts are left out. " +
      `latestCluster: the cluster with the latest last purchase among the purchases of the last ` +
      `${CLUSTER_DAYS.default} days with the default parameters (GET /graph/{code}/insiders/` +
      `clusters), null when none. ${WINDOWS} ${NOT_A_COMPANY} ${UNAVAILABLE} ${SOURCES}`,
    params: codeParams,
    response: object({
      symbol: string(),
      code: string(),
      asOf,
      last90Days: activityWindow,
      last12Months: activityWindow,
      latestCluster: clusterSchema.nullable(),
      clusterParameters: object({ ...clusterParameters.shape, days: int() }).meta({
        description: "What latestCluster was detected with",
      }),
    }),
  },
  executives: {
    method: "GET",
    path: "/graph/{code}/executives",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Officers and directors: title, tenure, age and Form 4 activity",
    description:
      "Officers first, then directors, then 10 % owners (the source's order within each), with " +
      "includeFormer those who left too. age is in whole years at the clock where the source " +
      "knows it (the simulated world's proxy figures; null from EDGAR). form4: Form 4s filed in " +
      "the last 365 days, the latest filing date (5-year look-back), and the open-market shares " +
      `bought (P) and sold (S) of common stock over the last 365 days, and the net. ${WINDOWS} ` +
      `${NOT_A_COMPANY} ${UNAVAILABLE} ${SOURCES}`,
    params: codeParams,
    query: object({
      includeFormer: booleanQuery
        .default(false)
        .meta({ description: "Include people who left their role; default false" }),
    }),
    response: object({
      symbol: string(),
      code: string(),
      asOf,
      executives: array(executiveRow),
    }),
  },
  insiderClustersRecent: {
    method: "GET",
    path: "/graph/insiders/clusters/recent",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "The latest insider clusters across the market",
    description:
      "Clusters of every stock of the market whose last purchase falls within the last `days` " +
      "days, latest last purchase first (then larger total value, then symbol), at most `limit`; " +
      "the list may be empty. Clusters are detected among each stock's purchases of the last " +
      `${MARKET_SCAN_DAYS} days (scanFrom), as GET /graph/{code}/insiders/clusters does with its ` +
      `default look-back. ${CLUSTER_DEFINITION} The market-wide scan is made once per clock ` +
      `minute. ${WINDOWS} ${UNAVAILABLE} ${MARKET_WIDE_SOURCES}`,
    query: object({
      ...clusterQueryFields,
      days: intQuery(1, RECENT_DAYS.max, RECENT_DAYS.default, "Look-back for the last purchase"),
      limit: intQuery(1, RECENT_LIMIT.max, RECENT_LIMIT.default, "Clusters listed"),
    }),
    response: object({
      asOf,
      from: isoDay("First day of the look-back (today − days)"),
      to: isoDay("Today"),
      scanFrom: isoDay("First day of the purchases clusters are detected among"),
      parameters: object({ ...clusterParameters.shape, days: int(), limit: int() }),
      defaults: clusterDefaults,
      total: int().meta({ description: "Clusters in the look-back (before limit)" }),
      clusters: array(marketCluster),
    }),
  },
  insiderClustersSnapshot: {
    method: "GET",
    path: "/graph/insiders/clusters/snapshot",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Every active insider cluster now: members, value, price against the insiders' cost",
    description:
      "The clusters of every stock of the market still active at the clock: the last purchase " +
      "at most windowDays before today (a further purchase could still join). Latest last " +
      "purchase first. Each with its members, total value, the calendar days since its last " +
      "purchase, the live price and its change from the insiders' average cost. Detected among " +
      `each stock's purchases of the last ${MARKET_SCAN_DAYS} days. ${CLUSTER_DEFINITION} The ` +
      `market-wide scan is made once per clock minute. ${WINDOWS} ${UNAVAILABLE} ` +
      MARKET_WIDE_SOURCES,
    query: object(clusterQueryFields),
    response: object({
      asOf,
      today: isoDay("Today"),
      scanFrom: isoDay("First day of the purchases clusters are detected among"),
      parameters: clusterParameters,
      defaults: clusterDefaults,
      clusters: array(snapshotCluster),
    }),
  },
});
