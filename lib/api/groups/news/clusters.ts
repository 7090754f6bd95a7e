import type { StoryCluster } from "../../../news/analysis/types";
import type { NewsView } from "../../../news/desk";
import { apiError } from "../../errors";
import { round4, servedArticle, servedCluster, windowClusters } from "../../news-data";

/** Story clusters: lists, one cluster with its articles, its timeline, related clusters. */

export function clusterOf(view: NewsView, id: string): StoryCluster {
  const cluster = view.clusterById.get(id);
  if (!cluster) throw apiError("CLUSTER_NOT_FOUND", { id });
  return cluster;
}

function membersOf(view: NewsView, cluster: StoryCluster) {
  return cluster.articleIds.flatMap((id) => {
    const article = view.articleById.get(id);
    return article ? [article] : [];
  });
}

export function clusterWithArticles(view: NewsView, id: string) {
  const cluster = clusterOf(view, id);
  const articles = membersOf(view, cluster).reverse();
  return { ...servedCluster(cluster), articles: articles.map((a) => servedArticle(view, a)) };
}

export function clusterTimeline(view: NewsView, id: string) {
  const cluster = clusterOf(view, id);
  let sum = 0;
  const timeline = membersOf(view, cluster).map((article, index) => {
    sum += article.sentiment.score;
    return {
      articleId: article.id,
      publishedAt: new Date(article.publishedAtMs).toISOString(),
      source: {
        id: article.sourceId,
        name: view.outlets.get(article.sourceId)?.name ?? article.sourceId,
      },
      headline: article.headline,
      sentiment: { score: round4(article.sentiment.score), label: article.sentiment.label },
      runningSentiment: round4(sum / (index + 1)),
      duplicateOf: article.duplicateOf,
    };
  });
  return { cluster: servedCluster(cluster), timeline };
}

function jaccard(a: readonly string[], b: readonly string[]) {
  const shared = a.filter((item) => b.includes(item));
  const union = new Set([...a, ...b]).size;
  return { shared, value: union === 0 ? 0 : shared.length / union };
}

/** Clusters by 0.6 × Jaccard(tickers) + 0.4 × Jaccard(topics), most similar first. */
export function relatedClusters(view: NewsView, id: string, limit: number) {
  const cluster = clusterOf(view, id);
  const related = windowClusters(view)
    .filter((other) => other.id !== cluster.id)
    .map((other) => {
      const tickers = jaccard(cluster.tickers, other.tickers);
      const topics = jaccard(cluster.topics, other.topics);
      return {
        other,
        tickers,
        topics,
        similarity: round4(0.6 * tickers.value + 0.4 * topics.value),
      };
    })
    .filter((entry) => entry.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || b.other.lastSeenMs - a.other.lastSeenMs)
    .slice(0, limit);
  return {
    cluster: servedCluster(cluster),
    related: related.map((entry) => ({
      ...servedCluster(entry.other),
      similarity: entry.similarity,
      sharedTickers: entry.tickers.shared,
      sharedTopics: entry.topics.shared,
    })),
  };
}
