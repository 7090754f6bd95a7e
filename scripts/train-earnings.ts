import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { quarterOf } from "../lib/api/earnings-moves";
import { pinnedClock } from "../lib/deps";
import { type Features, featuresOf } from "../lib/graph/earnings-model/features";
import { INPUT_LOOKBACK_DAYS, loadEarningsInputs } from "../lib/graph/earnings-model/inputs";
import {
  beatProbability,
  type EarningsModel,
  type FittedPart,
  linearScore,
} from "../lib/graph/earnings-model/model";
import { dayNumber, isoDate } from "../lib/market/civil-date";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { STOCKS } from "../lib/market/sim/universe";

/**
 * `npm run train:earnings`: trains the earnings model on the simulated market's history and
 * writes lib/graph/earnings-model/model.json. Samples: every report of every universe stock
 * dated 2019-01-02 to 2026-10-31, with its features as known before it (features.ts) and its
 * outcome read at a clock after the last reaction. Trained on reports before 2024-01-01 and
 * evaluated out of sample on 2024-01-01 to 2026-10-31.
 */
const FIRST = dayNumber(2019, 1, 2);
const SPLIT = dayNumber(2024, 1, 1);
const LAST = dayNumber(2026, 10, 31);
const CLOCK = new Date("2026-11-20T22:00:00Z");
const MODEL_PATH = join(import.meta.dirname, "../lib/graph/earnings-model/model.json");

/** P(beat) reads every feature; the move model the volatility and past-move ones. */
const BEAT_FEATURES: (keyof Features)[] = [
  "pastBeatRate",
  "pastMeanSurprisePercent",
  "lastSurprisePercent",
  "pastMeanAbsMovePercent",
  "atmIv30Percent",
  "ivRank",
  "return20Percent",
  "realisedVol20Percent",
];
const MOVE_FEATURES: (keyof Features)[] = [
  "atmIv30Percent",
  "realisedVol20Percent",
  "pastMeanAbsMovePercent",
  "ivRank",
];

interface Sample {
  day: number;
  features: Features;
  beat: number;
  absMovePercent: number;
  /** The move the options priced the session before, percent: the naive predictor. */
  impliedMovePercent: number;
}

async function samples(): Promise<Sample[]> {
  const clock = pinnedClock(CLOCK);
  const market = createSimulatedMarket(clock);
  const deps = { market, marketClock: clock };
  const nowMs = CLOCK.getTime();
  const out: Sample[] = [];
  for (const stock of STOCKS) {
    const instrument = await market.instrument(`${stock.symbol}_${stock.exchange}`);
    if (!instrument) continue;
    const fromDay = FIRST - INPUT_LOOKBACK_DAYS - 400;
    const ivSessions = Math.ceil(((CLOCK.getTime() / 86_400_000 - fromDay) * 252) / 365);
    const inputs = await loadEarningsInputs(deps, instrument, fromDay, LAST, ivSessions);
    for (const report of inputs.reports) {
      const day = Date.parse(report.date) / 86_400_000;
      if (day < FIRST || report.epsActual === null || report.impliedMove === undefined) continue;
      const move = quarterOf(report, inputs.closes, nowMs);
      // Features as known at the close of the session before the report: nothing after it.
      const features = featuresOf(inputs, report, nowMs);
      if (!move || !features) continue;
      out.push({
        day,
        features,
        beat: report.epsActual > report.epsEstimate ? 1 : 0,
        absMovePercent: Math.abs(move.movePercent),
        impliedMovePercent: report.impliedMove * 100,
      });
    }
  }
  return out;
}

function standardisation(rows: number[][]) {
  const k = rows[0]?.length ?? 0;
  const means = Array.from({ length: k }, (_, j) => mean(rows.map((r) => r[j] as number)));
  const stds = Array.from({ length: k }, (_, j) => {
    const m = means[j] as number;
    return Math.sqrt(mean(rows.map((r) => ((r[j] as number) - m) ** 2))) || 1;
  });
  return { means, stds };
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

function partOf(kind: FittedPart["kind"], features: (keyof Features)[], train: Sample[]) {
  const rows = train.map((s) => features.map((name) => s.features[name]));
  const { means, stds } = standardisation(rows);
  const z = rows.map((r) => r.map((v, j) => (v - (means[j] as number)) / (stds[j] as number)));
  const fit =
    kind === "logistic-regression"
      ? fitLogistic(
          z,
          train.map((s) => s.beat),
        )
      : fitLeastSquares(
          z,
          train.map((s) => s.absMovePercent),
        );
  return { kind, features: [...features], means, stds, ...fit };
}

/** Gradient descent on the mean log loss with a small L2 penalty (1e-3). */
function fitLogistic(z: number[][], y: number[]) {
  const k = z[0]?.length ?? 0;
  const weights = new Array<number>(k).fill(0);
  let bias = 0;
  for (let iteration = 0; iteration < 2000; iteration++) {
    const grad = new Array<number>(k).fill(0);
    let gradBias = 0;
    z.forEach((row, i) => {
      const p =
        1 / (1 + Math.exp(-(bias + row.reduce((s, v, j) => s + v * (weights[j] as number), 0))));
      const e = p - (y[i] as number);
      gradBias += e;
      row.forEach((v, j) => {
        grad[j] = (grad[j] as number) + e * v;
      });
    });
    for (let j = 0; j < k; j++)
      weights[j] =
        (weights[j] as number) -
        0.5 * ((grad[j] as number) / z.length + 1e-3 * (weights[j] as number));
    bias -= (0.5 * gradBias) / z.length;
  }
  return { weights, bias };
}

/** Ordinary least squares on standardised columns (normal equations, Gauss-Jordan). */
function fitLeastSquares(z: number[][], y: number[]) {
  const k = z[0]?.length ?? 0;
  const yMean = mean(y);
  const a = Array.from({ length: k }, (_, i) =>
    Array.from({ length: k + 1 }, (_, j) =>
      j < k
        ? z.reduce((s, r) => s + (r[i] as number) * (r[j] as number), 0)
        : z.reduce((s, r, n) => s + (r[i] as number) * ((y[n] as number) - yMean), 0),
    ),
  );
  for (let col = 0; col < k; col++) {
    const pivot = (a[col] as number[])[col] as number;
    for (let j = col; j <= k; j++)
      (a[col] as number[])[j] = ((a[col] as number[])[j] as number) / pivot;
    for (let row = 0; row < k; row++) {
      if (row === col) continue;
      const factor = (a[row] as number[])[col] as number;
      for (let j = col; j <= k; j++)
        (a[row] as number[])[j] =
          ((a[row] as number[])[j] as number) - factor * ((a[col] as number[])[j] as number);
    }
  }
  return { weights: a.map((row) => row[k] as number), bias: yMean };
}

/** Area under the ROC curve by ranks (ties averaged). */
function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i] as number] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]?.[0] === order[i]?.[0]) j++;
    for (let t = i; t < j; t++)
      if (order[t]?.[1] === 1) {
        rankSum += (i + j + 1) / 2;
        positives++;
      }
    i = j;
  }
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Quintiles of the predicted probability: mean prediction against the observed beat rate. */
function calibration(scores: number[], labels: number[]) {
  const order = scores.map((s, i) => [s, labels[i] as number] as const).sort((a, b) => a[0] - b[0]);
  return [1, 2, 3, 4, 5].map((bucket) => {
    const slice = order.slice(
      Math.floor(((bucket - 1) * order.length) / 5),
      Math.floor((bucket * order.length) / 5),
    );
    return {
      bucket,
      meanPredicted: round4(mean(slice.map((r) => r[0]))),
      observedRate: round4(mean(slice.map((r) => r[1]))),
      reports: slice.length,
    };
  });
}

const round4 = (value: number) => Number(value.toFixed(4));

const all = await samples();
const train = all.filter((s) => s.day < SPLIT);
const test = all.filter((s) => s.day >= SPLIT && s.day <= LAST);
const model: EarningsModel = {
  modelVersion: `earnings-lr-${new Date().toISOString().slice(0, 10)}`,
  beat: partOf("logistic-regression", BEAT_FEATURES, train) as EarningsModel["beat"],
  move: partOf("linear-regression", MOVE_FEATURES, train) as EarningsModel["move"],
  training: {} as EarningsModel["training"],
};
const scores = test.map((s) => beatProbability(model, s.features));
const labels = test.map((s) => s.beat);
const trainBaseRate = mean(train.map((s) => s.beat));
const baseRate = mean(labels);
const brierOf = (p: (i: number) => number) => mean(labels.map((y, i) => (p(i) - y) ** 2));
const mae = (predict: (s: Sample) => number) =>
  mean(test.map((s) => Math.abs(predict(s) - s.absMovePercent)));
model.training = {
  trainReports: { from: isoDate(FIRST), to: isoDate(SPLIT - 1), samples: train.length },
  testReports: { from: isoDate(SPLIT), to: isoDate(LAST), samples: test.length },
  beatLabel: "EPS actual > estimate",
  moveLabel:
    "|close of the reacting session / close before the report − 1| × 100 (GET /options/{code}/earnings-move-history's movePercent)",
  outOfSample: {
    beat: {
      auc: round4(auc(scores, labels)),
      brier: round4(brierOf((i) => scores[i] as number)),
      baseRate: round4(baseRate),
      // The base-rate forecaster predicts the training beat rate for every report.
      baseRateBrier: round4(brierOf(() => trainBaseRate)),
      calibration: calibration(scores, labels),
    },
    move: {
      meanAbsoluteErrorPercent: round4(
        mae((s) => Math.max(0, linearScore(model.move, s.features))),
      ),
      naiveMeanAbsoluteErrorPercent: round4(mae((s) => s.impliedMovePercent)),
      naive:
        "the implied move alone (the straddle-priced expected absolute move, read the session before)",
    },
  },
};
writeFileSync(MODEL_PATH, `${JSON.stringify(model, null, 2)}\n`);
console.log(JSON.stringify(model.training, null, 2));
