import type { NewsOutlet, NewsSource, SourceArticle } from "../ports";
import { NewsUnavailable } from "../ports";
import { EIGHT_K_ITEMS, type EightKItem, EXHIBITS_ITEM } from "./edgar-items";
import { headlineName } from "./edgar-names";
import { cachedFor, type Fetch, getText } from "./http";
import { type FeedItem, readFeed } from "./xml";

/**
 * SEC EDGAR's "current events" feed of Form 8-K filings as press-release news: every 8-K (and
 * 8-K/A) a company files becomes an article, minutes after EDGAR accepts it.
 *
 * Source: the Atom feed www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&type=8-K&...&count=
 * 100&output=atom, the latest 100 filings newest first. Each entry's title is "8-K - APPLE INC
 * (0000320193) (Filer)", its link the filing index, its summary (HTML) "Filed: ... AccNo: ...
 * Size: ...<br>Item 2.02: Results of Operations and Financial Condition<br>Item 9.01: ...",
 * its `updated` the acceptance time, its id "urn:tag:sec.gov,2008:accession-number=...".
 *
 * - The feed reaches back only as far as its latest 100 filings (hours on a busy day): older
 *   windows come back partly or wholly empty. One request per call at most, and the feed is
 *   kept `cacheMs` (60 s) of real time, well within the SEC's 10 requests per second.
 * - Fair access (sec.gov/os/accessing-edgar-data): a User-Agent naming the requester and a
 *   contact address on every request; EDGAR answers 403 without one.
 * - Co-registrants (a parent and its subsidiary filing one 8-K) appear once per filer under one
 *   accession number: they become one article carrying every filer's ticker.
 * - Forms other than 8-K and 8-K/A that the prefix query also returns (8-K12B, ...) are left out.
 */

export const EDGAR_CURRENT_8K_URL =
  "https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&type=8-K&company=&dateb=&owner=include&start=0&count=100&output=atom";

export const EDGAR_NEWS_OUTLET: NewsOutlet = {
  id: "sec-edgar",
  name: "SEC EDGAR",
  homepage: "https://www.sec.gov/edgar/search/",
  kind: "regulator",
};

const PROVIDER = EDGAR_NEWS_OUTLET.id;
const FORMS = new Set(["8-K", "8-K/A"]);

export interface EdgarCurrentReportsOptions {
  /** "Example Corp admin@example.com": a name and a contact address (EDGAR_USER_AGENT). */
  userAgent: string;
  fetch?: Fetch;
  /** The symbol EDGAR's ticker file lists for a CIK (10 digits, zero-padded); undefined if none. */
  tickerOfCik: (cik: string) => Promise<string | undefined> | string | undefined;
  /** The clock articles must not be after, epoch ms. */
  now: () => number;
  /** Real time for the cache (never a pinned market clock: it must advance). */
  wallClockMs?: () => number;
  timeoutMs?: number;
  /** How long a fetched feed is reused, ms (60 s). */
  cacheMs?: number;
  feedUrl?: string;
}

/** One 8-K as the feed lists it (once per co-registrant). */
export interface CurrentReportEntry {
  accessionNumber: string;
  form: string;
  /** The conformed name as EDGAR writes it. */
  filer: string;
  cik: string;
  /** "2.02" → the feed's own wording of the item. */
  items: { number: string; text: string }[];
  url: string;
  acceptedAtMs: number;
}

const TITLE = /^\s*(\S+)\s+-\s+(.+?)\s+\((\d{1,10})\)\s*(?:\(([^)]*)\))?\s*$/;
const ACCESSION = /\b(\d{10}-\d{2}-\d{6})\b/;
const ITEM = /Item\s+(\d{1,2}\.\d{2}):?\s*(.*?)(?=\s*Item\s+\d{1,2}\.\d{2}\b|$)/g;

/** The entry's 8-K fields; undefined for other forms or entries not shaped as EDGAR writes them. */
export function currentReportEntry(item: FeedItem): CurrentReportEntry | undefined {
  const title = TITLE.exec(item.title);
  if (!title || !item.link) return undefined;
  const [, titleForm = "", filer = "", cik = ""] = title;
  const form = item.categories[0] ?? titleForm;
  if (!FORMS.has(form)) return undefined;
  const accessionNumber =
    ACCESSION.exec(item.guid ?? "")?.[1] ?? ACCESSION.exec(item.summary)?.[1] ?? undefined;
  if (accessionNumber === undefined) return undefined;
  const items = [...item.summary.matchAll(ITEM)].map((m) => ({
    number: m[1] ?? "",
    text: (m[2] ?? "").trim(),
  }));
  return {
    accessionNumber,
    form,
    filer: filer.trim(),
    cik: cik.padStart(10, "0"),
    items,
    url: item.link,
    acceptedAtMs: item.publishedAtMs,
  };
}

function itemsOf(entry: CurrentReportEntry): EightKItem[] {
  const seen = new Set<string>();
  return entry.items
    .filter(({ number }) => !seen.has(number) && seen.add(number))
    .map(
      ({ number, text }) =>
        EIGHT_K_ITEMS.get(number) ?? { number, title: text, headline: text, topics: [] },
    );
}

/** The items a headline names: all but 9.01, unless 9.01 is all there is. */
function headlineItems(items: EightKItem[]): EightKItem[] {
  const substantive = items.filter((item) => item.number !== EXHIBITS_ITEM);
  return substantive.length > 0 ? substantive : items;
}

/** "Apple Inc. files 8-K: Results of Operations and Financial Condition". */
export function headlineOf(entry: CurrentReportEntry): string {
  const named = headlineItems(itemsOf(entry));
  const filer = headlineName(entry.filer);
  if (named.length === 0) return `${filer} files ${entry.form} current report`;
  const shown = named.slice(0, 2).map((item) => item.headline || `Item ${item.number}`);
  const more = named.length > 2 ? ` (+${named.length - 2} more)` : "";
  return `${filer} files ${entry.form}: ${shown.join("; ")}${more}`;
}

function reportSummary(entry: CurrentReportEntry): string {
  const filer = headlineName(entry.filer);
  const what =
    entry.form === "8-K/A" ? "an amended Form 8-K current report" : "a Form 8-K current report";
  const items = itemsOf(entry).map((item) => `Item ${item.number} (${item.title || "untitled"})`);
  const listed = items.length === 0 ? "; the feed lists no items" : ` reporting ${joinAnd(items)}`;
  return `${filer} (CIK ${entry.cik}) filed ${what} with the SEC${listed}.`;
}

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function topicsOf(entry: CurrentReportEntry): string[] {
  return [...new Set([...itemsOf(entry).flatMap((item) => item.topics), "sec-filings"])];
}

export function articleId(accessionNumber: string): string {
  return `n-edgar-${accessionNumber}`;
}

function toArticle(filers: CurrentReportEntry[], tickers: string[]): SourceArticle {
  const [primary] = filers as [CurrentReportEntry, ...CurrentReportEntry[]];
  return {
    id: articleId(primary.accessionNumber),
    headline: headlineOf(primary),
    summary: reportSummary(primary),
    body: null,
    sourceId: EDGAR_NEWS_OUTLET.id,
    url: primary.url,
    publishedAtMs: Math.min(...filers.map((filer) => filer.acceptedAtMs)),
    tickers,
    topics: topicsOf(primary),
    category: "press-release",
    author: null,
  };
}

/** Entries grouped by accession number, in feed order (co-registrants share one). */
function byAccession(entries: CurrentReportEntry[]): CurrentReportEntry[][] {
  const groups = new Map<string, CurrentReportEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.accessionNumber);
    if (group) group.push(entry);
    else groups.set(entry.accessionNumber, [entry]);
  }
  return [...groups.values()];
}

function explainStatus(status: number): string | undefined {
  return status === 403
    ? "EDGAR refuses requests without a User-Agent naming the requester and a contact address, and above 10 requests per second"
    : undefined;
}

export function createEdgarCurrentReports(options: EdgarCurrentReportsOptions): NewsSource {
  const {
    userAgent,
    fetch = globalThis.fetch,
    tickerOfCik,
    now,
    wallClockMs = Date.now,
    timeoutMs = 10_000,
    cacheMs = 60_000,
    feedUrl = EDGAR_CURRENT_8K_URL,
  } = options;

  async function loadEntries(): Promise<CurrentReportEntry[]> {
    if (userAgent.trim() === "") {
      throw new NewsUnavailable(
        PROVIDER,
        "no User-Agent configured (EDGAR_USER_AGENT: a name and a contact address)",
      );
    }
    const xml = await getText(feedUrl, {
      provider: PROVIDER,
      fetch,
      headers: {
        "User-Agent": userAgent,
        "Accept-Encoding": "gzip, deflate",
        Accept: "application/atom+xml, application/xml;q=0.9, */*;q=0.1",
      },
      timeoutMs,
      explainStatus,
    });
    return readFeed(xml, { provider: PROVIDER, baseUrl: feedUrl })
      .map(currentReportEntry)
      .filter((entry) => entry !== undefined);
  }

  const entries = cachedFor(cacheMs, wallClockMs, loadEntries);

  async function tickersOf(filers: CurrentReportEntry[]): Promise<string[]> {
    try {
      const tickers = await Promise.all(filers.map((filer) => tickerOfCik(filer.cik)));
      return [...new Set(tickers.filter((ticker): ticker is string => Boolean(ticker)))];
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      throw new NewsUnavailable(PROVIDER, `CIK to ticker lookup failed: ${cause}`);
    }
  }

  return {
    name: PROVIDER,
    async outlets() {
      return [EDGAR_NEWS_OUTLET];
    },
    async articles(fromMs, toMs) {
      const nowMs = now();
      const visible = (await entries()).filter(
        (entry) =>
          entry.acceptedAtMs >= fromMs && entry.acceptedAtMs < toMs && entry.acceptedAtMs <= nowMs,
      );
      const articles = await Promise.all(
        byAccession(visible).map(async (filers) => toArticle(filers, await tickersOf(filers))),
      );
      return articles.sort((a, b) => a.publishedAtMs - b.publishedAtMs || a.id.localeCompare(b.id));
    },
  };
}
