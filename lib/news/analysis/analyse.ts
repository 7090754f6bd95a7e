/**
 * The analysis of a set of articles, the same for every news source: sentiment per article
 * and per ticker (sentiment.ts), near-duplicates (minhash.ts) and story clusters
 * (clustering.ts, on the headline and summary without the article's own company names and
 * tickers). Pure and deterministic: the result depends on the articles, not on their
 * order in the input, and an article's duplicate and cluster depend only on the articles
 * published before it.
 */

import type { SourceArticle } from "../ports";
import { clusterIdOf, DEFAULT_CLUSTER_WINDOW_MS, leaderClusters } from "./clustering";
import { withoutMentions } from "./mentions";
import { nearDuplicates } from "./minhash";
import { analyseArticleSentiment, round4, sentimentLabel } from "./sentiment";
import type { AnalysedArticle, NewsAnalysis, StoryCluster } from "./types";

/**
 * Similarity (cosine + ticker bonus) from which an article joins a story. Chosen on 24 articles
 * written by hand as three outlets would tell 11 stories (test/news/analysis/clustering.test.ts):
 * against its own story's leader an article scores 0.29-0.67; against the leader of another
 * story of the same company at most 0.20 (bonus included), of an unrelated story at most 0.11.
 * Another company's story written from the same template reaches 0.59: the ticker rule
 * (clustering.ts), not the threshold, keeps those apart.
 */
export const DEFAULT_CLUSTER_THRESHOLD = 0.25;
/**
 * Added to the cosine when the article and the cluster's leader share a ticker. The company's
 * names are taken out of the compared texts (so that two stories of one company are not alike
 * only by its name): the shared ticker says "same company" instead.
 */
export const CLUSTER_TICKER_BONUS = 0.1;
/** Estimated Jaccard of 3-word shingles from which an article is a copy of an earlier one. */
export const DEFAULT_DUPLICATE_THRESHOLD = 0.8;

export interface AnalyseOptions {
  /**
   * Company names by ticker ("AAPL" → ["Apple Inc."]; the name without its legal suffix,
   * "Apple", is derived): the per-ticker sentiment reads the sentences naming the company, and
   * clustering leaves the names out. Add the short names headlines use that cannot be derived
   * ("Meta" for Meta Platforms, "Google" for Alphabet).
   */
  namesByTicker: ReadonlyMap<string, readonly string[]>;
  clusterThreshold?: number;
  duplicateThreshold?: number;
  /** How far back a cluster's leader (and an original of a duplicate) may be; 72 h. */
  windowMs?: number;
  /**
   * Sentiment already computed, by article id, kept by the caller between analyses of sliding
   * windows (an article's sentiment depends only on its text and the names): read, and filled
   * with the articles scored now.
   */
  sentimentCache?: Map<string, ArticleSentiment>;
}

type ArticleSentiment = ReturnType<typeof analyseArticleSentiment>;

/** Sentiment, duplicates and clusters of the articles (any order; a repeated id counts once). */
export function analyseNews(
  articles: readonly SourceArticle[],
  options: AnalyseOptions,
): NewsAnalysis {
  const windowMs = options.windowMs ?? DEFAULT_CLUSTER_WINDOW_MS;
  const oldestFirst = distinctById(articles).sort(
    (a, b) => a.publishedAtMs - b.publishedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const duplicates = nearDuplicates(
    oldestFirst.map((article) => ({
      id: article.id,
      text: duplicateText(article),
      timeMs: article.publishedAtMs,
    })),
    options.duplicateThreshold ?? DEFAULT_DUPLICATE_THRESHOLD,
    windowMs,
  );
  const clusterOf = leaderClusters(
    oldestFirst.map((article) => ({
      id: article.id,
      text: withoutMentions(
        `${article.headline}\n${article.summary}`,
        article.tickers,
        options.namesByTicker,
      ),
      timeMs: article.publishedAtMs,
      tickers: article.tickers,
      duplicateOf: duplicates.get(article.id) ?? null,
    })),
    {
      threshold: options.clusterThreshold ?? DEFAULT_CLUSTER_THRESHOLD,
      windowMs,
      tickerBonus: CLUSTER_TICKER_BONUS,
    },
  );
  const analysed = oldestFirst.map(
    (article): AnalysedArticle => ({
      ...article,
      ...sentimentOf(article, options),
      duplicateOf: duplicates.get(article.id) ?? null,
      clusterId: clusterOf.get(article.id) ?? clusterIdOf(article.id),
    }),
  );
  const clusters = storyClusters(analysed).sort(
    (a, b) =>
      b.lastSeenMs - a.lastSeenMs || b.firstSeenMs - a.firstSeenMs || (a.id < b.id ? -1 : 1),
  );
  return {
    articles: analysed.toReversed(),
    clusters,
    articleById: new Map(analysed.map((article) => [article.id, article])),
    clusterById: new Map(clusters.map((cluster) => [cluster.id, cluster])),
  };
}

function sentimentOf(article: SourceArticle, options: AnalyseOptions): ArticleSentiment {
  const cached = options.sentimentCache?.get(article.id);
  if (cached) return cached;
  const sentiment = analyseArticleSentiment(article, options.namesByTicker);
  options.sentimentCache?.set(article.id, sentiment);
  return sentiment;
}

function distinctById(articles: readonly SourceArticle[]): SourceArticle[] {
  const seen = new Set<string>();
  return articles.filter((article) => !seen.has(article.id) && seen.add(article.id));
}

/**
 * What near-duplicates are found on: the headline and summary, which every source publishes
 * (feeds have no body) and a syndicated copy repeats.
 */
function duplicateText(article: SourceArticle): string {
  return `${article.headline}\n${article.summary}`;
}

/** The clusters of articles given oldest first. */
function storyClusters(oldestFirst: readonly AnalysedArticle[]): StoryCluster[] {
  const members = new Map<string, AnalysedArticle[]>();
  for (const article of oldestFirst) {
    const list = members.get(article.clusterId);
    if (list) list.push(article);
    else members.set(article.clusterId, [article]);
  }
  return [...members.entries()].map(([id, list]) => storyCluster(id, list));
}

function storyCluster(id: string, members: readonly AnalysedArticle[]): StoryCluster {
  const leader = members[0] as AnalysedArticle;
  const last = members[members.length - 1] as AnalysedArticle;
  const meanScore = round4(
    members.reduce((sum, article) => sum + article.sentiment.score, 0) / members.length,
  );
  return {
    id,
    headline: leader.headline,
    leaderArticleId: leader.id,
    firstSeenMs: leader.publishedAtMs,
    lastSeenMs: last.publishedAtMs,
    articleIds: members.map((article) => article.id),
    sourceIds: [...new Set(members.map((article) => article.sourceId))],
    tickers: byMemberCount(members.map((article) => article.tickers)),
    topics: byMemberCount(members.map((article) => article.topics)),
    averageSentiment: { score: meanScore, label: sentimentLabel(meanScore) },
  };
}

/** Distinct items by how many members name them, most first; ties in order of first mention. */
function byMemberCount(lists: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const list of lists)
    for (const item of new Set(list)) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number));
}
