import type { AnalysedArticle } from "../../../news/analysis/types";
import type { NewsView } from "../../../news/desk";
import { NEWS_CATEGORIES, type NewsCategory } from "../../../news/ports";
import { labelOf, round4, windowArticles, windowClusters } from "../../news-data";

/** Counts over the window: topics, categories and outlets with their mean sentiment. */

const CATEGORY_DESCRIPTIONS: Record<NewsCategory, string> = {
  earnings: "Quarterly results: EPS and revenue against estimates, guidance",
  "price-action": "Large moves, gaps and trading halts",
  analyst: "Rating changes, initiations and price targets",
  dividends: "Dividend declarations, increases and cuts",
  corporate: "Management changes, deals, products and other company news",
  macro: "Economic releases and central-bank decisions",
  sector: "Moves and themes across a sector",
  regulatory: "Regulators, lawsuits, approvals and investigations",
  "press-release": "Company press releases and filings (SEC 8-K)",
};

function countedSentiment(articles: readonly AnalysedArticle[]) {
  const latest = articles.reduce((max, a) => Math.max(max, a.publishedAtMs), -Infinity);
  const mean =
    articles.length === 0
      ? null
      : articles.reduce((sum, a) => sum + a.sentiment.score, 0) / articles.length;
  return {
    articleCount: articles.length,
    averageSentiment: {
      score: mean === null ? null : round4(mean),
      label: mean === null ? null : labelOf(mean),
    },
    latestAt: articles.length === 0 ? null : new Date(latest).toISOString(),
  };
}

function groupBy(articles: readonly AnalysedArticle[], keysOf: (a: AnalysedArticle) => string[]) {
  const groups = new Map<string, AnalysedArticle[]>();
  for (const article of articles) {
    for (const key of keysOf(article)) {
      const group = groups.get(key) ?? [];
      group.push(article);
      groups.set(key, group);
    }
  }
  return groups;
}

export function topicCounts(view: NewsView) {
  const groups = groupBy(windowArticles(view), (article) => article.topics);
  const topics = [...groups]
    .map(([name, articles]) => ({ name, ...countedSentiment(articles) }))
    .sort((a, b) => b.articleCount - a.articleCount || a.name.localeCompare(b.name));
  return { asOf: new Date(view.asOfMs).toISOString(), topics };
}

export function categoryCounts(view: NewsView) {
  const groups = groupBy(windowArticles(view), (article) => [article.category]);
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    categories: NEWS_CATEGORIES.map((name) => ({
      name,
      description: CATEGORY_DESCRIPTIONS[name],
      ...countedSentiment(groups.get(name) ?? []),
    })),
  };
}

export function sourceCounts(view: NewsView) {
  const groups = groupBy(windowArticles(view), (article) => [article.sourceId]);
  const clusterCounts = new Map<string, number>();
  for (const cluster of windowClusters(view)) {
    for (const source of cluster.sourceIds) {
      clusterCounts.set(source, (clusterCounts.get(source) ?? 0) + 1);
    }
  }
  const sources = [...view.outlets.values()]
    .map((outlet) => {
      const { articleCount, averageSentiment, latestAt } = countedSentiment(
        groups.get(outlet.id) ?? [],
      );
      return {
        id: outlet.id,
        name: outlet.name,
        homepage: outlet.homepage,
        kind: outlet.kind,
        articleCount,
        clusterCount: clusterCounts.get(outlet.id) ?? 0,
        averageSentiment,
        latestAt,
      };
    })
    .sort((a, b) => b.articleCount - a.articleCount || a.id.localeCompare(b.id));
  return { asOf: new Date(view.asOfMs).toISOString(), provider: view.sourceName, sources };
}
