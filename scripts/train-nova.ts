import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pinnedClock } from "../lib/deps";
import { dayNumber, isoDate } from "../lib/market/civil-date";
import { candidatesAt } from "../lib/market/nova/candidates";
import { FEATURE_NAMES, featureVector, NOVA_UNIVERSE } from "../lib/market/nova/features";
import { type NovaModel, scoreOf } from "../lib/market/nova/model";
import { nyWallClock } from "../lib/market/ny-time";
import { isTradingDay } from "../lib/market/nyse-calendar";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";

/**
 * `npm run train:nova`: trains Nova's model on the simulated market's history and writes
 * lib/market/nova/model.json. Samples: every 7th trading day from 2025-06-02 to 2026-10-30 at
 * 15:30 New York, every candidate option (out of the money, 5-50 delta, 0-14 days) of the 25
 * most traded optionable stocks. Label: writing the option at its mid makes money at expiry
 * (premium > payoff at the expiry day's close). Logistic regression on standardised features,
 * trained on dates before 2026-05-01 and evaluated out of sample on the later dates.
 */
const FIRST = dayNumber(2025, 6, 2);
const LAST = dayNumber(2026, 10, 30);
const SPLIT = dayNumber(2026, 5, 1);
const MODEL_PATH = join(import.meta.dirname, "../lib/market/nova/model.json");

interface Sample {
  day: number;
  x: number[];
  y: number;
}

async function expiryCloses(): Promise<Map<string, Map<string, number>>> {
  const end = new Date("2026-12-31T23:00:00Z");
  const market = createSimulatedMarket(pinnedClock(end));
  const closes = new Map<string, Map<string, number>>();
  for (const stock of NOVA_UNIVERSE) {
    const code = `${stock.symbol}_${stock.exchange}`;
    const bars =
      (await market.bars(code, {
        period: 5,
        from: Date.UTC(2025, 4, 1),
        to: end.getTime(),
        extended: false,
      })) ?? [];
    closes.set(
      code,
      new Map(bars.map((bar) => [isoDate(nyWallClock(bar.timestamp).day), bar.close])),
    );
  }
  return closes;
}

async function samples(): Promise<Sample[]> {
  const closes = await expiryCloses();
  const out: Sample[] = [];
  let n = 0;
  for (let day = FIRST; day <= LAST; day++) {
    if (!isTradingDay(day) || n++ % 7 !== 0) continue;
    const at = Date.parse(`${isoDate(day)}T20:30:00Z`);
    const market = createSimulatedMarket(pinnedClock(new Date(at)));
    for (const candidate of await candidatesAt(market, market.optionExpirations, at, 0, 14)) {
      const settle = closes.get(candidate.code)?.get(candidate.option.expiration);
      if (settle === undefined) continue;
      const { strike, right } = candidate.option;
      const payoff = Math.max(0, right === "P" ? strike - settle : settle - strike);
      out.push({ day, x: featureVector(candidate), y: candidate.premium > payoff ? 1 : 0 });
    }
  }
  return out;
}

function standardise(train: Sample[]) {
  const k = FEATURE_NAMES.length;
  const means = Array.from(
    { length: k },
    (_, j) => train.reduce((s, r) => s + (r.x[j] as number), 0) / train.length,
  );
  const stds = Array.from({ length: k }, (_, j) => {
    const v =
      train.reduce((s, r) => s + ((r.x[j] as number) - (means[j] as number)) ** 2, 0) /
      train.length;
    return Math.sqrt(v) || 1;
  });
  return { means, stds };
}

function trainLogistic(train: Sample[], means: number[], stds: number[]) {
  const k = means.length;
  const weights = new Array<number>(k).fill(0);
  let bias = 0;
  const z = train.map((r) => r.x.map((v, j) => (v - (means[j] as number)) / (stds[j] as number)));
  for (let iteration = 0; iteration < 400; iteration++) {
    const grad = new Array<number>(k).fill(0);
    let gradBias = 0;
    train.forEach((r, i) => {
      const row = z[i] as number[];
      const p =
        1 / (1 + Math.exp(-(bias + row.reduce((s, v, j) => s + v * (weights[j] as number), 0))));
      const e = p - r.y;
      gradBias += e;
      row.forEach((v, j) => {
        grad[j] = (grad[j] as number) + e * v;
      });
    });
    for (let j = 0; j < k; j++)
      weights[j] =
        (weights[j] as number) -
        0.5 * ((grad[j] as number) / train.length + 1e-3 * (weights[j] as number));
    bias -= (0.5 * gradBias) / train.length;
  }
  return { weights, bias };
}

/** Area under the ROC curve by ranks (ties averaged). */
function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i] as number] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]?.[0] === order[i]?.[0]) j++;
    const rank = (i + j + 1) / 2;
    for (let t = i; t < j; t++)
      if (order[t]?.[1] === 1) {
        rankSum += rank;
        positives++;
      }
    i = j;
  }
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

const all = await samples();
const train = all.filter((s) => s.day < SPLIT);
const holdout = all.filter((s) => s.day >= SPLIT);
const { means, stds } = standardise(train);
const { weights, bias } = trainLogistic(train, means, stds);
const model: NovaModel = {
  modelVersion: "",
  kind: "logistic-regression",
  features: [...FEATURE_NAMES],
  means,
  stds,
  weights,
  bias,
  training: {},
};
const testScores = holdout.map((s) => scoreOf(model, s.x));
const testLabels = holdout.map((s) => s.y);
const baseRate = testLabels.reduce((a, b) => a + b, 0) / testLabels.length;
const ranked = testScores
  .map((s, i) => [s, testLabels[i] as number] as const)
  .sort((a, b) => b[0] - a[0]);
const topDecile = ranked.slice(0, Math.ceil(ranked.length / 10));
const topDecileWinRate = topDecile.reduce((a, r) => a + r[1], 0) / topDecile.length;
const accuracy =
  testScores.filter((s, i) => (s >= 0.5 ? 1 : 0) === testLabels[i]).length / holdout.length;
model.modelVersion = `nova-lr-${new Date().toISOString().slice(0, 10)}`;
model.training = {
  samples: { train: train.length, test: holdout.length },
  trainDates: `${isoDate(FIRST)} to ${isoDate(SPLIT - 1)}`,
  testDates: `${isoDate(SPLIT)} to ${isoDate(LAST)}`,
  label: "writing the option at its mid makes money at expiry",
  outOfSample: {
    auc: Number(auc(testScores, testLabels).toFixed(4)),
    accuracy: Number(accuracy.toFixed(4)),
    baseRate: Number(baseRate.toFixed(4)),
    topDecileWinRate: Number(topDecileWinRate.toFixed(4)),
  },
};
writeFileSync(MODEL_PATH, `${JSON.stringify(model, null, 2)}\n`);
console.log(JSON.stringify(model.training, null, 2));
