import { describe, expect, it } from "vitest";
import { GRAPH_SCORE_EXAMPLES } from "../../lib/api/examples/graph-scores";
import { graphScoreRoutes as routes } from "../../lib/api/groups/graph/routes/scores";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import {
  insiderActivityAt,
  institutionalFlowAt,
  newsSentimentAt,
  valuationAt,
} from "../../lib/graph/score/components";
import { type ComponentReading, combine, SCORE_WEIGHTS } from "../../lib/graph/score/composite";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The graph score: the component formulas on hand-computed inputs, the composite recombining
 * from its components at every point of the history, the history's dates, the point-in-time
 * rule (a week-old point computed today equals the latest point computed a week ago), and
 * /graph/scores/recent against the per-company answers.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);
const AAPL = "AAPL_NASDAQ";
const scoreOf = (code: string, with_ = deps) =>
  callRoute(routes.score, { params: { code } }, with_);

const reading = (value: number | null): ComponentReading => ({
  value,
  asOf: null,
  inputs: {},
  note: value === null ? "missing" : null,
});

describe("the score's components on hand-computed inputs", () => {
  it("insider activity: purchases minus a quarter of sales over the 90 days, over the market cap", () => {
    const trades = [
      { personCik: "1", transactionDate: "2026-10-01", code: "P", valueUsd: 1_000_000 },
      { personCik: "2", transactionDate: "2026-11-01", code: "S", valueUsd: 2_000_000 },
      // Outside the window (90 days to 2026-11-20 start after 2026-08-22) and a grant: ignored.
      { personCik: "3", transactionDate: "2026-08-22", code: "P", valueUsd: 9_000_000 },
      { personCik: "1", transactionDate: "2026-11-02", code: "A", valueUsd: 9_000_000 },
    ];
    // net = 1e6 − 0.25 × 2e6 = 5e5; / 1e10 = 5e-5; / 2e-4 = 0.25; 50 + 50 tanh(0.25) = 62.2459...
    const result = insiderActivityAt(trades, "2026-11-20", 1e10);
    expect(result.value).toBe(62.2);
    expect(result.inputs).toMatchObject({ boughtUsd: 1_000_000, soldUsd: 2_000_000, buyers: 1 });
    expect(result.asOf).toBe("2026-11-01");
    expect(insiderActivityAt([], "2026-11-20", 1e10).value).toBe(50);
  });

  it("institutional flow counts only the filers whose 13F was filed by the date", () => {
    const changes = [
      { filingDate: "2026-11-10", quarterEnd: "2026-09-30", changeShares: 2_000_000 },
      { filingDate: "2026-11-14", quarterEnd: "2026-09-30", changeShares: -500_000 },
    ];
    // 1.5e6 / 1e8 = 1.5 %; / 4 = 0.375; 50 + 50 tanh(0.375) = 67.9...
    expect(institutionalFlowAt(changes, "2026-11-20", 1e8).value).toBe(67.9);
    // By 2026-11-12 only the first: 2 %, / 4 = 0.5, 50 + 50 tanh(0.5) = 73.1...
    expect(institutionalFlowAt(changes, "2026-11-12", 1e8).value).toBe(73.1);
    expect(institutionalFlowAt(changes, "2026-11-01", 1e8).value).toBeNull();
  });

  it("news sentiment is null before the news window and neutral without articles", () => {
    const closeMs = Date.parse("2026-11-20T21:00:00Z");
    const articles = [
      { publishedAtMs: closeMs - 3_600_000, score: 0.4, relevance: 1 },
      { publishedAtMs: closeMs - 2 * 3_600_000, score: -0.2, relevance: 0.02 }, // weight 0.05
      { publishedAtMs: closeMs + 3_600_000, score: -1, relevance: 1 }, // after the close
    ];
    // (0.4 × 1 − 0.2 × 0.05) / 1.05 = 0.371428...; 50 + 50 tanh(0.557142...) = 75.3...
    const result = newsSentimentAt(articles, "2026-11-20", closeMs, closeMs - 30 * 86_400_000);
    expect(result.value).toBe(75.3);
    expect(result.inputs.articles).toBe(2);
    expect(newsSentimentAt([], "2026-11-20", closeMs, 0).value).toBe(50);
    expect(newsSentimentAt(articles, "2026-11-20", closeMs, closeMs - 86_400_000).value).toBeNull();
  });

  it("valuation: a P/E half its sector's median scores high", () => {
    const inputs = { priceToEarnings: 10, trailingEps: 5, sectorMedian: 20, sectorCount: 9 };
    // ln(20 / 10) / 0.5 = 1.386294...; 50 + 50 tanh(1.386294) = 94.1176...
    expect(valuationAt(inputs, "2026-11-20").value).toBe(94.1);
    expect(valuationAt({ ...inputs, priceToEarnings: null }, "2026-11-20").value).toBeNull();
  });

  it("the composite renormalises the weights over the components with a value", () => {
    const readings = {
      insiderActivity: reading(80),
      institutionalFlow: reading(60),
      supplyChainHealth: reading(null),
      newsSentiment: reading(40),
      technicalTrend: reading(70),
      optionsPositioning: reading(null),
      valuation: reading(50),
    };
    const { score, components } = combine(readings);
    // Weights present: 0.15 + 0.15 + 0.15 + 0.2 + 0.1 = 0.75.
    // (0.15·80 + 0.15·60 + 0.15·40 + 0.2·70 + 0.1·50) / 0.75 = (12 + 9 + 6 + 14 + 5) / 0.75 = 61.333...
    expect(score).toBe(61.3);
    expect(components.find((c) => c.name === "technicalTrend")?.effectiveWeight).toBe(0.2667);
    expect(components.find((c) => c.name === "supplyChainHealth")?.effectiveWeight).toBe(0);
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe("GET /graph/{code}/score on the simulated world", () => {
  it("recombines from its components at every point of its history", async () => {
    for (const code of [AAPL, "JPM_NYSE", "XOM_NYSE", "MSTR_NASDAQ"]) {
      const answer = await scoreOf(code);
      expect(answer.history).toHaveLength(13);
      expect(answer.history.at(-1)?.score).toBe(answer.score);
      const weights = answer.components.reduce((sum, c) => sum + c.effectiveWeight, 0);
      expect(weights).toBeCloseTo(1, 3);
      const recombined = answer.components.reduce(
        (sum, c) => sum + c.effectiveWeight * (c.value ?? 0),
        0,
      );
      // Effective weights are shown to 4 decimals, values and the score to 1.
      expect(Math.abs(recombined - (answer.score as number))).toBeLessThanOrEqual(0.06);
      for (const component of answer.components) {
        if (component.value === null) expect(component.effectiveWeight).toBe(0);
        else expect(component.value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("dates its points at the last session before today and every fifth session before it", async () => {
    const answer = await scoreOf(AAPL);
    expect(answer.date).toBe("2026-11-20"); // EXAMPLE_TIME is Monday 2026-11-23
    const dates = answer.history.map((point) => point.date);
    expect(dates.slice(-3)).toEqual(["2026-11-06", "2026-11-13", "2026-11-20"]);
    expect([...dates].sort()).toEqual(dates);
    expect(answer.changeOneWeek).toBe(
      Math.round(((answer.score as number) - (answer.history.at(-2)?.score as number)) * 10) / 10,
    );
  });

  it("computes a week-old point from what was known then", async () => {
    // A week before EXAMPLE_TIME the latest point was 2026-11-13, today's second-latest.
    const weekBefore = simulatedWorldDeps("2026-11-16T15:00:00Z");
    const [now, then] = await Promise.all([scoreOf(AAPL), scoreOf(AAPL, weekBefore)]);
    expect(then.date).toBe("2026-11-13");
    const pointNow = now.history.at(-2)?.components;
    // The market's, the filings' and the graph's figures of that close do not change later.
    for (const name of [
      "technicalTrend",
      "optionsPositioning",
      "valuation",
      "supplyChainHealth",
      "insiderActivity",
    ] as const) {
      const component = then.components.find((c) => c.name === name);
      expect(pointNow?.[name], name).toBe(component?.value);
    }
  });

  it("answers as its example shows, and refuses what is no company", async () => {
    const example = GRAPH_SCORE_EXAMPLES["graph.score"];
    const answer = await scoreOf(AAPL);
    expect(example?.data).toMatchObject({ score: answer.score, date: answer.date });
    expect(await refusal(() => scoreOf("SPY_ARCA"))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
    expect(await refusal(() => scoreOf("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
  });
});

describe("GET /graph/scores/recent", () => {
  it("ranks the week's changes by size, each equal to the per-company scores", async () => {
    const answer = await callRoute(routes.recentScoreChanges, { query: { limit: "200" } }, deps);
    expect(answer.companies).toBeGreaterThan(100);
    expect(answer.changes).toHaveLength(answer.companies);
    const sizes = answer.changes.map((row) => Math.abs(row.changePoints));
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    for (const row of answer.changes.slice(0, 3)) {
      const company = await scoreOf(row.code);
      expect(row.score).toBe(company.score);
      expect(row.scoreWeekAgo).toBe(company.history.at(-2)?.score);
      expect(row.changePoints).toBe(company.changeOneWeek);
    }
    const up = await callRoute(routes.recentScoreChanges, { query: { direction: "up" } }, deps);
    expect(up.changes.every((row) => row.changePoints > 0)).toBe(true);
    await expectInvalid(
      () => callRoute(routes.recentScoreChanges, { query: { direction: "sideways" } }, deps),
      "direction",
    );
  });
});
