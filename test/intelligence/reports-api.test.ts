import { describe, expect, it } from "vitest";
import { calendarRoutes } from "../../lib/api/groups/calendar/routes";
import { companyRoutes } from "../../lib/api/groups/company/routes";
import { companyExtraRoutes } from "../../lib/api/groups/companyExtra/routes";
import { graphRoutes } from "../../lib/api/groups/graph/routes";
import { intelligenceReportRoutes as routes } from "../../lib/api/groups/intelligence/routes/reports";
import { marketGroupRoutes } from "../../lib/api/groups/market/routes";
import { newsRoutes } from "../../lib/api/groups/news/routes";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { volatilityRoutes } from "../../lib/api/groups/volatility/routes";
import { CompanyDataUnavailable } from "../../lib/company/ports";
import type { Deps } from "../../lib/deps";
import { NewsUnavailable } from "../../lib/news/ports";
import { callRoute } from "../setup/call-route";
import { intelligenceWorldDeps, narrativeDown } from "../setup/intelligence-deps";
import { refusal } from "../setup/refusals";

/**
 * GET /intelligence/{code}/risk-assessment, /catalyst-timeline and /sentiment on the simulated
 * world at a pinned instant: every figure equals what the endpoint it cites serves at the same
 * clock (those endpoints are called here), a source that is down leaves its section null with
 * the reason, and a narrative backend that fails answers 500 AI_ERROR.
 */

const MONDAY = "2026-11-23T15:00:00Z"; // 10:00 New York
const deps = intelligenceWorldDeps(MONDAY);
const AAPL = "AAPL_NASDAQ";
const at = (code: string) => ({ params: { code } });

describe("GET /intelligence/{code}/risk-assessment", () => {
  it("scores the five risks from the figures the cited endpoints serve", async () => {
    const answer = await callRoute(
      routes.riskAssessment,
      { ...at(AAPL), query: { days: "90" } },
      deps,
    );
    expect(answer.asOf).toBe(new Date(MONDAY).toISOString());
    expect(answer.unavailable).toEqual([]);
    const { event, volatility, liquidity, concentration, tail } = answer.risks;
    if (!event || !volatility || !liquidity || !concentration || !tail)
      throw new Error("all scored");

    // Event: the schedule GET /company/{code}/events lists, within 90 days.
    const events = await callRoute(companyRoutes.events, at(AAPL), deps);
    const within = events.events.filter((e) => e.daysToEvent > 0 && e.daysToEvent <= 90);
    const earnings = within.find((e) => e.eventType === "EarningsCalendar");
    expect(event.inputs.earningsDate).toBe(earnings?.eventDate ?? null);
    expect(event.inputs.daysToEarnings).toBe(earnings?.daysToEvent ?? null);
    expect(event.inputs.exDividendDates).toEqual(
      within.filter((e) => e.eventType === "ExDividend").map((e) => e.eventDate),
    );
    expect(event.inputs.earningsDate).not.toBeNull(); // late January is inside 90 days

    // Volatility: GET /volatility/{code}/hv-iv.
    const hvIv = await callRoute(volatilityRoutes.hvIv, at(AAPL), deps);
    expect(volatility.inputs).toMatchObject({
      impliedVolatility30: hvIv.impliedVolatility30,
      ivRank: hvIv.ivRank,
      ivPercentile: hvIv.ivPercentile,
      ivHvRatio: hvIv.ivHvRatio,
      realisedVolatility: hvIv.windows.find((w) => w.sessions === 20)?.closeToClose,
    });

    // Liquidity: the extended data's average volume; the chain's ATM quotes.
    const extended = await callRoute(marketGroupRoutes.extended, at(AAPL), deps);
    expect(liquidity.inputs.averageDailyVolume).toBe(extended.averageDailyVolume);
    const option = liquidity.inputs.atmOption;
    if (!option) throw new Error("AAPL has listed options");
    const expiry = option.expiration.slice(2).replaceAll("-", "");
    const chain = await callRoute(
      optionsRoutes.chain,
      { ...at(AAPL), query: { expiry, right: "C" } },
      deps,
    );
    const call = chain.items.find((o) => o.strike === option.strike);
    expect(call).toMatchObject({ bid: option.callBid, ask: option.callAsk });
    const nearest = Math.min(
      ...chain.items.map((o) => Math.abs(o.strike - chain.underlyingLivePrice)),
    );
    expect(Math.abs(option.strike - chain.underlyingLivePrice)).toBe(nearest);

    // Concentration: the customers and institutions the graph serves.
    const customers = await callRoute(graphRoutes.customers, at(AAPL), deps);
    const shares = customers.customers
      .map((c) => c.supplierRevenueSharePercent)
      .filter((share): share is number => share !== null);
    expect(concentration.inputs.customers?.customers).toBe(shares.length);
    expect(concentration.inputs.customers?.largestSharePercent).toBe(Math.max(...shares));
    const hhi = shares.reduce((sum, share) => sum + share * share, 0);
    expect(concentration.inputs.customers?.hhi).toBeCloseTo(hhi, 2);
    const institutions = await callRoute(
      graphRoutes.institutions,
      { ...at(AAPL), query: { limit: "100" } },
      deps,
    );
    expect(concentration.inputs.ownership?.holders).toBe(institutions.totals.holders);
    expect(concentration.inputs.ownership?.institutionalPercent).toBe(
      institutions.totals.percentOfSharesOutstanding,
    );
    const percents = institutions.holders
      .map((h) => h.percentOfSharesOutstanding ?? 0)
      .sort((a, b) => b - a);
    expect(concentration.inputs.ownership?.largestHolderPercent).toBe(percents[0]);
    const top5 = percents.slice(0, 5).reduce((sum, p) => sum + p, 0);
    expect(concentration.inputs.ownership?.top5Percent).toBeCloseTo(top5, 2);

    // Tail: the chart's completed daily closes, the statistics recomputed here.
    const chart = await callRoute(
      marketGroupRoutes.chart,
      { ...at(AAPL), query: { period: "5" } },
      deps,
    );
    const completed = chart.bars.slice(0, -1); // Monday 10:00: today's bar is in progress
    const returns = completed
      .slice(1)
      .map((bar, i) => bar.close / (completed[i]?.close as number) - 1);
    expect(tail.inputs.returns).toBe(returns.length);
    const sorted = [...returns].sort((a, b) => a - b);
    const k = Math.ceil(returns.length * 0.05);
    expect(tail.inputs.tailObservations).toBe(k);
    expect(tail.inputs.worstDailyReturnPercent).toBeCloseTo((sorted[0] as number) * 100, 3);
    expect(tail.inputs.valueAtRisk95Percent).toBeCloseTo(-(sorted[k - 1] as number) * 100, 3);
    const shortfall = -sorted.slice(0, k).reduce((sum, r) => sum + r, 0) / k;
    expect(tail.inputs.expectedShortfall95Percent).toBeCloseTo(shortfall * 100, 3);

    // Overall: the weighted mean of the scores shown.
    const risks = [event, volatility, liquidity, concentration, tail];
    const weighted = risks.reduce((sum, r) => sum + r.weight * r.score, 0);
    expect(answer.overall.score).toBeCloseTo(weighted, 1);
    expect(risks.reduce((sum, r) => sum + r.weight, 0)).toBeCloseTo(1, 3);
    expect(answer.summary).toContain("Apple Inc. (AAPL)");
    expect(answer.summary).toContain(`${earnings?.eventDate}`);
  });

  it("leaves the concentration out while the company data is down, the rest served", async () => {
    const down = companyDown();
    const answer = await callRoute(routes.riskAssessment, at("MSFT_NASDAQ"), down);
    expect(answer.risks.concentration).toBeNull();
    expect(answer.unavailable.map((u) => u.section)).toEqual(["concentration"]);
    expect(answer.unavailable[0]?.reason).toMatch(/company data/i);
    expect(answer.risks.tail).not.toBeNull();
    expect(answer.overall.weights.concentration).toBe(0);
  });
});

describe("GET /intelligence/{code}/catalyst-timeline", () => {
  it("lines up the cited endpoints' events in time order", async () => {
    const query = { daysBack: "30", daysAhead: "60" };
    const answer = await callRoute(routes.catalystTimeline, { ...at(AAPL), query }, deps);
    expect(answer.window).toEqual({
      from: "2026-10-24",
      today: "2026-11-23",
      to: "2027-01-22",
      daysBack: 30,
      daysAhead: 60,
    });
    const keys = answer.events.map((e) => `${e.date} ${e.time ?? ""}`);
    expect(keys).toEqual([...keys].sort());
    const ofType = (type: string) => answer.events.filter((e) => e.type === type);

    // Economic: the calendar's high-importance releases of the window.
    const calendar = await callRoute(
      calendarRoutes.economic,
      { query: { from: answer.window.from, to: answer.window.to, limit: "200" } },
      deps,
    );
    const high = calendar.releases.filter((r) => r.importance === "high");
    const shown = new Map(ofType("economic").map((e) => [e.details.releaseId, e]));
    expect([...shown.keys()].sort()).toEqual(high.map((r) => r.id).sort());
    for (const release of high) {
      expect(shown.get(release.id)).toMatchObject({
        time: release.datetime,
        details: { actual: release.actual, consensus: release.consensus },
      });
    }

    // Earnings: the report released in the window (the history) and none scheduled before
    // January's (the events), each in its place.
    const history = await callRoute(graphRoutes.earningsHistory, { ...at(AAPL), query: {} }, deps);
    const released = history.reports.filter((r) => r.date >= answer.window.from);
    const pastEarnings = ofType("earnings").filter((e) => e.status === "past");
    expect(pastEarnings.map((e) => e.date)).toEqual(released.map((r) => r.date));
    expect(pastEarnings.map((e) => e.details.epsActual)).toEqual(released.map((r) => r.eps.actual));
    const events = await callRoute(companyRoutes.events, at(AAPL), deps);
    const scheduled = events.events.filter(
      (e) => e.eventDate <= answer.window.to && e.eventType === "EarningsCalendar",
    );
    expect(
      ofType("earnings")
        .filter((e) => e.status === "upcoming")
        .map((e) => e.date),
    ).toEqual(scheduled.map((e) => e.eventDate));
    const exDates = events.events.filter(
      (e) => e.eventDate <= answer.window.to && e.eventType === "ExDividend",
    );
    const upcomingEx = ofType("ex-dividend").filter((e) => e.status === "upcoming");
    expect(upcomingEx.map((e) => e.date)).toEqual(exDates.map((e) => e.eventDate));

    // News: the company's story clusters of two articles or more first seen in the window.
    const clusters = await callRoute(
      companyExtraRoutes.clusters,
      { ...at(AAPL), query: { limit: "100" } },
      deps,
    );
    const stories = clusters.clusters
      .filter((c) => c.articleCount >= 2 && c.firstSeen.slice(0, 10) >= answer.window.from)
      .map((c) => c.id)
      .sort();
    expect(
      ofType("news-cluster")
        .map((e) => e.details.clusterId)
        .sort(),
    ).toEqual(stories);
    expect(ofType("news-cluster").every((e) => e.status === "past")).toBe(true);

    expect(answer.sourcesNotCovered.map((s) => s.type)).toEqual(["fda"]);
    expect(answer.counts.total).toBe(answer.events.length);
    expect(answer.counts.past + answer.counts.upcoming).toBe(answer.events.length);
    expect(answer.nextEvent).toEqual(answer.events.find((e) => e.status === "upcoming"));
    expect(answer.summary).toContain(`${answer.counts.total} events`);
  });

  it("shows an insider purchase cluster as GET /graph/{code}/insiders/clusters detects it", async () => {
    const answer = await callRoute(routes.catalystTimeline, at("MSTR_NASDAQ"), deps);
    const shown = answer.events.filter((e) => e.type === "insider-cluster");
    const detected = await callRoute(
      graphRoutes.insiderClusters,
      { ...at("MSTR_NASDAQ"), query: {} },
      deps,
    );
    const inWindow = detected.clusters.filter((c) => c.lastDate >= answer.window.from);
    expect(inWindow.length).toBeGreaterThan(0);
    expect(shown.map((e) => [e.date, e.details.insiderCount, e.details.totalValueUsd])).toEqual(
      inWindow.map((c) => [c.lastDate, c.insiderCount, c.totalValue]),
    );
  });

  it("lists the news source as unavailable while it is down, the rest served", async () => {
    const answer = await callRoute(routes.catalystTimeline, at(AAPL), newsDown());
    const news = answer.sources.find((s) => s.type === "news-cluster");
    expect(news).toMatchObject({ available: false, events: 0 });
    expect(news?.reason).toMatch(/news/i);
    expect(answer.events.some((e) => e.type === "economic")).toBe(true);
  });
});

describe("GET /intelligence/{code}/sentiment", () => {
  it("puts each cited endpoint's figures on the −1..+1 scale", async () => {
    const answer = await callRoute(routes.sentiment, at(AAPL), deps);
    const { news, social, options, insider } = answer.sources;
    if (!news || !social || !options || !insider) throw new Error("all four read");

    const ticker = await callRoute(newsRoutes.tickerSentiment, at(AAPL), deps);
    expect(news.score).toBe(ticker.score);
    expect(news.raw.articleCount).toBe(ticker.articleCount);

    const feed = await callRoute(companyRoutes.social, at(AAPL), deps);
    expect(social.raw).toMatchObject({
      bullishCount: feed.bullishCount,
      bearishCount: feed.bearishCount,
      sentimentRatio: feed.sentimentRatio,
      feedSentiment: feed.sentiment,
    });
    expect(social.score).toBeCloseTo(2 * (feed.sentimentRatio as number) - 1, 3);

    const ratios = await callRoute(optionsRoutes.putCallRatio, at(AAPL), deps);
    expect(options.raw.volumeRatio).toBe(ratios.total.volumeRatio);
    expect(options.raw.openInterestRatio).toBe(ratios.total.openInterestRatio);
    const log2 = (r: number) => Math.max(-1, Math.min(1, -Math.log2(r)));
    const mapped =
      (log2(ratios.total.volumeRatio as number) + log2(ratios.total.openInterestRatio as number)) /
      2;
    expect(options.score).toBeCloseTo(mapped, 3);
    const skew = options.raw.skew;
    if (!skew) throw new Error("AAPL's chain gives a skew");
    const cited = await callRoute(
      volatilityRoutes.skew,
      { ...at(AAPL), query: { expiry: skew.expiration } },
      deps,
    );
    expect(skew.riskReversal25).toBe(cited.riskReversal25);

    const summary = await callRoute(graphRoutes.insiderSummary, at(AAPL), deps);
    const bought = summary.last90Days.purchases.value;
    const sold = summary.last90Days.sales.value;
    expect(insider.raw).toMatchObject({ purchasesValueUsd: bought, salesValueUsd: sold });
    expect(insider.score).toBeCloseTo((bought - 0.25 * sold) / (bought + sold), 3);

    const parts = [news, social, options, insider];
    const composite = parts.reduce((sum, p) => sum + p.weight * p.score, 0);
    expect(answer.composite.score).toBeCloseTo(composite, 3);
    const agreeing = parts.filter(
      (p) => Math.sign(p.score) === Math.sign(answer.composite.score as number),
    );
    expect(answer.composite.agreeing).toBe(agreeing.length);
    expect(answer.composite.scored).toBe(4);
  });

  it("reads without the news and the company data while they are down", async () => {
    const answer = await callRoute(routes.sentiment, at(AAPL), {
      ...companyDown(),
      news: newsDown().news,
    });
    expect(answer.sources.news).toBeNull();
    expect(answer.sources.social).toBeNull();
    expect(answer.sources.insider).toBeNull();
    expect(answer.sources.options).not.toBeNull();
    expect(answer.unavailable.map((u) => u.section)).toEqual(["news", "social", "insider"]);
    expect(answer.composite.weights.options).toBe(1);
    expect(answer.composite.scored).toBe(1);
  });
});

describe("every report", () => {
  const reports = [routes.riskAssessment, routes.catalystTimeline, routes.sentiment] as const;

  it("answers 500 AI_ERROR while the narrative backend is down", async () => {
    const down = { ...deps, narrative: narrativeDown };
    for (const route of reports) {
      const error = await refusal(() => callRoute(route, at(AAPL), down));
      expect(error, route.id).toMatchObject({ status: 500, code: "AI_ERROR" });
    }
  });

  it("answers 404 for an unknown code and for a contract that is no company", async () => {
    for (const route of reports) {
      const unknown = await refusal(() => callRoute(route, at("AAPX_NASDAQ"), deps));
      expect(unknown, route.id).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
      for (const code of ["ARKK_BATS", "SPX_INDEX", "BTC_COINBASE", "ESZ26_CME"]) {
        const error = await refusal(() => callRoute(route, at(code), deps));
        expect(error, `${route.id} ${code}`).toMatchObject({ status: 404, code: "NO_DATA" });
      }
    }
  });

  it("refuses out-of-range windows naming the field", async () => {
    const cases = [
      () => callRoute(routes.riskAssessment, { ...at(AAPL), query: { days: "0" } }, deps),
      () => callRoute(routes.catalystTimeline, { ...at(AAPL), query: { daysBack: "366" } }, deps),
      () => callRoute(routes.catalystTimeline, { ...at(AAPL), query: { daysAhead: "0" } }, deps),
    ];
    for (const [index, field] of ["days", "daysBack", "daysAhead"].entries()) {
      const error = await refusal(cases[index] as () => Promise<unknown>);
      expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
      expect(`${error.message} ${error.details}`).toContain(field);
    }
  });
});

/** The world with the company data and the graph's sources unreachable (EDGAR down). */
function companyDown(): Deps {
  const fail = () => Promise.reject(new CompanyDataUnavailable("test", "HTTP 503"));
  const failing = new Proxy({}, { get: () => fail });
  return {
    ...deps,
    company: {
      directory: failing as Deps["company"]["directory"],
      filings: failing as Deps["company"]["filings"],
      descriptions: failing as Deps["company"]["descriptions"],
      social: failing as NonNullable<Deps["company"]["social"]>,
    },
    graph: {
      ...deps.graph,
      provider: "down",
      supplyChain: failing as NonNullable<Deps["graph"]["supplyChain"]>,
      people: failing as Deps["graph"]["people"],
      institutions: failing as Deps["graph"]["institutions"],
    },
  };
}

/** The world with the news source unreachable. */
function newsDown(): Deps {
  return {
    ...deps,
    news: { view: () => Promise.reject(new NewsUnavailable("test", "connection refused")) },
  };
}
