import type { AnalysedArticle } from "../../../news/analysis/types";
import type { NewsView } from "../../../news/desk";
import { servedArticle, windowArticles } from "../../news-data";
import type { PageRequest } from "../../news-pages";
import { byRankThenId, rankedPage } from "../../pages";

/**
 * Full-text search: score = Σ over the query's distinct words of idf(word) × (2 if the headline
 * has it + 1 if the summary has it), idf = ln(1 + N / df) over the window's N articles.
 */

const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

interface Indexed {
  article: AnalysedArticle;
  headline: Set<string>;
  summary: Set<string>;
}

/** The window's words per article, kept with the view (built on first search). */
const indexes = new WeakMap<NewsView, Indexed[]>();

function indexOf(view: NewsView): Indexed[] {
  let index = indexes.get(view);
  if (!index) {
    index = windowArticles(view).map((article) => ({
      article,
      headline: wordsOf(article.headline),
      summary: wordsOf(article.summary),
    }));
    indexes.set(view, index);
  }
  return index;
}

export function searchArticles(view: NewsView, q: string, page: PageRequest) {
  const index = indexOf(view);
  const words = [...wordsOf(q)];
  const idf = new Map(
    words.map((word) => {
      const df = index.filter(
        (entry) => entry.headline.has(word) || entry.summary.has(word),
      ).length;
      return [word, df === 0 ? 0 : Math.log(1 + index.length / df)];
    }),
  );
  const matches = index
    .map((entry) => {
      let score = 0;
      for (const word of words) {
        const weight = (entry.headline.has(word) ? 2 : 0) + (entry.summary.has(word) ? 1 : 0);
        score += (idf.get(word) ?? 0) * weight;
      }
      return { entry, score: Math.round(score * 1e6) / 1e6 };
    })
    .filter((match) => match.score > 0)
    .map(({ entry, score }) => ({ entry, score, rank: score, id: entry.article.id }))
    .sort(byRankThenId);
  const { rows, nextCursor } = rankedPage(matches, page.limit, page.cursor);
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    nextCursor,
    query: q,
    totalMatches: matches.length,
    articles: rows.map(({ entry, score }) => ({
      ...servedArticle(view, entry.article),
      searchScore: score,
    })),
  };
}
