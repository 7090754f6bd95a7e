import type { NewsView } from "../../../news/desk";
import type { NewsOutlet } from "../../../news/ports";
import { hoursBetween, labelOf, round4, windowArticles } from "../../news-data";
import { MOOD_HALF_LIFE_HOURS, MOOD_WINDOW_DAYS, OUTLET_WEIGHTS } from "./routes";

/** Market mood: recency- and outlet-weighted mean sentiment, over the market and per sector. */

interface WeightedMean {
  weighted: number;
  weights: number;
  articles: number;
}

const empty = (): WeightedMean => ({ weighted: 0, weights: 0, articles: 0 });

function add(mean: WeightedMean, weight: number, score: number) {
  mean.weighted += weight * score;
  mean.weights += weight;
  mean.articles += 1;
}

function served(mean: WeightedMean) {
  const score = mean.weights === 0 ? null : mean.weighted / mean.weights;
  return {
    score: score === null ? null : round4(score),
    label: score === null ? null : labelOf(score),
    articleCount: mean.articles,
    weight: round4(mean.weights),
  };
}

const outletWeight = (outlet: NewsOutlet | undefined) =>
  outlet ? OUTLET_WEIGHTS[outlet.kind] : 0.5;

export function marketMood(view: NewsView, sectorOf: ReadonlyMap<string, string>) {
  const since = view.asOfMs - MOOD_WINDOW_DAYS * 86_400_000;
  const market = empty();
  const sectors = new Map(
    [...new Set(sectorOf.values())].sort().map((sector) => [sector, empty()]),
  );
  for (const article of windowArticles(view)) {
    if (article.publishedAtMs < since) continue;
    const recency =
      0.5 ** (hoursBetween(article.publishedAtMs, view.asOfMs) / MOOD_HALF_LIFE_HOURS);
    const weight = recency * outletWeight(view.outlets.get(article.sourceId));
    add(market, weight, article.sentiment.score);
    for (const entry of article.tickerSentiments) {
      const sector = sectorOf.get(entry.ticker);
      const mean = sector === undefined ? undefined : sectors.get(sector);
      if (mean) add(mean, weight * entry.relevance, entry.score);
    }
  }
  return {
    asOf: new Date(view.asOfMs).toISOString(),
    windowDays: MOOD_WINDOW_DAYS,
    halfLifeHours: MOOD_HALF_LIFE_HOURS,
    market: served(market),
    sectors: [...sectors].map(([sector, mean]) => ({ sector, ...served(mean) })),
  };
}
