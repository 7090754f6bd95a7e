import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EDGAR_TICKERS_URL } from "../../../lib/company/adapters/edgar";
import {
  createEdgarCurrentReports,
  EDGAR_CURRENT_8K_URL,
  EDGAR_NEWS_OUTLET,
  type EdgarCurrentReportsOptions,
} from "../../../lib/news/adapters/edgar-8k";
import { headlineName } from "../../../lib/news/adapters/edgar-names";
import { createEdgarTickerOfCik } from "../../../lib/news/adapters/edgar-tickers";
import { NewsUnavailable, type SourceArticle } from "../../../lib/news/ports";

/**
 * The SEC EDGAR 8-K adapter over test/fixtures/news/edgar-current-8k*.xml (EDGAR's current-
 * events Atom feed; provenance in README.md there), served by a fake fetch: no network.
 * The big fixture is a snapshot of 29 Jan 2026 at 17:06 New York time: Apple's real earnings
 * 8-K of that day among fictional filers (CIKs 00099900xx), an 8-K/A, co-registrants sharing
 * one accession number, an 8-K12B and a morning filing.
 */

type Fetch = typeof globalThis.fetch;

const USER_AGENT = "Market Data API tests ops@example.com";
/** After every entry of the snapshot (17:06 EST). */
const AFTER_ALL = Date.parse("2026-01-29T22:10:00Z");
const DAY_START = Date.parse("2026-01-29T05:00:00Z"); // midnight in New York
const DAY_END = Date.parse("2026-01-30T05:00:00Z");

const TICKERS: Record<string, string> = {
  "0000320193": "AAPL",
  "0009990001": "NWND",
  "0009990002": "BHRX",
  "0009990003": "BHEC",
  "0009990004": "GPHX",
};

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/news/${name}`, import.meta.url), "utf8");
}

interface Request {
  url: string;
  headers: Headers;
}

/** Answers every request with `respond`, recording it. */
function fakeFetch(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch: Fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push({ url, headers: new Headers(init?.headers) });
    return respond(url, init);
  };
  return { fetch, requests };
}

function serving(name: string) {
  return fakeFetch(
    () => new Response(fixture(name), { headers: { "content-type": "application/atom+xml" } }),
  );
}

function source(fetch: Fetch, overrides: Partial<EdgarCurrentReportsOptions> = {}) {
  return createEdgarCurrentReports({
    userAgent: USER_AGENT,
    fetch,
    tickerOfCik: (cik) => TICKERS[cik],
    now: () => AFTER_ALL,
    wallClockMs: () => 0,
    ...overrides,
  });
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

function byId(articles: SourceArticle[], id: string): SourceArticle {
  const article = articles.find((candidate) => candidate.id === id);
  if (!article) throw new Error(`no article ${id}`);
  return article;
}

describe("EDGAR 8-K current reports: mapping", () => {
  it("turns Apple's earnings 8-K into a press release on AAPL", async () => {
    const articles = await source(serving("edgar-current-8k.xml").fetch).articles(
      DAY_START,
      DAY_END,
    );
    expect(byId(articles, "n-edgar-0000320193-26-000005")).toEqual({
      id: "n-edgar-0000320193-26-000005",
      headline: "Apple Inc. files 8-K: Results of Operations and Financial Condition",
      summary:
        "Apple Inc. (CIK 0000320193) filed a Form 8-K current report with the SEC reporting Item 2.02 (Results of Operations and Financial Condition) and Item 9.01 (Financial Statements and Exhibits).",
      body: null,
      sourceId: "sec-edgar",
      url: "https://www.sec.gov/Archives/edgar/data/320193/000032019326000005/0000320193-26-000005-index.htm",
      publishedAtMs: Date.parse("2026-01-29T16:30:33-05:00"),
      tickers: ["AAPL"],
      topics: ["earnings", "sec-filings"],
      category: "press-release",
      author: null,
    });
  });

  it("lists the 8-Ks and 8-K/As of the window oldest first, skipping other forms", async () => {
    const articles = await source(serving("edgar-current-8k.xml").fetch).articles(
      DAY_START,
      DAY_END,
    );
    expect(articles.map((article) => article.id)).toEqual([
      "n-edgar-0009990001-26-000011",
      "n-edgar-0009990001-26-000012",
      "n-edgar-0000320193-26-000005",
      "n-edgar-0009990002-26-000004",
      "n-edgar-0009990004-26-000002",
      "n-edgar-0009990005-26-000003",
    ]);
    expect(articles.some((article) => article.headline.includes("Lantern"))).toBe(false);
  });

  it("writes headlines from the filer's name and the items, topics from the item numbers", async () => {
    const articles = await source(serving("edgar-current-8k.xml").fetch).articles(
      DAY_START,
      DAY_END,
    );
    const summary = (id: string) => {
      const { headline, topics, tickers } = byId(articles, id);
      return { headline, topics, tickers };
    };
    expect(summary("n-edgar-0009990001-26-000012")).toEqual({
      headline:
        "Northwind Traders Corp. files 8-K: Entry into a Material Definitive Agreement; Creation of a Direct Financial Obligation",
      topics: ["agreements", "debt", "sec-filings"],
      tickers: ["NWND"],
    });
    expect(summary("n-edgar-0009990001-26-000011")).toEqual({
      headline: "Northwind Traders Corp. files 8-K: Regulation FD Disclosure",
      topics: ["corporate", "sec-filings"],
      tickers: ["NWND"],
    });
    expect(summary("n-edgar-0009990004-26-000002")).toEqual({
      headline: "Granite Peak Holdings, Inc. files 8-K/A: Changes in Directors or Officers",
      topics: ["management-changes", "sec-filings"],
      tickers: ["GPHX"],
    });
    // Three substantive items: two named, one counted; an unknown CIK has no ticker.
    expect(summary("n-edgar-0009990005-26-000003")).toEqual({
      headline:
        "Quill & Ink Ltd. files 8-K: Bankruptcy or Receivership; Triggering Events That Accelerate a Financial Obligation (+1 more)",
      topics: ["bankruptcy", "debt", "listing", "sec-filings"],
      tickers: [],
    });
    expect(byId(articles, "n-edgar-0009990004-26-000002").summary).toBe(
      "Granite Peak Holdings, Inc. (CIK 0009990004) filed an amended Form 8-K current report with the SEC reporting Item 5.02 (Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers).",
    );
  });

  it("merges co-registrants filing one 8-K into one article with both tickers", async () => {
    const articles = await source(serving("edgar-current-8k.xml").fetch).articles(
      DAY_START,
      DAY_END,
    );
    const joint = articles.filter((article) => article.id === "n-edgar-0009990002-26-000004");
    expect(joint).toHaveLength(1);
    expect(joint[0]).toMatchObject({
      headline: "Blue Harbor Energy Inc. files 8-K: Other Events",
      tickers: ["BHRX", "BHEC"],
      url: "https://www.sec.gov/Archives/edgar/data/9990002/000999000226000004/0009990002-26-000004-index.htm",
    });
  });

  it("reads a feed of one entry", async () => {
    const articles = await source(serving("edgar-current-8k-single.xml").fetch, {
      now: () => Date.parse("2026-02-24T23:00:00Z"),
    }).articles(Date.parse("2026-02-24T00:00:00Z"), Date.parse("2026-02-25T00:00:00Z"));
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      id: "n-edgar-0001140361-26-006577",
      headline: "Apple Inc. files 8-K: Submission of Matters to a Vote of Security Holders",
      topics: ["shareholder-meeting", "sec-filings"],
      tickers: ["AAPL"],
    });
  });

  it("names the one outlet", async () => {
    expect(await source(serving("edgar-current-8k.xml").fetch).outlets()).toEqual([
      EDGAR_NEWS_OUTLET,
    ]);
  });
});

describe("EDGAR 8-K current reports: window and clock", () => {
  it("keeps [from, to): an entry at `to` is out, one at `from` is in", async () => {
    const apple = Date.parse("2026-01-29T16:30:33-05:00");
    const reports = source(serving("edgar-current-8k.xml").fetch);
    expect((await reports.articles(apple, apple + 1)).map((a) => a.id)).toEqual([
      "n-edgar-0000320193-26-000005",
    ]);
    expect(await reports.articles(apple - 1000, apple)).toEqual([]);
  });

  it("shows nothing accepted after the clock", async () => {
    const reports = source(serving("edgar-current-8k.xml").fetch, {
      now: () => Date.parse("2026-01-29T16:30:33-05:00"),
    });
    expect((await reports.articles(DAY_START, DAY_END)).map((a) => a.id)).toEqual([
      "n-edgar-0009990001-26-000011",
      "n-edgar-0009990001-26-000012",
      "n-edgar-0000320193-26-000005",
    ]);
  });
});

describe("EDGAR 8-K current reports: requests", () => {
  it("sends the User-Agent to the current-events URL", async () => {
    const { fetch, requests } = serving("edgar-current-8k.xml");
    await source(fetch).articles(DAY_START, DAY_END);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(EDGAR_CURRENT_8K_URL);
    expect(requests[0]?.headers.get("user-agent")).toBe(USER_AGENT);
  });

  it("reuses the feed for 60 s of wall-clock time, then fetches it again", async () => {
    const { fetch, requests } = serving("edgar-current-8k.xml");
    let wallMs = 1_000_000;
    const reports = source(fetch, { wallClockMs: () => wallMs });
    await reports.articles(DAY_START, DAY_END);
    wallMs += 59_999;
    await reports.articles(DAY_START, DAY_END);
    await reports.articles(DAY_START, DAY_START + 1);
    expect(requests).toHaveLength(1);
    wallMs += 1;
    await reports.articles(DAY_START, DAY_END);
    expect(requests).toHaveLength(2);
  });

  it("does not keep a failure: the next call asks again", async () => {
    let calls = 0;
    const { fetch } = fakeFetch(() => {
      calls += 1;
      return calls === 1
        ? new Response("busy", { status: 503 })
        : new Response(fixture("edgar-current-8k.xml"));
    });
    const reports = source(fetch);
    await expect(reports.articles(DAY_START, DAY_END)).rejects.toBeInstanceOf(NewsUnavailable);
    expect(await reports.articles(DAY_START, DAY_END)).toHaveLength(6);
  });

  it("decodes the feed as the ISO-8859-1 it declares", async () => {
    const xml = fixture("edgar-current-8k-single.xml").replace(
      "Apple Inc. (0000320193)",
      "Soci\u00e9t\u00e9 Exemple S.A. (0000320193)",
    );
    const { fetch } = fakeFetch(() => new Response(Buffer.from(xml, "latin1")));
    const [article] = await source(fetch, {
      now: () => Date.parse("2026-02-24T23:00:00Z"),
    }).articles(Date.parse("2026-02-24T00:00:00Z"), Date.parse("2026-02-25T00:00:00Z"));
    expect(article?.headline).toMatch(/^Soci\u00e9t\u00e9 Exemple S\.A\. files 8-K/);
  });
});

describe("EDGAR 8-K current reports: failures are NewsUnavailable", () => {
  const window = [DAY_START, DAY_END] as const;

  it("a network error", async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError("fetch failed", { cause: new Error("getaddrinfo ENOTFOUND") });
    });
    const error = await rejection(source(fetch).articles(...window));
    expect(error.provider).toBe("sec-edgar");
    expect(error.message).toBe(
      "GET www.sec.gov/cgi-bin/browse-edgar: network error: fetch failed (Error: getaddrinfo ENOTFOUND)",
    );
  });

  it("a timeout", async () => {
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const error = await rejection(source(fetch, { timeoutMs: 20 }).articles(...window));
    expect(error.message).toBe("GET www.sec.gov/cgi-bin/browse-edgar: no answer within 20 ms");
  });

  it("a 503", async () => {
    const { fetch } = fakeFetch(() => new Response("Service Unavailable", { status: 503 }));
    expect((await rejection(source(fetch).articles(...window))).message).toBe(
      "GET www.sec.gov/cgi-bin/browse-edgar: HTTP 503 (server error)",
    );
  });

  it("a 403 (what EDGAR answers without a User-Agent), with the reason spelled out", async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response("<html><body>Your Request Originates from an Undeclared Automated Tool", {
          status: 403,
        }),
    );
    expect((await rejection(source(fetch).articles(...window))).message).toBe(
      "GET www.sec.gov/cgi-bin/browse-edgar: HTTP 403 (forbidden; EDGAR refuses requests without a User-Agent naming the requester and a contact address, and above 10 requests per second)",
    );
  });

  it("no User-Agent configured: refused before any request", async () => {
    const { fetch, requests } = serving("edgar-current-8k.xml");
    const error = await rejection(source(fetch, { userAgent: " " }).articles(...window));
    expect(error.message).toMatch(/^no User-Agent configured/);
    expect(requests).toHaveLength(0);
  });

  it("garbage and truncated XML", async () => {
    const garbage = fakeFetch(() => new Response("\u0000\u0001 not xml"));
    expect((await rejection(source(garbage.fetch).articles(...window))).message).toMatch(
      /^malformed XML/,
    );
    const cut = fixture("edgar-current-8k.xml").slice(0, 1500);
    const truncated = fakeFetch(() => new Response(cut));
    expect((await rejection(source(truncated.fetch).articles(...window))).message).toMatch(
      /^malformed XML/,
    );
  });

  it("a failing CIK lookup", async () => {
    const error = await rejection(
      source(serving("edgar-current-8k.xml").fetch, {
        tickerOfCik: async () => {
          throw new Error("tickers file unavailable");
        },
      }).articles(...window),
    );
    expect(error.message).toBe("CIK to ticker lookup failed: tickers file unavailable");
  });
});

describe("EDGAR CIK to ticker lookup", () => {
  /** 50 entries of a real snapshot of company_tickers.json (test/fixtures/edgar/SOURCES.md). */
  const tickersFile = readFileSync(
    new URL("../../fixtures/edgar/company_tickers.json", import.meta.url),
    "utf8",
  );

  it("maps CIKs to our symbols, the first listed class for several, and loads the file once", async () => {
    const { fetch, requests } = fakeFetch((url) =>
      url === EDGAR_TICKERS_URL
        ? new Response(tickersFile)
        : new Response("not found", { status: 404 }),
    );
    const tickerOfCik = createEdgarTickerOfCik({ userAgent: USER_AGENT, fetch });
    expect(await tickerOfCik("0000320193")).toBe("AAPL");
    expect(await tickerOfCik("0001652044")).toBe("GOOGL"); // GOOGL before GOOG
    expect(await tickerOfCik("0001067983")).toBe("BRK.B"); // EDGAR's BRK-B
    expect(await tickerOfCik("0009990001")).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get("user-agent")).toBe(USER_AGENT);
  });
});

describe("EDGAR conformed names in headlines", () => {
  it.each([
    ["APPLE INC", "Apple Inc."],
    ["Apple Inc.", "Apple Inc."],
    ["BANK OF AMERICA CORP /DE/", "Bank of America Corp."],
    ["AMAZON COM INC", "Amazon.com Inc."],
    ["INTERNATIONAL BUSINESS MACHINES CORP", "International Business Machines Corp."],
    ["AT&T INC.", "AT&T Inc."],
    ["META PLATFORMS, INC.", "Meta Platforms, Inc."],
    ["MCDONALDS CORP", "McDonalds Corp."],
    ["CVS HEALTH CORP", "CVS Health Corp."],
    ["TOYOTA MOTOR CORP/", "Toyota Motor Corp."],
    ["WELLS FARGO & COMPANY/MN", "Wells Fargo & Company"],
    ["NOVO NORDISK A/S", "Novo Nordisk A/S"],
    ["O'REILLY AUTOMOTIVE INC", "O'Reilly Automotive Inc."],
    ["MACY'S, INC.", "Macy's, Inc."],
    ["TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD", "Taiwan Semiconductor Manufacturing Co. Ltd."],
  ])("%s → %s", (conformed, written) => {
    expect(headlineName(conformed)).toBe(written);
  });
});
