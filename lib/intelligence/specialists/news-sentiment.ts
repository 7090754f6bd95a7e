import { opinionOf, type SpecialistOpinion } from "../opinion";
import { NEUTRAL_SCORE, NEWS_FULL_WEIGHT_ARTICLES, NEWS_TREND_POINTS } from "../rules";

/** The figures of GET /news/ticker/{code}/sentiment (lib/api/news-data.ts) it reads. */
export interface NewsEvidence {
  /** Articles of the last 7 days about the ticker. */
  articleCount: number;
  /** Relevance-weighted mean sentiment, −1 to 1; null without articles. */
  sentimentScore: number | null;
  label: string | null;
  trend: "improving" | "deteriorating" | "stable" | null;
}

/**
 * Good news supports the price a put seller needs held; the week's mean sentiment moves the
 * score up to ±50 from neutral, shrunk when few articles say it, and the trend adds ±5.
 */
export function newsSentimentOpinion(evidence: NewsEvidence, source: string): SpecialistOpinion {
  if (evidence.sentimentScore === null) {
    return opinionOf(
      "newsSentiment",
      source,
      NEUTRAL_SCORE,
      ["no articles about it in the last 7 days"],
      { ...evidence },
    );
  }
  const weight = Math.min(1, evidence.articleCount / NEWS_FULL_WEIGHT_ARTICLES);
  const trendPoints =
    evidence.trend === "improving"
      ? NEWS_TREND_POINTS.improving
      : evidence.trend === "deteriorating"
        ? NEWS_TREND_POINTS.deteriorating
        : 0;
  const score = NEUTRAL_SCORE + 50 * evidence.sentimentScore * weight + trendPoints;
  const reasons = [
    `${evidence.articleCount} article(s) this week, mean sentiment ${evidence.sentimentScore.toFixed(2)} (${evidence.label})${weight < 1 ? `, weighted ${weight.toFixed(2)} for so few` : ""}`,
  ];
  if (trendPoints !== 0)
    reasons.push(
      `sentiment ${evidence.trend} against the 30-day mean (${trendPoints > 0 ? "+" : ""}${trendPoints})`,
    );
  return opinionOf("newsSentiment", source, score, reasons, { ...evidence });
}
