import type { Deps } from "../deps";
import type { AnalysedArticle, SentimentLabel, StoryCluster } from "../news/analysis/types";
import type { NewsView } from "../news/desk";
import { NewsUnavailable } from "../news/ports";
import { apiError } from "./errors";

/**
 * What the news group and the company news extras share: the desk's view with outages mapped
 * to 503 NEWS_UNAVAILABLE, the served shapes of articles and clusters, and the per-ticker
 * selections and sentiment summary, so /news/ticker/{code}/... and /company/{code}/... serve
 * the same numbers by construction.
 */

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
/** Per-ticker sentiment reads the last 7 days; the trend the last 30. */
export const SENTIMENT_WINDOW_DAYS = 7;
export const TREND_DAYS = 30;
/** A week's mean ticker score this far from the month's is called improving or deteriorating. */
export const TREND_THRESHOLD = 0.05;

export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export function labelOf(score: number): SentimentLabel {
  return score >= 0.15 ? "bullish" : score <= -0.15 ? "bearish" : "neutral";
}

/** The desk's view at the clock; 503 NEWS_UNAVAILABLE (Retry-After) while the source is down. */
export async function newsViewOf(deps: Pick<Deps, "news">): Promise<NewsView> {
  try {
    return await deps.news.view();
  } catch (error) {
    if (error instanceof NewsUnavailable) throw apiError("NEWS_UNAVAILABLE", { cause: error });
    throw error;
  }
}

/** The served articles (the window's, newest first), without the clustering lead-in. */
export function windowArticles(view: NewsView): AnalysedArticle[] {
  return view.articles.filter((article) => article.publishedAtMs >= view.windowStartMs);
}

export function windowClusters(view: NewsView): StoryCluster[] {
  return view.clusters.filter((cluster) => cluster.lastSeenMs >= view.windowStartMs);
}

export function servedArticle(view: NewsView, article: AnalysedArticle) {
  return {
    id: article.id,
    headline: article.headline,
    summary: article.summary,
    source: {
      id: article.sourceId,
      name: view.outlets.get(article.sourceId)?.name ?? article.sourceId,
    },
    url: article.url,
    author: article.author,
    publishedAt: new Date(article.publishedAtMs).toISOString(),
    category: article.category,
    topics: article.topics,
    tickers: article.tickers,
    sentiment: { score: round4(article.sentiment.score), label: article.sentiment.label },
    tickerSentiments: article.tickerSentiments.map((ticker) => ({
      ticker: ticker.ticker,
      score: round4(ticker.score),
      label: ticker.label,
      relevance: round4(ticker.relevance),
    })),
    clusterId: article.clusterId,
    duplicateOf: article.duplicateOf,
  };
}

export function servedCluster(cluster: StoryCluster) {
  return {
    id: cluster.id,
    headline: cluster.headline,
    leaderArticleId: cluster.leaderArticleId,
    firstSeen: new Date(cluster.firstSeenMs).toISOString(),
    lastSeen: new Date(cluster.lastSeenMs).toISOString(),
    articleCount: cluster.articleIds.length,
    sourceCount: cluster.sourceIds.length,
    sources: cluster.sourceIds,
    tickers: cluster.tickers,
    topics: cluster.topics,
    averageSentiment: {
      score: round4(cluster.averageSentiment.score),
      label: cluster.averageSentiment.label,
    },
  };
}

/** Articles and clusters ranked for rankedPage: by time, newest first. */
export const byTime = <T extends { id: string }>(row: T, timeMs: number) => ({
  ...row,
  rank: timeMs,
});

/** The window's articles naming the ticker, newest first. */
export function tickerArticles(view: NewsView, ticker: string): AnalysedArticle[] {
  return windowArticles(view).filter((article) => article.tickers.includes(ticker));
}

/** The window's clusters naming the ticker, latest first. */
export function tickerClusters(view: NewsView, ticker: string): StoryCluster[] {
  return windowClusters(view).filter((cluster) => cluster.tickers.includes(ticker));
}

/** The article's sentiment about the ticker (its ticker entry). */
function aboutTicker(article: AnalysedArticle, ticker: string) {
  return article.tickerSentiments.find((entry) => entry.ticker === ticker);
}

/** Relevance-weighted mean of the articles' scores about the ticker; null without articles. */
function weightedTickerScore(articles: readonly AnalysedArticle[], ticker: string) {
  let weighted = 0;
  let weights = 0;
  for (const article of articles) {
    const entry = aboutTicker(article, ticker);
    if (!entry) continue;
    const weight = Math.max(entry.relevance, 0.05);
    weighted += weight * entry.score;
    weights += weight;
  }
  return weights === 0 ? null : weighted / weights;
}

/**
 * The ticker's news sentiment: the last 7 days' relevance-weighted mean score, the shares of
 * bullish and bearish articles, buzz (this week's count against the weekly average of the 30-day
 * window), and the 30-day daily trend.
 */
export function tickerSentimentSummary(view: NewsView, ticker: string) {
  const articles = tickerArticles(view, ticker);
  const weekStart = view.asOfMs - SENTIMENT_WINDOW_DAYS * MS_PER_DAY;
  const week = articles.filter((article) => article.publishedAtMs >= weekStart);
  const score = weightedTickerScore(week, ticker);
  const labels = week.map((article) => aboutTicker(article, ticker)?.label);
  const share = (label: SentimentLabel) =>
    week.length === 0
      ? null
      : round4((labels.filter((l) => l === label).length / week.length) * 100);
  const weeklyAverage = (articles.length * SENTIMENT_WINDOW_DAYS) / TREND_DAYS;
  const monthScore = weightedTickerScore(articles, ticker);
  return {
    ticker,
    windowDays: SENTIMENT_WINDOW_DAYS,
    articleCount: week.length,
    score: score === null ? null : round4(score),
    label: score === null ? null : labelOf(score),
    bullishPercent: share("bullish"),
    neutralPercent: share("neutral"),
    bearishPercent: share("bearish"),
    buzz: {
      articlesThisWeek: week.length,
      weeklyAverage: round4(weeklyAverage),
      ratio: weeklyAverage === 0 ? null : round4(week.length / weeklyAverage),
    },
    trend: {
      days: TREND_DAYS,
      monthScore: monthScore === null ? null : round4(monthScore),
      direction: trendDirection(score, monthScore),
      daily: dailyTrend(view, articles, ticker),
    },
  };
}

function trendDirection(weekScore: number | null, monthScore: number | null) {
  if (weekScore === null || monthScore === null) return null;
  const change = weekScore - monthScore;
  if (change >= TREND_THRESHOLD) return "improving" as const;
  if (change <= -TREND_THRESHOLD) return "deteriorating" as const;
  return "stable" as const;
}

/** One point per UTC day of the 30-day window, oldest first: count and mean score (null: none). */
function dailyTrend(view: NewsView, articles: readonly AnalysedArticle[], ticker: string) {
  const lastDay = Math.floor(view.asOfMs / MS_PER_DAY);
  return Array.from({ length: TREND_DAYS }, (_, index) => {
    const day = lastDay - (TREND_DAYS - 1) + index;
    const ofDay = articles.filter(
      (article) => Math.floor(article.publishedAtMs / MS_PER_DAY) === day,
    );
    const score = weightedTickerScore(ofDay, ticker);
    return {
      date: new Date(day * MS_PER_DAY).toISOString().slice(0, 10),
      articleCount: ofDay.length,
      score: score === null ? null : round4(score),
    };
  });
}

/** Hours between two instants, for recency weights. */
export const hoursBetween = (fromMs: number, toMs: number) => (toMs - fromMs) / MS_PER_HOUR;
