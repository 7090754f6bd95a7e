import { describe, expect, it } from "vitest";
import { companyExtraRoutes } from "../../lib/api/groups/companyExtra/routes";
import { newsRoutes as routes } from "../../lib/api/groups/news/routes";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createNewsDesk, NEWS_WINDOW_DAYS } from "../../lib/news/desk";
import {
  type NewsOutlet,
  type NewsSource,
  NewsUnavailable,
  type SourceArticle,
} from "../../lib/news/ports";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The news endpoints over a small hand-written source (so every expected figure can be
 * derived here): pages and cursors, spec fact 1 (multi keeps 20 symbols), search ranking, the
 * 404s, the market mood's weights, and 503 NEWS_UNAVAILABLE when the source fails.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z";
const NOW_MS = Date.parse(SIM_NOW);
const HOUR = 3_600_000;
const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);

const OUTLETS: NewsOutlet[] = [
  { id: "wire-a", name: "Wire A", homepage: "https://a.example.com", kind: "wire" },
  { id: "paper-b", name: "Paper B", homepage: "https://b.example.com", kind: "newspaper" },
  { id: "blog-c", name: "Blog C", homepage: "https://c.example.com", kind: "press-release" },
];

function article(
  id: string,
  hoursAgo: number,
  fields: Partial<SourceArticle> & Pick<SourceArticle, "headline">,
): SourceArticle {
  return {
    id,
    summary: fields.headline,
    body: null,
    sourceId: "wire-a",
    url: `https://a.example.com/${id}`,
    publishedAtMs: NOW_MS - hoursAgo * HOUR,
    tickers: [],
    topics: [],
    category: "corporate",
    author: null,
    ...fields,
  };
}

const ARTICLES: SourceArticle[] = [
  article("n-1", 1, {
    headline: "Apple beats estimates as iPhone revenue climbs to a record",
    tickers: ["AAPL"],
    topics: ["earnings", "technology"],
    category: "earnings",
  }),
  article("n-2", 1.5, {
    headline: "Apple tops earnings estimates on record iPhone revenue",
    sourceId: "paper-b",
    tickers: ["AAPL"],
    topics: ["earnings", "technology"],
    category: "earnings",
  }),
  article("n-3", 5, {
    headline: "Exxon Mobil shares slump after oil prices plunge",
    tickers: ["XOM"],
    topics: ["energy", "price-action"],
    category: "price-action",
  }),
  article("n-4", 30, {
    headline: "Coca-Cola declares quarterly dividend of 0.51 per share",
    sourceId: "blog-c",
    tickers: ["KO"],
    topics: ["dividends"],
    category: "dividends",
  }),
  article("n-5", 80, {
    headline: "Microsoft names new head of cloud unit",
    tickers: ["MSFT"],
    topics: ["management-changes"],
  }),
  article("n-6", 24 * 40, { headline: "Old story beyond the window", tickers: ["AAPL"] }),
].sort((a, b) => a.publishedAtMs - b.publishedAtMs);

function handWrittenSource(articles = ARTICLES): NewsSource {
  return {
    name: "hand",
    outlets: async () => OUTLETS,
    articles: async (fromMs, toMs) =>
      articles.filter((a) => a.publishedAtMs >= fromMs && a.publishedAtMs < toMs),
  };
}

const namesByTicker = async () =>
  new Map([
    ["AAPL", ["Apple"]],
    ["XOM", ["Exxon Mobil"]],
    ["KO", ["Coca-Cola"]],
    ["MSFT", ["Microsoft"]],
  ]);

const news = createNewsDesk({ source: handWrittenSource(), clock, namesByTicker });
const deps = testDeps({ market, marketClock: clock, news });

describe("news lists", () => {
  it("pages newest first with cursors that neither skip nor repeat", async () => {
    const first = await callRoute(routes.breaking, { query: { hours: "24", limit: "2" } }, deps);
    expect(first.articles.map((a) => a.id)).toEqual(["n-1", "n-2"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await callRoute(
      routes.breaking,
      { query: { hours: "24", limit: "2", cursor: first.nextCursor ?? "" } },
      deps,
    );
    expect(second.articles.map((a) => a.id)).toEqual(["n-3"]);
    expect(second.nextCursor).toBeNull();
    await expectInvalid(
      () => callRoute(routes.breaking, { query: { cursor: "not-a-cursor" } }, deps),
      "cursor",
    );
  });

  it("lists only the last 30 days", async () => {
    const page = await callRoute(
      routes.ticker,
      { params: { code: "AAPL_NASDAQ" }, query: {} },
      deps,
    );
    expect(page.articles.map((a) => a.id)).toEqual(["n-1", "n-2"]);
    expect(NEWS_WINDOW_DAYS).toBe(30);
    const old = await refusal(() => callRoute(routes.article, { params: { id: "n-6" } }, deps));
    expect(old).toMatchObject({ status: 404, code: "ARTICLE_NOT_FOUND" });
  });

  it("scores sentiment from the words: the beat is bullish, the slump bearish", async () => {
    const beat = await callRoute(routes.article, { params: { id: "n-1" } }, deps);
    const slump = await callRoute(routes.article, { params: { id: "n-3" } }, deps);
    expect(beat.sentiment.label).toBe("bullish");
    expect(beat.sentimentTerms.positive.length).toBeGreaterThan(0);
    expect(slump.sentiment.label).toBe("bearish");
    expect(slump.tickerSentiments[0]).toMatchObject({ ticker: "XOM", label: "bearish" });
  });

  it("keeps the first 20 distinct symbols of /news/multi and drops the rest (spec fact 1)", async () => {
    const symbols = [
      "aapl",
      "AAPL_NASDAQ",
      ...Array.from({ length: 20 }, (_, i) => `S${i}`),
      "KO",
      "XOM",
    ];
    const answer = await callRoute(routes.multi, { query: { symbols: symbols.join(",") } }, deps);
    expect(answer.symbols).toHaveLength(20);
    expect(answer.symbols.slice(0, 2)).toEqual(["AAPL", "S0"]);
    expect(answer.droppedSymbols).toEqual(["S19", "KO", "XOM"]);
    expect(answer.articles.map((a) => a.id)).toEqual(["n-1", "n-2"]);
    await expectInvalid(
      () => callRoute(routes.multi, { query: { symbols: " , " } }, deps),
      "symbols",
    );
    await expectInvalid(() => callRoute(routes.multi, { query: {} }, deps), "symbols");
  });

  it("ranks search results by idf-weighted headline and summary matches", async () => {
    const answer = await callRoute(routes.search, { query: { q: "Apple record" } }, deps);
    expect(answer.articles.map((a) => a.id).sort()).toEqual(["n-1", "n-2"]);
    // 5 articles in the window; "apple" in 2 of them, "record" in 2: idf = ln(1 + 5/2) each,
    // each found in headline (2) and summary (1).
    const idf = Math.log(1 + 5 / 2);
    expect(answer.articles[0]?.searchScore).toBeCloseTo(2 * idf * 3, 5);
    expect(answer.totalMatches).toBe(2);
    await expectInvalid(() => callRoute(routes.search, { query: { q: "  " } }, deps), "q");
  });

  it("answers 404 for an unknown topic, cluster or article and 400 for an unknown category", async () => {
    expect(
      await refusal(() =>
        callRoute(routes.topic, { params: { name: "nothing" }, query: {} }, deps),
      ),
    ).toMatchObject({ status: 404, code: "TOPIC_NOT_FOUND" });
    expect(
      await refusal(() => callRoute(routes.cluster, { params: { id: "c-none" } }, deps)),
    ).toMatchObject({ status: 404, code: "CLUSTER_NOT_FOUND" });
    await expectInvalid(
      () => callRoute(routes.category, { params: { name: "gossip" }, query: {} }, deps),
      "name",
    );
    const dividends = await callRoute(
      routes.category,
      { params: { name: "dividends" }, query: {} },
      deps,
    );
    expect(dividends.articles.map((a) => a.id)).toEqual(["n-4"]);
  });

  it("counts topics, categories and sources over the window", async () => {
    const topics = await callRoute(routes.topics, {}, deps);
    expect(topics.topics.find((t) => t.name === "earnings")?.articleCount).toBe(2);
    const categories = await callRoute(routes.categories, {}, deps);
    expect(categories.categories).toHaveLength(9);
    expect(categories.categories.find((c) => c.name === "macro")?.articleCount).toBe(0);
    const sources = await callRoute(routes.sources, {}, deps);
    expect(sources.sources.map((s) => [s.id, s.articleCount])).toEqual([
      ["wire-a", 3],
      ["blog-c", 1],
      ["paper-b", 1],
    ]);
  });

  it("clusters the two outlets' Apple earnings stories and serves their timeline", async () => {
    const one = await callRoute(routes.article, { params: { id: "n-1" } }, deps);
    const two = await callRoute(routes.article, { params: { id: "n-2" } }, deps);
    expect(one.clusterId).toBe(two.clusterId);
    const timeline = await callRoute(
      routes.clusterTimeline,
      { params: { id: one.clusterId } },
      deps,
    );
    expect(timeline.timeline.map((t) => t.articleId)).toEqual(["n-2", "n-1"]);
    const [first, second] = timeline.timeline.map((t) => t.sentiment.score) as [number, number];
    const mean = (first + second) / 2;
    expect(timeline.timeline[1]?.runningSentiment).toBeCloseTo(mean, 3);
    expect(timeline.cluster).toMatchObject({ articleCount: 2, sourceCount: 2 });
    const related = await callRoute(
      routes.clusterRelated,
      { params: { id: one.clusterId }, query: {} },
      deps,
    );
    // Only another AAPL or earnings/technology cluster could be related: there is none.
    expect(related.related).toEqual([]);
  });

  it("weights the market mood by recency and outlet kind", async () => {
    const mood = await callRoute(routes.marketMood, {}, deps);
    const weightOf = (id: string) => {
      const a = ARTICLES.find((x) => x.id === id) as SourceArticle;
      const kind = OUTLETS.find((o) => o.id === a.sourceId)?.kind;
      const outlet = kind === "press-release" ? 0.5 : 1;
      return 0.5 ** ((NOW_MS - a.publishedAtMs) / HOUR / 24) * outlet;
    };
    const ids = ["n-1", "n-2", "n-3", "n-4", "n-5"];
    const scores = await Promise.all(
      ids.map(
        async (id) => (await callRoute(routes.article, { params: { id } }, deps)).sentiment.score,
      ),
    );
    const expected =
      ids.reduce((sum, id, i) => sum + weightOf(id) * (scores[i] ?? Number.NaN), 0) /
      ids.reduce((sum, id) => sum + weightOf(id), 0);
    expect(mood.market.articleCount).toBe(5);
    expect(mood.market.score).toBeCloseTo(expected, 3);
    expect(mood.sectors.find((s) => s.sector === "Energy")?.articleCount).toBe(1);
  });

  it("answers 503 NEWS_UNAVAILABLE while the source is down, then recovers", async () => {
    let down = true;
    const flaky: NewsSource = {
      ...handWrittenSource(),
      articles: async (from, to) => {
        if (down) throw new NewsUnavailable("hand", "connection refused");
        return handWrittenSource().articles(from, to);
      },
    };
    const flakyDeps = testDeps({
      market,
      marketClock: clock,
      news: createNewsDesk({ source: flaky, clock, namesByTicker }),
    });
    const error = await refusal(() => callRoute(routes.top, { query: {} }, flakyDeps));
    expect(error).toMatchObject({ status: 503, code: "NEWS_UNAVAILABLE" });
    expect(error.headers["retry-after"]).toBe("30");
    const companyError = await refusal(() =>
      callRoute(companyExtraRoutes.news, { params: { code: "AAPL_NASDAQ" }, query: {} }, flakyDeps),
    );
    expect(companyError).toMatchObject({ status: 503, code: "NEWS_UNAVAILABLE" });
    down = false;
    const top = await callRoute(routes.top, { query: {} }, flakyDeps);
    expect(top.articles.length).toBeGreaterThan(0);
  });
});

describe("company news extras", () => {
  it("serves the ticker's news and clusters as the news endpoints do", async () => {
    const company = await callRoute(
      companyExtraRoutes.news,
      { params: { code: "AAPL_NASDAQ" }, query: {} },
      deps,
    );
    const ticker = await callRoute(
      routes.ticker,
      { params: { code: "AAPL_NASDAQ" }, query: {} },
      deps,
    );
    expect(company.articles).toEqual(ticker.articles);
    const clusters = await callRoute(
      companyExtraRoutes.clusters,
      { params: { code: "AAPL_NASDAQ" }, query: {} },
      deps,
    );
    const listed = await callRoute(routes.clusters, { query: { ticker: "aapl" } }, deps);
    expect(clusters.clusters).toEqual(listed.clusters);
    expect(
      await refusal(() =>
        callRoute(companyExtraRoutes.news, { params: { code: "SPX_INDEX" }, query: {} }, deps),
      ),
    ).toMatchObject({ status: 404, code: "NO_DATA" });
  });

  it("summarises the week from the clusters, citing them", async () => {
    const answer = await callRoute(
      companyExtraRoutes.newsSummary,
      { params: { code: "AAPL_NASDAQ" } },
      deps,
    );
    expect(answer.articleCount).toBe(2);
    expect(answer.sourceCount).toBe(2);
    expect(answer.citedClusters).toHaveLength(1);
    expect(answer.summary).toContain(answer.citedClusters[0]?.headline);
    expect(answer.summary).toContain("2 articles");
    const none = await callRoute(
      companyExtraRoutes.newsSummary,
      { params: { code: "JPM_NYSE" } },
      deps,
    );
    expect(none.summary).toBe("No article named JPMorgan Chase & Co. (JPM) in the last 7 days.");
  });

  it("combines news and social sentiment with the stated weights", async () => {
    const answer = await callRoute(
      companyExtraRoutes.sentiment,
      { params: { code: "AAPL_NASDAQ" } },
      deps,
    );
    const news = answer.news.score;
    const social = answer.social.score;
    expect(news).not.toBeNull();
    expect(social).not.toBeNull();
    expect(answer.social.score).toBeCloseTo(
      (answer.social.bullishCount - answer.social.bearishCount) /
        (answer.social.bullishCount + answer.social.bearishCount),
      4,
    );
    expect(answer.combined.score).toBeCloseTo(
      0.6 * (news ?? Number.NaN) + 0.4 * (social ?? Number.NaN),
      3,
    );
  });
});
