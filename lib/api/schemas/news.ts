import { array, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { NEWS_CATEGORIES } from "../../news/ports";
import { SENTIMENT_WINDOW_DAYS, TREND_DAYS, TREND_THRESHOLD } from "../news-data";

/**
 * Response parts and query parameters of the news endpoints, shared by the news group and the
 * company news extras (/company/{code}/news, .../clusters, .../sentiment).
 */

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

export const SENTIMENT_METHOD =
  "Sentiment is computed from the words (AFINN-165 lexicon of the `sentiment` package plus our " +
  "finance vocabulary: beat, miss, downgrade, guidance cut, ...): per article over headline, " +
  "summary and body; per ticker over the sentences naming the ticker or its company. Score −1..+1; " +
  "label bullish at ≥ +0.15, bearish at ≤ −0.15, else neutral.";

export const listQuery = {
  limit: coerce
    .number()
    .int()
    .min(1)
    .max(LIST_LIMIT_MAX)
    .default(LIST_LIMIT_DEFAULT)
    .meta({ description: `Rows per page, 1-${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT}` }),
  cursor: string()
    .max(200)
    .optional()
    .meta({ description: "The nextCursor of the previous page; absent for the first page" }),
};

export const sentimentLabel = zEnum(["bullish", "neutral", "bearish"]).meta({
  description: "bullish at score ≥ +0.15, bearish at ≤ −0.15, else neutral",
});

export const sentimentScore = number().meta({
  description: "−1 (negative) .. +1 (positive), 4 decimals",
});

export const sentimentSchema = object({ score: sentimentScore, label: sentimentLabel });

/** A score that is null when no article is behind it. */
export const optionalSentimentSchema = object({
  score: sentimentScore.nullable(),
  label: sentimentLabel.nullable(),
});

export const isoInstant = (description: string) =>
  iso.datetime().meta({ description: `${description}, ISO 8601 UTC` });

export const newsCategory = zEnum(NEWS_CATEGORIES as [string, ...string[]]).meta({
  description: "What the article is mainly about (GET /news/categories lists them)",
});

export const articleSchema = object({
  id: string().meta({ description: "Stable article id (GET /news/articles/{id})" }),
  headline: string(),
  summary: string().meta({ description: "One to three sentences" }),
  source: object({
    id: string().meta({ description: "Outlet id (GET /news/sources)" }),
    name: string(),
  }),
  url: string().meta({ description: "The article's page at the outlet" }),
  author: string().nullable().meta({ description: "Byline; null when none" }),
  publishedAt: isoInstant("When the outlet published it"),
  category: newsCategory,
  topics: array(string()).meta({ description: "Topic slugs (GET /news/topics)" }),
  tickers: array(string()).meta({
    description: "Symbols the article is about, most relevant first",
  }),
  sentiment: sentimentSchema.meta({ description: "The whole article's sentiment" }),
  tickerSentiments: array(
    object({
      ticker: string(),
      score: sentimentScore,
      label: sentimentLabel,
      relevance: number().meta({
        description: "0..1: how much the article is about the ticker, 4 decimals",
      }),
    }),
  ).meta({ description: "One per ticker, same order as tickers" }),
  clusterId: string().meta({ description: "The story cluster (GET /news/clusters/{id})" }),
  duplicateOf: string().nullable().meta({
    description:
      "The earlier article this one nearly duplicates (MinHash estimate of word-shingle Jaccard ≥ the threshold); null if none",
  }),
});

export const clusterSchema = object({
  id: string().meta({ description: "Stable cluster id, derived from its first article's id" }),
  headline: string().meta({ description: "The first article's headline" }),
  leaderArticleId: string(),
  firstSeen: isoInstant("First article published"),
  lastSeen: isoInstant("Latest article published"),
  articleCount: int(),
  sourceCount: int().meta({ description: "Distinct outlets" }),
  sources: array(string()).meta({ description: "Outlet ids" }),
  tickers: array(string()).meta({ description: "By number of member articles naming them" }),
  topics: array(string()),
  averageSentiment: sentimentSchema.meta({ description: "Mean of the member articles' scores" }),
});

/** Page envelope fields of every news list. */
export const pageFields = {
  asOf: isoInstant("The clock the list was computed at"),
  nextCursor: string()
    .nullable()
    .meta({ description: "Pass as cursor for the next page; null on the last page" }),
};

export const ARTICLE_LIST_NOTE =
  "Articles of the last 30 days up to the clock; newest first unless stated. Lists omit the " +
  "article body (GET /news/articles/{id} has it).";

export const tickerSentimentSchema = object({
  ticker: string(),
  windowDays: int().meta({ description: `The last ${SENTIMENT_WINDOW_DAYS} days` }),
  articleCount: int().meta({ description: "Articles naming the ticker in the window" }),
  score: sentimentScore.nullable().meta({
    description: "Relevance-weighted mean of the articles' scores about the ticker; null: none",
  }),
  label: sentimentLabel.nullable(),
  bullishPercent: number()
    .nullable()
    .meta({ description: "Share of articles bullish about it, percent" }),
  neutralPercent: number().nullable(),
  bearishPercent: number().nullable(),
  buzz: object({
    articlesThisWeek: int(),
    weeklyAverage: number().meta({
      description: `Articles of the last ${TREND_DAYS} days × 7 / ${TREND_DAYS}`,
    }),
    ratio: number().nullable().meta({
      description: "articlesThisWeek / weeklyAverage (1 = usual coverage); null when no article",
    }),
  }),
  trend: object({
    days: int(),
    monthScore: sentimentScore
      .nullable()
      .meta({ description: `Weighted mean over ${TREND_DAYS} days` }),
    direction: zEnum(["improving", "stable", "deteriorating"])
      .nullable()
      .meta({
        description: `score − monthScore ≥ ${TREND_THRESHOLD}: improving; ≤ −${TREND_THRESHOLD}: deteriorating`,
      }),
    daily: array(
      object({
        date: string().meta({ description: "UTC day, yyyy-MM-dd" }),
        articleCount: int(),
        score: sentimentScore.nullable(),
      }),
    ).meta({ description: "One point per UTC day, oldest first" }),
  }),
});
