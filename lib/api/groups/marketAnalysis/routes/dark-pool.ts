import { array, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";

/**
 * Off-exchange short-sale volume: FINRA's daily Reg SHO figures (or the simulated world's,
 * drawn over its tape), one security over 30 sessions, the market's highest short ratios, and
 * a dollar-weighted index over the large caps (the DIX idea).
 */

/** Sessions the per-security history covers (the spec's 30). */
export const DARK_POOL_SESSIONS = 30;
export const HIGH_SHORT_RATIO = {
  days: { default: 5, max: 30 },
  minVolume: { default: 500_000, max: 1_000_000_000 },
  limit: { default: 20, max: 100 },
} as const;
export const DARK_MONEY_FLOW = {
  days: { default: 30, max: 60 },
  limit: { default: 20, max: 500 },
  /** Large caps: stocks worth at least this, USD, at the latest session's close. */
  minMarketCapUsd: 10_000_000_000,
} as const;

const SOURCE_NOTE =
  "Source (SHORT_VOLUME_PROVIDER): FINRA's consolidated NMS daily short-sale volume files " +
  "(CNMSshvol{yyyyMMdd}.txt: regular-hours trades reported to FINRA's trade reporting " +
  "facilities, where dark pools and wholesalers report, and the ADF), or in the simulated " +
  "world volumes drawn over its tape: totalVolume = the session's consolidated volume (the " +
  "daily bar's) × an off-exchange share uniform in [35 %, 50 %), shortVolume = totalVolume × " +
  "a short share uniform in [40 %, 55 %) plus 15 % × SI / (SI + 10) for a short interest of " +
  "SI % of float, shortExemptVolume = shortVolume × [0, 1 %), each draw fixed per symbol and " +
  "date. A session's figures are out at 18:00 New York on its date (FINRA posts by then), " +
  "never earlier; weekends and exchange holidays have none. ";

const RATIO_NOTE =
  "shortVolume counts every short sale, short-exempt ones included (FINRA's definition); " +
  "shortRatioPercent = shortVolume / totalVolume × 100. It measures the short-marked share of " +
  "off-exchange trading (market makers selling to buyers mark sales short, so 40-55 % is " +
  "ordinary), not short interest. ";

const shares = (description: string) =>
  number().meta({
    description: `${description}, shares (fractional in FINRA's files, which report fractional-share trades)`,
  });

const percent = (description: string) =>
  number().meta({ description: `${description}, percent (55 = 55 %), 4 decimals` });

const nullablePercent = (description: string, nullWhen: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent, 4 decimals; null ${nullWhen}` });

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd` });

const intQuery = (max: number, fallback: number, description: string) =>
  coerce
    .number({ error: "must be an integer" })
    .pipe(int("must be an integer").min(1, "must be at least 1").max(max, `must be at most ${max}`))
    .default(fallback)
    .meta({ description: `${description}, 1-${max}, default ${fallback}` });

const sourceFields = {
  source: zEnum(["sim", "finra"]).meta({
    description: "Where the figures come from: sim (the simulated world) or finra (FINRA's files)",
  }),
  asOf: iso.datetime().meta({ description: "The market clock's instant, ISO 8601 UTC" }),
};

const equityType = zEnum(["Stock", "ETF"]);

export const marketAnalysisDarkPoolRoutes = groupRoutes("marketAnalysis", {
  darkPool: {
    method: "GET",
    path: "/market/analysis/dark-pool/{code}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Off-exchange short volume of a stock or fund over the last 30 sessions",
    description:
      "A stock's or fund's off-exchange short-sale volume, session by session, over the 30 " +
      "latest sessions whose figures are out (from..to), oldest first; a session without a " +
      "record for the security is left out (`sessions` counts those shown). " +
      SOURCE_NOTE +
      RATIO_NOTE +
      "Over the window: averageShortRatioPercent = the mean of the daily shortRatioPercent " +
      "(each session counts once); volumeWeightedShortRatioPercent = Σ shortVolume / Σ " +
      "totalVolume × 100 (each session weighted by its volume). 404 SYMBOL_NOT_FOUND for an " +
      "unknown code; 404 NO_DATA for an index, a future or a crypto asset (the files cover " +
      "exchange-listed stocks and funds), or when the window holds no record of the security. " +
      "503 MARKET_DATA_UNAVAILABLE when the market-data source or FINRA is unreachable.",
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      code: string(),
      name: string(),
      contractType: equityType,
      ...sourceFields,
      windowSessions: int().meta({ description: "Sessions in the window: 30" }),
      from: isoDay("The window's first session"),
      to: isoDay("The window's last session: the latest whose figures are out"),
      sessions: int().meta({ description: "Sessions of the window with a record (0-30)" }),
      shortVolume: shares("Σ shortVolume over the window"),
      shortExemptVolume: shares("Σ shortExemptVolume over the window"),
      totalVolume: shares("Σ totalVolume over the window"),
      averageShortRatioPercent: nullablePercent(
        "Mean of the daily shortRatioPercent (sessions with volume)",
        "when no session had volume",
      ),
      volumeWeightedShortRatioPercent: nullablePercent(
        "Σ shortVolume / Σ totalVolume × 100 over the window",
        "when no session had volume",
      ),
      days: array(
        object({
          date: isoDay("Trade date"),
          shortVolume: shares("Shares sold short, short-exempt sales included"),
          shortExemptVolume: shares("The short-exempt part of shortVolume"),
          totalVolume: shares("Every share traded in reports to FINRA's facilities"),
          shortRatioPercent: nullablePercent(
            "shortVolume / totalVolume × 100",
            "when totalVolume is 0",
          ),
          facilities: array(string()).meta({
            description:
              "Reporting facilities that contributed (FINRA's Market field): B = FINRA/Nasdaq TRF Chicago, Q = FINRA/Nasdaq TRF Carteret, N = FINRA/NYSE TRF, D = ADF",
          }),
        }),
      ).meta({ description: "Sessions with a record, oldest first" }),
    }),
  },

  highShortRatio: {
    method: "GET",
    path: "/market/analysis/dark-pool/high-short-ratio",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Stocks and funds ranked by off-exchange short ratio",
    description:
      "The market's stocks and funds (ETFs) ranked by their off-exchange short ratio over the " +
      "`days` latest sessions whose figures are out (from..to): shortRatioPercent = Σ " +
      "shortVolume / Σ totalVolume × 100 over those sessions (volume-weighted), highest first, " +
      "ties by code; at most `limit` rows. Only securities whose averageDailyVolume (Σ " +
      "totalVolume / sessions with a record, shares a session) is at least `minVolume` are " +
      "ranked: a thin name's ratio is noise. Rows also show the unweighted mean of the daily " +
      "ratios and the latest session's. " +
      SOURCE_NOTE +
      RATIO_NOTE +
      "Ranking compares the served (4-decimal) ratio. No security qualifying is an empty list. " +
      "400 INVALID_PARAMETER naming days, minVolume or limit out of range. 503 " +
      "MARKET_DATA_UNAVAILABLE when the market-data source or FINRA is unreachable.",
    query: object({
      days: intQuery(
        HIGH_SHORT_RATIO.days.max,
        HIGH_SHORT_RATIO.days.default,
        "Sessions the ratio covers",
      ),
      minVolume: coerce
        .number({ error: "must be a number" })
        .pipe(
          number("must be a number")
            .min(0, "must not be negative")
            .max(
              HIGH_SHORT_RATIO.minVolume.max,
              `must be at most ${HIGH_SHORT_RATIO.minVolume.max}`,
            ),
        )
        .default(HIGH_SHORT_RATIO.minVolume.default)
        .meta({
          description: `Least averageDailyVolume (FINRA-reported shares a session) a security needs, 0-${HIGH_SHORT_RATIO.minVolume.max}, default ${HIGH_SHORT_RATIO.minVolume.default}`,
        }),
      limit: intQuery(HIGH_SHORT_RATIO.limit.max, HIGH_SHORT_RATIO.limit.default, "Rows"),
    }),
    response: object({
      ...sourceFields,
      days: int().meta({ description: "Sessions the ratio covers, as requested" }),
      from: isoDay("The first session counted"),
      to: isoDay("The last session counted: the latest whose figures are out"),
      minVolume: number().meta({ description: "As requested, shares a session" }),
      candidates: int().meta({ description: "Stocks and funds with a record in the window" }),
      matched: int().meta({ description: "Candidates with averageDailyVolume ≥ minVolume" }),
      rows: array(
        object({
          rank: int().meta({ description: "1 = the highest short ratio" }),
          symbol: string(),
          code: string(),
          name: string(),
          contractType: equityType,
          shortRatioPercent: percent("Σ shortVolume / Σ totalVolume × 100 over the sessions"),
          averageShortRatioPercent: nullablePercent(
            "Mean of the daily short ratios",
            "when no session had volume",
          ),
          latestShortRatioPercent: nullablePercent(
            "The short ratio of `to`",
            "when the security has no record (or no volume) that session",
          ),
          shortVolume: shares("Σ shortVolume"),
          shortExemptVolume: shares("Σ shortExemptVolume"),
          totalVolume: shares("Σ totalVolume"),
          averageDailyVolume: shares("totalVolume / sessions"),
          sessions: int().meta({ description: "Sessions with a record" }),
        }),
      ).meta({ description: "Highest short ratio first, ties by code" }),
    }),
  },

  darkMoneyFlow: {
    method: "GET",
    path: "/market/analysis/dark-money-flow",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "A dollar-weighted dark-pool short index over the large caps (the DIX idea)",
    description:
      "A dark-pool index over the large caps: for each session, indexPercent = Σ close × " +
      "shortVolume / Σ close × totalVolume × 100 over the constituents with a record that " +
      "session (close = the session's regular-hours close, USD): the constituents' short " +
      "ratios averaged with their dollar volumes as weights. Large caps: the market's stocks " +
      "(funds excluded) whose market capitalisation, shares outstanding × the close of `to`, is " +
      "at least USD 10 bn; membership is fixed at `to` for the whole history, as an index's " +
      "current constituents. history covers the `days` latest sessions whose figures are out " +
      "(from..to), oldest first (a session where no constituent traded is left out); " +
      "averageIndexPercent is the mean of its indexPercent. contributions break the latest " +
      "session down by constituent, the largest dollarShortVolume first (ties by code), at " +
      "most `limit`: dollarShortSharePercent = its close × shortVolume / Σ close × " +
      "shortVolume × 100, contributionPoints = its close × shortVolume / Σ close × " +
      "totalVolume × 100 (over every constituent they sum to latest.indexPercent). " +
      SOURCE_NOTE +
      "USD 2 decimals, percents 4 decimals. 400 INVALID_PARAMETER naming days or limit out " +
      "of range. 503 MARKET_DATA_UNAVAILABLE when the market-data source or FINRA is " +
      "unreachable.",
    query: object({
      days: intQuery(DARK_MONEY_FLOW.days.max, DARK_MONEY_FLOW.days.default, "Sessions of history"),
      limit: intQuery(
        DARK_MONEY_FLOW.limit.max,
        DARK_MONEY_FLOW.limit.default,
        "Contributions listed",
      ),
    }),
    response: object({
      ...sourceFields,
      days: int().meta({ description: "Sessions of history, as requested" }),
      from: isoDay("The first session of the history"),
      to: isoDay("The last session: the latest whose figures are out"),
      universe: object({
        definition: string().meta({ description: "How constituents are chosen" }),
        minMarketCapUsd: number().meta({ description: "USD 10 bn" }),
        marketCapDate: isoDay("The session whose close sizes the market capitalisations"),
        constituents: int().meta({ description: "Stocks in the index" }),
      }),
      latest: object({
        date: isoDay("The latest session in history"),
        indexPercent: percent("Σ close × shortVolume / Σ close × totalVolume × 100"),
        dollarShortVolume: number().meta({ description: "Σ close × shortVolume, USD" }),
        dollarTotalVolume: number().meta({ description: "Σ close × totalVolume, USD" }),
        constituents: int().meta({ description: "Constituents with a record that session" }),
      })
        .nullable()
        .meta({ description: "The last entry of history; null when history is empty" }),
      averageIndexPercent: nullablePercent(
        "Mean indexPercent over history",
        "when history is empty",
      ),
      history: array(
        object({
          date: isoDay("Trade date"),
          indexPercent: percent("Σ close × shortVolume / Σ close × totalVolume × 100"),
          dollarShortVolume: number().meta({ description: "Σ close × shortVolume, USD" }),
          dollarTotalVolume: number().meta({ description: "Σ close × totalVolume, USD" }),
          constituents: int().meta({ description: "Constituents with a record that session" }),
        }),
      ).meta({ description: "Oldest first" }),
      contributions: array(
        object({
          symbol: string(),
          code: string(),
          name: string(),
          close: number().meta({ description: "The session's close, USD" }),
          shortVolume: shares("Shares sold short"),
          totalVolume: shares("Shares reported"),
          shortRatioPercent: nullablePercent(
            "shortVolume / totalVolume × 100",
            "when totalVolume is 0",
          ),
          dollarShortVolume: number().meta({ description: "close × shortVolume, USD" }),
          dollarTotalVolume: number().meta({ description: "close × totalVolume, USD" }),
          dollarShortSharePercent: percent("Its share of Σ close × shortVolume"),
          contributionPoints: number().meta({
            description:
              "close × shortVolume / Σ close × totalVolume × 100: the index points it adds, 4 decimals",
          }),
        }),
      ).meta({
        description: "The latest session's constituents, largest dollarShortVolume first",
      }),
    }),
  },
});
