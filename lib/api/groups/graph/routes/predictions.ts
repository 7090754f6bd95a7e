import { array, coerce, int, object } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { MODEL_NOTE, model, prediction } from "../../../schemas/earnings-predictions";
import { isoDay, isoInstant, limitQuery } from "./schemas";

/**
 * Company graph, part 2: the earnings model's predictions (lib/graph/earnings-model, trained by
 * `npm run train:earnings` on the simulated history).
 */

/** Calendar days ahead a scheduled report is predicted. */
export const PREDICTION_HORIZON_DAYS = 120;
/** The upcoming list: days ahead (default, most) and rows (default, most). */
export const UPCOMING_DAYS = { default: 14, max: 14 };
export const UPCOMING_LIMIT = { default: 20, max: 130 };

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, a future or a " +
  "crypto asset (no company of the graph).";

export const graphPredictionRoutes = groupRoutes("graph", {
  earningsPrediction: {
    method: "GET",
    path: "/graph/{code}/earnings-prediction",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "The earnings model's prediction for the company's next report",
    description:
      `The next scheduled report not yet released, within ${PREDICTION_HORIZON_DAYS} days: the ` +
      `probability of an EPS beat and the predicted absolute reaction move. ${MODEL_NOTE} 404 ` +
      "NO_DATA when no report is scheduled in the horizon or a feature lacks data. 503 " +
      `MARKET_DATA_UNAVAILABLE when the source keeps no earnings history or bars. ${NOT_A_COMPANY}`,
    params: object({ code: contractCode }),
    response: object({
      asOf: isoInstant("The market clock"),
      prediction,
      model,
    }),
  },
  upcomingEarningsPredictions: {
    method: "GET",
    path: "/graph/earnings-predictions/upcoming",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Companies reporting soon with the earnings model's predictions",
    description:
      "Every stock of the universe whose next report (not yet released) falls within `days` " +
      "calendar days of today (New York), soonest first (then by symbol), with the same " +
      `prediction as GET /graph/{code}/earnings-prediction; stocks whose features lack data are ` +
      `left out. ${MODEL_NOTE} 503 COMPANY_DATA_UNAVAILABLE when the company list (the graph) ` +
      "cannot be read; 503 MARKET_DATA_UNAVAILABLE when the market-data source is down.",
    query: object({
      days: coerce
        .number()
        .int()
        .min(1)
        .max(UPCOMING_DAYS.max)
        .default(UPCOMING_DAYS.default)
        .meta({ description: `Calendar days ahead, 1-${UPCOMING_DAYS.max}, default 14` }),
      limit: limitQuery(UPCOMING_LIMIT.default, UPCOMING_LIMIT.max),
    }),
    response: object({
      asOf: isoInstant("The market clock"),
      window: object({ from: isoDay("Today (New York)"), to: isoDay("Today + days") }),
      count: int().meta({ description: "Rows listed" }),
      total: int().meta({ description: "Companies reporting in the window" }),
      predictions: array(prediction).meta({ description: "Soonest first" }),
      model,
    }),
  },
});
