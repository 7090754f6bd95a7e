import { describe, expect, it } from "vitest";
import { seedOf, uniform } from "../../../lib/market/random";
import { analyseNews } from "../../../lib/news/analysis/analyse";
import { scoreSentiment } from "../../../lib/news/analysis/sentiment";
import type { SourceArticle } from "../../../lib/news/ports";

const MINUTE_MS = 60_000;
const T0 = Date.UTC(2026, 3, 21, 20, 5);
const NAMES = new Map([
  ["QNTX", ["Quantix Semiconductor Inc.", "Quantix"]],
  ["PRGN", ["Paragon Chips Inc."]],
  ["MRDN", ["Meridian Motors Corporation", "Meridian"]],
]);

function article(
  overrides: Partial<SourceArticle> & Pick<SourceArticle, "id" | "headline">,
): SourceArticle {
  return {
    summary: "",
    body: null,
    sourceId: "meridian-wire",
    url: `https://news.example/${overrides.id}`,
    publishedAtMs: T0,
    tickers: [],
    topics: [],
    category: "earnings",
    author: null,
    ...overrides,
  };
}

/** One story told by three outlets (it clusters at the default threshold), then a copy of the first. */
const STORY: SourceArticle[] = [
  article({
    id: "n-q1",
    headline: "Quantix Semiconductor beats estimates as data-center sales jump 18%",
    summary:
      "Quantix Semiconductor (NASDAQ: QNTX) earned $1.42 a share in the third quarter, above the $1.30 analysts expected, on revenue of $8.1 billion.",
    tickers: ["QNTX", "PRGN"],
    topics: ["earnings", "semiconductors"],
  }),
  article({
    id: "n-q2",
    headline: "Quantix tops Street forecasts on data-center strength",
    summary:
      "Chipmaker Quantix posted quarterly EPS of $1.42 against a $1.30 consensus; revenue rose 18% to $8.1 billion.",
    sourceId: "harbor-daily",
    publishedAtMs: T0 + 15 * MINUTE_MS,
    tickers: ["QNTX"],
    topics: ["semiconductors"],
  }),
  article({
    id: "n-q3",
    headline: "Quantix shares rise after third-quarter results",
    summary:
      "Quantix earned $1.42 per share in the quarter, ahead of estimates of $1.30, as sales climbed to $8.1 billion on data-center demand.",
    sourceId: "ledger-online",
    publishedAtMs: T0 + 40 * MINUTE_MS,
    tickers: ["QNTX", "MRDN"],
    topics: ["semiconductors", "earnings", "data-centers"],
  }),
];
const COPY = {
  ...(STORY[0] as SourceArticle),
  id: "n-q4",
  sourceId: "ledger-online",
  publishedAtMs: T0 + 50 * MINUTE_MS,
};
const OTHER = article({
  id: "n-m1",
  headline: "Meridian Motors recalls 120,000 SUVs over airbag sensors",
  summary:
    "Meridian Motors is recalling about 120,000 sport-utility vehicles because a faulty sensor can stop airbags from deploying.",
  publishedAtMs: T0 + 30 * MINUTE_MS,
  tickers: ["MRDN"],
  topics: ["recalls"],
  category: "corporate",
});

describe("analyseNews", () => {
  const analysis = analyseNews([...STORY, COPY, OTHER], { namesByTicker: NAMES });
  const story = analysis.clusterById.get("c-q1");

  it("handles no articles", () => {
    const empty = analyseNews([], { namesByTicker: NAMES });
    expect(empty.articles).toEqual([]);
    expect(empty.clusters).toEqual([]);
    expect(empty.articleById.size).toBe(0);
    expect(empty.clusterById.size).toBe(0);
  });

  it("lists articles newest first and clusters by last article, newest first", () => {
    expect(analysis.articles.map((item) => item.id)).toEqual([
      "n-q4",
      "n-q3",
      "n-m1",
      "n-q2",
      "n-q1",
    ]);
    expect(analysis.clusters.map((cluster) => cluster.id)).toEqual(["c-q1", "c-m1"]);
  });

  it("marks the copy as a near-duplicate of the first article, in its cluster", () => {
    expect(analysis.articleById.get("n-q4")?.duplicateOf).toBe("n-q1");
    expect(analysis.articleById.get("n-q4")?.clusterId).toBe("c-q1");
    expect(analysis.articleById.get("n-q2")?.duplicateOf).toBeNull();
  });

  it("describes a cluster from its members", () => {
    expect(story).toMatchObject({
      id: "c-q1",
      headline: STORY[0]?.headline,
      leaderArticleId: "n-q1",
      firstSeenMs: T0,
      lastSeenMs: T0 + 50 * MINUTE_MS,
      articleIds: ["n-q1", "n-q2", "n-q3", "n-q4"],
      sourceIds: ["meridian-wire", "harbor-daily", "ledger-online"],
    });
  });

  it("orders a cluster's tickers and topics by how many members name them, then first mention", () => {
    // QNTX 4, PRGN 2 (the leader and its copy), MRDN 1.
    expect(story?.tickers).toEqual(["QNTX", "PRGN", "MRDN"]);
    // semiconductors 4, earnings 3, data-centers 1.
    expect(story?.topics).toEqual(["semiconductors", "earnings", "data-centers"]);
  });

  it("averages the members' sentiment scores and labels the mean", () => {
    const scores = ["n-q1", "n-q2", "n-q3", "n-q4"].map(
      (id) => analysis.articleById.get(id)?.sentiment.score ?? Number.NaN,
    );
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    expect(story?.averageSentiment.score).toBeCloseTo(mean, 4);
    expect(story?.averageSentiment.label).toBe("bullish");
    expect(analysis.clusterById.get("c-m1")?.averageSentiment.label).toBe("bearish");
  });

  it("scores the headline, summary and body together, and every ticker in order", () => {
    const withBody = analyseNews(
      [
        article({
          id: "n-b1",
          headline: "Quantix holds its annual meeting",
          summary: "Shareholders met in Austin.",
          body: "Quantix warned that orders would slump. Analysts downgraded the shares.",
          tickers: ["QNTX", "PRGN"],
        }),
      ],
      { namesByTicker: NAMES },
    ).articles[0];
    expect(
      scoreSentiment("Quantix holds its annual meeting. Shareholders met in Austin.").label,
    ).toBe("neutral");
    expect(withBody?.sentiment.label).toBe("bearish");
    expect(withBody?.tickerSentiments.map((item) => item.ticker)).toEqual(["QNTX", "PRGN"]);
  });

  it("counts a repeated article id once", () => {
    const twice = analyseNews([...STORY, STORY[0] as SourceArticle], { namesByTicker: NAMES });
    expect(twice.articles).toHaveLength(3);
    expect(twice.clusterById.get("c-q1")?.articleIds).toEqual(["n-q1", "n-q2", "n-q3"]);
  });

  it("keeps the source's article fields", () => {
    const { sentiment, tickerSentiments, duplicateOf, clusterId, ...source } =
      analysis.articleById.get("n-m1") ?? {};
    expect(source).toEqual(OTHER);
    expect(
      [sentiment, tickerSentiments, duplicateOf, clusterId].every((field) => field !== undefined),
    ).toBe(true);
  });
});

describe("analyseNews at scale", () => {
  it("gives each of 10,000 articles one cluster, consistently", () => {
    const seed = seedOf("analyse-scale");
    const companies = [
      "Quantix",
      "Paragon Chips",
      "Meridian Motors",
      "Harbor Lane",
      "Kestrel Airlines",
    ];
    const events = [
      "beats estimates",
      "misses estimates",
      "names new CFO",
      "recalls vehicles",
      "raises dividend",
    ];
    const articles = Array.from({ length: 10_000 }, (_, i) => {
      const company = companies[Math.floor(uniform(seed, i, 0) * companies.length)] as string;
      const event = events[Math.floor(uniform(seed, i, 1) * events.length)] as string;
      return article({
        id: `n-${i.toString(16).padStart(6, "0")}`,
        headline: `${company} ${event}`,
        summary: `${company} said on day ${Math.floor(i / 300)} that it ${event}, figure ${Math.floor(uniform(seed, i, 2) * 50)}.`,
        publishedAtMs: T0 + i * 4 * MINUTE_MS,
        sourceId: `outlet-${i % 4}`,
      });
    });
    const result = analyseNews(articles, { namesByTicker: NAMES });
    expect(result.articles).toHaveLength(10_000);
    const members = result.clusters.flatMap((cluster) => cluster.articleIds);
    expect(members).toHaveLength(10_000);
    expect(new Set(members).size).toBe(10_000);
    const clusterOfMember = new Map(
      result.clusters.flatMap((cluster) => cluster.articleIds.map((id) => [id, cluster.id])),
    );
    expect(result.articles.every((item) => clusterOfMember.get(item.id) === item.clusterId)).toBe(
      true,
    );
  });
});
