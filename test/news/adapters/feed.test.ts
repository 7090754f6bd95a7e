import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createFeedNews,
  type FeedConfig,
  type FeedNewsOptions,
  feedArticleId,
  feedsFromSetting,
} from "../../../lib/news/adapters/feed";
import { detectTickers } from "../../../lib/news/adapters/tickers";
import { type NewsOutlet, NewsUnavailable, type SourceArticle } from "../../../lib/news/ports";

/**
 * The RSS/Atom adapter over test/fixtures/news (provenance in README.md there): a fictional
 * press-release wire's RSS 2.0 feed, a fictional newspaper's Atom 1.0 feed and its one-item
 * RSS feed, served by a fake fetch keyed by URL: no network.
 */

type Fetch = typeof globalThis.fetch;

const WIRE: NewsOutlet = {
  id: "harborline-newswire",
  name: "Harborline Newswire",
  homepage: "https://newswire.example.com/",
  kind: "press-release",
};
const JOURNAL: NewsOutlet = {
  id: "cobalt-street-journal",
  name: "Cobalt Street Journal",
  homepage: "https://news.example.org/",
  kind: "newspaper",
};

const WIRE_URL = "https://newswire.example.com/rss/corporate.xml";
const ATOM_URL = "https://news.example.org/companies/atom.xml";
const MARKETS_URL = "https://news.example.org/markets/rss.xml";

/** The fixtures' day: 29 Jan 2026, clock at 22:00 UTC (the 30 Jan item is still to come). */
const FROM = Date.UTC(2026, 0, 28);
const TO = Date.UTC(2026, 0, 31);
const NOW = Date.UTC(2026, 0, 29, 22, 0);

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/news/${name}`, import.meta.url), "utf8");
}

const RECORDED: Record<string, string> = {
  [WIRE_URL]: "rss-press-wire.xml",
  [ATOM_URL]: "atom-newsroom.xml",
  [MARKETS_URL]: "rss-single-item.xml",
};

/** Serves RECORDED (plus overrides by URL), 404 otherwise; records each request's URL. */
function fakeFetch(overrides: Record<string, () => Response> = {}) {
  const requests: string[] = [];
  const fetch: Fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(url);
    const override = overrides[url];
    if (override) return override();
    const name = RECORDED[url];
    return name ? new Response(fixture(name)) : new Response("not found", { status: 404 });
  };
  return { fetch, requests };
}

function feedNews(feeds: FeedConfig[], fetch: Fetch, overrides: Partial<FeedNewsOptions> = {}) {
  return createFeedNews({ feeds, fetch, now: () => NOW, wallClockMs: () => 0, ...overrides });
}

function titled(articles: SourceArticle[], headline: string): SourceArticle {
  const article = articles.find((candidate) => candidate.headline.startsWith(headline));
  if (!article) throw new Error(`no article "${headline}"`);
  return article;
}

async function rejection(promise: Promise<unknown>): Promise<NewsUnavailable> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NewsUnavailable) return error;
    throw error;
  }
  throw new Error("expected NewsUnavailable");
}

describe("feed news: one RSS 2.0 wire", () => {
  const wire = () => feedNews([{ url: WIRE_URL, outlet: WIRE }], fakeFetch().fetch);

  it("lists the window's items oldest first, none after the clock or undated", async () => {
    const articles = await wire().articles(FROM, TO);
    expect(articles.map((article) => [article.headline, article.publishedAtMs])).toEqual([
      ["Quill & Ink files for Chapter 11 protection; $QINK halted", Date.UTC(2026, 0, 29, 13, 30)],
      [
        "Cobalt Street Partners agreed to acquire a minority stake in Lantern Biosciences plc (Nasdaq: LNTN, LNTNW) for $48 million.",
        Date.UTC(2026, 0, 29, 14, 20),
      ],
      [
        "Northwind Robotics Reports Record Fourth-Quarter Revenue & Raises 2026 Outlook",
        Date.UTC(2026, 0, 29, 21, 5),
      ],
      [
        "Granite Peak Holdings\u2019 Board Names Interim Chief Financial Officer",
        Date.UTC(2026, 0, 29, 21, 15),
      ],
    ]);
  });

  it("maps an item to an article", async () => {
    const article = titled(await wire().articles(FROM, TO), "Northwind Robotics");
    expect(article).toEqual({
      id: "n-00c174ff4bb9", // SHA-1 of "harborline-newswire\nHNW-2026-01-29-0042"
      headline: "Northwind Robotics Reports Record Fourth-Quarter Revenue & Raises 2026 Outlook",
      summary:
        "SEATTLE, Jan. 29, 2026 -- Northwind Robotics, Inc. (NASDAQ: NWRB) today reported fourth-quarter revenue of $412.6 million, up 18% from a year earlier, and raised its 2026 outlook. Warehouse automation orders grew for the sixth straight quarter & backlog reached a record. The company will host a conference call at 5:00 p.m. ET.",
      body: expect.stringContaining("Gross margin: 41.3%"),
      sourceId: "harborline-newswire",
      url: "https://newswire.example.com/news/2026/01/29/northwind-robotics-fourth-quarter-results.html",
      publishedAtMs: Date.UTC(2026, 0, 29, 21, 5),
      tickers: ["NWRB"],
      topics: ["earnings-releases-and-operating-results", "industrial-automation"],
      category: "press-release",
      author: "Northwind Robotics, Inc.",
    });
  });

  it("takes ids from the guid, else the link, per outlet, the same on every call", async () => {
    const articles = await wire().articles(FROM, TO);
    const northwind = titled(articles, "Northwind Robotics");
    const quill = titled(articles, "Quill & Ink");
    expect(northwind.id).toBe(feedArticleId(WIRE.id, "HNW-2026-01-29-0042"));
    expect(quill.id).toBe(
      feedArticleId(
        WIRE.id,
        "http://newswire.example.com/news/2026/01/29/quill-and-ink-chapter-11.html",
      ),
    );
    expect(quill.id).toMatch(/^n-[0-9a-f]{12}$/);
    expect((await wire().articles(FROM, TO)).map((a) => a.id)).toEqual(articles.map((a) => a.id));
    expect(feedArticleId(JOURNAL.id, "HNW-2026-01-29-0042")).not.toBe(northwind.id);
  });

  it("finds exchange-qualified tickers and cashtags, upgrades http links, slugs categories", async () => {
    const articles = await wire().articles(FROM, TO);
    expect(titled(articles, "Granite Peak").tickers).toEqual(["GPHX"]);
    expect(titled(articles, "Cobalt Street Partners").tickers).toEqual(["LNTN", "LNTNW"]);
    const quill = titled(articles, "Quill & Ink");
    expect(quill).toMatchObject({
      tickers: ["QINK"],
      url: "https://newswire.example.com/news/2026/01/29/quill-and-ink-chapter-11.html",
      topics: ["bankruptcy", "mergers-and-acquisitions"],
      summary: "",
      body: null,
      author: "Dana Whitfield",
    });
  });

  it("adds the tickers an extra matcher finds, after the built-in ones", async () => {
    const source = feedNews([{ url: WIRE_URL, outlet: WIRE }], fakeFetch().fetch, {
      tickersOf: (text) => (text.includes("Quill & Ink") ? ["QINK", "QNKX"] : []),
    });
    expect(titled(await source.articles(FROM, TO), "Quill & Ink").tickers).toEqual([
      "QINK",
      "QNKX",
    ]);
  });

  it("uses the feed's category when configured", async () => {
    const source = feedNews(
      [{ url: WIRE_URL, outlet: WIRE, category: "earnings" }],
      fakeFetch().fetch,
    );
    const categories = new Set((await source.articles(FROM, TO)).map((a) => a.category));
    expect([...categories]).toEqual(["earnings"]);
  });
});

describe("feed news: several feeds", () => {
  const feeds: FeedConfig[] = [
    { url: WIRE_URL, outlet: WIRE },
    { url: ATOM_URL, outlet: JOURNAL },
    { url: MARKETS_URL, outlet: JOURNAL, category: "sector" },
  ];

  it("merges every feed's items by time and lists each outlet once", async () => {
    const source = feedNews(feeds, fakeFetch().fetch);
    const articles = await source.articles(FROM, TO);
    // The wire's 4, the Atom feed's 2 (Granite Peak's entry is dated after the clock), 1.
    expect(articles).toHaveLength(4 + 2 + 1);
    const times = articles.map((article) => article.publishedAtMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await source.outlets()).toEqual([WIRE, JOURNAL]);
    const atom = titled(articles, "Northwind Robotics lifts outlook");
    expect(atom).toMatchObject({
      sourceId: "cobalt-street-journal",
      category: "corporate",
      tickers: ["NWRB"],
      topics: ["earnings", "robotics"],
      author: "Priya Castellanos",
    });
    expect(titled(articles, "Futures edge higher").category).toBe("sector");
  });

  it("lists an item two feeds of one outlet both carry once", async () => {
    const copyUrl = "https://news.example.org/markets/copy.xml";
    const { fetch } = fakeFetch({ [copyUrl]: () => new Response(fixture("rss-single-item.xml")) });
    const source = feedNews(
      [
        { url: MARKETS_URL, outlet: JOURNAL },
        { url: copyUrl, outlet: JOURNAL },
      ],
      fetch,
    );
    expect(await source.articles(FROM, TO)).toHaveLength(1);
  });

  it("serves the others when one feed fails, and reports it in health()", async () => {
    const { fetch } = fakeFetch({
      [ATOM_URL]: () => new Response("Service Unavailable", { status: 503 }),
    });
    const source = feedNews(feeds, fetch);
    const articles = await source.articles(FROM, TO);
    expect(articles).toHaveLength(4 + 1);
    expect(source.health()).toEqual([
      { url: WIRE_URL, outletId: WIRE.id, error: null },
      {
        url: ATOM_URL,
        outletId: JOURNAL.id,
        error: "GET news.example.org/companies/atom.xml: HTTP 503 (server error)",
      },
      { url: MARKETS_URL, outletId: JOURNAL.id, error: null },
    ]);
  });

  it("throws NewsUnavailable naming every cause when all feeds fail", async () => {
    const { fetch } = fakeFetch({
      [WIRE_URL]: () => new Response(fixture("malformed.xml")),
      [ATOM_URL]: () => new Response(fixture("not-a-feed.xml")),
      [MARKETS_URL]: () => {
        throw new TypeError("fetch failed");
      },
    });
    const error = await rejection(feedNews(feeds, fetch).articles(FROM, TO));
    expect(error.provider).toBe("feeds");
    expect(error.message).toMatch(/^every feed failed \(/);
    expect(error.message).toContain(`${WIRE_URL}: malformed XML`);
    expect(error.message).toContain(`${ATOM_URL}: not an RSS 2.0 or Atom 1.0 feed`);
    expect(error.message).toContain(
      `${MARKETS_URL}: GET news.example.org/markets/rss.xml: network error: fetch failed`,
    );
  });

  it("fetches each feed at most once per 60 s of wall-clock time", async () => {
    const { fetch, requests } = fakeFetch();
    let wallMs = 5_000_000;
    const source = feedNews(feeds, fetch, { wallClockMs: () => wallMs });
    await source.articles(FROM, TO);
    wallMs += 30_000;
    await source.articles(FROM, TO);
    expect(requests).toHaveLength(3);
    wallMs += 30_000;
    await source.articles(FROM, TO);
    expect(requests).toHaveLength(6);
  });

  it("decodes a body in the charset its Content-Type declares", async () => {
    const xml = fixture("rss-single-item.xml")
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace("Morgan Ellery", "Ren\u00e9e Fa\u00e7on");
    const { fetch } = fakeFetch({
      [MARKETS_URL]: () =>
        new Response(Buffer.from(xml, "latin1"), {
          headers: { "content-type": "application/rss+xml; charset=ISO-8859-1" },
        }),
    });
    const [article] = await feedNews([{ url: MARKETS_URL, outlet: JOURNAL }], fetch).articles(
      FROM,
      TO,
    );
    expect(article?.author).toBe("Ren\u00e9e Fa\u00e7on");
  });

  it("with no feeds configured, has no articles", async () => {
    expect(await feedNews([], fakeFetch().fetch).articles(FROM, TO)).toEqual([]);
  });
});

describe("ticker patterns", () => {
  it.each([
    ["Acme Corp. (NYSE: KO) said", ["KO"]],
    ["shares of NYSE:KO rose", ["KO"]],
    ["(NASDAQ:AAPL) and (Nasdaq: GOOGL, GOOG)", ["AAPL", "GOOGL", "GOOG"]],
    ["(NYSE American: XYZ)", ["XYZ"]],
    ["(NYSE: BRK-B) and $BRK.A", ["BRK.B", "BRK.A"]],
    ["$AAPL beats; $5 billion; $USD strength", ["AAPL"]],
    ["(TSX: SHOP) listed in Toronto", []],
    ["NYSE: The exchange said", []],
    ["NASDAQ: A", ["A"]],
  ])("%s", (text, tickers) => {
    expect(detectTickers(text)).toEqual(tickers);
  });
});

describe("feeds from a setting (NEWS_FEED_URLS)", () => {
  it("reads URLs, optionally with outlet name, kind and category", () => {
    expect(
      feedsFromSetting(
        "https://newswire.example.com/rss/corporate.xml|Harborline Newswire|press-release|earnings, https://www.news.example.org/companies/atom.xml ",
      ),
    ).toEqual([
      {
        url: "https://newswire.example.com/rss/corporate.xml",
        outlet: {
          id: "harborline-newswire",
          name: "Harborline Newswire",
          homepage: "https://newswire.example.com/",
          kind: "press-release",
        },
        category: "earnings",
      },
      {
        url: "https://www.news.example.org/companies/atom.xml",
        outlet: {
          id: "news-example-org",
          name: "news.example.org",
          homepage: "https://www.news.example.org/",
          kind: "online",
        },
      },
    ]);
    expect(feedsFromSetting("  ")).toEqual([]);
    expect(feedsFromSetting("https://a.example.com/rss;\nhttps://b.example.com/atom")).toHaveLength(
      2,
    );
  });

  it("refuses entries it cannot read", () => {
    expect(() => feedsFromSetting("not a url")).toThrow(/not a URL/);
    expect(() => feedsFromSetting("ftp://example.com/feed")).toThrow(/only http/);
    expect(() => feedsFromSetting("https://example.com/feed|X|blog")).toThrow(/kind must be/);
    expect(() => feedsFromSetting("https://example.com/feed|X|wire|gossip")).toThrow(
      /category must be/,
    );
  });
});
