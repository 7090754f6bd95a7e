import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeedDate, parseRfc822, parseRfc3339 } from "../../../lib/news/adapters/dates";
import {
  decodeEntities,
  htmlToText,
  SUMMARY_MAX_CHARS,
  slugify,
  summaryOf,
} from "../../../lib/news/adapters/text";
import { type FeedItem, readFeed } from "../../../lib/news/adapters/xml";
import { NewsUnavailable } from "../../../lib/news/ports";

/**
 * readFeed over the fixtures in test/fixtures/news (formats and provenance: README.md there):
 * RSS 2.0 with CDATA, escaped HTML, Dublin Core and content:encoded; a one-item RSS feed; an
 * Atom 1.0 feed with several links per entry and every text-construct type; EDGAR's 8-K
 * current-events Atom feed; a truncated document and an HTML page.
 */

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/news/${name}`, import.meta.url), "utf8");
}

function byTitle(items: FeedItem[], title: string): FeedItem {
  const item = items.find((candidate) => candidate.title === title);
  if (!item) throw new Error(`no item titled ${title}`);
  return item;
}

function failureOf(run: () => unknown): NewsUnavailable {
  try {
    run();
  } catch (error) {
    if (error instanceof NewsUnavailable) return error;
    throw error;
  }
  throw new Error("expected NewsUnavailable");
}

describe("readFeed: RSS 2.0", () => {
  const items = readFeed(fixture("rss-press-wire.xml"), { provider: "test" });

  it("keeps every item with a readable date, in document order", () => {
    // Six items; "sometime yesterday" is not a date.
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.title)).toEqual([
      "Northwind Robotics Reports Record Fourth-Quarter Revenue & Raises 2026 Outlook",
      "Granite Peak Holdings\u2019 Board Names Interim Chief Financial Officer",
      "Quill & Ink files for Chapter 11 protection; $QINK halted",
      "Blue Harbor Energy Sets Date for First-Quarter Results",
      "",
    ]);
  });

  it("reads a CDATA description as HTML: tags dropped, entities decoded, spaces collapsed", () => {
    const item = items[0] as FeedItem;
    expect(item.summary).toBe(
      "SEATTLE, Jan. 29, 2026 -- Northwind Robotics, Inc. (NASDAQ: NWRB) today reported fourth-quarter revenue of $412.6 million, up 18% from a year earlier, and raised its 2026 outlook. Warehouse automation orders grew for the sixth straight quarter & backlog reached a record. The company will host a conference call at 5:00 p.m. ET. Read more",
    );
    expect(item.content).toContain("Gross margin: 41.3% About Northwind Robotics");
    expect(item.content).not.toContain("trackView");
    expect(item.guid).toBe("HNW-2026-01-29-0042");
    expect(item.author).toBe("Northwind Robotics, Inc.");
    expect(item.categories).toEqual([
      "Earnings Releases and Operating Results",
      "Industrial Automation",
      "Earnings Releases and Operating Results",
    ]);
    expect(item.publishedAtMs).toBe(Date.UTC(2026, 0, 29, 21, 5, 0));
  });

  it("decodes entity-escaped HTML and numeric references (also double-escaped ones)", () => {
    const item = items[1] as FeedItem;
    expect(item.title).toBe(
      "Granite Peak Holdings\u2019 Board Names Interim Chief Financial Officer",
    );
    expect(item.summary).toBe(
      "DENVER -- Granite Peak Holdings, Inc. (NYSE: GPHX) said its board appointed an interim chief financial officer, effective immediately. The company\u2019s search for a permanent CFO continues \u2014 it expects to conclude it by mid-year.",
    );
    // -0500 offset
    expect(item.publishedAtMs).toBe(Date.UTC(2026, 0, 29, 21, 15, 0));
    expect(item.link).toBe(item.guid);
  });

  it("copes with missing optional elements: no description, guid or dc:creator", () => {
    const item = byTitle(items, "Quill & Ink files for Chapter 11 protection; $QINK halted");
    expect(item.summary).toBe("");
    expect(item.content).toBeNull();
    expect(item.guid).toBeNull();
    expect(item.author).toBe("Dana Whitfield");
    expect(item.link).toBe(
      "http://newswire.example.com/news/2026/01/29/quill-and-ink-chapter-11.html",
    );
    // "08:30 EST", no seconds
    expect(item.publishedAtMs).toBe(Date.UTC(2026, 0, 29, 13, 30, 0));
  });

  it("reads a one-item feed as a list of one (the parser would give an object)", () => {
    const single = readFeed(fixture("rss-single-item.xml"));
    expect(single).toEqual([
      {
        title: "Futures edge higher ahead of the Fed decision",
        link: "https://news.example.org/markets/2026/01/28/futures-fed-decision",
        summary:
          "Stock futures rose in early trading as investors awaited the Federal Reserve's rate decision.",
        content: null,
        publishedAtMs: Date.UTC(2026, 0, 28, 12, 45, 10),
        guid: null,
        categories: ["Markets"],
        author: "Morgan Ellery",
      },
    ]);
  });

  it("reads the RSS Profile's title-encoding cases as plain text, decoded once", () => {
    // Test cases of the RSS Advisory Board's RSS Profile (rssboard.org/rss-profile), as
    // recorded in github.com/Discolover/feed_reader sample-rss-2.xml.
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      <item><title>AT&#x26;T</title><pubDate>Thu, 04 Oct 2007 23:59:45 +0000</pubDate></item>
      <item><title>The &#x26;amp; entity</title><pubDate>Thu, 04 Oct 2007 23:59:45 GMT</pubDate></item>
      <item><title>Nice &#x3C;gorilla&#x3E; what's he weigh?</title><pubDate>Thu, 04 Oct 2007 23:59:45 -0000</pubDate></item>
      </channel></rss>`;
    expect(readFeed(xml).map((item) => item.title)).toEqual([
      "AT&T",
      "The &amp; entity",
      "Nice <gorilla> what's he weigh?",
    ]);
  });
});

describe("readFeed: Atom 1.0", () => {
  const items = readFeed(fixture("atom-newsroom.xml"), {
    baseUrl: "https://news.example.org/companies/atom.xml",
  });

  it("skips the entry with an impossible date", () => {
    expect(items.map((item) => item.title)).toEqual([
      "Northwind Robotics lifts outlook as warehouse orders & backlog hit records",
      "Granite Peak names interim finance chief",
      "Blue Harbor Energy beats estimates",
    ]);
  });

  it("picks rel=alternate text/html among self, enclosure, alternate and related links", () => {
    const item = items[0] as FeedItem;
    expect(item.link).toBe(
      "https://news.example.org/companies/2026/01/29/northwind-robotics-outlook",
    );
    expect(item.publishedAtMs).toBe(Date.UTC(2026, 0, 29, 21, 40, 0)); // published, not updated
    expect(item.summary).toBe(
      "Northwind Robotics ($NWRB) raised its 2026 forecast after orders & backlog reached records. Shares rose 7% in extended trading.",
    );
    expect(item.content).toBe("Northwind Robotics raised its 2026 forecast on Thursday.");
    expect(item.categories).toEqual(["earnings", "robotics"]);
    expect(item.author).toBe("Priya Castellanos");
    expect(item.guid).toBe("tag:news.example.org,2026-01-29:/companies/northwind-robotics-outlook");
  });

  it("resolves a relative link without rel, keeps text as text, inherits the feed's author", () => {
    const item = items[1] as FeedItem;
    expect(item.link).toBe(
      "https://news.example.org/companies/2026/01/29/granite-peak-interim-cfo",
    );
    expect(item.summary).toBe(
      "The company (NYSE: GPHX) said the search for a permanent CFO continues; analysts noted A < B in its guidance table.",
    );
    expect(item.publishedAtMs).toBe(Date.UTC(2026, 0, 30, 2, 20, 0)); // updated, -05:00
    expect(item.author).toBe("Cobalt Street Journal Staff");
  });

  it("reads type=html titles and CDATA content as HTML", () => {
    const item = items[2] as FeedItem;
    expect(item.title).toBe("Blue Harbor Energy beats estimates");
    expect(item.summary).toBe("");
    expect(item.content).toBe(
      "Blue Harbor Energy Inc. (NYSE: BHRX) reported earnings above estimates. Revenue rose 4%.",
    );
  });

  it("reads EDGAR's current-events feed: escaped HTML summary, form type as category", () => {
    const edgar = readFeed(fixture("edgar-current-8k.xml"));
    expect(edgar).toHaveLength(8);
    const apple = edgar.find((item) => item.title.includes("Apple")) as FeedItem;
    expect(apple).toMatchObject({
      title: "8-K - Apple Inc. (0000320193) (Filer)",
      link: "https://www.sec.gov/Archives/edgar/data/320193/000032019326000005/0000320193-26-000005-index.htm",
      summary:
        "Filed: 2026-01-29 AccNo: 0000320193-26-000005 Size: 375 KB Item 2.02: Results of Operations and Financial Condition Item 9.01: Financial Statements and Exhibits",
      guid: "urn:tag:sec.gov,2008:accession-number=0000320193-26-000005",
      categories: ["8-K"],
      publishedAtMs: Date.UTC(2026, 0, 29, 21, 30, 33),
    });
    expect(edgar[0]?.title).toBe("8-K - QUILL & INK LTD (0009990005) (Filer)");
  });

  it("reads a one-entry feed as a list of one", () => {
    expect(readFeed(fixture("edgar-current-8k-single.xml"))).toHaveLength(1);
  });

  it("reads an empty feed as no items", () => {
    expect(readFeed('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toEqual(
      [],
    );
    expect(readFeed('<rss version="2.0"><channel></channel></rss>')).toEqual([]);
  });
});

describe("readFeed: documents it refuses", () => {
  it("throws NewsUnavailable for a truncated document, naming the provider", () => {
    const error = failureOf(() => readFeed(fixture("malformed.xml"), { provider: "wire" }));
    expect(error.provider).toBe("wire");
    expect(error.message).toMatch(/^malformed XML/);
  });

  it("throws NewsUnavailable for an HTML page and for text that is not XML", () => {
    expect(failureOf(() => readFeed(fixture("not-a-feed.xml"))).message).toBe(
      "not an RSS 2.0 or Atom 1.0 feed (root element <html>)",
    );
    expect(failureOf(() => readFeed("Service Unavailable")).message).toMatch(/^malformed XML/);
    expect(failureOf(() => readFeed("")).message).toMatch(/^malformed XML/);
  });

  it("never expands DOCTYPE entities and refuses external ones", () => {
    const internal = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY big "EXPANDED">]>
      <rss version="2.0"><channel><item><title>&big;</title>
      <pubDate>Thu, 29 Jan 2026 21:05:00 GMT</pubDate></item></channel></rss>`;
    expect(readFeed(internal)[0]?.title).toBe("&big;");
    const external = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss version="2.0"><channel><item><title>&xxe;</title>
      <pubDate>Thu, 29 Jan 2026 21:05:00 GMT</pubDate></item></channel></rss>`;
    expect(failureOf(() => readFeed(external)).message).toMatch(/^unreadable XML/);
  });
});

describe("feed dates", () => {
  it("reads RFC 822 with named zones, offsets, no seconds, two-digit years", () => {
    expect(parseRfc822("Thu, 29 Jan 2026 21:05:00 GMT")).toBe(Date.UTC(2026, 0, 29, 21, 5));
    expect(parseRfc822("Thu, 29 Jan 2026 16:05:00 EST")).toBe(Date.UTC(2026, 0, 29, 21, 5));
    expect(parseRfc822("29 Jun 2026 17:05 EDT")).toBe(Date.UTC(2026, 5, 29, 21, 5));
    expect(parseRfc822("Thu, 29 Jan 2026 22:35:00 +0130")).toBe(Date.UTC(2026, 0, 29, 21, 5));
    expect(parseRfc822("Tue, 10 Jun 03 04:00:00 GMT")).toBe(Date.UTC(2003, 5, 10, 4, 0));
    expect(parseRfc822("Mon, 27 Jan 2025 12:00:00")).toBe(Date.UTC(2025, 0, 27, 12, 0));
  });

  it("refuses what it cannot read rather than guessing", () => {
    for (const text of [
      "sometime yesterday",
      "2026",
      "Tue",
      "31 Feb 2026 10:00:00 GMT",
      "29 Jan 2026 25:00:00 GMT",
      "29 Jan 2026 10:00:00 XYZ",
    ]) {
      expect(parseFeedDate(text), text).toBeUndefined();
    }
    expect(parseFeedDate(undefined)).toBeUndefined();
    expect(parseRfc3339("2026-01-29T16:30:33")).toBeUndefined(); // no offset
    expect(parseRfc3339("2026-13-45T99:00:00Z")).toBeUndefined();
  });

  it("reads RFC 3339 with offsets and fractions, and either format in either field", () => {
    expect(parseRfc3339("2026-01-29T16:30:33-05:00")).toBe(Date.UTC(2026, 0, 29, 21, 30, 33));
    expect(parseRfc3339("2026-01-29T21:30:33.250Z")).toBe(Date.UTC(2026, 0, 29, 21, 30, 33, 250));
    expect(parseRfc3339("2026-01-29T21:30Z")).toBe(Date.UTC(2026, 0, 29, 21, 30));
    expect(parseFeedDate("2026-01-29T21:30:33Z")).toBe(Date.UTC(2026, 0, 29, 21, 30, 33));
    expect(parseFeedDate("Thu, 29 Jan 2026 21:30:33 GMT")).toBe(Date.UTC(2026, 0, 29, 21, 30, 33));
  });
});

describe("feed text", () => {
  it("decodes numeric, named and Windows-1252 references; leaves unknown ones", () => {
    expect(decodeEntities("AT&amp;T &#8217; &#x2014; &nbsp;&eacute; &#146; &bogus; &#0;")).toBe(
      "AT&T \u2019 \u2014 \u00a0\u00e9 \u2019 &bogus; &#0;",
    );
  });

  it("turns HTML into text without gluing words or eating comparisons", () => {
    expect(htmlToText("<p>One</p><p>Two<br/>three</p>")).toBe("One Two three");
    expect(htmlToText("<b>Apple</b>&#8217;s <i>new</i> chip")).toBe("Apple\u2019s new chip");
    expect(htmlToText("a < b and c > d")).toBe("a < b and c > d");
    expect(htmlToText("<style>p{x:1}</style><!-- note -->Text")).toBe("Text");
  });

  it("slugs category labels", () => {
    expect(slugify("Mergers & Acquisitions")).toBe("mergers-and-acquisitions");
    expect(slugify("  Earnings Releases and Operating Results ")).toBe(
      "earnings-releases-and-operating-results",
    );
    expect(slugify("Café / Restaurants")).toBe("cafe-restaurants");
    expect(slugify("!!!")).toBe("");
  });

  it("keeps summaries to three sentences and a bounded length", () => {
    expect(summaryOf("One. Two! Three? Four.")).toBe("One. Two! Three?");
    expect(summaryOf("Short text without a stop")).toBe("Short text without a stop");
    const long = `${"word ".repeat(200)}end.`;
    const cut = summaryOf(long);
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS + 1);
    expect(cut.endsWith("\u2026")).toBe(true);
  });
});
