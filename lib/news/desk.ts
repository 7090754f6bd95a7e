import type { Clock } from "../deps";
import { type AnalyseOptions, analyseNews } from "./analysis/analyse";
import type { NewsAnalysis } from "./analysis/types";
import type { NewsOutlet, NewsSource } from "./ports";

/**
 * The news desk: the source's articles of the served window, analysed (sentiment, near-
 * duplicates, story clusters) once and shared by every news endpoint until the clock moves on.
 *
 * Window: the last NEWS_WINDOW_DAYS days up to the clock. The analysis reads further back, from
 * a start that moves once a week (ANALYSIS_ANCHOR_MS; at least the 72 hours of CLUSTER_LEAD_IN_MS
 * before the window): an article's cluster depends only on the articles before it back to that
 * start (their idf, the leaders of the 72 hours before it), so between two moves of the start
 * new articles never regroup earlier ones, and a story that began just before the window keeps
 * its cluster. When the start moves, clusters can regroup where a similarity sat at the
 * threshold. Articles read before the window are found by id but not listed.
 */

export const NEWS_WINDOW_DAYS = 30;
export const CLUSTER_LEAD_IN_MS = 72 * 3_600_000;
/** The analysis starts on a grid of this step (weeks from the epoch, Thursdays 00:00 UTC). */
export const ANALYSIS_ANCHOR_MS = 7 * 86_400_000;
/** The analysis is recomputed at most once per this interval of the market clock. */
export const NEWS_REFRESH_MS = 60_000;

const MS_PER_DAY = 86_400_000;

/** Where the analysis starts for a window: the grid step at or before the lead-in's start. */
export function analysisStartOf(windowStartMs: number): number {
  const leadInStartMs = windowStartMs - CLUSTER_LEAD_IN_MS;
  return Math.floor(leadInStartMs / ANALYSIS_ANCHOR_MS) * ANALYSIS_ANCHOR_MS;
}

export interface NewsView extends NewsAnalysis {
  /** The clock the view was computed at, epoch ms. */
  asOfMs: number;
  /** The first instant of the served window, epoch ms (asOfMs − NEWS_WINDOW_DAYS days). */
  windowStartMs: number;
  outlets: ReadonlyMap<string, NewsOutlet>;
  /** The source's name (sim, edgar, feeds, ...). */
  sourceName: string;
}

export interface NewsDesk {
  /** The view at the clock; rejects with NewsUnavailable when the source cannot answer. */
  view(): Promise<NewsView>;
}

export interface NewsDeskOptions {
  source: NewsSource;
  clock: Clock;
  /** Names a text may call a ticker's company by (e.g. AAPL → ["Apple"]), for ticker sentiment. */
  namesByTicker: () => Promise<ReadonlyMap<string, readonly string[]>>;
}

export function createNewsDesk({ source, clock, namesByTicker }: NewsDeskOptions): NewsDesk {
  let cached: { slot: number; view: Promise<NewsView> } | undefined;
  // Sentiment by article id, carried from one minute's view to the next (articles do not change).
  const sentimentCache: NonNullable<AnalyseOptions["sentimentCache"]> = new Map();
  return {
    view() {
      const nowMs = clock.now().getTime();
      const slot = Math.floor(nowMs / NEWS_REFRESH_MS);
      if (cached?.slot !== slot) {
        const view = computeView(source, nowMs, namesByTicker, sentimentCache);
        cached = { slot, view };
        // A failed read is not kept: the next request asks the source again.
        view.catch(() => {
          if (cached?.view === view) cached = undefined;
        });
      }
      return cached.view;
    },
  };
}

async function computeView(
  source: NewsSource,
  nowMs: number,
  namesByTicker: NewsDeskOptions["namesByTicker"],
  sentimentCache: NonNullable<AnalyseOptions["sentimentCache"]>,
): Promise<NewsView> {
  const windowStartMs = nowMs - NEWS_WINDOW_DAYS * MS_PER_DAY;
  const analysisStartMs = analysisStartOf(windowStartMs);
  const [articles, outlets, names] = await Promise.all([
    source.articles(analysisStartMs, nowMs + 1),
    source.outlets(),
    namesByTicker(),
  ]);
  const analysis = analyseNews(articles, { namesByTicker: names, sentimentCache });
  // Keep only the window's articles: the cache never outgrows one view.
  const current = new Set(articles.map((article) => article.id));
  for (const id of sentimentCache.keys()) if (!current.has(id)) sentimentCache.delete(id);
  return {
    ...analysis,
    asOfMs: nowMs,
    windowStartMs,
    outlets: new Map(outlets.map((outlet) => [outlet.id, outlet])),
    sourceName: source.name,
  };
}
