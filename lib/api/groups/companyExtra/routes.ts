import { array, int, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../contract-code";
import { SENTIMENT_WINDOW_DAYS } from "../../news-data";
import { groupRoutes } from "../../route";
import {
  ARTICLE_LIST_NOTE,
  articleSchema,
  clusterSchema,
  isoInstant,
  listQuery,
  pageFields,
  SENTIMENT_METHOD,
  sentimentLabel,
  sentimentScore,
  tickerSentimentSchema,
} from "../../schemas/news";

/**
 * The company news extras: a company's articles, a written summary of its week in the news,
 * news sentiment combined with the social feed's, and its story clusters. The same articles,
 * scores and clusters as the news endpoints (lib/api/news-data.ts).
 */

/** Combined sentiment weights: news and the social feed. */
export const NEWS_WEIGHT = 0.6;
export const SOCIAL_WEIGHT = 0.4;
/** The summary cites this many clusters at most. */
export const SUMMARY_CLUSTERS = 3;

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a contract that is no company or " +
  "fund (indices, futures, crypto).";
const UNAVAILABLE = "503 NEWS_UNAVAILABLE (Retry-After 30) while the news source is unreachable.";

const params = object({ code: contractCode });

export const companyExtraRoutes = groupRoutes("companyExtra", {
  news: {
    method: "GET",
    path: "/company/{code}/news",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "NEWS_UNAVAILABLE"],
    summary: "The company's news, newest first",
    description: `The articles GET /news/ticker/{code} lists. ${ARTICLE_LIST_NOTE} ${SENTIMENT_METHOD} ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params,
    query: object({ ...listQuery }),
    response: object({ ...pageFields, symbol: string(), articles: array(articleSchema) }),
  },
  newsSummary: {
    method: "GET",
    path: "/company/{code}/news-summary",
    auth: "key",
    errors: [
      "SYMBOL_NOT_FOUND",
      "NO_DATA",
      "MARKET_DATA_UNAVAILABLE",
      "NEWS_UNAVAILABLE",
      "AI_ERROR",
    ],
    summary: "The company's last 7 days in the news, in a few sentences, with the stories cited",
    description:
      `The clusters naming the company with an article in the last ${SENTIMENT_WINDOW_DAYS} days, ` +
      `most outlets first (then most articles, then latest); the first ${SUMMARY_CLUSTERS} are ` +
      "cited by headline. The text is written from these facts through the narrative port (a " +
      "deterministic template writer by default; NARRATIVE_BACKEND=bedrock uses Amazon Bedrock); " +
      `its failure answers 500 AI_ERROR. Sentiment as GET /news/ticker/{code}/sentiment. ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params,
    response: object({
      symbol: string(),
      asOf: isoInstant("The clock"),
      windowDays: int(),
      summary: string().meta({ description: "Two to four sentences" }),
      articleCount: int(),
      sourceCount: int().meta({ description: "Distinct outlets" }),
      clusterCount: int(),
      sentiment: object({ score: sentimentScore.nullable(), label: sentimentLabel.nullable() }),
      citedClusters: array(
        clusterSchema.extend({
          recentArticleCount: int().meta({ description: "Its articles in the window" }),
        }),
      ).meta({ description: "The clusters the summary cites, in its order" }),
    }),
  },
  sentiment: {
    method: "GET",
    path: "/company/{code}/sentiment",
    auth: "key",
    errors: [
      "SYMBOL_NOT_FOUND",
      "NO_DATA",
      "MARKET_DATA_UNAVAILABLE",
      "COMPANY_DATA_UNAVAILABLE",
      "NEWS_UNAVAILABLE",
    ],
    summary: "News sentiment combined with the social feed's, each part shown",
    description:
      "news: GET /news/ticker/{code}/sentiment's score (−1..+1). social: the tagged messages of " +
      "GET /company/{code}/social, score = (bullish − bearish) / (bullish + bearish) (= 2 × " +
      "sentimentRatio − 1); null without tagged messages or without a social feed (SEC EDGAR has " +
      `none). combined = (${NEWS_WEIGHT} × news + ${SOCIAL_WEIGHT} × social) / (the weights of ` +
      `the parts present); null when neither is. ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params,
    response: object({
      symbol: string(),
      asOf: isoInstant("The clock"),
      combined: object({
        score: sentimentScore.nullable(),
        label: sentimentLabel.nullable(),
        weights: object({ news: number(), social: number() }).meta({
          description: "The weights applied (0 for a missing part)",
        }),
      }),
      news: tickerSentimentSchema,
      social: object({
        available: zEnum(["yes", "no-feed"]).meta({
          description: "no-feed: the company-data source has no social feed",
        }),
        windowHours: int().nullable(),
        messageCount: int(),
        bullishCount: int(),
        bearishCount: int(),
        score: sentimentScore.nullable(),
        label: sentimentLabel.nullable(),
      }),
    }),
  },
  clusters: {
    method: "GET",
    path: "/company/{code}/clusters",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "NEWS_UNAVAILABLE"],
    summary: "The company's story clusters, latest first",
    description: `The clusters GET /news/clusters?ticker= lists for the company's symbol. ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params,
    query: object({ ...listQuery }),
    response: object({ ...pageFields, symbol: string(), clusters: array(clusterSchema) }),
  },
});
