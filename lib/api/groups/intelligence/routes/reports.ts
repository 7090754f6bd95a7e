import {
  array,
  boolean,
  coerce,
  int,
  iso,
  number,
  object,
  record,
  string,
  union,
  enum as zEnum,
} from "zod";
import {
  CATALYST_TYPES,
  DAYS_AHEAD,
  DAYS_BACK,
  NEWS_CLUSTER_MEDIUM_SOURCES,
  NEWS_CLUSTER_MIN_ARTICLES,
} from "../../../../intelligence/catalyst-timeline";
import {
  CONCENTRATION_PARTS,
  CUSTOMER_HHI_FACTOR,
  DOLLAR_VOLUME_SCALE,
  EVENT_SCORES,
  EVENT_WINDOW_DAYS,
  KURTOSIS_FULL,
  LIQUIDITY_PARTS,
  MIN_TAIL_RETURNS,
  OPTION_SPREAD_SCALE,
  OWNERSHIP_SCALE,
  RISK_LABEL_BOUNDS,
  RISK_WEIGHTS,
  RISKS,
  SHORTFALL_SCALE,
  SKEW_FULL,
  TAIL_PARTS,
  TAIL_PERCENT,
  VOLATILITY_LEVELS,
  VOLATILITY_PARTS,
} from "../../../../intelligence/risk-assessment";
import { ATM_OPTION_TARGET_DAYS } from "../../../../intelligence/risk-figures";
import { SENTIMENT_SOURCES, SENTIMENT_WEIGHTS } from "../../../../intelligence/sentiment-board";
import { SKEW_TARGET_DAYS } from "../../../../intelligence/sentiment-sources";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";

/**
 * A company's risk assessment, catalyst timeline and sentiment board: each gathers figures other
 * endpoints serve (citing them), scores or orders them under documented rules, and words them
 * through the narrative backend.
 */

const REPORT_ERRORS = [
  "SYMBOL_NOT_FOUND",
  "NO_DATA",
  "MARKET_DATA_UNAVAILABLE",
  "AI_ERROR",
] as const;

const COMMON =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, a future or a " +
  "crypto asset (no company). 503 MARKET_DATA_UNAVAILABLE when the market-data source is down. " +
  "A section whose source is down or lacks the data (the news or company-data source " +
  "unreachable, a 404 of the endpoint it cites, e.g. a stock without listed options) is null " +
  "and listed in `unavailable` with the reason; the rest is served. The summary is written " +
  "through the narrative backend (templates by default, Amazon Bedrock with " +
  "NARRATIVE_BACKEND=bedrock); while it is unavailable the answer is 500 AI_ERROR.";

const params = object({ code: contractCode });
const asOf = iso.datetime().meta({ description: "The market clock the figures were read at" });
const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd (New York)` });
const percent = (description: string) =>
  number().meta({ description: `${description}, percent, 4 decimals` });
const sources = array(string()).meta({
  description: "The endpoints (with /v1) whose figures it read, for a client to check them",
});
const unavailable = <T extends readonly [string, ...string[]]>(names: T) =>
  array(
    object({
      section: zEnum(names),
      reason: string().meta({ description: "Why its figures are missing" }),
    }),
  ).meta({ description: "The sections that are null, and why" });

// --- Risk assessment ----------------------------------------------------------------------------

const weights = RISKS.map((risk) => `${risk} ${RISK_WEIGHTS[risk]}`).join(", ");

const RISK_RULES =
  "Each risk is scored 0-100 (higher = riskier; 1 decimal) and labelled low below " +
  `${RISK_LABEL_BOUNDS.low}, high from ${RISK_LABEL_BOUNDS.high}, else moderate. ` +
  `Event (GET /company/{code}/events' schedule, within the next \`days\`): ${EVENT_SCORES.clear} ` +
  `with nothing scheduled; earnings in the window score ${EVENT_SCORES.earningsFar} at its end ` +
  `rising linearly to ${EVENT_SCORES.earningsNear} today; +${EVENT_SCORES.perExDividend} per ` +
  "ex-dividend date. Volatility (GET /volatility/{code}/hv-iv): " +
  `${VOLATILITY_PARTS.impliedLevel} × level(30-day ATM IV) + ${VOLATILITY_PARTS.realisedLevel} × ` +
  `level(20-session close-to-close realised volatility) + ${VOLATILITY_PARTS.ivRank} × IV rank, ` +
  `level(v) mapping ${VOLATILITY_LEVELS.calm}% → 0 to ${VOLATILITY_LEVELS.wild}% → 100. ` +
  "Liquidity: the stock's average daily dollar volume (mean of close × volume over the 63 " +
  "completed sessions GET /market/stocks/{code}/extended averages volume over) on a log scale, " +
  `$${DOLLAR_VOLUME_SCALE.deep / 1e9}B → 0 to $${DOLLAR_VOLUME_SCALE.thin / 1e6}M → 100, weighted ` +
  `${LIQUIDITY_PARTS.stock}, and the ATM options' spread (the strike nearest the price at the ` +
  `first expiration at least ${ATM_OPTION_TARGET_DAYS} days out; mean of the call's and put's ` +
  `(ask − bid) / mid × 100) from ${OPTION_SPREAD_SCALE.tight}% → 0 to ` +
  `${OPTION_SPREAD_SCALE.wide}% → 100, weighted ${LIQUIDITY_PARTS.options} (the stock alone ` +
  "without listed options). Concentration: customers (GET /graph/{code}/customers: each " +
  "customer's purchases over the company's revenue) scored " +
  `${CUSTOMER_HHI_FACTOR} × √HHI with HHI = Σ share² in percent points (0-10,000; undisclosed ` +
  "customers count as fully fragmented), so one customer buying half the revenue scores 100, " +
  `weighted ${CONCENTRATION_PARTS.customers}; institutional ownership (GET ` +
  "/graph/{code}/institutions: current 13F holders over the shares outstanding) scored on the " +
  `top 5 holders' combined percent, ${OWNERSHIP_SCALE.spread}% → 0 to ${OWNERSHIP_SCALE.tight}% → ` +
  `100, weighted ${CONCENTRATION_PARTS.ownership}. Tail (the completed sessions of GET ` +
  "/market/stocks/{code}/chart?period=5, about a year; simple daily returns = close / previous " +
  `close − 1; at least ${MIN_TAIL_RETURNS}): historical ${100 - TAIL_PERCENT}% VaR = the k-th ` +
  `worst return with k = max(1, ⌈n × ${TAIL_PERCENT} / 100⌉), CVaR (expected shortfall) = the ` +
  "mean of the k worst, both as positive losses; skewness G1 = n / ((n − 1)(n − 2)) × Σ((r − " +
  "r̄) / s)³ and excess kurtosis G2 = n(n + 1) / ((n − 1)(n − 2)(n − 3)) × Σ((r − r̄) / s)⁴ − " +
  "3(n − 1)² / ((n − 2)(n − 3)) (s the sample standard deviation; Excel's SKEW and KURT); score " +
  `= ${TAIL_PARTS.shortfall} × CVaR from ${SHORTFALL_SCALE.mild}% → 0 to ${SHORTFALL_SCALE.severe}% → ` +
  `100 + ${TAIL_PARTS.kurtosis} × excess kurtosis from 0 → 0 to ${KURTOSIS_FULL} → 100 + ` +
  `${TAIL_PARTS.skew} × negative skewness from 0 → 0 to −${SKEW_FULL} → 100. A part without ` +
  "figures is left out of its risk and the other parts renormalised. Overall = the weighted " +
  `mean of the risks scored (${weights}), weights renormalised over those present; labelled ` +
  "as the risks are.";

const riskScore = {
  score: number().meta({ description: "0-100, 1 decimal: higher is riskier" }),
  label: zEnum(["low", "moderate", "high"]),
  weight: number().meta({ description: "Its weight in the overall score, as applied (0-1)" }),
  reasons: array(string()).meta({ description: "What the score rests on, in words" }),
  sources,
};

const eventInputs = object({
  windowFrom: isoDay("Today"),
  windowTo: isoDay("The window's last day (today + days)"),
  windowDays: int().meta({ description: "Calendar days looked ahead" }),
  earningsDate: isoDay("The next earnings release inside the window").nullable(),
  earningsHour: zEnum(["bmo", "amc"]).nullable().meta({
    description: "bmo: before the open; amc: after the close; null without earnings",
  }),
  daysToEarnings: int().nullable().meta({ description: "Calendar days from today" }),
  exDividendDates: array(iso.date()).meta({ description: "Ex-dividend dates inside the window" }),
  dividendPerPaymentUsd: number().nullable().meta({
    description: "USD per share per payment, 4 decimals; null for a non-payer",
  }),
});

const volatilityInputs = object({
  impliedVolatility30: number().meta({ description: "30-day ATM implied volatility, percent" }),
  ivRank: number().meta({ description: "Where today's IV sits in the year's range, 0-100" }),
  ivPercentile: number().meta({
    description: "Share of the year's sessions with a lower IV, 0-100",
  }),
  realisedVolatility: number().nullable().meta({
    description: "Close-to-close realised volatility of realisedSessions, annualised, percent",
  }),
  realisedSessions: int().meta({ description: "Sessions of the realised window" }),
  ivHvRatio: number().nullable().meta({ description: "impliedVolatility30 / realisedVolatility" }),
});

const atmOption = object({
  expiration: iso.date(),
  daysToExpiration: int(),
  strike: number().meta({ description: "The listed strike nearest the live price, USD" }),
  callBid: number().meta({ description: "USD per share" }),
  callAsk: number().meta({ description: "USD per share" }),
  putBid: number().meta({ description: "USD per share" }),
  putAsk: number().meta({ description: "USD per share" }),
  spreadPercent: percent("Mean of the call's and put's (ask − bid) / mid × 100"),
  openInterest: int().meta({ description: "Call plus put open interest at the strike, contracts" }),
});

const liquidityInputs = object({
  sessions: int().meta({ description: "Completed sessions averaged (63 when available)" }),
  averageDailyVolume: int().meta({ description: "Mean daily volume, shares" }),
  averageDailyDollarVolumeUsd: number().meta({ description: "Mean of close × volume, USD" }),
  atmOption: atmOption.nullable().meta({
    description: "The ATM options' quote; null without listed options or a two-sided quote",
  }),
});

const concentrationInputs = object({
  customers: object({
    customers: int().meta({ description: "Customers with a disclosed share of the revenue" }),
    largestCustomer: string().nullable().meta({ description: "Its name" }),
    largestSharePercent: percent("Its purchases over the company's revenue"),
    disclosedSharePercent: percent("Σ of the disclosed shares"),
    hhi: number().meta({ description: "Σ sharePercent², points (0-10,000), 4 decimals" }),
  })
    .nullable()
    .meta({ description: "null when the graph's provider has no supply chain (SEC EDGAR)" }),
  ownership: object({
    holders: int().meta({ description: "Institutions holding shares in their latest 13F" }),
    institutionalPercent: percent("Their shares over the shares outstanding"),
    largestHolder: string().nullable(),
    largestHolderPercent: percent("Its shares over the shares outstanding"),
    top5Percent: percent("The five largest holders' shares over the shares outstanding"),
    hhi: number().meta({ description: "Σ holderPercent², points, 4 decimals" }),
    quarterEnd: iso.date().nullable().meta({ description: "The latest 13F quarter read" }),
  })
    .nullable()
    .meta({ description: "null without 13F holders or shares outstanding" }),
});

const tailInputs = object({
  from: isoDay("First session whose return counts"),
  to: isoDay("Last completed session"),
  returns: int().meta({ description: "Daily returns counted (n)" }),
  worstDailyReturnPercent: percent("The worst daily return (negative: a loss)"),
  worstDay: isoDay("Its session"),
  valueAtRisk95Percent: percent("Historical 95% VaR: the k-th worst return, as a loss"),
  expectedShortfall95Percent: percent("95% CVaR: the mean of the k worst returns, as a loss"),
  tailObservations: int().meta({ description: "k" }),
  skewness: number().meta({ description: "G1, 4 decimals (negative: a longer left tail)" }),
  excessKurtosis: number().meta({ description: "G2, 4 decimals (0 for a normal distribution)" }),
});

const riskOf = <T extends ReturnType<typeof object>>(inputs: T, description: string) =>
  object({ ...riskScore, inputs })
    .nullable()
    .meta({ description: `${description}; null when its figures are missing (see unavailable)` });

// --- Catalyst timeline --------------------------------------------------------------------------

const CATALYST_RULES =
  "One dated line, in time order (by New York date; day-long events first within a day, then " +
  "by instant, then earnings, ex-dividend, economic, insider cluster, news cluster; then by " +
  "title), of: earnings (released reports of the window from GET " +
  "/graph/{code}/earnings-history with EPS estimate, actual and surprise; scheduled ones from " +
  "GET /company/{code}/events' schedule; time = the release instant, 07:00 New York before " +
  "the open (bmo), the regular close after it (amc)), ex-dividend dates (the dividend schedule " +
  "of GET /company/{code}/events, time = the open of the ex-date), US economic releases of " +
  "high importance only (GET /calendar/economic: the catalysts that move the whole market; " +
  "lower-importance ones are left out), insider purchase clusters whose last purchase is in the " +
  "window (GET /graph/{code}/insiders/clusters with its default parameters over 730 days; " +
  "day-long, dated by the last purchase) and news story clusters naming the ticker of at " +
  `least ${NEWS_CLUSTER_MIN_ARTICLES} articles first seen in the window (GET ` +
  "/company/{code}/clusters; the news source keeps 30 days, so older stories are not shown: " +
  "see the source's note). status: past once the event's instant has come (or its day has " +
  "begun, for a day-long event), else upcoming. importance: high for earnings and the economic " +
  "releases kept, medium for ex-dividend dates and insider clusters, medium for a story " +
  `carried by ${NEWS_CLUSTER_MEDIUM_SOURCES} or more outlets, else low. FDA dates (PDUFA ` +
  "goals, advisory committees) are not covered until the drug-approval endpoints (/fda/...) " +
  "exist: the answer says so in sourcesNotCovered.";

const catalystType = zEnum(CATALYST_TYPES);

const catalystEvent = object({
  date: isoDay("The event's date"),
  time: iso.datetime().nullable().meta({
    description: "Its instant (UTC) when it has one; null for a day-long event",
  }),
  type: catalystType,
  status: zEnum(["past", "upcoming"]).meta({ description: "At the market clock" }),
  daysFromToday: int().meta({ description: "Calendar days from today; negative in the past" }),
  importance: zEnum(["high", "medium", "low"]),
  title: string(),
  details: record(string(), union([number(), string(), boolean()]).nullable()).meta({
    description:
      "By type (units in the names). earnings: hour, fiscalQuarter, fiscalYear, epsEstimate, " +
      "epsActual (USD per share; null until released), epsSurprisePercent, revenueEstimateUsd, " +
      "revenueActualUsd. ex-dividend: amountPerShareUsd, frequency, annualAmountUsd. economic: " +
      "releaseId, indicator, period, unit, consensus, previous, actual (null until released), " +
      "surprise (actual − consensus). insider-cluster: firstDate, lastDate, insiderCount, " +
      "purchaseCount, totalShares, totalValueUsd, averagePriceUsd. news-cluster: clusterId, " +
      "articleCount, sourceCount, lastSeen, averageSentimentScore (−1..+1), " +
      "averageSentimentLabel",
  }),
  source: string().meta({ description: "The endpoint (with /v1) the event's figures come from" }),
});

// --- Sentiment ----------------------------------------------------------------------------------

const SENTIMENT_RULES =
  "Every source on one scale, −1 (bearish) to +1 (bullish), 4 decimals, labelled bullish from " +
  "0.15, bearish at −0.15 or below, else neutral (the news endpoints' bands). news: the " +
  "relevance-weighted mean ticker score of the last 7 days, as GET " +
  "/news/ticker/{code}/sentiment serves it (already −1..+1). social: (bullish − bearish) / " +
  "(bullish + bearish) of the tagged messages GET /company/{code}/social counts (= 2 × " +
  "sentimentRatio − 1). options: the mean of −log₂(put/call volume ratio) and −log₂(put/call " +
  "open-interest ratio) over every listed expiration (GET /options/{code}/put-call-ratio), each " +
  "clamped to ±1: even ratios (1) read 0, twice the calls (0.5) +1, twice the puts (2) −1. The " +
  "25-delta skew of the first expiration at least " +
  `${SKEW_TARGET_DAYS} days out (GET /volatility/{code}/skew) is shown, not scored (equity ` +
  "puts trade rich by habit). insider: (purchases − 0.25 × sales) / (purchases + sales) in " +
  "open-market value over 90 days (GET /graph/{code}/insiders/summary), −0.25..+1: insiders " +
  "sell for many reasons and buy for one (the committee's insider rule). A source without a " +
  "reading (no article in the week, no tagged message, no option volume or open interest, no " +
  "insider trade, its source down) is null. composite = Σ wᵢ·sᵢ / Σ wᵢ over the sources read " +
  `(${SENTIMENT_SOURCES.map((s) => `${s} ${SENTIMENT_WEIGHTS[s]}`).join(", ")}); agreeing = ` +
  "the sources whose score has the composite's sign, agreement = agreeing / sources read.";

const sentimentSection = <T extends ReturnType<typeof object>>(raw: T, description: string) =>
  object({
    score: number().meta({ description: "−1..+1, 4 decimals" }),
    label: zEnum(["bullish", "neutral", "bearish"]),
    weight: number().meta({ description: "Its weight in the composite, as applied (0-1)" }),
    source: string().meta({ description: "The endpoint (with /v1) whose figures it read" }),
    raw,
  })
    .nullable()
    .meta({ description: `${description}; null without a reading (see unavailable)` });

const newsRaw = object({
  windowDays: int().meta({ description: "Days of articles read (7)" }),
  articleCount: int().meta({ description: "Articles naming the ticker in the window" }),
  newsScore: number().meta({ description: "The endpoint's score, −1..+1" }),
  newsLabel: zEnum(["bullish", "neutral", "bearish"]).nullable(),
  bullishPercent: number().nullable().meta({ description: "Share of bullish articles, percent" }),
  neutralPercent: number().nullable().meta({ description: "Share of neutral articles, percent" }),
  bearishPercent: number().nullable().meta({ description: "Share of bearish articles, percent" }),
  monthScore: number().nullable().meta({ description: "The 30-day score, −1..+1" }),
  trend: zEnum(["improving", "stable", "deteriorating"]).nullable(),
  buzzRatio: number()
    .nullable()
    .meta({ description: "This week's articles over the weekly average" }),
});

const socialRaw = object({
  windowHours: int().meta({ description: "Hours of messages read" }),
  messageCount: int().meta({ description: "Messages served (at most 60)" }),
  bullishCount: int().meta({ description: "Messages tagged Bullish" }),
  bearishCount: int().meta({ description: "Messages tagged Bearish" }),
  sentimentRatio: number().nullable().meta({ description: "bullish / tagged, 0..1" }),
  feedSentiment: zEnum(["Bullish", "Bearish", "Neutral"]).meta({
    description: "The social endpoint's own label (Bullish at a ratio ≥ 0.6, Bearish ≤ 0.4)",
  }),
  watchlistCount: int().meta({ description: "Users watching the symbol" }),
});

const optionsRaw = object({
  callVolume: int().meta({ description: "Contracts traded today, every expiration" }),
  putVolume: int().meta({ description: "Contracts traded today, every expiration" }),
  volumeRatio: number().nullable().meta({ description: "putVolume / callVolume" }),
  volumeScore: number().nullable().meta({ description: "−log₂(volumeRatio), clamped to ±1" }),
  callOpenInterest: int().meta({ description: "Open contracts, every expiration" }),
  putOpenInterest: int().meta({ description: "Open contracts, every expiration" }),
  openInterestRatio: number()
    .nullable()
    .meta({ description: "putOpenInterest / callOpenInterest" }),
  openInterestScore: number().nullable().meta({
    description: "−log₂(openInterestRatio), clamped to ±1",
  }),
  expirations: int().meta({ description: "Listed expirations counted" }),
  skew: object({
    expiration: iso.date(),
    daysToExpiration: int(),
    put25Iv: number().meta({ description: "25-delta put IV, percent" }),
    atmIv: number().meta({ description: "50-delta IV, percent" }),
    call25Iv: number().meta({ description: "25-delta call IV, percent" }),
    riskReversal25: number().meta({ description: "call25Iv − put25Iv, volatility points" }),
    putSkew: number().meta({ description: "put25Iv − atmIv, volatility points" }),
    source: string(),
  })
    .nullable()
    .meta({ description: "Shown, not scored; null when the chain cannot give it" }),
  skewUnavailable: string().nullable().meta({ description: "Why skew is null" }),
});

const insiderRaw = object({
  windowFrom: iso.date(),
  windowTo: iso.date(),
  purchases: int().meta({ description: "Open-market purchase lines (Form 4 code P)" }),
  purchasesValueUsd: number().meta({ description: "Σ shares × price of the purchases, USD" }),
  sales: int().meta({ description: "Open-market sale lines (Form 4 code S)" }),
  salesValueUsd: number().meta({ description: "Σ shares × price of the sales, USD" }),
  netValueUsd: number().meta({ description: "purchasesValueUsd − salesValueUsd" }),
  buyers: int().meta({ description: "Distinct insiders who bought" }),
  sellers: int().meta({ description: "Distinct insiders who sold" }),
  latestClusterLastDate: iso.date().nullable().meta({
    description: "The last purchase of the latest purchase cluster (any date)",
  }),
});

export const intelligenceReportRoutes = groupRoutes("intelligence", {
  riskAssessment: {
    method: "GET",
    path: "/intelligence/{code}/risk-assessment",
    auth: "key",
    errors: [...REPORT_ERRORS],
    summary: "The risks of holding a stock: event, volatility, liquidity, concentration, tail",
    description: `${RISK_RULES} ${COMMON}`,
    params,
    query: object({
      days: coerce
        .number()
        .int()
        .min(EVENT_WINDOW_DAYS.min)
        .max(EVENT_WINDOW_DAYS.max)
        .default(EVENT_WINDOW_DAYS.default)
        .meta({
          description: `Days ahead the event risk looks, ${EVENT_WINDOW_DAYS.min}-${EVENT_WINDOW_DAYS.max}, default ${EVENT_WINDOW_DAYS.default}`,
        }),
    }),
    response: object({
      symbol: string(),
      code: string(),
      name: string(),
      asOf,
      overall: object({
        score: number().nullable().meta({ description: "Weighted mean of the risks, 0-100" }),
        label: zEnum(["low", "moderate", "high"]).nullable(),
        weights: record(zEnum(RISKS), number()).meta({
          description: "The weights applied, renormalised over the risks scored (0 if missing)",
        }),
        labelBounds: object({
          lowBelow: number().meta({ description: "Scores below it read low" }),
          highFrom: number().meta({ description: "Scores from it read high" }),
        }),
      }),
      risks: object({
        event: riskOf(eventInputs, "Earnings and ex-dividend dates inside the window"),
        volatility: riskOf(volatilityInputs, "How much the stock moves and is priced to move"),
        liquidity: riskOf(liquidityInputs, "How easily the stock and its options trade"),
        concentration: riskOf(concentrationInputs, "Customer and ownership concentration"),
        tail: riskOf(tailInputs, "The worst days of the past year"),
      }),
      unavailable: unavailable(RISKS),
      summary: string().meta({ description: "The narrative, from the figures above" }),
    }),
  },
  catalystTimeline: {
    method: "GET",
    path: "/intelligence/{code}/catalyst-timeline",
    auth: "key",
    errors: [...REPORT_ERRORS],
    summary: "Earnings, dividends, economic releases, insider and news clusters on one line",
    description: `${CATALYST_RULES} ${COMMON}`,
    params,
    query: object({
      daysBack: coerce
        .number()
        .int()
        .min(DAYS_BACK.min)
        .max(DAYS_BACK.max)
        .default(DAYS_BACK.default)
        .meta({
          description: `Days before today shown, ${DAYS_BACK.min}-${DAYS_BACK.max}, default ${DAYS_BACK.default}`,
        }),
      daysAhead: coerce
        .number()
        .int()
        .min(DAYS_AHEAD.min)
        .max(DAYS_AHEAD.max)
        .default(DAYS_AHEAD.default)
        .meta({
          description: `Days after today shown, ${DAYS_AHEAD.min}-${DAYS_AHEAD.max}, default ${DAYS_AHEAD.default}`,
        }),
    }),
    response: object({
      symbol: string(),
      code: string(),
      name: string(),
      asOf,
      window: object({
        from: isoDay("First day shown (today − daysBack)"),
        today: isoDay("Today"),
        to: isoDay("Last day shown (today + daysAhead)"),
        daysBack: int(),
        daysAhead: int(),
      }),
      events: array(catalystEvent),
      counts: object({
        total: int(),
        past: int(),
        upcoming: int(),
        byType: record(catalystType, int()),
      }),
      nextEvent: catalystEvent.nullable().meta({ description: "The first upcoming event" }),
      sources: array(
        object({
          type: catalystType,
          endpoints: array(string()).meta({ description: "The endpoints (with /v1) it cites" }),
          available: boolean(),
          reason: string().nullable().meta({ description: "Why it is unavailable" }),
          note: string().nullable().meta({ description: "What it could not see in the window" }),
          from: iso.date().nullable().meta({ description: "First day it covered" }),
          to: iso.date().nullable().meta({ description: "Last day it covered" }),
          events: int().meta({ description: "Events it added to the timeline" }),
        }),
      ).meta({ description: "Each kind of event and what its source covered" }),
      sourcesNotCovered: array(object({ type: string(), reason: string() })).meta({
        description: "Kinds of catalyst this API cannot show yet",
      }),
      summary: string().meta({ description: "The narrative, from the timeline" }),
    }),
  },
  sentiment: {
    method: "GET",
    path: "/intelligence/{code}/sentiment",
    auth: "key",
    errors: [...REPORT_ERRORS],
    summary: "News, social, options and insider sentiment side by side, on one scale",
    description: `${SENTIMENT_RULES} ${COMMON}`,
    params,
    response: object({
      symbol: string(),
      code: string(),
      name: string(),
      asOf,
      composite: object({
        score: number().nullable().meta({ description: "−1..+1, 4 decimals" }),
        label: zEnum(["bullish", "neutral", "bearish"]).nullable(),
        weights: record(zEnum(SENTIMENT_SOURCES), number()).meta({
          description: "The weights applied, renormalised over the sources read (0 if missing)",
        }),
        agreeing: int().meta({ description: "Sources whose score has the composite's sign" }),
        scored: int().meta({ description: "Sources read" }),
        agreement: number().nullable().meta({ description: "agreeing / scored, 4 decimals" }),
      }),
      sources: object({
        news: sentimentSection(newsRaw, "News articles of the last 7 days"),
        social: sentimentSection(socialRaw, "The social feed's tagged messages"),
        options: sentimentSection(optionsRaw, "Put/call volume and open interest"),
        insider: sentimentSection(insiderRaw, "Insiders' open-market trades of 90 days"),
      }),
      unavailable: unavailable(SENTIMENT_SOURCES),
      summary: string().meta({ description: "The narrative, from the board" }),
    }),
  },
});
