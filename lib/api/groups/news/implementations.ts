import type { CoreDeps, Deps } from "../../../deps";
import { apiError, invalidParameter } from "../../errors";
import { fromProvider, instrumentOf } from "../../market-data";
import {
  newsViewOf,
  servedArticle,
  tickerArticles,
  tickerSentimentSummary,
  windowArticles,
} from "../../news-data";
import { clusterPage, newestFirstPage } from "../../news-pages";
import type { Implementations } from "../../route";
import { clusterTimeline, clusterWithArticles, relatedClusters } from "./clusters";
import { categoryCounts, sourceCounts, topicCounts } from "./counts";
import { breakingArticles, multiSymbols, topStories } from "./lists";
import { marketMood } from "./mood";
import type { newsRoutes } from "./routes";
import { searchArticles } from "./search";

/** What the news group's implementations use (wired in ./index.ts). */
export type NewsDeps = CoreDeps & Pick<Deps, "market" | "news">;

/** Symbol → GICS sector of the market's instruments, for the sector moods. */
async function sectorsBySymbol(deps: NewsDeps): Promise<Map<string, string>> {
  const instruments = await fromProvider(() => deps.market.instruments());
  return new Map(
    instruments.flatMap((instrument) =>
      instrument.sector && instrument.contractType === "Stock"
        ? [[instrument.symbol, instrument.sector] as const]
        : [],
    ),
  );
}

export const newsImplementations: Implementations<typeof newsRoutes, NewsDeps> = {
  "news.top": async ({ query }, deps) => topStories(await newsViewOf(deps), query),
  "news.ticker": async ({ params, query }, deps) => {
    const instrument = await instrumentOf(deps, params.code);
    const view = await newsViewOf(deps);
    const page = newestFirstPage(view, tickerArticles(view, instrument.symbol), query);
    return { symbol: instrument.symbol, ...page };
  },
  "news.breaking": async ({ query }, deps) => {
    const view = await newsViewOf(deps);
    return {
      hours: query.hours,
      ...newestFirstPage(view, breakingArticles(view, query.hours), query),
    };
  },
  "news.marketMood": async (_input, deps) => {
    const [view, sectors] = await Promise.all([newsViewOf(deps), sectorsBySymbol(deps)]);
    return marketMood(view, sectors);
  },
  "news.tickerSentiment": async ({ params }, deps) => {
    const instrument = await instrumentOf(deps, params.code);
    const view = await newsViewOf(deps);
    return {
      asOf: new Date(view.asOfMs).toISOString(),
      ...tickerSentimentSummary(view, instrument.symbol),
    };
  },
  "news.topics": async (_input, deps) => topicCounts(await newsViewOf(deps)),
  "news.topic": async ({ params, query }, deps) => {
    const view = await newsViewOf(deps);
    const articles = windowArticles(view).filter((a) => a.topics.includes(params.name));
    if (articles.length === 0) throw apiError("TOPIC_NOT_FOUND", { name: params.name });
    return { topic: params.name, ...newestFirstPage(view, articles, query) };
  },
  "news.multi": async ({ query }, deps) => {
    const { kept, dropped } = multiSymbols(query.symbols);
    if (kept.length === 0) throw invalidSymbols();
    const view = await newsViewOf(deps);
    const wanted = new Set(kept);
    const articles = windowArticles(view).filter((a) => a.tickers.some((t) => wanted.has(t)));
    return { symbols: kept, droppedSymbols: dropped, ...newestFirstPage(view, articles, query) };
  },
  "news.search": async ({ query }, deps) => searchArticles(await newsViewOf(deps), query.q, query),
  "news.article": async ({ params }, deps) => {
    const view = await newsViewOf(deps);
    const article = view.articleById.get(params.id);
    if (!article) throw apiError("ARTICLE_NOT_FOUND", { id: params.id });
    return {
      ...servedArticle(view, article),
      body: article.body,
      sentimentTerms: {
        positive: article.sentiment.positiveTerms,
        negative: article.sentiment.negativeTerms,
      },
    };
  },
  "news.categories": async (_input, deps) => categoryCounts(await newsViewOf(deps)),
  "news.category": async ({ params, query }, deps) => {
    const view = await newsViewOf(deps);
    const articles = windowArticles(view).filter((a) => a.category === params.name);
    return { category: params.name, ...newestFirstPage(view, articles, query) };
  },
  "news.clusters": async ({ query }, deps) =>
    clusterPage(await newsViewOf(deps), { ticker: query.ticker, topic: query.topic }, query),
  "news.cluster": async ({ params }, deps) =>
    clusterWithArticles(await newsViewOf(deps), params.id),
  "news.clusterTimeline": async ({ params }, deps) =>
    clusterTimeline(await newsViewOf(deps), params.id),
  "news.clusterRelated": async ({ params, query }, deps) =>
    relatedClusters(await newsViewOf(deps), params.id, query.limit),
  "news.sources": async (_input, deps) => sourceCounts(await newsViewOf(deps)),
};

const invalidSymbols = () => invalidParameter("symbols", "must name at least one symbol");
