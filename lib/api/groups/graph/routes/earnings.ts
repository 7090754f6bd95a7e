import { array, int, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { isoDay, isoInstant, limitQuery } from "./schemas";

/**
 * Company graph, part 2: a company's past earnings reports with their EPS and revenue surprises,
 * the move the options priced and the one that came, and the drift after it.
 */

/** Reports listed: default and most. */
export const EARNINGS_REPORTS = { default: 12, max: 40 };
/** Sessions after the reacting session the drift is measured over. */
export const DRIFT_SESSIONS = [1, 5, 20] as const;

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, a future or a " +
  "crypto asset (no company of the graph).";

export const EARNINGS_HISTORY_DESCRIPTION =
  "The company's last `limit` released quarterly reports, newest first. A report is listed " +
  "once it is out at the clock (its actuals are known: 07:00 New York for a report before the " +
  "open (bmo), the regular close for one after it (amc)); nothing later is shown. window.from " +
  "is the oldest listed report's date, window.to today (New York). " +
  "EPS: surprise = actual − estimate (USD per share); surprisePercent = (actual − estimate) / " +
  "|estimate| × 100 (0 for a zero estimate); result beat (actual > estimate), miss (actual < " +
  "estimate) or inline. Revenue: surprisePercent likewise; null when the source gives no " +
  "revenue. move is what GET /options/{code}/earnings-move-history shows for the report, from " +
  "the same code (the numbers agree): priceBefore the last regular-session close before the " +
  "report (bmo: the previous session; amc: the report day), priceAfter the close of the " +
  "reacting session (bmo: the report day; amc: the next session), movePercent = (priceAfter − " +
  "priceBefore) / priceBefore × 100, impliedMovePercent the expected absolute return of the " +
  "reacting session the option surface priced the session before (null without a past " +
  "surface); move is null until the reacting session has closed. drift: the post-earnings " +
  "drift, returnPercent = (close N sessions after the reacting session − priceAfter) / " +
  "priceAfter × 100 for N = 1, 5, 20 (NYSE sessions; regular-session closes rounded to the " +
  "tick, as priceAfter); null until that session has closed. Aggregates over the listed " +
  "reports, from their rounded figures: beatRate = beats / reports × 100; averages of the EPS " +
  "and revenue surprisePercent; averageAbsoluteMovePercent = mean |movePercent| and " +
  "averageImpliedMovePercent over the reports that have one; drift after beats and after " +
  "misses (inline reports in neither): per horizon the mean returnPercent of the reports whose " +
  "drift over it is known, with their count (null mean when none). nextReport: the next " +
  "scheduled report as GET /market/stocks/{code}/extended shows it (upcoming until the open " +
  "(bmo) or the close (amc) of its day, and not yet released), with the consensus estimates; " +
  "null when none is scheduled. Percents and USD per share 4 decimals. " +
  "503 MARKET_DATA_UNAVAILABLE when the market-data source keeps no earnings history or bars, " +
  `or is down. ${NOT_A_COMPANY}`;

const percent = (description: string) =>
  number().meta({ description: `${description}, percent, 4 decimals` });
const nullablePercent = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent, 4 decimals` });
const hour = zEnum(["bmo", "amc"]).meta({
  description: "bmo: before the market opens; amc: after the close",
});

const driftPoint = object({
  date: isoDay("The session N sessions after the reacting session"),
  close: number().meta({ description: "Its regular-session close, USD" }),
  returnPercent: percent("(close − move.priceAfter) / move.priceAfter × 100"),
})
  .nullable()
  .meta({ description: "Null until that session has closed (or without a move)" });

const driftAverage = object({
  averageReturnPercent: nullablePercent("Mean returnPercent; null when no report has it"),
  reports: int().meta({ description: "Reports averaged (those whose drift is known)" }),
});

const driftAverages = object({
  oneSession: driftAverage,
  fiveSessions: driftAverage,
  twentySessions: driftAverage,
});

const report = object({
  date: isoDay("The report's day (New York)"),
  hour,
  reactionDate: isoDay("The session that trades on the report"),
  fiscalQuarter: int()
    .nullable()
    .meta({ description: "Quarter reported, 1-4; null when the source does not say" }),
  fiscalYear: int().nullable().meta({ description: "Its fiscal year; null when not said" }),
  eps: object({
    estimate: number().meta({ description: "Consensus estimate, USD per share" }),
    actual: number().meta({ description: "Reported, USD per share" }),
    surprise: number().meta({ description: "actual − estimate, USD per share, 4 decimals" }),
    surprisePercent: percent("(actual − estimate) / |estimate| × 100"),
    result: zEnum(["beat", "miss", "inline"]),
  }),
  revenue: object({
    estimate: number().meta({ description: "Consensus estimate, USD" }),
    actual: number().meta({ description: "Reported, USD" }),
    surprisePercent: percent("(actual − estimate) / |estimate| × 100"),
  })
    .nullable()
    .meta({ description: "Null when the source gives no revenue" }),
  move: object({
    priceBefore: number().meta({ description: "Close before the report, USD" }),
    priceAfter: number().meta({ description: "Close of the reacting session, USD" }),
    movePercent: percent("(priceAfter − priceBefore) / priceBefore × 100, signed"),
    direction: zEnum(["up", "down", "flat"]),
    impliedMovePercent: nullablePercent(
      "Expected absolute move of the reacting session the options priced the session before; " +
        "null when the source keeps no past surface",
    ),
  })
    .nullable()
    .meta({ description: "As /options/{code}/earnings-move-history; null until it closed" }),
  drift: object({
    oneSession: driftPoint,
    fiveSessions: driftPoint,
    twentySessions: driftPoint,
  }),
});

export const graphEarningsRoutes = groupRoutes("graph", {
  earningsHistory: {
    method: "GET",
    path: "/graph/{code}/earnings-history",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Past earnings reports: surprises, the move and the post-earnings drift",
    description: EARNINGS_HISTORY_DESCRIPTION,
    params: object({ code: contractCode }),
    query: object({
      limit: limitQuery(EARNINGS_REPORTS.default, EARNINGS_REPORTS.max),
    }),
    response: object({
      symbol: string(),
      code: string(),
      asOf: isoInstant("The market clock"),
      window: object({
        from: isoDay("Oldest listed report's date").nullable(),
        to: isoDay("Today (New York)"),
        limit: int().meta({ description: "Reports asked for" }),
      }),
      count: int().meta({ description: "Reports listed" }),
      reports: array(report).meta({ description: "Newest first" }),
      aggregates: object({
        beats: int(),
        misses: int(),
        inline: int(),
        beatRate: nullablePercent("beats / reports × 100; null without reports"),
        averageEpsSurprisePercent: nullablePercent("Mean eps.surprisePercent"),
        averageRevenueSurprisePercent: nullablePercent("Mean revenue.surprisePercent"),
        averageAbsoluteMovePercent: nullablePercent("Mean |move.movePercent|"),
        averageImpliedMovePercent: nullablePercent("Mean move.impliedMovePercent"),
        movesCounted: int().meta({ description: "Reports with a move" }),
        driftAfterBeats: driftAverages,
        driftAfterMisses: driftAverages,
      }),
      nextReport: object({
        date: isoDay("The report's day (New York)"),
        hour,
        reactionDate: isoDay("The session that will trade on it"),
        epsEstimate: number()
          .nullable()
          .meta({ description: "Consensus EPS estimate, USD per share; null when not given" }),
        revenueEstimate: number()
          .nullable()
          .meta({ description: "Consensus revenue estimate, USD; null when not given" }),
      })
        .nullable()
        .meta({ description: "The next scheduled report; null when none is known" }),
    }),
  },
});
