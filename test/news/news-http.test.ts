import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The news and company news endpoints through the local server (HTTP, the news and
 * companyExtra Lambdas' handlers, the envelope) over the simulated newsroom on a pinned clock:
 * every endpoint answers, ids found in one answer resolve in the others, clusters are the same
 * on every call, and refusals arrive in the error envelope.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get } = localApiWithKey();

async function ok(path: string) {
  const { status, body } = await get(path);
  expect(status, `${path}: ${JSON.stringify(body.error)}`).toBe(200);
  return body.data;
}

describe("the news endpoints over HTTP", () => {
  it("answer every list, and the ids they give resolve", async () => {
    const top = await ok("/news/top?limit=5");
    expect(top.articles.length).toBe(5);
    const first = top.articles[0];
    const article = await ok(`/news/articles/${first.id}`);
    expect(article.headline).toBe(first.headline);
    expect(article.body === null || typeof article.body === "string").toBe(true);

    const cluster = await ok(`/news/clusters/${first.clusterId}`);
    expect(cluster.articles.map((a: { id: string }) => a.id)).toContain(first.id);
    const timeline = await ok(`/news/clusters/${first.clusterId}/timeline`);
    expect(timeline.timeline.length).toBe(cluster.articleCount);
    await ok(`/news/clusters/${first.clusterId}/related`);

    const topics = await ok("/news/topics");
    const topic = topics.topics[0].name;
    const ofTopic = await ok(`/news/topics/${topic}?limit=3`);
    expect(ofTopic.articles.every((a: { topics: string[] }) => a.topics.includes(topic))).toBe(
      true,
    );

    for (const path of [
      "/news/ticker/AAPL_NASDAQ",
      "/news/breaking?hours=24",
      "/news/market-mood",
      "/news/ticker/AAPL_NASDAQ/sentiment",
      "/news/multi?symbols=AAPL,MSFT",
      "/news/search?q=shares",
      "/news/categories",
      "/news/categories/earnings",
      "/news/clusters?limit=5",
      "/news/sources",
      "/company/AAPL_NASDAQ/news",
      "/company/AAPL_NASDAQ/news-summary",
      "/company/AAPL_NASDAQ/sentiment",
      "/company/AAPL_NASDAQ/clusters",
    ]) {
      await ok(path);
    }
  });

  it("give the same clusters on every call", async () => {
    const once = await ok("/news/clusters?limit=50");
    const again = await ok("/news/clusters?limit=50");
    expect(again.clusters).toEqual(once.clusters);
  });

  it("refuse bad input with 400 naming the field, and unknown ids with 404", async () => {
    const cases = [
      ["/news/search", 400, "INVALID_PARAMETER", "'q'"],
      ["/news/multi?symbols=", 400, "INVALID_PARAMETER", "'symbols'"],
      ["/news/top?limit=1000", 400, "INVALID_PARAMETER", "'limit'"],
      ["/news/breaking?hours=0", 400, "INVALID_PARAMETER", "'hours'"],
      ["/news/categories/gossip", 400, "INVALID_PARAMETER", "'name'"],
      ["/news/articles/n-doesnotexist", 404, "ARTICLE_NOT_FOUND", "n-doesnotexist"],
      ["/news/clusters/c-doesnotexist", 404, "CLUSTER_NOT_FOUND", "c-doesnotexist"],
      ["/news/topics/no-such-topic", 404, "TOPIC_NOT_FOUND", "no-such-topic"],
      ["/news/ticker/AAPX_NASDAQ", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/company/SPX_INDEX/news", 404, "NO_DATA", "SPX_INDEX"],
    ] as const;
    await expectRefusals(get, cases);
  });
});
