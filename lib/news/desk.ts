import type { Clock } from "../deps";
import { analyseNews } from "./analysis/analyse";
import type { NewsAnalysis } from "./analysis/types";
import type { NewsOutlet, NewsSource } from "./ports";

/**
 * The news desk: the source's articles of the served window, analysed (sentiment, near-
 * duplicates, story clusters) once and shared by every news endpoint until the clock moves on.
 *
 * Window: the last NEWS_WINDOW_DAYS days up to the clock. Clustering reads the 72 hours before
 * it as well (CLUSTER_LEAD_IN_MS), so a story that began just before the window keeps its
 * cluster (and its id) as the window slides; those lead-in articles are found by id but not
 * listed.
 */

export const NEWS_WINDOW_DAYS = 30;
export const CLUSTER_LEAD_IN_MS = 72 * 3_600_000;
/** The analysis is recomputed at most once per this interval of the market clock. */
export const NEWS_REFRESH_MS = 60_000;

const MS_PER_DAY = 86_400_000;

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
  return {
    view() {
      const nowMs = clock.now().getTime();
      const slot = Math.floor(nowMs / NEWS_REFRESH_MS);
      if (cached?.slot !== slot) {
        const view = computeView(source, nowMs, namesByTicker);
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
): Promise<NewsView> {
  const windowStartMs = nowMs - NEWS_WINDOW_DAYS * MS_PER_DAY;
  const [articles, outlets, names] = await Promise.all([
    source.articles(windowStartMs - CLUSTER_LEAD_IN_MS, nowMs + 1),
    source.outlets(),
    namesByTicker(),
  ]);
  const analysis = analyseNews(articles, { namesByTicker: names });
  return {
    ...analysis,
    asOfMs: nowMs,
    windowStartMs,
    outlets: new Map(outlets.map((outlet) => [outlet.id, outlet])),
    sourceName: source.name,
  };
}
