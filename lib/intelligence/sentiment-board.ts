import { labelOf } from "../api/news-data";
import type { SentimentLabel } from "../news/analysis/types";
import { INSIDER_SALE_FACTOR } from "./rules";

/**
 * GET /intelligence/{code}/sentiment, the mapping: news, social, options and insider sentiment
 * each on one scale, −1 (bearish) to +1 (bullish), labelled as the news endpoints label scores
 * (bullish ≥ 0.15, bearish ≤ −0.15), and a weighted composite. Pure.
 */

export const SENTIMENT_SOURCES = ["news", "social", "options", "insider"] as const;
export type SentimentSource = (typeof SENTIMENT_SOURCES)[number];

/** Weights of the composite (sum 1); a source without a score is left out and the rest renormalised. */
export const SENTIMENT_WEIGHTS: Readonly<Record<SentimentSource, number>> = {
  news: 0.3,
  social: 0.2,
  options: 0.3,
  insider: 0.2,
};

export const sentimentLabelOf = (score: number): SentimentLabel => labelOf(score);

const clampUnit = (value: number) => Math.max(-1, Math.min(1, value));
/** 4 decimals, and never −0 (−log₂ 1 is −0). */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000 + 0;

/** Social: (bullish − bearish) / (bullish + bearish) of the tagged messages; null without any. */
export function socialScore(bullish: number, bearish: number): number | null {
  const tagged = bullish + bearish;
  return tagged === 0 ? null : round4((bullish - bearish) / tagged);
}

/**
 * A put/call ratio on the scale: −log₂(ratio), clamped to ±1. Even (1) is 0; twice the calls
 * (0.5) is +1, twice the puts (2) is −1; a ratio of 0 (calls only) is +1. Null for null.
 */
export function putCallScore(ratio: number | null): number | null {
  if (ratio === null) return null;
  if (ratio <= 0) return 1;
  return round4(clampUnit(-Math.log2(ratio)));
}

/** Options: the mean of the volume and open-interest ratios' scores present; null for neither. */
export function optionsScore(volumeRatio: number | null, openInterestRatio: number | null) {
  const scores = [putCallScore(volumeRatio), putCallScore(openInterestRatio)].filter(
    (score): score is number => score !== null,
  );
  if (scores.length === 0) return null;
  return round4(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

/**
 * Insiders: (purchases − 0.25 × sales) / (purchases + sales), open-market values (USD) of 90
 * days, −0.25..+1: buying only is +1, selling only −0.25 (insiders sell for many reasons, buy
 * for one: the committee's insider rule). Null without either.
 */
export function insiderScore(purchasesUsd: number, salesUsd: number): number | null {
  const total = purchasesUsd + salesUsd;
  if (total === 0) return null;
  return round4((purchasesUsd - INSIDER_SALE_FACTOR * salesUsd) / total);
}

export interface Composite {
  /** Σ wᵢ·sᵢ / Σ wᵢ over the sources scored; null when none is. */
  score: number | null;
  label: SentimentLabel | null;
  /** The weights applied, renormalised (0 for a source without a score). */
  weights: Record<SentimentSource, number>;
  /** Sources whose score has the composite's sign (a 0 agrees with a 0 only). */
  agreeing: number;
  scored: number;
  /** agreeing / scored, 4 decimals; null when no source is scored. */
  agreement: number | null;
}

export function compositeOf(scores: Readonly<Record<SentimentSource, number | null>>): Composite {
  const present = SENTIMENT_SOURCES.filter((source) => scores[source] !== null);
  const total = present.reduce((sum, source) => sum + SENTIMENT_WEIGHTS[source], 0);
  const weights = Object.fromEntries(
    SENTIMENT_SOURCES.map((source) => [
      source,
      scores[source] === null ? 0 : round4(SENTIMENT_WEIGHTS[source] / total),
    ]),
  ) as Record<SentimentSource, number>;
  if (present.length === 0) {
    return { score: null, label: null, weights, agreeing: 0, scored: 0, agreement: null };
  }
  const raw =
    present.reduce(
      (sum, source) => sum + SENTIMENT_WEIGHTS[source] * (scores[source] as number),
      0,
    ) / total;
  const score = round4(raw);
  const agreeing = present.filter(
    (source) => Math.sign(scores[source] as number) === Math.sign(score),
  ).length;
  return {
    score,
    label: sentimentLabelOf(score),
    weights,
    agreeing,
    scored: present.length,
    agreement: round4(agreeing / present.length),
  };
}
