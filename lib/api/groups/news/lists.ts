import type { NewsView } from "../../../news/desk";
import { hoursBetween, servedArticle, windowArticles, windowClusters } from "../../news-data";
import type { PageRequest } from "../../news-pages";
import { byRankThenId, rankedPage } from "../../pages";
import { MULTI_MAX_SYMBOLS, TOP_HALF_LIFE_HOURS, TOP_WINDOW_HOURS } from "./routes";

/** Article lists of the news group: pages of served articles, newest first unless ranked. */

/** Top stories: each recent cluster's first article, ranked (see the route's description). */
export function topStories(view: NewsView, page: PageRequest) {
  const since = view.asOfMs - TOP_WINDOW_HOURS * 3_600_000;
  const ranked = windowClusters(view)
    .filter((cluster) => cluster.lastSeenMs >= since)
    .flatMap((cluster) => {
      const leader = view.articleById.get(cluster.leaderArticleId);
      if (!leader) return [];
      const relevance = Math.max(0, ...leader.tickerSentiments.map((entry) => entry.relevance));
      const recency = 0.5 ** (hoursBetween(cluster.lastSeenMs, view.asOfMs) / TOP_HALF_LIFE_HOURS);
      const coverage = 1 + Math.log(Math.max(1, cluster.sourceIds.length));
      const relevanceFactor = 0.5 + 0.5 * (leader.tickers.length === 0 ? 0.5 : relevance);
      const rank = Math.round(recency * coverage * relevanceFactor * 1e6) / 1e6;
      return [{ rank, id: leader.id, leader, cluster }];
    })
    .sort(byRankThenId);
  const { rows, nextCursor } = rankedPage(ranked, page.limit, page.cursor);
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    nextCursor,
    articles: rows.map(({ leader, cluster, rank }) => ({
      ...servedArticle(view, leader),
      clusterArticleCount: cluster.articleIds.length,
      clusterSourceCount: cluster.sourceIds.length,
      rankScore: rank,
    })),
  };
}

/** Articles published in the last `hours` hours. */
export function breakingArticles(view: NewsView, hours: number) {
  const since = view.asOfMs - hours * 3_600_000;
  return windowArticles(view).filter((article) => article.publishedAtMs >= since);
}

/**
 * The symbols of /news/multi: tickers or codes (the part before "_"), upper-cased, distinct in
 * request order; the first 20 kept, the rest dropped (spec fact 1).
 */
export function multiSymbols(raw: string): { kept: string[]; dropped: string[] } {
  const distinct = [
    ...new Set(
      raw
        .split(",")
        .map((part) => part.trim().toUpperCase())
        .map((part) => (part.includes("_") ? part.slice(0, part.lastIndexOf("_")) : part))
        .filter((part) => part.length > 0),
    ),
  ];
  return { kept: distinct.slice(0, MULTI_MAX_SYMBOLS), dropped: distinct.slice(MULTI_MAX_SYMBOLS) };
}
