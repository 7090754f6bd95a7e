import type { CoreDeps, Deps } from "../../../deps";
import type { Instrument } from "../../../market/ports";
import { narrateAll } from "../../../narrative/answer";
import type { NewsView } from "../../../news/desk";
import { NEWS_SUMMARY_INSTRUCTIONS, NEWS_SUMMARY_KIND } from "../../../news/summary";
import { fromCompanySource } from "../../company-source";
import { apiError } from "../../errors";
import { instrumentOf } from "../../market-data";
import {
  labelOf,
  newsViewOf,
  round4,
  SENTIMENT_WINDOW_DAYS,
  servedCluster,
  tickerArticles,
  tickerClusters,
  tickerSentimentSummary,
} from "../../news-data";
import { clusterPage, newestFirstPage } from "../../news-pages";
import type { Implementations } from "../../route";
import { type companyExtraRoutes, NEWS_WEIGHT, SOCIAL_WEIGHT, SUMMARY_CLUSTERS } from "./routes";

/** What the company news extras use (wired in ./index.ts). */
export type CompanyExtraDeps = CoreDeps & Pick<Deps, "market" | "company" | "news" | "narrative">;

/** A stock or fund: 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for other kinds. */
async function companyOf(deps: CompanyExtraDeps, code: string, what: string): Promise<Instrument> {
  const instrument = await instrumentOf(deps, code);
  if (instrument.contractType !== "Stock" && instrument.contractType !== "ETF") {
    throw apiError("NO_DATA", {
      what,
      code: instrument.code,
      reason: `a ${instrument.contractType.toLowerCase()} contract is no company`,
    });
  }
  return instrument;
}

/** The week's clusters naming the symbol: most outlets, then most articles, then latest. */
function weekClusters(view: NewsView, symbol: string) {
  const since = view.asOfMs - SENTIMENT_WINDOW_DAYS * 86_400_000;
  return tickerClusters(view, symbol)
    .filter((cluster) => cluster.lastSeenMs >= since)
    .map((cluster) => ({
      cluster,
      recent: cluster.articleIds.filter(
        (id) => (view.articleById.get(id)?.publishedAtMs ?? 0) >= since,
      ).length,
    }))
    .sort(
      (a, b) =>
        b.cluster.sourceIds.length - a.cluster.sourceIds.length ||
        b.recent - a.recent ||
        b.cluster.lastSeenMs - a.cluster.lastSeenMs,
    );
}

async function newsSummary(deps: CompanyExtraDeps, code: string) {
  const instrument = await companyOf(deps, code, "news summary");
  const view = await newsViewOf(deps);
  const since = view.asOfMs - SENTIMENT_WINDOW_DAYS * 86_400_000;
  const articles = tickerArticles(view, instrument.symbol).filter((a) => a.publishedAtMs >= since);
  const clusters = weekClusters(view, instrument.symbol);
  const cited = clusters.slice(0, SUMMARY_CLUSTERS);
  const sentiment = tickerSentimentSummary(view, instrument.symbol);
  const sourceCount = new Set(articles.map((a) => a.sourceId)).size;
  const [summary] = await narrateAll(deps.narrative, [
    {
      kind: NEWS_SUMMARY_KIND,
      instructions: NEWS_SUMMARY_INSTRUCTIONS,
      facts: {
        companyName: instrument.name,
        symbol: instrument.symbol,
        days: SENTIMENT_WINDOW_DAYS,
        articleCount: articles.length,
        sourceCount,
        clusterCount: clusters.length,
        topHeadlines: cited.map(({ cluster }) => cluster.headline),
        topSourceCounts: cited.map(({ cluster }) => cluster.sourceIds.length),
        sentimentScore: sentiment.score ?? 0,
        sentimentLabel: sentiment.label ?? "neutral",
        trendDirection: sentiment.trend.direction,
      },
    },
  ]);
  return {
    symbol: instrument.symbol,
    asOf: new Date(view.asOfMs).toISOString(),
    windowDays: SENTIMENT_WINDOW_DAYS,
    summary: summary ?? "",
    articleCount: articles.length,
    sourceCount,
    clusterCount: clusters.length,
    sentiment: { score: sentiment.score, label: sentiment.label },
    citedClusters: cited.map(({ cluster, recent }) => ({
      ...servedCluster(cluster),
      recentArticleCount: recent,
    })),
  };
}

/** The social feed's tagged messages as a −1..+1 score; "no-feed" when the source has none. */
async function socialPart(deps: CompanyExtraDeps, symbol: string) {
  const feed = deps.company.social;
  const snapshot = feed ? await fromCompanySource(() => feed.social(symbol)) : undefined;
  if (!snapshot) {
    return {
      available: "no-feed" as const,
      windowHours: null,
      messageCount: 0,
      bullishCount: 0,
      bearishCount: 0,
      score: null,
      label: null,
    };
  }
  const bullishCount = snapshot.messages.filter((m) => m.sentiment === "Bullish").length;
  const bearishCount = snapshot.messages.filter((m) => m.sentiment === "Bearish").length;
  const tagged = bullishCount + bearishCount;
  const score = tagged === 0 ? null : (bullishCount - bearishCount) / tagged;
  return {
    available: "yes" as const,
    windowHours: snapshot.windowHours,
    messageCount: snapshot.messages.length,
    bullishCount,
    bearishCount,
    score: score === null ? null : round4(score),
    label: score === null ? null : labelOf(score),
  };
}

async function combinedSentiment(deps: CompanyExtraDeps, code: string) {
  const instrument = await companyOf(deps, code, "sentiment");
  const [view, social] = await Promise.all([newsViewOf(deps), socialPart(deps, instrument.symbol)]);
  const news = tickerSentimentSummary(view, instrument.symbol);
  const weights = {
    news: news.score === null ? 0 : NEWS_WEIGHT,
    social: social.score === null ? 0 : SOCIAL_WEIGHT,
  };
  const total = weights.news + weights.social;
  const score =
    total === 0
      ? null
      : (weights.news * (news.score ?? 0) + weights.social * (social.score ?? 0)) / total;
  return {
    symbol: instrument.symbol,
    asOf: new Date(view.asOfMs).toISOString(),
    combined: {
      score: score === null ? null : round4(score),
      label: score === null ? null : labelOf(score),
      weights,
    },
    news,
    social,
  };
}

export const companyExtraImplementations: Implementations<
  typeof companyExtraRoutes,
  CompanyExtraDeps
> = {
  "companyExtra.news": async ({ params, query }, deps) => {
    const instrument = await companyOf(deps, params.code, "news");
    const view = await newsViewOf(deps);
    const page = newestFirstPage(view, tickerArticles(view, instrument.symbol), query);
    return { symbol: instrument.symbol, ...page };
  },
  "companyExtra.newsSummary": ({ params }, deps) => newsSummary(deps, params.code),
  "companyExtra.sentiment": ({ params }, deps) => combinedSentiment(deps, params.code),
  "companyExtra.clusters": async ({ params, query }, deps) => {
    const instrument = await companyOf(deps, params.code, "story clusters");
    const view = await newsViewOf(deps);
    return {
      symbol: instrument.symbol,
      ...clusterPage(view, { ticker: instrument.symbol }, query),
    };
  },
};
