import { describe, expect, it } from "vitest";
import type { Clock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { companyNamesOf } from "../../lib/news/company-names";
import { analysisStartOf, createNewsDesk, NEWS_REFRESH_MS } from "../../lib/news/desk";
import { createSimulatedNewsroom } from "../../lib/news/sim";

/**
 * The news desk over the simulated newsroom with a clock that moves: one view per minute of
 * the clock, shared within it; a later view in the same week of the analysis start keeps every
 * earlier article's sentiment, duplicate and cluster (sentiment is carried over between views,
 * clusters depend only on earlier news back to that start).
 */

describe("the news desk", () => {
  it("recomputes once a minute and keeps what earlier views said of each article", async () => {
    let nowMs = Date.parse("2026-11-24T16:00:00Z");
    const clock: Clock = { now: () => new Date(nowMs) };
    const market = createSimulatedMarket(clock);
    const desk = createNewsDesk({
      source: createSimulatedNewsroom(market, clock),
      clock,
      namesByTicker: async () =>
        new Map((await market.instruments()).map((i) => [i.symbol, companyNamesOf(i)])),
    });
    const first = await desk.view();
    nowMs += 1_000;
    expect(await desk.view()).toBe(first);
    nowMs += NEWS_REFRESH_MS * 90; // an hour and a half later: new articles
    const later = await desk.view();
    expect(later).not.toBe(first);
    expect(analysisStartOf(later.windowStartMs)).toBe(analysisStartOf(first.windowStartMs));
    expect(later.articles.some((article) => article.publishedAtMs > first.asOfMs)).toBe(true);
    let compared = 0;
    for (const article of first.articles) {
      const again = later.articleById.get(article.id);
      if (!again || article.publishedAtMs < later.windowStartMs) continue;
      expect(again.sentiment).toEqual(article.sentiment);
      expect(again.tickerSentiments).toEqual(article.tickerSentiments);
      expect(again.duplicateOf).toBe(article.duplicateOf);
      expect(again.clusterId).toBe(article.clusterId);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});
