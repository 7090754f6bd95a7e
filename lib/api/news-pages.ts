import type { AnalysedArticle } from "../news/analysis/types";
import type { NewsView } from "../news/desk";
import { servedArticle, servedCluster, windowClusters } from "./news-data";
import { byRankThenId, rankedPage } from "./pages";

/** Pages of articles and clusters, shared by the news group and the company news extras. */

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** A page of articles newest first, as served, with the page fields. */
export function newestFirstPage(
  view: NewsView,
  rows: readonly AnalysedArticle[],
  page: PageRequest,
) {
  const ranked = rows.map((article) => ({ article, rank: article.publishedAtMs, id: article.id }));
  ranked.sort(byRankThenId);
  const { rows: pageRows, nextCursor } = rankedPage(ranked, page.limit, page.cursor);
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    nextCursor,
    articles: pageRows.map((row) => servedArticle(view, row.article)),
  };
}

/** Clusters latest first, optionally only those naming a ticker or carrying a topic. */
export function clusterPage(
  view: NewsView,
  filter: { ticker?: string | undefined; topic?: string | undefined },
  page: PageRequest,
) {
  const rows = windowClusters(view)
    .filter((cluster) => filter.ticker === undefined || cluster.tickers.includes(filter.ticker))
    .filter((cluster) => filter.topic === undefined || cluster.topics.includes(filter.topic))
    .map((cluster) => ({ cluster, rank: cluster.lastSeenMs, id: cluster.id }))
    .sort(byRankThenId);
  const { rows: pageRows, nextCursor } = rankedPage(rows, page.limit, page.cursor);
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    nextCursor,
    clusters: pageRows.map((row) => servedCluster(row.cluster)),
  };
}
