import { array, coerce, int, number, object, string, type ZodType, enum as zEnum } from "zod";
import { contractCode } from "../../contract-code";
import { SENTIMENT_WINDOW_DAYS, TREND_DAYS } from "../../news-data";
import { groupRoutes } from "../../route";
import {
  ARTICLE_LIST_NOTE,
  articleSchema,
  clusterSchema,
  isoInstant,
  listQuery,
  newsCategory,
  optionalSentimentSchema,
  pageFields,
  SENTIMENT_METHOD,
  sentimentLabel,
  sentimentScore,
  tickerSentimentSchema,
} from "../../schemas/news";

/**
 * News: articles with sentiment per article and per ticker, near-duplicates and story clusters,
 * from the simulated newsroom (default) or real feeds (SEC EDGAR's 8-K feed, RSS/Atom).
 */

/** Top stories: candidates of the last this many hours. */
export const TOP_WINDOW_HOURS = 72;
/** Top-story recency half-life, hours. */
export const TOP_HALF_LIFE_HOURS = 12;
/** Market mood: the last this many days, weighted with this half-life (hours). */
export const MOOD_WINDOW_DAYS = 7;
export const MOOD_HALF_LIFE_HOURS = 24;
/** Outlet weights of the market mood by kind. */
export const OUTLET_WEIGHTS = {
  wire: 1,
  newspaper: 1,
  online: 0.8,
  "press-release": 0.5,
  regulator: 0.5,
} as const;
export const BREAKING_DEFAULT_HOURS = 2;
export const BREAKING_MAX_HOURS = 24;
/** /news/multi keeps this many distinct symbols (spec fact 1). */
export const MULTI_MAX_SYMBOLS = 20;
export const RELATED_DEFAULT = 10;
export const RELATED_MAX = 50;

const UNAVAILABLE =
  "503 NEWS_UNAVAILABLE (Retry-After 30) while the news source is unreachable or unreadable.";

const SOURCES =
  "Source: the simulated newsroom by default (NEWS_PROVIDER=sim): articles written from what " +
  "happens in the simulated world (earnings, large moves and gaps, halts, dividend declarations, " +
  "analyst notes, sector moves, economic releases), several fictional outlets per story; with " +
  "NEWS_PROVIDER=edgar SEC EDGAR's current 8-K feed, with NEWS_PROVIDER=feeds the RSS/Atom " +
  "feeds of NEWS_FEED_URLS. Every source's articles go through the same sentiment and clustering.";

const CLUSTERING =
  "Story clusters: each article (oldest first) joins the most similar cluster whose first article " +
  "was published within the 72 hours before it, when the TF-IDF cosine of their headlines and " +
  "summaries reaches the threshold; else it starts a cluster. An article's cluster depends only " +
  "on earlier articles, so membership never changes as news arrives. Near-duplicates (duplicateOf): " +
  "MinHash over 3-word shingles estimates the Jaccard similarity to earlier articles.";

const articles = array(articleSchema);
const listed = <const E extends Record<string, ZodType>>(extra: E) =>
  object({ ...pageFields, ...extra, articles });

const topArticle = articleSchema.extend({
  clusterArticleCount: int().meta({ description: "Articles of the article's story cluster" }),
  clusterSourceCount: int().meta({ description: "Distinct outlets of its cluster" }),
  rankScore: number().meta({
    description: `0.5^(hoursSinceClusterLastSeen / ${TOP_HALF_LIFE_HOURS}) × (1 + ln(clusterSourceCount)) × (0.5 + 0.5 × the article's highest ticker relevance (0.5 without tickers)), 6 decimals`,
  }),
});

const sentimentParts = object({
  score: sentimentScore.nullable(),
  label: sentimentLabel.nullable(),
  articleCount: int(),
  weight: number().meta({ description: "Sum of the articles' weights, 4 decimals" }),
});

const countedSentiment = {
  articleCount: int(),
  averageSentiment: optionalSentimentSchema,
  latestAt: isoInstant("Latest article").nullable(),
};

const clusterIdParams = object({
  id: string().trim().min(1).max(64).meta({ description: "Cluster id (GET /news/clusters)" }),
});

export const newsRoutes = groupRoutes("news", {
  top: {
    method: "GET",
    path: "/news/top",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "Top stories: one article per story, ranked by recency, coverage and relevance",
    description:
      `Candidates: the stories (clusters) with an article in the last ${TOP_WINDOW_HOURS} hours, ` +
      "each represented by its first article. Rank = 0.5^(hours since the cluster's latest " +
      `article / ${TOP_HALF_LIFE_HOURS}) × (1 + ln(outlets covering it)) × (0.5 + 0.5 × the ` +
      "article's highest ticker relevance). Highest first. " +
      `${SOURCES} ${UNAVAILABLE}`,
    query: object({ ...listQuery }),
    response: object({ ...pageFields, articles: array(topArticle) }),
  },
  ticker: {
    method: "GET",
    path: "/news/ticker/{code}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "NEWS_UNAVAILABLE"],
    summary: "A contract's news, newest first",
    description: `Articles naming the contract's symbol. ${ARTICLE_LIST_NOTE} ${SENTIMENT_METHOD} 404 SYMBOL_NOT_FOUND for an unknown code. ${UNAVAILABLE}`,
    params: object({ code: contractCode }),
    query: object({ ...listQuery }),
    response: listed({ symbol: string() }),
  },
  breaking: {
    method: "GET",
    path: "/news/breaking",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "Articles of the last hours, newest first (may be empty)",
    description: `Articles published in the last \`hours\` hours up to the clock. ${SENTIMENT_METHOD} ${UNAVAILABLE}`,
    query: object({
      hours: coerce
        .number()
        .int()
        .min(1)
        .max(BREAKING_MAX_HOURS)
        .default(BREAKING_DEFAULT_HOURS)
        .meta({
          description: `1-${BREAKING_MAX_HOURS}, default ${BREAKING_DEFAULT_HOURS}`,
        }),
      ...listQuery,
    }),
    response: listed({ hours: int() }),
  },
  marketMood: {
    method: "GET",
    path: "/news/market-mood",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "NEWS_UNAVAILABLE"],
    summary: "News sentiment over the market and per sector",
    description:
      `Over the last ${MOOD_WINDOW_DAYS} days: market = Σ wᵢ·scoreᵢ / Σ wᵢ over the articles, with ` +
      `wᵢ = 0.5^(ageHours / ${MOOD_HALF_LIFE_HOURS}) × outlet weight (wire and newspaper 1, online ` +
      "0.8, press release and regulator 0.5). A sector's mood is the same mean over the ticker " +
      "sentiments of its companies, each weighted wᵢ × relevance. Sectors are the GICS sectors of " +
      `the market's instruments. ${SENTIMENT_METHOD} ${UNAVAILABLE}`,
    response: object({
      asOf: isoInstant("The clock"),
      windowDays: int(),
      halfLifeHours: int(),
      market: sentimentParts,
      sectors: array(sentimentParts.extend({ sector: string() })).meta({
        description: "By sector name; sectors without articles have score null",
      }),
    }),
  },
  tickerSentiment: {
    method: "GET",
    path: "/news/ticker/{code}/sentiment",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "NEWS_UNAVAILABLE"],
    summary: "A contract's news sentiment, buzz and 30-day trend",
    description:
      `Over the last ${SENTIMENT_WINDOW_DAYS} days: score = Σ relevanceᵢ·scoreᵢ / Σ relevanceᵢ ` +
      "of the articles' sentiment about the ticker (relevance floored at 0.05); bullish/neutral/" +
      "bearish percentages of those articles by their ticker label; buzz = articles this week / " +
      `(articles of ${TREND_DAYS} days × 7 / ${TREND_DAYS}); trend: the same score per UTC day ` +
      `and over ${TREND_DAYS} days. ${SENTIMENT_METHOD} ${UNAVAILABLE}`,
    params: object({ code: contractCode }),
    response: tickerSentimentSchema.extend({ asOf: isoInstant("The clock") }),
  },
  topics: {
    method: "GET",
    path: "/news/topics",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "Topics of the last 30 days with article counts",
    description: `Every topic slug of the window's articles, most articles first. ${UNAVAILABLE}`,
    response: object({
      asOf: isoInstant("The clock"),
      topics: array(object({ name: string(), ...countedSentiment })),
    }),
  },
  topic: {
    method: "GET",
    path: "/news/topics/{name}",
    auth: "key",
    errors: ["TOPIC_NOT_FOUND", "NEWS_UNAVAILABLE"],
    summary: "A topic's articles, newest first",
    description: `${ARTICLE_LIST_NOTE} 404 TOPIC_NOT_FOUND when no article of the window has the topic. ${UNAVAILABLE}`,
    params: object({
      name: string()
        .trim()
        .toLowerCase()
        .min(1)
        .max(64)
        .meta({ description: "Topic slug (GET /news/topics)" }),
    }),
    query: object({ ...listQuery }),
    response: listed({ topic: string() }),
  },
  multi: {
    method: "GET",
    path: "/news/multi",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "News of several symbols at once",
    description:
      `symbols: comma-separated tickers (AAPL) or contract codes (AAPL_NASDAQ), case-insensitive. ` +
      `The first ${MULTI_MAX_SYMBOLS} distinct symbols are kept and the rest dropped without error ` +
      "(listed in droppedSymbols); 400 only for a missing or empty list. Articles naming any kept " +
      `symbol. ${ARTICLE_LIST_NOTE} ${UNAVAILABLE}`,
    query: object({
      symbols: string()
        .trim()
        .min(1, "must name at least one symbol")
        .max(2000)
        .meta({ description: "Comma-separated tickers or codes; at most 20 distinct are kept" }),
      ...listQuery,
    }),
    response: listed({
      symbols: array(string()).meta({ description: "The symbols kept, in request order" }),
      droppedSymbols: array(string()).meta({ description: "Distinct symbols beyond the 20th" }),
    }),
  },
  search: {
    method: "GET",
    path: "/news/search",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "Full-text search over headlines and summaries, ranked",
    description:
      "q is split into words (lower case, letters and digits); score = Σ over the query's words " +
      "of idf(word) × (2 if in the headline + 1 if in the summary), idf = ln(1 + N / df) over the " +
      "window's N articles. Articles with score 0 are left out; highest score first, ties by " +
      `article id. ${ARTICLE_LIST_NOTE} ${UNAVAILABLE}`,
    query: object({
      q: string()
        .trim()
        .min(1, "must not be empty")
        .max(200, "must be at most 200 characters")
        .meta({ description: "Words to find, 1-200 characters" }),
      ...listQuery,
    }),
    response: object({
      ...pageFields,
      query: string(),
      totalMatches: int(),
      articles: array(
        articleSchema.extend({
          searchScore: number().meta({ description: "The score above, 6 decimals" }),
        }),
      ),
    }),
  },
  article: {
    method: "GET",
    path: "/news/articles/{id}",
    auth: "key",
    errors: ["ARTICLE_NOT_FOUND", "NEWS_UNAVAILABLE"],
    summary: "One article with its body and the terms that scored its sentiment",
    description: `${SENTIMENT_METHOD} 404 ARTICLE_NOT_FOUND for an id not in the window. ${UNAVAILABLE}`,
    params: object({
      id: string().trim().min(1).max(64).meta({ description: "Article id" }),
    }),
    response: articleSchema.extend({
      body: string()
        .nullable()
        .meta({ description: "Full text; null when the source publishes only a summary" }),
      sentimentTerms: object({
        positive: array(string()),
        negative: array(string()),
      }).meta({ description: "Lexicon terms found in the text" }),
    }),
  },
  categories: {
    method: "GET",
    path: "/news/categories",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "The news categories with article counts",
    description: `Every category, also those without articles in the window. ${UNAVAILABLE}`,
    response: object({
      asOf: isoInstant("The clock"),
      categories: array(object({ name: newsCategory, description: string(), ...countedSentiment })),
    }),
  },
  category: {
    method: "GET",
    path: "/news/categories/{name}",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "A category's articles, newest first",
    description: `${ARTICLE_LIST_NOTE} 400 naming name for an unknown category. ${UNAVAILABLE}`,
    params: object({ name: newsCategory }),
    query: object({ ...listQuery }),
    response: listed({ category: newsCategory }),
  },
  clusters: {
    method: "GET",
    path: "/news/clusters",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "Story clusters, latest first",
    description:
      "Clusters with an article in the last 30 days, by their latest article, newest first; " +
      `optionally only those naming a ticker or carrying a topic. ${CLUSTERING} ${UNAVAILABLE}`,
    query: object({
      ticker: string()
        .trim()
        .toUpperCase()
        .max(20)
        .optional()
        .meta({ description: "Only clusters naming this symbol" }),
      topic: string()
        .trim()
        .toLowerCase()
        .max(64)
        .optional()
        .meta({ description: "Only clusters with this topic" }),
      ...listQuery,
    }),
    response: object({ ...pageFields, clusters: array(clusterSchema) }),
  },
  cluster: {
    method: "GET",
    path: "/news/clusters/{id}",
    auth: "key",
    errors: ["CLUSTER_NOT_FOUND", "NEWS_UNAVAILABLE"],
    summary: "One story cluster with its articles",
    description: `${CLUSTERING} 404 CLUSTER_NOT_FOUND for an id not in the window. ${UNAVAILABLE}`,
    params: clusterIdParams,
    response: clusterSchema.extend({
      articles: array(articleSchema).meta({ description: "Newest first" }),
    }),
  },
  clusterTimeline: {
    method: "GET",
    path: "/news/clusters/{id}/timeline",
    auth: "key",
    errors: ["CLUSTER_NOT_FOUND", "NEWS_UNAVAILABLE"],
    summary: "A story's articles in time order with each one's sentiment",
    description:
      "Oldest first; runningSentiment is the mean score of the articles up to and including " +
      `each one. ${UNAVAILABLE}`,
    params: clusterIdParams,
    response: object({
      cluster: clusterSchema,
      timeline: array(
        object({
          articleId: string(),
          publishedAt: isoInstant("Published"),
          source: object({ id: string(), name: string() }),
          headline: string(),
          sentiment: object({ score: sentimentScore, label: sentimentLabel }),
          runningSentiment: sentimentScore,
          duplicateOf: string().nullable(),
        }),
      ),
    }),
  },
  clusterRelated: {
    method: "GET",
    path: "/news/clusters/{id}/related",
    auth: "key",
    errors: ["CLUSTER_NOT_FOUND", "NEWS_UNAVAILABLE"],
    summary: "Clusters sharing tickers or topics, most similar first",
    description:
      "similarity = 0.6 × Jaccard(tickers) + 0.4 × Jaccard(topics) between the two clusters; " +
      "clusters with similarity 0 are left out; ties by latest article. " +
      `limit 1-${RELATED_MAX}, default ${RELATED_DEFAULT}. ${UNAVAILABLE}`,
    params: clusterIdParams,
    query: object({
      limit: coerce
        .number()
        .int()
        .min(1)
        .max(RELATED_MAX)
        .default(RELATED_DEFAULT)
        .meta({
          description: `1-${RELATED_MAX}, default ${RELATED_DEFAULT}`,
        }),
    }),
    response: object({
      cluster: clusterSchema,
      related: array(
        clusterSchema.extend({
          similarity: number().meta({ description: "0..1, 4 decimals" }),
          sharedTickers: array(string()),
          sharedTopics: array(string()),
        }),
      ),
    }),
  },
  sources: {
    method: "GET",
    path: "/news/sources",
    auth: "key",
    errors: ["NEWS_UNAVAILABLE"],
    summary: "The outlets with their article counts",
    description: `Every outlet of the source, most articles in the last 30 days first. ${UNAVAILABLE}`,
    response: object({
      asOf: isoInstant("The clock"),
      provider: string().meta({ description: "The news source: sim, edgar, feeds" }),
      sources: array(
        object({
          id: string(),
          name: string(),
          homepage: string(),
          kind: zEnum(["wire", "newspaper", "online", "regulator", "press-release"]),
          articleCount: int().meta({ description: "Articles of the last 30 days" }),
          clusterCount: int().meta({ description: "Story clusters it contributed to" }),
          averageSentiment: optionalSentimentSchema,
          latestAt: isoInstant("Latest article").nullable(),
        }),
      ),
    }),
  },
});
