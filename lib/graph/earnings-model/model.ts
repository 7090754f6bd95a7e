import { FEATURE_NAMES, type Features } from "./features";
import artifact from "./model.json";

/**
 * The earnings model as `scripts/train-earnings.ts` writes it: a logistic regression for the
 * probability of an EPS beat and a linear regression for the absolute reaction move (percent),
 * each over standardised features.
 */

/** One fitted part: z = bias + Σ weight_j · (x_j − mean_j) / std_j. */
export interface FittedPart {
  kind: "logistic-regression" | "linear-regression";
  features: string[];
  means: number[];
  stds: number[];
  weights: number[];
  bias: number;
}

export interface EarningsModel {
  modelVersion: string;
  beat: FittedPart & { kind: "logistic-regression" };
  move: FittedPart & { kind: "linear-regression" };
  /** Windows, sample counts and out-of-sample quality. */
  training: EarningsTraining;
}

export interface EarningsTraining {
  trainReports: { from: string; to: string; samples: number };
  testReports: { from: string; to: string; samples: number };
  beatLabel: string;
  moveLabel: string;
  outOfSample: {
    beat: {
      auc: number;
      brier: number;
      baseRate: number;
      baseRateBrier: number;
      calibration: {
        bucket: number;
        meanPredicted: number;
        observedRate: number;
        reports: number;
      }[];
    };
    move: {
      meanAbsoluteErrorPercent: number;
      naiveMeanAbsoluteErrorPercent: number;
      naive: string;
    };
  };
}

function validPart(part: FittedPart | undefined, kind: FittedPart["kind"]): boolean {
  if (!part || part.kind !== kind) return false;
  const n = part.features?.length ?? 0;
  const known = part.features.every((name) => (FEATURE_NAMES as readonly string[]).includes(name));
  const vectors = [part.means, part.stds, part.weights];
  return (
    n > 0 &&
    known &&
    vectors.every((v) => Array.isArray(v) && v.length === n && v.every(Number.isFinite)) &&
    part.stds.every((s) => s > 0) &&
    Number.isFinite(part.bias)
  );
}

/** Checks an artifact before use: a model that does not match the features cannot score. */
export function parseEarningsModel(data: unknown): EarningsModel {
  const model = data as EarningsModel;
  const valid =
    typeof model?.modelVersion === "string" &&
    validPart(model.beat, "logistic-regression") &&
    validPart(model.move, "linear-regression") &&
    typeof model.training?.outOfSample === "object";
  if (!valid) throw new Error("earnings model artifact does not match the feature set");
  return model;
}

/** bias + Σ weight_j · standardised feature j. */
export function linearScore(part: FittedPart, features: Features): number {
  let z = part.bias;
  part.features.forEach((name, j) => {
    const x = features[name as keyof Features];
    z += (part.weights[j] as number) * ((x - (part.means[j] as number)) / (part.stds[j] as number));
  });
  return z;
}

/** P(EPS actual > estimate), 0-1. */
export const beatProbability = (model: EarningsModel, features: Features): number =>
  1 / (1 + Math.exp(-linearScore(model.beat, features)));

/** Predicted |reaction move|, percent (never below 0). */
export const predictedAbsMovePercent = (model: EarningsModel, features: Features): number =>
  Math.max(0, linearScore(model.move, features));

let loaded: EarningsModel | undefined;

/** The checked-in artifact (lib/graph/earnings-model/model.json), checked once. */
export function earningsModel(): EarningsModel {
  loaded ??= parseEarningsModel(artifact);
  return loaded;
}
