import { createHash } from "node:crypto";
import type { NewsCategory, NewsOutlet, NewsSource, SourceArticle } from "../ports";
import { NEWS_CATEGORIES, NewsUnavailable } from "../ports";
import { cachedFor, type Fetch, getText } from "./http";
import { firstSentence, slugify, summaryOf } from "./text";
import { detectTickers } from "./tickers";
import { type FeedItem, readFeed } from "./xml";

/**
 * Any RSS 2.0 or Atom 1.0 feeds as a news source (a press-release wire, a newspaper's markets
 * section), each configured with its URL and the outlet it stands for.
 *
 * - Ids: "n-" + the first 12 hex digits of SHA-1(outlet id, the item's guid, else its link):
 *   the same item keeps its id on every call and machine. An item that two feeds of one outlet
 *   both carry is listed once.
 * - Headline: the item's title (else its summary's first sentence); summary: the description's
 *   first sentences as text; body: content:encoded / Atom content when the feed carries it.
 * - Tickers: exchange-qualified mentions and cashtags in the headline, then the summary
 *   (tickers.ts), plus whatever `tickersOf` finds (e.g. a matcher of company names).
 * - Topics: the item's categories as slugs. Category: the feed's `category`, else "press-release"
 *   for a press-release wire, "regulatory" for a regulator, "corporate" otherwise.
 * - url: the item's link (else a permalink guid), http upgraded to https as the port requires;
 *   an item with neither is skipped, as is one without a readable date.
 * - Each feed is fetched at most once per `cacheMs` (60 s) of real time.
 *
 * When some feeds fail, the others are served and `health()` names the failures; only when
 * every feed fails does `articles` throw NewsUnavailable (its message lists each cause). A feed
 * that is down for good thus thins the news rather than taking it down.
 */

export interface FeedConfig {
  url: string;
  outlet: NewsOutlet;
  /** The category of this feed's articles (see above for the default). */
  category?: NewsCategory;
}

export interface FeedNewsOptions {
  feeds: readonly FeedConfig[];
  fetch?: Fetch;
  /** The clock articles must not be after, epoch ms. */
  now: () => number;
  /** Real time for the cache (never a pinned market clock: it must advance). */
  wallClockMs?: () => number;
  timeoutMs?: number;
  cacheMs?: number;
  /** Extra ticker matcher over headline and summary text, added to the built-in patterns. */
  tickersOf?: (text: string) => string[];
  userAgent?: string;
}

export interface FeedHealth {
  url: string;
  outletId: string;
  /** null when the last read succeeded (or none was made yet). */
  error: string | null;
}

export interface FeedNewsSource extends NewsSource {
  /** The outcome of each feed's last read. */
  health(): FeedHealth[];
}

const PROVIDER = "feeds";
const DEFAULT_USER_AGENT = "market-data-api news reader (RSS/Atom)";
const MAX_TOPICS = 10;
const HEADLINE_MAX_CHARS = 160;

export function feedArticleId(outletId: string, key: string): string {
  const digest = createHash("sha1").update(`${outletId}\n${key}`).digest("hex");
  return `n-${digest.slice(0, 12)}`;
}

function defaultCategory(outlet: NewsOutlet): NewsCategory {
  if (outlet.kind === "press-release") return "press-release";
  if (outlet.kind === "regulator") return "regulatory";
  return "corporate";
}

/** https only (SourceArticle.url): http upgraded, other schemes refused. */
function httpsUrl(link: string | null): string | null {
  if (link === null) return null;
  try {
    const url = new URL(link);
    if (url.protocol === "http:") url.protocol = "https:";
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function headlineOf(item: FeedItem): string {
  return item.title || firstSentence(item.summary || item.content || "", HEADLINE_MAX_CHARS);
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

function createTickerReader(extra: ((text: string) => string[]) | undefined) {
  const inText = (text: string) => [...detectTickers(text), ...(extra?.(text) ?? [])];
  return (headline: string, summary: string) => unique([...inText(headline), ...inText(summary)]);
}

type TickerReader = ReturnType<typeof createTickerReader>;

function toArticle(feed: FeedConfig, item: FeedItem, tickers: TickerReader): SourceArticle | null {
  const url = httpsUrl(item.link);
  const headline = headlineOf(item);
  if (url === null || headline === "") return null;
  const summary = summaryOf(item.summary || item.content || "");
  return {
    id: feedArticleId(feed.outlet.id, item.guid ?? item.link ?? url),
    headline,
    summary,
    body: item.content,
    sourceId: feed.outlet.id,
    url,
    publishedAtMs: item.publishedAtMs,
    tickers: tickers(headline, summary),
    topics: unique(item.categories.map(slugify)).slice(0, MAX_TOPICS),
    category: feed.category ?? defaultCategory(feed.outlet),
    author: item.author,
  };
}

const OUTLET_KINDS: readonly NewsOutlet["kind"][] = [
  "wire",
  "newspaper",
  "online",
  "regulator",
  "press-release",
];

function feedFromEntry(entry: string): FeedConfig {
  const [rawUrl = "", rawName = "", rawKind = "", rawCategory = ""] = entry
    .split("|")
    .map((field) => field.trim());
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Error(`news feed "${entry}": not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`news feed "${entry}": only http(s) URLs`);
  }
  const kind = (rawKind || "online") as NewsOutlet["kind"];
  if (!OUTLET_KINDS.includes(kind)) {
    throw new Error(`news feed "${entry}": kind must be one of ${OUTLET_KINDS.join(", ")}`);
  }
  if (rawCategory !== "" && !NEWS_CATEGORIES.includes(rawCategory as NewsCategory)) {
    throw new Error(`news feed "${entry}": category must be one of ${NEWS_CATEGORIES.join(", ")}`);
  }
  const host = url.hostname.replace(/^www\./, "");
  const name = rawName || host;
  const outlet: NewsOutlet = {
    id: slugify(name),
    name,
    homepage: `https://${url.host}/`,
    kind,
  };
  return rawCategory === ""
    ? { url: url.href, outlet }
    : { url: url.href, outlet, category: rawCategory as NewsCategory };
}

/**
 * Feeds from a setting such as NEWS_FEED_URLS: entries separated by commas, semicolons or line
 * breaks, each "url" or "url|Outlet name|kind|category" (kind: wire, newspaper, online,
 * regulator, press-release; default online; category: a NewsCategory). The outlet id is the
 * name's slug (the host's when unnamed). Also takes one entry of a list already split on commas.
 * Throws on an entry it cannot read: a configuration error.
 */
export function feedsFromSetting(setting: string): FeedConfig[] {
  return setting
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(feedFromEntry);
}

function uniqueOutlets(feeds: readonly FeedConfig[]): NewsOutlet[] {
  const byId = new Map<string, NewsOutlet>();
  for (const { outlet } of feeds) if (!byId.has(outlet.id)) byId.set(outlet.id, outlet);
  return [...byId.values()];
}

export function createFeedNews(options: FeedNewsOptions): FeedNewsSource {
  const {
    feeds,
    fetch = globalThis.fetch,
    now,
    wallClockMs = Date.now,
    timeoutMs = 10_000,
    cacheMs = 60_000,
    userAgent = DEFAULT_USER_AGENT,
  } = options;
  const tickers = createTickerReader(options.tickersOf);
  const health = new Map<FeedConfig, string | null>(feeds.map((feed) => [feed, null]));

  const readers = feeds.map((feed) => ({
    feed,
    items: cachedFor(cacheMs, wallClockMs, async () => {
      const provider = `feed ${feed.outlet.id}`;
      const xml = await getText(feed.url, {
        provider,
        fetch,
        headers: {
          "User-Agent": userAgent,
          Accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.1",
        },
        timeoutMs,
      });
      return readFeed(xml, { provider, baseUrl: feed.url });
    }),
  }));

  /** Every feed's items; a failed feed is recorded and skipped unless all fail. */
  async function readAll(): Promise<{ feed: FeedConfig; items: FeedItem[] }[]> {
    const outcomes = await Promise.allSettled(readers.map((reader) => reader.items()));
    const read: { feed: FeedConfig; items: FeedItem[] }[] = [];
    const failures: string[] = [];
    outcomes.forEach((outcome, i) => {
      const { feed } = readers[i] as (typeof readers)[number];
      if (outcome.status === "fulfilled") {
        health.set(feed, null);
        read.push({ feed, items: outcome.value });
        return;
      }
      if (!(outcome.reason instanceof NewsUnavailable)) throw outcome.reason;
      health.set(feed, outcome.reason.message);
      failures.push(`${feed.url}: ${outcome.reason.message}`);
    });
    if (readers.length > 0 && read.length === 0) {
      throw new NewsUnavailable(PROVIDER, `every feed failed (${failures.join("; ")})`);
    }
    return read;
  }

  return {
    name: PROVIDER,
    async outlets() {
      return uniqueOutlets(feeds);
    },
    async articles(fromMs, toMs) {
      const nowMs = now();
      const byId = new Map<string, SourceArticle>();
      for (const { feed, items } of await readAll()) {
        for (const item of items) {
          const at = item.publishedAtMs;
          if (at < fromMs || at >= toMs || at > nowMs) continue;
          const article = toArticle(feed, item, tickers);
          if (article && !byId.has(article.id)) byId.set(article.id, article);
        }
      }
      return [...byId.values()].sort(
        (a, b) => a.publishedAtMs - b.publishedAtMs || a.id.localeCompare(b.id),
      );
    },
    health() {
      return feeds.map((feed) => ({
        url: feed.url,
        outletId: feed.outlet.id,
        error: health.get(feed) ?? null,
      }));
    },
  };
}
