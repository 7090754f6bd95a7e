/**
 * The news port: what the news endpoints read, whatever the source (the simulated newsroom,
 * SEC EDGAR's 8-K feed, RSS/Atom feeds). A source hands over articles as published; sentiment,
 * near-duplicates and story clusters are computed by us (lib/news/analysis), the same way for
 * every source.
 *
 * Tickers are symbols as the market lists them ("AAPL", "BRK.B"). Instants are epoch ms UTC.
 */

/** What an article is mainly about (one per article; topics are finer and several). */
export type NewsCategory =
  | "earnings"
  | "price-action"
  | "analyst"
  | "dividends"
  | "corporate"
  | "macro"
  | "sector"
  | "regulatory"
  | "press-release";

export const NEWS_CATEGORIES: readonly NewsCategory[] = [
  "earnings",
  "price-action",
  "analyst",
  "dividends",
  "corporate",
  "macro",
  "sector",
  "regulatory",
  "press-release",
];

/** An outlet that publishes articles. */
export interface NewsOutlet {
  /** Stable slug, e.g. "meridian-wire", "sec-edgar". */
  id: string;
  name: string;
  /** The outlet's home page, https. */
  homepage: string;
  kind: "wire" | "newspaper" | "online" | "regulator" | "press-release";
}

/** One article as its source published it. */
export interface SourceArticle {
  /** Stable: the same article has the same id on every call and machine (e.g. "n-3f9a1c0b2e"). */
  id: string;
  headline: string;
  /** One to three sentences (a feed's description; the newsroom's standfirst). */
  summary: string;
  /** The full text when the source has it; null when only the summary is published. */
  body: string | null;
  /** The outlet's id (NewsOutlet.id). */
  sourceId: string;
  /** The article's own page, https. */
  url: string;
  /** When it was published, epoch ms UTC. */
  publishedAtMs: number;
  /** Symbols the article is about, most relevant first; empty for market-wide stories. */
  tickers: string[];
  /** Lower-case topic slugs, e.g. "earnings", "inflation", "semiconductors", "fed". */
  topics: string[];
  category: NewsCategory;
  /** The byline, when given (the simulated newsroom's reporters are fictional). */
  author: string | null;
}

export interface NewsSource {
  readonly name: string;
  /** Every outlet the source carries, also those without an article in a window. */
  outlets(): Promise<readonly NewsOutlet[]>;
  /**
   * Articles published in [fromMs, toMs) and not after the source's clock, oldest first.
   * Throws NewsUnavailable when the source cannot answer now.
   */
  articles(fromMs: number, toMs: number): Promise<SourceArticle[]>;
}

/** The news source is down or answered something unreadable: the API answers 503 NEWS_UNAVAILABLE. */
export class NewsUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "NewsUnavailable";
  }
}
