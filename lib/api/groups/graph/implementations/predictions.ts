import { isoDate } from "../../../../market/civil-date";
import { nyWallClock } from "../../../../market/ny-time";
import {
  modelSummary,
  nextReport,
  noPrediction,
  predictionOf,
} from "../../../earnings-predictions";
import { instrumentOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import { type graphPredictionRoutes, PREDICTION_HORIZON_DAYS } from "../routes/predictions";
import { snapshotOf } from "./lookup";
import { type GraphDeps, graphCompany } from "./shared";

export const graphPredictionImplementations: Implementations<
  typeof graphPredictionRoutes,
  GraphDeps
> = {
  "graph.earningsPrediction": async ({ params }, deps) => {
    const instrument = await graphCompany(deps, params.code, "earnings prediction");
    const report = await nextReport(deps, instrument, PREDICTION_HORIZON_DAYS);
    if (!report) {
      throw noPrediction(
        instrument.code,
        `no report is scheduled within ${PREDICTION_HORIZON_DAYS} days`,
      );
    }
    const prediction = await predictionOf(deps, instrument, report);
    if (!prediction) throw noPrediction(instrument.code, "a feature lacks data");
    return {
      asOf: deps.marketClock.now().toISOString(),
      prediction,
      model: modelSummary(),
    };
  },

  "graph.upcomingEarningsPredictions": async ({ query }, deps) => {
    const now = deps.marketClock.now();
    const today = nyWallClock(now.getTime()).day;
    const snapshot = await snapshotOf(deps);
    const scheduled = [];
    for (const company of snapshot.companies.values()) {
      const instrument = await instrumentOf(deps, company.code);
      const report = await nextReport(deps, instrument, query.days);
      if (report) scheduled.push({ instrument, report });
    }
    scheduled.sort(
      (a, b) =>
        a.report.date.localeCompare(b.report.date) ||
        a.instrument.symbol.localeCompare(b.instrument.symbol),
    );
    const predictions = [];
    for (const { instrument, report } of scheduled) {
      if (predictions.length >= query.limit) break;
      const prediction = await predictionOf(deps, instrument, report);
      if (prediction) predictions.push(prediction);
    }
    return {
      asOf: now.toISOString(),
      window: { from: isoDate(today), to: isoDate(today + query.days) },
      count: predictions.length,
      total: scheduled.length,
      predictions,
      model: modelSummary(),
    };
  },
};
