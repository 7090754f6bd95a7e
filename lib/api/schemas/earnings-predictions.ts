import { array, int, iso, number, object, string, enum as zEnum } from "zod";

/**
 * The earnings model's prediction as the graph's and the stock screener's routes serve it
 * (lib/api/earnings-predictions.ts computes it), with the model's description and quality.
 */

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd` });

export const MODEL_NOTE =
  "The model (lib/graph/earnings-model, `npm run train:earnings`): features read before the " +
  "report, at the anchor session = the earlier of the session before the report's day and the " +
  "last session closed at the clock: pastBeatRate (share 0-1 of the last 8 released reports with " +
  "EPS actual > estimate), pastMeanSurprisePercent and lastSurprisePercent ((actual − estimate) " +
  "/ |estimate| × 100), pastMeanAbsMovePercent (mean |movePercent| of those reports' reactions, " +
  "as GET /options/{code}/earnings-move-history), atmIv30Percent (the 30-day ATM implied " +
  "volatility at the anchor session), ivRank ((iv − low) / (high − low) × 100 over the 252 " +
  "sessions to it), return20Percent (close change over the 20 sessions to it) and " +
  "realisedVol20Percent (standard deviation of the 20 daily log returns × √252 × 100). " +
  "beatProbability = 1 / (1 + e^−z), z = bias + Σ w_j · (x_j − mean_j) / std_j (logistic " +
  "regression); predictedAbsMovePercent = max(0, bias + Σ w_j · (x_j − mean_j) / std_j) (least " +
  "squares on atmIv30Percent, realisedVol20Percent, pastMeanAbsMovePercent, ivRank). Trained on " +
  "the reports of 2019-01-02 to 2023-12-31, evaluated on 2024-01-01 to 2026-10-31: model.quality " +
  "gives AUC, Brier score against the base rate's, calibration by quintile and the move's mean " +
  "absolute error against the naive predictor (the implied move alone). The simulated world " +
  "draws beats independently of the past, so the model is barely better than the base rate: " +
  "read beatProbability as such. impliedMovePercent is the ATM straddle of the first expiration " +
  "on or after the reacting session, percent of spot, at the clock (as GET " +
  "/options/{code}/earnings-straddle; null without a chain), shown beside the prediction, not a " +
  "feature. Probabilities and percents 4 decimals.";

const hour = zEnum(["bmo", "amc"]).meta({
  description: "bmo: before the market opens; amc: after the close",
});

const features = object({
  pastBeatRate: number().meta({ description: "Share of the last 8 reports beaten, 0-1" }),
  pastMeanSurprisePercent: number().meta({ description: "Mean EPS surprise, percent" }),
  lastSurprisePercent: number().meta({ description: "Last report's EPS surprise, percent" }),
  pastMeanAbsMovePercent: number().meta({ description: "Mean |reaction move|, percent" }),
  atmIv30Percent: number().meta({ description: "30-day ATM IV at the anchor session, percent" }),
  ivRank: number().meta({ description: "IV rank over 252 sessions, 0-100" }),
  return20Percent: number().meta({ description: "20-session return, percent" }),
  realisedVol20Percent: number().meta({ description: "20-session realised volatility, percent" }),
}).meta({ description: "The features and their values for this report" });

export const prediction = object({
  symbol: string(),
  code: string(),
  name: string(),
  report: object({
    date: isoDay("The report's day (New York)"),
    hour,
    reactionDate: isoDay("The session that will trade on it"),
    daysUntil: int().meta({ description: "Calendar days from today (New York)" }),
    epsEstimate: number().nullable().meta({ description: "Consensus EPS, USD per share" }),
  }),
  beatProbability: number().meta({ description: "P(EPS actual > estimate), 0-1, 4 decimals" }),
  predictedAbsMovePercent: number().meta({
    description: "Predicted |reaction move|, percent, 4 decimals",
  }),
  impliedMovePercent: number()
    .nullable()
    .meta({ description: "ATM straddle implied move at the clock, percent; null without one" }),
  anchorSession: isoDay("The session the features stop at"),
  features,
});

const calibrationRow = object({
  bucket: int().meta({ description: "Quintile of the predicted probability, 1 (lowest) to 5" }),
  meanPredicted: number(),
  observedRate: number(),
  reports: int(),
});

export const model = object({
  modelVersion: string(),
  trainReports: object({ from: isoDay("First"), to: isoDay("Last"), samples: int() }),
  testReports: object({ from: isoDay("First"), to: isoDay("Last"), samples: int() }),
  quality: object({
    auc: number().meta({ description: "Out-of-sample AUC of beatProbability (0.5: no skill)" }),
    brier: number().meta({ description: "Out-of-sample Brier score (mean squared error)" }),
    baseRate: number().meta({ description: "Beat rate of the test reports, 0-1" }),
    baseRateBrier: number().meta({
      description: "Brier score of always predicting the training beat rate",
    }),
    calibration: array(calibrationRow),
    moveMeanAbsoluteErrorPercent: number().meta({ description: "Out of sample, percent" }),
    naiveMoveMeanAbsoluteErrorPercent: number().meta({
      description: "The implied move alone as the prediction, percent",
    }),
  }),
}).meta({ description: "The model and its out-of-sample quality (held-out period)" });
