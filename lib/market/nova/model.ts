import { FEATURE_NAMES } from "./features";

/** A logistic-regression model over standardised features, as `scripts/train-nova.ts` writes it. */
export interface NovaModel {
  modelVersion: string;
  kind: "logistic-regression";
  features: string[];
  means: number[];
  stds: number[];
  weights: number[];
  bias: number;
  /** How it was trained and its out-of-sample quality. */
  training: Record<string, unknown>;
}

/** Checks an artifact before use: a model that does not match the features cannot score. */
export function parseModel(data: unknown): NovaModel {
  const model = data as NovaModel;
  const n = FEATURE_NAMES.length;
  const vectors = [model?.means, model?.stds, model?.weights];
  const valid =
    typeof model?.modelVersion === "string" &&
    model.kind === "logistic-regression" &&
    JSON.stringify(model.features) === JSON.stringify(FEATURE_NAMES) &&
    vectors.every((v) => Array.isArray(v) && v.length === n && v.every(Number.isFinite)) &&
    model.stds.every((s) => s > 0) &&
    Number.isFinite(model.bias);
  if (!valid) throw new Error("Nova model artifact does not match the feature set");
  return model;
}

/** Probability (0-1) that writing the option ends with a profit at expiry. */
export function scoreOf(model: NovaModel, features: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < features.length; i++) {
    z +=
      (model.weights[i] as number) *
      (((features[i] as number) - (model.means[i] as number)) / (model.stds[i] as number));
  }
  return 1 / (1 + Math.exp(-z));
}
