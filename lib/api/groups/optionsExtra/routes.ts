import {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  int,
  iso,
  literal,
  number,
  object,
  string,
  enum as zEnum,
} from "zod";
import { csvFormatQuery } from "../../csv";
import { MAX_CANDIDATES, STRATEGIES } from "../../premium-scanner";
import { groupRoutes } from "../../route";
import {
  premiumCandidate,
  premiumCandidateFields,
  SCAN_DEFAULTS,
  scanDte,
  scanMaxDelta,
  scanStrategy,
} from "../../schemas/premium-scan";
import {
  COMPONENT_NAMES,
  LIQUIDITY_BAND_PERCENT,
  RULES,
  UNKNOWN_SUB_SCORE,
  VERDICT_THRESHOLDS,
  VERDICTS,
  VETOES,
  WEIGHTS,
} from "./score-model";

/**
 * Premium-selling extras: the ripeness score of a batch of underlyings, and the cross-universe
 * premium-selling feed (the premium scanner over every optionable stock and ETF, for the demo
 * account: spec fact 12) with its statistics. CSV on request (format=csv).
 */

/** Spec-free bounds this API sets: symbols per ripeness request, rows per feed page. */
export const MAX_RIPENESS_SYMBOLS = 25;
export const DEFAULT_FEED_LIMIT = 100;
export const MAX_FEED_LIMIT = 500;

/** The feed's DTE buckets (calendar days, inclusive), for its statistics. */
export const DTE_BUCKETS = [
  [1, 14],
  [15, 30],
  [31, 45],
  [46, 60],
  [61, 90],
  [91, 180],
  [181, 365],
] as const;
/** IV-rank buckets [from, to): the last one includes 100. */
export const IV_RANK_BUCKETS = [
  [0, 20],
  [20, 40],
  [40, 60],
  [60, 80],
  [80, 100],
] as const;

const weights = COMPONENT_NAMES.map((name) => `${name} ${WEIGHTS[name]}`).join(", ");
const scanWindow =
  `the premium scanner's defaults: minDte ${SCAN_DEFAULTS.minDte}, maxDte ` +
  `${SCAN_DEFAULTS.maxDte}, maxDelta ${SCAN_DEFAULTS.maxDelta}`;

const RIPENESS_DESCRIPTION =
  "How ripe each underlying is for selling premium with the strategy (short-put: cash-secured " +
  "puts, the default; short-call: covered calls; the premium scanner's definitions), as a " +
  "score 0-100 = Σ subScore × weight over six components, each stated with its measured " +
  `value, its subScore 0-100, its weight and its rule. Weights: ${weights}. ` +
  "ivRank: the IV rank of GET /options/{code}/iv-rank (the same number); subScore = ivRank. " +
  "ivHvRatio: impliedVolatility30 (that endpoint's currentImpliedVolatility, the 30-day ATM IV) " +
  "÷ historicalVolatility20, the 20-session close-to-close volatility of the completed daily " +
  "sessions (the session in progress left out; prices to the tick), σ² = Σ(rᵢ − r̄)²/(n − 1), " +
  "rᵢ = ln(Cᵢ/Cᵢ₋₁), annualised √(252·σ²) × 100, as /volatility/{code}/hv-iv's 20-session " +
  `window; ${RULES.ivHvRatio}. earnings: calendar days to the session that trades the next ` +
  "report (the report day before the open, the next session after the close); the target " +
  "expiration is the best candidate's (else today + maxDte); " +
  `${RULES.earnings}. trend: (underlyingLivePrice − SMA50) / SMA50 × 100, SMA50 the mean of ` +
  `the last 50 completed closes; short-put ${(RULES.trend as Record<string, string>)["short-put"]}; ` +
  `short-call ${(RULES.trend as Record<string, string>)["short-call"]}. liquidity: the median ` +
  "(ask − bid) / mid × 100 over the strategy's side of every expiration scanned, contracts " +
  `with a bid and a strike within ${LIQUIDITY_BAND_PERCENT} % of underlyingLivePrice; ` +
  `${RULES.liquidity}. cushion: the best candidate's |underlyingLivePrice − breakEven| / ` +
  "underlyingLivePrice × 100 (cushionPercent) over its one-sigma move to expiry, " +
  "impliedVolatility × √(daysToExpiration/365) (oneSigmaMovePercent, percent); " +
  `${RULES.cushion}. The best candidate is the first of GET /options/{code}/premium-scanner ` +
  `with ${scanWindow} (highest annualised return). Sub-scores are served to 2 decimals and the ` +
  "score is their weighted sum to 2 decimals; contribution = subScore × weight. A measure " +
  `without data (too little history, schedule unknown) is null with subScore ${UNKNOWN_SUB_SCORE}, ` +
  "except liquidity and cushion (0). Vetoes: EARNINGS_BEFORE_EXPIRATION (the report's session " +
  "is on or before the target expiration), NO_CANDIDATE (nothing qualifies). Verdict: AVOID " +
  `with any veto, else RIPE for a score ≥ ${VERDICT_THRESHOLDS.ripe}, NEUTRAL ≥ ` +
  `${VERDICT_THRESHOLDS.neutral}, AVOID below. symbols: 1 to ${MAX_RIPENESS_SYMBOLS}, each a ` +
  "contract code SYMBOL_EXCHANGE or a bare ticker, case-insensitive; a ticker resolves as GET " +
  "/market/exchanges/{symbol} lists it, to its optionable listing (a stock or ETF before an " +
  "index, then the first code). Repeats are answered once, in the order given. A symbol that " +
  "names no contract (SYMBOL_NOT_FOUND) or one without listed options or chain data " +
  "(NO_CHAIN_DATA) is an entry with status error, code and message: the rest of the batch is " +
  "answered. 400 INVALID_PARAMETER naming the field (symbols, symbols[i], strategy); 503 " +
  "MARKET_DATA_UNAVAILABLE when the source is down or lacks an IV history.";

const FEED_ROWS =
  "Rows: GET /options/{code}/premium-scanner's candidates (the same figures, the same best 20 " +
  "per underlying and strategy for the same minDte, maxDte and maxDelta) over every optionable " +
  "stock and ETF of the market's listings (indices excluded), both strategies unless strategy " +
  "names one, each with its underlying (symbol, code, companyName, sector: the GICS sector, " +
  "ETF for funds), underlyingPrice, underlyingLivePrice and ivRank (GET /options/{code}/" +
  "iv-rank's). Kept when annualizedReturnPercent ≥ minAnnualizedReturnPercent and " +
  "probabilityOtmPercent ≥ minProbabilityOtmPercent (served values), and the sector is one of " +
  "sector (comma-separated, case-insensitive; an unknown name is a 400 listing the sectors). " +
  "An underlying without chain data is skipped and counted. The universe is scanned at most " +
  "once per market-clock minute per server instance for a given minDte, maxDte and maxDelta, " +
  "and the pages and statistics of that minute read that scan: asOf is when it ran. Rows " +
  "carry market figures only: " +
  "no account, key, position, watchlist, alert or usage column (the customer-private columns " +
  "are omitted; no row depends on who asks).";

/** Who may read the feed; `why` follows the restriction. */
const demoOnly = (why: string) =>
  `Restricted to the demo account${why}, which the operator names by email ` +
  "(DEMO_ACCOUNT_EMAIL; npm start creates demo@example.com and prints a key for it): every " +
  "other key is refused with 403 DEMO_ACCOUNT_ONLY, after the query is validated.";

const CSV =
  "format=csv answers text/csv (RFC 4180: a header row, CRLF line ends, fields quoted when " +
  "they hold a comma, quote or line break; null is an empty field) instead of the JSON " +
  "envelope; errors stay JSON envelopes.";

const OPPORTUNITIES_DESCRIPTION =
  `The cross-universe premium-selling feed. ${FEED_ROWS} Order: highest annualizedReturnPercent ` +
  "first; ties by the higher probabilityOtmPercent, the sooner expiration, then the contract. " +
  `Pages of limit rows (default ${DEFAULT_FEED_LIMIT}, at most ${MAX_FEED_LIMIT}); nextCursor ` +
  "(null on the last page) continues after the page's last row, keyed by its sort fields, so a " +
  "page stays in order when figures move between requests. " +
  `${CSV} The CSV holds the page's rows, one column per row field in the JSON order; the next ` +
  `cursor is in the X-Next-Cursor header (absent on the last page), the total in X-Total-Rows. ` +
  `${demoOnly(" (spec fact 12)")} 400 INVALID_PARAMETER naming the field (strategy, minDte, maxDte, maxDelta, ` +
  "minAnnualizedReturnPercent, minProbabilityOtmPercent, sector, limit, cursor, format); 503 " +
  "MARKET_DATA_UNAVAILABLE when the source is down; DATABASE_UNAVAILABLE when the demo account " +
  "cannot be looked up.";

const STATS_DESCRIPTION =
  "Aggregates of the premium-selling feed for the same filters (every row, no pages): rows " +
  "and distinct underlyings by strategy, by sector and by DTE bucket (" +
  DTE_BUCKETS.map(([from, to]) => `${from}-${to}`).join(", ") +
  " calendar days, every bucket listed), each with the median annualizedReturnPercent and " +
  "median probabilityOtmPercent of its rows (null without rows); over all rows the same " +
  "medians (POP: the probability of expiring out of the money); and the IV-rank distribution " +
  "of the underlyings that have rows: their count, median and counts per bucket [from, to) (" +
  IV_RANK_BUCKETS.map(([from, to]) => `${from}-${to}`).join(", ") +
  ", the last including 100). Medians are of the served row values (the mean of the middle two " +
  `for an even count), 4 decimals. ${FEED_ROWS} ${CSV} The CSV is one line per figure: ` +
  "statistic, dimension, bucket, value (e.g. rows,sector,Energy,12; " +
  "medianAnnualizedReturnPercent,all,,18.25). " +
  `${demoOnly(" as the feed is (the statistics are the restricted feed's in aggregate and cost the same full scan)")} ` +
  "400 INVALID_PARAMETER naming the field; 503 MARKET_DATA_UNAVAILABLE when the source " +
  "is down; DATABASE_UNAVAILABLE when the demo account cannot be looked up.";

const CODE_OR_TICKER = /^[A-Z0-9][A-Z0-9.\-/]{0,15}(_[A-Z0-9]{1,12})?$/;

const symbolInput = string({ error: "must be a string" })
  .trim()
  .toUpperCase()
  .regex(
    CODE_OR_TICKER,
    "must be a ticker (AAPL) or a contract code SYMBOL_EXCHANGE (AAPL_NASDAQ)",
  );

const usd = (description: string) => number().meta({ description: `${description}, USD` });
const nullablePercent = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent, 4 decimals` });

const component = object({
  value: number().nullable().meta({ description: "The measure, in unit; null when unknown" }),
  unit: string(),
  subScore: number().meta({ description: "0-100, 2 decimals, by rule" }),
  weight: number().meta({ description: "Fraction of the score (weights sum to 1)" }),
  contribution: number().meta({ description: "subScore × weight, 4 decimals" }),
  rule: string().meta({ description: "How value maps to subScore" }),
});

const components = object(
  Object.fromEntries(COMPONENT_NAMES.map((name) => [name, component])) as Record<
    (typeof COMPONENT_NAMES)[number],
    typeof component
  >,
);

const scoredEntry = object({
  status: literal("ok"),
  input: string().meta({ description: "The symbol as requested (trimmed, upper-case)" }),
  symbol: string(),
  code: string().meta({ description: "The contract scored, SYMBOL_EXCHANGE" }),
  name: string(),
  sector: string().nullable().meta({ description: "GICS sector; ETF for funds; null for indices" }),
  underlyingPrice: usd("Last trade"),
  underlyingLivePrice: usd("Mark (mid), falling back to last: the spot every figure uses"),
  score: number().meta({ description: "0-100, 2 decimals: Σ subScore × weight" }),
  verdict: zEnum(VERDICTS).meta({
    description: `AVOID with a veto; else RIPE ≥ ${VERDICT_THRESHOLDS.ripe}, NEUTRAL ≥ ${VERDICT_THRESHOLDS.neutral}, AVOID`,
  }),
  vetoes: array(zEnum(VETOES)),
  components,
  measures: object({
    impliedVolatility30: number().meta({
      description: "30-day ATM IV, percent, 2 decimals (GET /options/{code}/iv-rank)",
    }),
    historicalVolatility20: nullablePercent("20-session close-to-close volatility, annualised"),
    ivRank: number().meta({ description: "0-100, 4 decimals (GET /options/{code}/iv-rank)" }),
    ivPercentile: number().meta({ description: "0-100, 4 decimals (GET /options/{code}/iv-rank)" }),
    sma50: number()
      .nullable()
      .meta({ description: "Mean of the last 50 completed closes, USD, 4 decimals" }),
    trendPercent: nullablePercent("(underlyingLivePrice − sma50) / sma50 × 100"),
    earningsScheduleKnown: boolean().meta({
      description: "Whether the source knows the contract's earnings schedule",
    }),
    nextEarningsDate: string().nullable().meta({ description: "yyyy-MM-dd; null: none scheduled" }),
    earningsTiming: zEnum(["bmo", "amc"]).nullable().meta({
      description: "bmo: before the open; amc: after the close",
    }),
    earningsReactionDate: string().nullable().meta({
      description: "yyyy-MM-dd, the session trading on the report",
    }),
    targetExpiration: string().meta({
      description: "yyyy-MM-dd: the best candidate's expiration, else today + maxDte",
    }),
    targetDte: int().meta({ description: "Calendar days to targetExpiration" }),
    liquidityContracts: int().meta({ description: "Contracts in the liquidity sample" }),
    medianSpreadPercent: nullablePercent("Median (ask − bid) / mid × 100 of the sample"),
    cushionPercent: nullablePercent(
      "|underlyingLivePrice − breakEven| / underlyingLivePrice × 100",
    ),
    oneSigmaMovePercent: nullablePercent("impliedVolatility × √(daysToExpiration / 365)"),
  }),
  bestCandidate: premiumCandidate.nullable().meta({
    description: "The premium scanner's first candidate (null when none qualifies)",
  }),
});

const failedEntry = object({
  status: literal("error"),
  input: string().meta({ description: "The symbol as requested (trimmed, upper-case)" }),
  error: object({
    code: zEnum(["SYMBOL_NOT_FOUND", "NO_CHAIN_DATA"]).meta({
      description: "What the contract's own endpoint would answer (404)",
    }),
    message: string(),
  }),
});

const statedInputs = {
  model: string().meta({ description: 'Pricing model: "Black-Scholes"' }),
  riskFreeRate: number().meta({ description: "Risk-free rate used, percent" }),
  asOf: iso.datetime().meta({ description: "Market clock instant, ISO 8601 UTC" }),
};

const nonNegative = (name: string, max: number) =>
  coerce
    .number({ error: `must be a number from 0 to ${max}` })
    .min(0, `must be a number from 0 to ${max}`)
    .max(max, `must be a number from 0 to ${max}`)
    .optional()
    .meta({ description: `${name}; no bound when omitted` });

const feedFilters = {
  strategy: scanStrategy.optional().meta({
    description: "short-put or short-call, case-insensitive; both when omitted",
  }),
  minDte: scanDte(SCAN_DEFAULTS.minDte).meta({
    description: `Fewest calendar days to expiration, integer 1-365, default ${SCAN_DEFAULTS.minDte}`,
  }),
  maxDte: scanDte(SCAN_DEFAULTS.maxDte).meta({
    description: `Most calendar days to expiration, integer 1-365, default ${SCAN_DEFAULTS.maxDte}`,
  }),
  maxDelta: scanMaxDelta,
  minAnnualizedReturnPercent: nonNegative(
    "Smallest annualizedReturnPercent kept, percent",
    100_000,
  ),
  minProbabilityOtmPercent: nonNegative("Smallest probabilityOtmPercent kept, percent", 100),
  sector: string()
    .trim()
    .min(1, "must name at least one sector")
    .max(500)
    .optional()
    .meta({ description: "Sectors kept, comma-separated, case-insensitive (e.g. Energy,ETF)" }),
  format: csvFormatQuery,
};

const dteInOrder = (query: { minDte: number; maxDte: number }) => query.minDte <= query.maxDte;
/** As the premium scanner: minDte above maxDte blames minDte. */
const DTE_ORDER = { message: "must not exceed maxDte", path: ["minDte"] };

const appliedFilters = object({
  strategies: array(zEnum(STRATEGIES)),
  minDte: int(),
  maxDte: int(),
  maxDelta: number(),
  minAnnualizedReturnPercent: number().nullable(),
  minProbabilityOtmPercent: number().nullable(),
  sectors: array(string()).nullable().meta({ description: "As listed; null: every sector" }),
});

const universe = object({
  underlyingsScanned: int().meta({
    description: "Optionable stocks and ETFs in the sectors asked",
  }),
  underlyingsSkipped: int().meta({ description: "Of those, skipped for want of chain data" }),
});

export const feedRow = object({
  symbol: string(),
  code: string().meta({ description: "SYMBOL_EXCHANGE" }),
  companyName: string(),
  sector: string().meta({ description: "GICS sector; ETF for funds" }),
  strategy: zEnum(STRATEGIES),
  right: zEnum(["C", "P"]),
  underlyingPrice: usd("Last trade"),
  underlyingLivePrice: usd("The spot the row is computed at"),
  ivRank: number().meta({ description: "0-100, 4 decimals (GET /options/{code}/iv-rank)" }),
  ...premiumCandidateFields,
});

const medians = {
  medianAnnualizedReturnPercent: nullablePercent(
    "Median annualizedReturnPercent; null without rows",
  ),
  medianProbabilityOtmPercent: nullablePercent("Median probabilityOtmPercent; null without rows"),
};

const counts = { rows: int(), underlyings: int(), ...medians };

const feedQuery = object(feedFilters);

export const optionsExtraRoutes = groupRoutes("optionsExtra", {
  ripeness: {
    method: "POST",
    path: "/options/ripeness",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Premium-selling ripeness score 0-100 per underlying, with its components and verdict",
    description: RIPENESS_DESCRIPTION,
    body: object({
      symbols: array(symbolInput, { error: "must be an array of symbols" })
        .min(1, `must list 1 to ${MAX_RIPENESS_SYMBOLS} symbols`)
        .max(MAX_RIPENESS_SYMBOLS, `must list 1 to ${MAX_RIPENESS_SYMBOLS} symbols`)
        .meta({
          description: `1-${MAX_RIPENESS_SYMBOLS} tickers or codes, e.g. ["AAPL", "SPY_ARCA"]`,
        }),
      strategy: scanStrategy.default("short-put").meta({
        description: "short-put (default: cash-secured puts) or short-call (covered calls)",
      }),
    }),
    response: object({
      ...statedInputs,
      strategy: zEnum(STRATEGIES),
      scan: object({ minDte: int(), maxDte: int(), maxDelta: number() }).meta({
        description: "The premium scanner's filters the best candidate comes from",
      }),
      verdictThresholds: object({ ripe: number(), neutral: number() }),
      results: array(discriminatedUnion("status", [scoredEntry, failedEntry])).meta({
        description: "One per distinct symbol, in the order given",
      }),
    }),
  },

  opportunities: {
    method: "GET",
    path: "/options/premium-sell/opportunities",
    auth: "key",
    errors: ["DEMO_ACCOUNT_ONLY", "MARKET_DATA_UNAVAILABLE", "DATABASE_UNAVAILABLE"],
    summary: "Cross-universe premium-selling feed (demo account), paginated, JSON or CSV",
    description: OPPORTUNITIES_DESCRIPTION,
    query: object({
      ...feedFilters,
      limit: coerce
        .number({ error: `must be an integer from 1 to ${MAX_FEED_LIMIT}` })
        .int(`must be an integer from 1 to ${MAX_FEED_LIMIT}`)
        .min(1, `must be an integer from 1 to ${MAX_FEED_LIMIT}`)
        .max(MAX_FEED_LIMIT, `must be an integer from 1 to ${MAX_FEED_LIMIT}`)
        .default(DEFAULT_FEED_LIMIT)
        .meta({ description: `Rows per page, 1-${MAX_FEED_LIMIT}, default ${DEFAULT_FEED_LIMIT}` }),
      cursor: string()
        .trim()
        .max(500)
        .optional()
        .meta({ description: "nextCursor of the previous page; the first page when omitted" }),
    }).refine(dteInOrder, DTE_ORDER),
    alternateContent: {
      contentType: "text/csv",
      description:
        "format=csv: text/csv, a header row then one line per row of the page; X-Next-Cursor " +
        "and X-Total-Rows headers.",
    },
    response: object({
      ...statedInputs,
      filters: appliedFilters,
      universe,
      totalRows: int().meta({ description: "Rows matching the filters, every page" }),
      limit: int(),
      nextCursor: string().nullable().meta({ description: "null on the last page" }),
      rows: array(feedRow).meta({
        description: `Best first; at most ${MAX_CANDIDATES} per underlying and strategy`,
      }),
    }),
  },

  stats: {
    method: "GET",
    path: "/options/premium-sell/stats",
    auth: "key",
    errors: ["DEMO_ACCOUNT_ONLY", "MARKET_DATA_UNAVAILABLE", "DATABASE_UNAVAILABLE"],
    summary: "Statistics of the premium-selling feed (demo account), JSON or CSV",
    description: STATS_DESCRIPTION,
    query: feedQuery.refine(dteInOrder, DTE_ORDER),
    alternateContent: {
      contentType: "text/csv",
      description:
        "format=csv: text/csv with the header statistic,dimension,bucket,value and one line per figure.",
    },
    response: object({
      ...statedInputs,
      filters: appliedFilters,
      universe,
      rows: int().meta({ description: "Rows of the feed for these filters" }),
      underlyings: int().meta({ description: "Distinct underlyings with rows" }),
      ...medians,
      byStrategy: array(object({ strategy: zEnum(STRATEGIES), ...counts })),
      bySector: array(object({ sector: string(), ...counts })).meta({
        description: "Sectors with rows, by name",
      }),
      byDteBucket: array(
        object({
          bucket: string().meta({ description: "e.g. 15-30" }),
          minDte: int(),
          maxDte: int(),
          ...counts,
        }),
      ),
      ivRankDistribution: object({
        underlyings: int(),
        medianIvRank: number().nullable().meta({ description: "4 decimals; null without rows" }),
        buckets: array(
          object({
            bucket: string().meta({ description: "e.g. 20-40" }),
            from: number(),
            to: number(),
            underlyings: int(),
          }),
        ),
      }),
    }),
  },
});
