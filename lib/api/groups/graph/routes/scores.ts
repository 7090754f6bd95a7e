import { array, int, number, object, record, string, union, enum as zEnum } from "zod";
import {
  INSIDER_NET_SCALE,
  INSIDER_SALE_FACTOR,
  INSTITUTIONAL_FLOW_SCALE_PERCENT,
  IV_RANK_SESSIONS,
  PUT_CALL_NEUTRAL,
  PUT_CALL_SCALE,
  SUPPLY_EXCESS_SCALE,
  TECHNICAL_SCALES,
  VALUATION_SCALE,
} from "../../../../graph/score/components";
import { SCORE_COMPONENTS, SCORE_WEIGHTS } from "../../../../graph/score/composite";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { graphAnswer, isoDay, limitQuery } from "./schemas";

/** Company graph, part 2: the composite score of a company, and the week's largest changes. */

export const SCORE_FORMULA =
  "Seven components, each 0-100 (50 neutral, higher favourable), most mapping a figure x to " +
  "50 + 50·tanh(x): " +
  `insiderActivity (weight ${SCORE_WEIGHTS.insiderActivity}): open-market purchases minus ${INSIDER_SALE_FACTOR} × sales by insiders (Form 4 codes P and S) over the 90 days to the date, over the market capitalisation, x = that / ${INSIDER_NET_SCALE} (no trade: 50); ` +
  `institutionalFlow (${SCORE_WEIGHTS.institutionalFlow}): the change in shares 13F filers report, latest quarter over the one before, as a percent of shares outstanding, over the filers whose latest 13F was filed by the date, x = that / ${INSTITUTIONAL_FLOW_SCALE_PERCENT}; ` +
  `supplyChainHealth (${SCORE_WEIGHTS.supplyChainHealth}): the 63-session return of the listed suppliers and customers in excess of SPY's, averaged with weights = the supplier's share of the company's cost of revenue or the customer's share of its revenue, x = excess / ${SUPPLY_EXCESS_SCALE}; ` +
  `newsSentiment (${SCORE_WEIGHTS.newsSentiment}): the relevance-weighted mean sentiment (−1..1) about the company of the articles of the 7 days to the date's close, as GET /news/ticker/{code}/sentiment weighs them, x = 1.5 × mean (no article: 50; null for dates whose 7 days start before the 30-day news window); ` +
  `technicalTrend (${SCORE_WEIGHTS.technicalTrend}): 50 + 50 × the mean of tanh((close / SMA50 − 1) / ${TECHNICAL_SCALES.smaDistance}), tanh((SMA50 / SMA200 − 1) / ${TECHNICAL_SCALES.smaCross}), tanh(20-session return / ${TECHNICAL_SCALES.roc20}) and (RSI14 − 50) / 50; ` +
  `optionsPositioning (${SCORE_WEIGHTS.optionsPositioning}): 50 + 50 × the mean of tanh((${PUT_CALL_NEUTRAL} − put/call volume ratio of the 5 sessions to the date) / ${PUT_CALL_SCALE}) and 1 − 2 × IV rank (30-day ATM implied volatility within its ${IV_RANK_SESSIONS}-session range); ` +
  `valuation (${SCORE_WEIGHTS.valuation}): trailing P/E (the close over the last four reported EPS) against its sector's median, x = ln(median / P/E) / ${VALUATION_SCALE}. ` +
  "A component that cannot be computed is null with a note, and the others' weights are scaled " +
  "to sum to 1 (effectiveWeight); score = Σ effectiveWeight × value, one decimal. Every figure " +
  "is as of the close of the date, from what was known then.";

const componentValue = number()
  .nullable()
  .meta({ description: "0-100, one decimal; null: see note" });

const component = object({
  name: zEnum(SCORE_COMPONENTS),
  weight: number().meta({ description: "Nominal weight (the weights sum to 1)" }),
  effectiveWeight: number().meta({
    description: "The weight over the components with a value (0 for a null one), 4 decimals",
  }),
  value: componentValue,
  asOf: isoDay("The latest input's date").nullable(),
  inputs: record(string(), union([number(), string()]).nullable()).meta({
    description: "The figures the value is computed from, units in their names",
  }),
  note: string().nullable().meta({ description: "Why the value is null, or what it lacks" }),
});

export const SCORE_LABELS = ["strong", "positive", "neutral", "negative", "weak"] as const;

const scoreLabel = zEnum(SCORE_LABELS).nullable().meta({
  description: "strong ≥ 70, positive ≥ 55, neutral > 45, negative > 30, weak ≤ 30",
});

const historyPoint = object({
  date: isoDay("The session whose close the score is as of"),
  score: number().nullable(),
  components: record(zEnum(SCORE_COMPONENTS), componentValue),
});

export const graphScoreRoutes = groupRoutes("graph", {
  score: {
    method: "GET",
    path: "/graph/{code}/score",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "A composite 0-100 score of the company, its components and 12 weeks of history",
    description:
      `${SCORE_FORMULA} The score is as of the close of the last session before today (New ` +
      "York): it changes once a day. `history` holds that point and one every fifth session " +
      "before it, 13 in all (12 weeks), oldest first, each computed the same way from what was " +
      "known at its close. 503 MARKET_DATA_UNAVAILABLE or COMPANY_DATA_UNAVAILABLE when the " +
      "market or the graph's sources are down; a news outage leaves newsSentiment null with a " +
      "note. 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a fund, an index, a future " +
      "or a crypto asset.",
    params: object({ code: contractCode }),
    response: object({
      ...graphAnswer,
      date: isoDay("The session whose close the score is as of"),
      score: number().nullable().meta({ description: "0-100, one decimal" }),
      label: scoreLabel,
      changeOneWeek: number()
        .nullable()
        .meta({ description: "Points since the score five sessions before" }),
      components: array(component),
      history: array(historyPoint),
    }),
  },
  recentScoreChanges: {
    method: "GET",
    path: "/graph/scores/recent",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "The largest score changes of the last week",
    description:
      "Every listed company's score (as GET /graph/{code}/score) at the close of the last " +
      "session before today against five sessions before, largest absolute change first (then " +
      "by code); `direction` up or down keeps only rises or falls. Each row names the component " +
      "that moved the score most (its value change times its effective weight now). " +
      "Companies without a score on either date are left out.",
    query: object({
      direction: zEnum(["both", "up", "down"]).default("both").meta({
        description: "both (default), up (rises only) or down (falls only)",
      }),
      limit: limitQuery(20, 200),
    }),
    response: object({
      asOf: isoDay("The session the scores are as of"),
      weekAgo: isoDay("Five sessions before"),
      provider: string(),
      companies: int().meta({ description: "Companies with a score on both dates" }),
      changes: array(
        object({
          symbol: string(),
          code: string(),
          name: string(),
          sector: string(),
          score: number(),
          scoreWeekAgo: number(),
          changePoints: number(),
          label: scoreLabel,
          driver: object({
            component: zEnum(SCORE_COMPONENTS),
            valueChange: number().meta({ description: "The component's change, points" }),
            contributionPoints: number().meta({
              description: "valueChange × effective weight now, points of score",
            }),
          }).nullable(),
        }),
      ),
    }),
  },
});
