import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { combineNewsSources } from "../../../lib/news/adapters/combined";
import {
  createEdgarCurrentReports,
  EDGAR_CURRENT_8K_URL,
  EDGAR_NEWS_OUTLET,
} from "../../../lib/news/adapters/edgar-8k";
import { createFeedNews } from "../../../lib/news/adapters/feed";
import { type NewsOutlet, type NewsSource, NewsUnavailable } from "../../../lib/news/ports";

/**
 * Real adapters combined: SEC EDGAR's 8-K feed and a press-release wire's RSS feed, both
 * served from test/fixtures/news by a fake fetch (no network), with failures injected per URL.
 */

type Fetch = typeof globalThis.fetch;

const WIRE_URL = "https://newswire.example.com/rss/corporate.xml";
const WIRE: NewsOutlet = {
  id: "harborline-newswire",
  name: "Harborline Newswire",
  homepage: "https://newswire.example.com/",
  kind: "press-release",
};
const FROM = Date.UTC(2026, 0, 29, 5);
const TO = Date.UTC(2026, 0, 30, 5);
const NOW = Date.UTC(2026, 0, 29, 22, 10);

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/news/${name}`, import.meta.url), "utf8");
}

function fakeFetch(down: ReadonlySet<string> = new Set()): Fetch {
  const files: Record<string, string> = {
    [EDGAR_CURRENT_8K_URL]: "edgar-current-8k.xml",
    [WIRE_URL]: "rss-press-wire.xml",
  };
  return async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = files[url];
    if (down.has(url) || !name) return new Response("Service Unavailable", { status: 503 });
    return new Response(fixture(name));
  };
}

function sources(fetch: Fetch): NewsSource[] {
  const common = { fetch, now: () => NOW, wallClockMs: () => 0 };
  return [
    createEdgarCurrentReports({
      ...common,
      userAgent: "Market Data API tests ops@example.com",
      tickerOfCik: (cik) => (cik === "0000320193" ? "AAPL" : undefined),
    }),
    createFeedNews({ ...common, feeds: [{ url: WIRE_URL, outlet: WIRE }] }),
  ];
}

describe("combined news sources", () => {
  it("merges both sources' articles by time and lists both outlets", async () => {
    const combined = combineNewsSources(sources(fakeFetch()));
    expect(combined.name).toBe("sec-edgar+feeds");
    const articles = await combined.articles(FROM, TO);
    // EDGAR's six 8-Ks of the day and the wire's four items published by the clock.
    expect(articles).toHaveLength(6 + 4);
    const times = articles.map((article) => article.publishedAtMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(articles.map((article) => article.sourceId))).toEqual(
      new Set(["sec-edgar", "harborline-newswire"]),
    );
    expect(await combined.outlets()).toEqual([EDGAR_NEWS_OUTLET, WIRE]);
    expect(combined.health()).toEqual([
      { name: "sec-edgar", error: null },
      { name: "feeds", error: null },
    ]);
  });

  it("lists an id two sources both return once, and an outlet both name once", async () => {
    const fetch = fakeFetch();
    const wire = () =>
      createFeedNews({ fetch, now: () => NOW, feeds: [{ url: WIRE_URL, outlet: WIRE }] });
    const combined = combineNewsSources([wire(), wire()]);
    expect(await combined.articles(FROM, TO)).toHaveLength(4);
    expect(await combined.outlets()).toEqual([WIRE]);
  });

  it("serves the working source while the other is down, and says which is down", async () => {
    const combined = combineNewsSources(sources(fakeFetch(new Set([EDGAR_CURRENT_8K_URL]))));
    const articles = await combined.articles(FROM, TO);
    expect(articles.map((article) => article.sourceId)).toEqual(Array(4).fill(WIRE.id));
    expect(combined.health()).toEqual([
      { name: "sec-edgar", error: "GET www.sec.gov/cgi-bin/browse-edgar: HTTP 503 (server error)" },
      { name: "feeds", error: null },
    ]);
  });

  it("throws NewsUnavailable naming each cause when every source is down", async () => {
    const combined = combineNewsSources(
      sources(fakeFetch(new Set([EDGAR_CURRENT_8K_URL, WIRE_URL]))),
    );
    const error = await combined.articles(FROM, TO).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(NewsUnavailable);
    const { provider, message } = error as NewsUnavailable;
    expect(provider).toBe("sec-edgar+feeds");
    expect(message).toMatch(/^every news source failed \(sec-edgar: GET www\.sec\.gov/);
    expect(message).toContain("feeds: every feed failed");
  });

  it("lets an error that is not an outage through: it is a bug", async () => {
    const broken: NewsSource = {
      name: "broken",
      outlets: async () => [],
      articles: async () => {
        throw new TypeError("undefined is not a function");
      },
    };
    const combined = combineNewsSources([...sources(fakeFetch()), broken]);
    await expect(combined.articles(FROM, TO)).rejects.toBeInstanceOf(TypeError);
  });

  it("with no sources, has no articles", async () => {
    expect(await combineNewsSources([]).articles(FROM, TO)).toEqual([]);
  });
});
