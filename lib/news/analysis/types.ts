import type { SourceArticle } from "../ports";

/** Three classes, as hand-labelled headlines are: score ≥ +0.15 bullish, ≤ −0.15 bearish. */
export type SentimentLabel = "bullish" | "neutral" | "bearish";

export interface SentimentScore {
  /** −1 (very negative) .. +1 (very positive). */
  score: number;
  label: SentimentLabel;
  /** The lexicon terms that scored, as found in the text (lower case). */
  positiveTerms: string[];
  negativeTerms: string[];
}

export interface TickerSentiment {
  ticker: string;
  /** −1..+1: the sentences that mention the ticker or its company, else the whole article. */
  score: number;
  label: SentimentLabel;
  /** 0..1: how much the article is about this ticker (headline mention, share of mentions). */
  relevance: number;
}

export interface AnalysedArticle extends SourceArticle {
  /** The headline and summary (and body) scored together. */
  sentiment: SentimentScore;
  /** One per ticker of `tickers`, same order. */
  tickerSentiments: TickerSentiment[];
  /** The earlier article this one nearly duplicates (MinHash Jaccard estimate ≥ threshold); null if none. */
  duplicateOf: string | null;
  /** The story cluster the article belongs to (every article belongs to one). */
  clusterId: string;
}

export interface StoryCluster {
  /** Stable: derived from the id of the cluster's first article (its leader). */
  id: string;
  /** The leader's headline. */
  headline: string;
  leaderArticleId: string;
  firstSeenMs: number;
  lastSeenMs: number;
  /** Member article ids, oldest first. */
  articleIds: string[];
  /** Distinct outlets (NewsOutlet.id) among the members. */
  sourceIds: string[];
  /** Tickers of the members, by number of members naming them, then first mention. */
  tickers: string[];
  topics: string[];
  /** Mean of the members' article scores. */
  averageSentiment: { score: number; label: SentimentLabel };
}

export interface NewsAnalysis {
  /** Newest first. */
  articles: AnalysedArticle[];
  /** By lastSeenMs, newest first. */
  clusters: StoryCluster[];
  articleById: ReadonlyMap<string, AnalysedArticle>;
  clusterById: ReadonlyMap<string, StoryCluster>;
}
