import { describe, expect, it } from "vitest";
import {
  type CatalystEvent,
  statusOf,
  type TimelineClock,
  timelineOf,
  timelineOrder,
} from "../../lib/intelligence/catalyst-timeline";
import {
  concentrationRisk,
  customerFigures,
  eventRisk,
  herfindahl,
  liquidityRisk,
  overallRisk,
  riskLabelOf,
  tailRisk,
  volatilityRisk,
} from "../../lib/intelligence/risk-assessment";
import {
  compositeOf,
  insiderScore,
  optionsScore,
  putCallScore,
  socialScore,
} from "../../lib/intelligence/sentiment-board";
import { excessKurtosis, historicalTail, simpleReturns, skewness } from "../../lib/quant/tail-risk";

/**
 * The pure parts of the intelligence reports on hand-built inputs, against results computed by
 * hand: the tail statistics, HHI and the risk scores, the sentiment mapping and the composite,
 * the timeline's order and status.
 */

describe("tail statistics", () => {
  it("takes simple returns", () => {
    const [up, down] = simpleReturns([100, 110, 99]);
    expect(up).toBeCloseTo(0.1, 12);
    expect(down).toBeCloseTo(-0.1, 12);
  });

  it("takes VaR as the k-th worst return and CVaR as the mean of the k worst", () => {
    // n = 40: k = ⌈40 × 5 / 100⌉ = 2 → VaR 4 %, CVaR (5 + 4) / 2 = 4.5 %.
    const forty = [-0.05, -0.04, ...Array.from({ length: 38 }, () => 0.01)];
    const tail = historicalTail(forty, 5);
    expect(tail.observations).toBe(2);
    expect(tail.valueAtRisk).toBeCloseTo(0.04, 12);
    expect(tail.expectedShortfall).toBeCloseTo(0.045, 12);
    // n = 60: k = 3 exactly (60 × 0.05 is 3.0000000000000004 in floating point).
    const sixty = [0.02, -0.03, -0.01, -0.02, ...Array.from({ length: 56 }, () => 0.005)];
    const three = historicalTail(sixty, 5);
    expect(three.observations).toBe(3);
    expect(three.valueAtRisk).toBeCloseTo(0.01, 12);
    expect(three.expectedShortfall).toBeCloseTo(0.02, 12);
    // n = 10: at least one observation.
    expect(historicalTail([0.01, -0.02, 0, 0, 0, 0, 0, 0, 0, 0.03]).valueAtRisk).toBeCloseTo(0.02);
  });

  it("computes skewness G1 and excess kurtosis G2 as Excel's SKEW and KURT", () => {
    // 1, 2, 3, 4, 10: mean 4, deviations −3 −2 −1 0 6, s² = 50 / 4 = 12.5;
    // G1 = 5 / (4 · 3) × 180 / 12.5^1.5 = 1.2 √2; G2 = 30 / 24 × 1394 / 156.25 − 3 · 16 / 6 = 3.152.
    expect(skewness([1, 2, 3, 4, 10])).toBeCloseTo(1.2 * Math.SQRT2, 10);
    expect(excessKurtosis([1, 2, 3, 4, 10])).toBeCloseTo(3.152, 10);
    // A symmetric series has no skew; too short a series has none either.
    expect(skewness([-2, -1, 0, 1, 2])).toBeCloseTo(0, 12);
    expect(skewness([1, 2])).toBeNaN();
    expect(excessKurtosis([1, 2, 3])).toBeNaN();
  });
});

describe("risk scores", () => {
  it("labels below 35 low, from 60 high", () => {
    expect([riskLabelOf(34.9), riskLabelOf(35), riskLabelOf(59.9), riskLabelOf(60)]).toEqual([
      "low",
      "moderate",
      "moderate",
      "high",
    ]);
  });

  it("scores events: 10 when clear, 60-90 for earnings by nearness, +10 per ex-dividend date", () => {
    const base = {
      windowFrom: "2026-11-23",
      windowTo: "2026-12-23",
      windowDays: 30,
      earningsDate: null,
      earningsHour: null,
      daysToEarnings: null,
      exDividendDates: [],
      dividendPerPaymentUsd: null,
    };
    expect(eventRisk(base).score).toBe(10);
    const earnings = { ...base, earningsDate: "2026-12-08", earningsHour: "amc" as const };
    expect(eventRisk({ ...earnings, daysToEarnings: 15 }).score).toBe(75);
    expect(eventRisk({ ...earnings, daysToEarnings: 0 }).score).toBe(90);
    const both = { ...earnings, daysToEarnings: 15, exDividendDates: ["2026-12-01"] };
    expect(eventRisk({ ...both, dividendPerPaymentUsd: 0.5 }).score).toBe(85);
  });

  it("scores volatility from the IV's and realised levels and the IV rank", () => {
    const figures = {
      impliedVolatility30: 45, // level (45 − 15) / 60 = 50
      realisedVolatility: 30, // level 25
      ivRank: 80,
      ivPercentile: 70,
      realisedSessions: 20,
      ivHvRatio: 1.5,
    };
    // 0.5 × 50 + 0.25 × 25 + 0.25 × 80 = 51.25.
    expect(volatilityRisk(figures).score).toBe(51.3);
    // Without realised volatility: (0.5 × 50 + 0.25 × 80) / 0.75 = 60.
    expect(volatilityRisk({ ...figures, realisedVolatility: null }).score).toBe(60);
  });

  it("scores liquidity on the log dollar volume and the ATM spread", () => {
    const option = {
      expiration: "2026-12-24",
      daysToExpiration: 31,
      strike: 100,
      callBid: 1,
      callAsk: 1.1,
      putBid: 1,
      putAsk: 1.1,
      spreadPercent: 8, // (8 − 1) / 14 = 50
      openInterest: 100,
    };
    const figures = {
      sessions: 63,
      averageDailyVolume: 100_000,
      averageDailyDollarVolumeUsd: 1e7, // (7 − 9) / (6 − 9) = 66.67
      atmOption: option,
    };
    expect(liquidityRisk(figures).score).toBe(61.7); // 0.7 × 66.67 + 0.3 × 50
    expect(liquidityRisk({ ...figures, atmOption: null }).score).toBe(66.7);
  });

  it("takes HHI in points and scores concentration from it and the top holders", () => {
    expect(herfindahl([50, 30, 20])).toBe(3800);
    const customers = customerFigures([
      { customer: "Small Co", share: 0.3 },
      { customer: "Big Co", share: 0.5 },
    ]);
    expect(customers).toEqual({
      customers: 2,
      largestCustomer: "Big Co",
      largestSharePercent: 50,
      disclosedSharePercent: 80,
      hhi: 3400,
    });
    const ownership = {
      holders: 10,
      institutionalPercent: 70,
      largestHolder: "A",
      largestHolderPercent: 10,
      top5Percent: 40, // (40 − 20) / 40 = 50
      hhi: 500,
      quarterEnd: "2026-09-30",
    };
    // One customer at 50 %: HHI 2,500 → 2 × 50 = 100; 0.7 × 100 + 0.3 × 50 = 85.
    const single = customerFigures([{ customer: "Big Co", share: 0.5 }]);
    expect(concentrationRisk({ customers: single, ownership }).score).toBe(85);
    expect(concentrationRisk({ customers: null, ownership }).score).toBe(50);
  });

  it("scores the tail from CVaR, kurtosis and negative skew", () => {
    const figures = {
      from: "2025-11-24",
      to: "2026-11-20",
      returns: 250,
      worstDailyReturnPercent: -9,
      worstDay: "2026-04-03",
      valueAtRisk95Percent: 3.5,
      expectedShortfall95Percent: 4.75, // (4.75 − 1.5) / 6.5 = 50
      tailObservations: 13,
      skewness: -0.75, // 50
      excessKurtosis: 5, // 50
    };
    expect(tailRisk(figures).score).toBe(50);
  });

  it("weighs the risks scored, renormalising over those present", () => {
    const overall = overallRisk({
      event: 10,
      volatility: 50,
      liquidity: null,
      concentration: 30,
      tail: 70,
    });
    // (0.2 × 10 + 0.25 × 50 + 0.15 × 30 + 0.25 × 70) / 0.85 = 36.5 / 0.85 = 42.94.
    expect(overall.score).toBe(42.9);
    expect(overall.label).toBe("moderate");
    expect(overall.weights).toEqual({
      event: 0.2353,
      volatility: 0.2941,
      liquidity: 0,
      concentration: 0.1765,
      tail: 0.2941,
    });
    const none = overallRisk({
      event: null,
      volatility: null,
      liquidity: null,
      concentration: null,
      tail: null,
    });
    expect(none).toMatchObject({ score: null, label: null });
  });
});

describe("the sentiment mapping", () => {
  it("maps put/call ratios by −log₂, clamped to ±1", () => {
    expect(putCallScore(1)).toBe(0);
    expect(putCallScore(0.5)).toBe(1);
    expect(putCallScore(2)).toBe(-1);
    expect(putCallScore(4)).toBe(-1);
    expect(putCallScore(Math.SQRT1_2)).toBe(0.5);
    expect(putCallScore(0)).toBe(1);
    expect(putCallScore(null)).toBeNull();
    expect(optionsScore(0.5, 2)).toBe(0);
    expect(optionsScore(null, 0.5)).toBe(1);
    expect(optionsScore(null, null)).toBeNull();
  });

  it("maps the social tags and the insiders' trades", () => {
    expect(socialScore(11, 6)).toBe(0.2941); // 5 / 17
    expect(socialScore(0, 0)).toBeNull();
    expect(insiderScore(0, 100)).toBe(-0.25);
    expect(insiderScore(100, 0)).toBe(1);
    expect(insiderScore(100, 100)).toBe(0.375); // (100 − 25) / 200
    expect(insiderScore(0, 0)).toBeNull();
  });

  it("combines the sources read and counts those sharing the composite's sign", () => {
    const composite = compositeOf({ news: 0.5, social: null, options: -0.2, insider: 0.1 });
    // (0.3 × 0.5 − 0.3 × 0.2 + 0.2 × 0.1) / 0.8 = 0.11 / 0.8.
    expect(composite).toEqual({
      score: 0.1375,
      label: "neutral",
      weights: { news: 0.375, social: 0, options: 0.375, insider: 0.25 },
      agreeing: 2,
      scored: 3,
      agreement: 0.6667,
    });
    expect(compositeOf({ news: null, social: null, options: null, insider: null })).toMatchObject({
      score: null,
      label: null,
      agreement: null,
    });
  });
});

describe("the timeline", () => {
  const clock: TimelineClock = {
    nowMs: Date.parse("2026-11-23T15:00:00Z"),
    today: "2026-11-23",
    from: "2026-10-24",
    to: "2027-02-21",
  };
  const event = (fields: Partial<CatalystEvent>): CatalystEvent => ({
    date: "2026-11-23",
    time: null,
    type: "economic",
    status: "past",
    daysFromToday: 0,
    importance: "high",
    title: "x",
    details: {},
    source: "/v1/x",
    ...fields,
  });

  it("is past once the instant has come, or the day has begun for a day-long event", () => {
    expect(statusOf("2026-11-23", Date.parse("2026-11-23T15:00:00Z"), clock)).toBe("past");
    expect(statusOf("2026-11-23", Date.parse("2026-11-23T21:00:00Z"), clock)).toBe("upcoming");
    expect(statusOf("2026-11-23", null, clock)).toBe("past");
    expect(statusOf("2026-11-24", null, clock)).toBe("upcoming");
  });

  it("orders by date, day-long first, then instant, then kind, then title", () => {
    const events = [
      event({ date: "2026-12-04", time: "2026-12-04T13:30:00.000Z", title: "Payrolls" }),
      event({ date: "2026-11-05", type: "insider-cluster", title: "cluster" }),
      event({ date: "2026-12-04", time: "2026-12-04T13:30:00.000Z", title: "Jobless" }),
      event({ date: "2026-12-04", time: "2026-12-04T13:30:00.000Z", type: "earnings" }),
      event({ date: "2026-12-04", type: "news-cluster", title: "day-long" }),
      event({ date: "2026-12-04", time: "2026-12-04T21:00:00.000Z", type: "earnings" }),
    ];
    const titles = [...events].sort(timelineOrder).map((e) => `${e.date} ${e.type} ${e.title}`);
    expect(titles).toEqual([
      "2026-11-05 insider-cluster cluster",
      "2026-12-04 news-cluster day-long",
      "2026-12-04 earnings x",
      "2026-12-04 economic Jobless",
      "2026-12-04 economic Payrolls",
      "2026-12-04 earnings x",
    ]);
    const timeline = timelineOf([
      event({ date: "2026-12-04", status: "upcoming", title: "later" }),
      event({ date: "2026-11-30", status: "upcoming", title: "next" }),
      event({ date: "2026-11-01", status: "past", type: "earnings" }),
    ]);
    expect(timeline.nextEvent?.title).toBe("next");
    expect(timeline.counts).toMatchObject({ total: 3, past: 1, upcoming: 2 });
    expect(timeline.counts.byType).toMatchObject({ earnings: 1, economic: 2 });
  });
});
