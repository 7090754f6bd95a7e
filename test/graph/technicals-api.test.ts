import { describe, expect, it } from "vitest";
import { GRAPH_TECHNICALS_EXAMPLES } from "../../lib/api/examples/graph-technicals";
import { graphTechnicalRoutes as routes } from "../../lib/api/groups/graph/routes/technicals";
import { marketRoutes } from "../../lib/api/groups/market/routes/core";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { volatilityRoutes } from "../../lib/api/groups/volatility/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { type Deps, pinnedClock } from "../../lib/deps";
import type { Bar, Instrument, MarketDataProvider } from "../../lib/market/ports";
import { atr } from "../../lib/quant";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { refusal } from "../setup/refusals";

/**
 * GET /graph/{code}/technicals and /options-analytics at EXAMPLE_TIME on the simulated world:
 * the indicators equal the chart's last values, the derived figures recomputed here from the
 * chart's bars with the formulas the route states, a cross on a hand-built series, every cited
 * options figure equal to the cited endpoint's answer, the examples, the 404s.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);
const AAPL = "AAPL_NASDAQ";

const technicalsOf = (code: string, with_: Deps = deps) =>
  callRoute(routes.technicals, { params: { code } }, with_);
const analyticsOf = (code: string, with_: Deps = deps) =>
  callRoute(routes.optionsAnalytics, { params: { code } }, with_);

const chartOf = (code: string) =>
  callRoute(
    marketRoutes.chart,
    { params: { code }, query: { period: "5", indicators: "rsi,macd,bb,sma20,sma50,sma200" } },
    deps,
  );

const lastValue = (series: { value: number | null }[] | undefined) => series?.at(-1)?.value;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const percentFrom = (value: number, base: number) => round4(((value - base) / base) * 100);

/** The same market with one change. */
function marketWith(patch: Partial<MarketDataProvider>): MarketDataProvider {
  return new Proxy(deps.market, {
    get: (target, property, receiver) =>
      property in patch
        ? patch[property as keyof MarketDataProvider]
        : Reflect.get(target, property, receiver),
  });
}

describe("GET /graph/{code}/technicals", () => {
  it("serves the chart's last indicator values for the same bars", async () => {
    const [answer, chart] = await Promise.all([technicalsOf(AAPL), chartOf(AAPL)]);
    const indicators = chart.indicators ?? {};
    const [sma20, sma50, sma200] = answer.trend.movingAverages;
    expect(answer.bars.count).toBe(chart.bars.length);
    expect(answer.close).toBe(chart.bars.at(-1)?.close);
    expect(sma20?.value).toBe(lastValue(indicators.sma20));
    expect(sma50?.value).toBe(lastValue(indicators.sma50));
    expect(sma200?.value).toBe(lastValue(indicators.sma200));
    expect(sma200?.value).not.toBeNull();
    expect(answer.momentum.rsi14).toBe(lastValue(indicators.rsi));
    expect(answer.momentum.macd.line).toBe(lastValue(indicators.macd));
    expect(answer.momentum.macd.signal).toBe(lastValue(indicators["macd-signal"]));
    expect(answer.momentum.macd.histogram).toBe(lastValue(indicators["macd-hist"]));
    expect(answer.volatility.bollinger.upper).toBe(lastValue(indicators["bb-upper"]));
    expect(answer.volatility.bollinger.lower).toBe(lastValue(indicators["bb-lower"]));
    expect(answer.range52Week.high).toBe(chart.ceiling);
    expect(answer.range52Week.low).toBe(chart.floor);
    expect(answer.bars.lastBarInProgress).toBe(true); // Monday 10:00 New York
    expect(answer.bars.to).toBe("2026-11-23");
  });

  it("derives distances, states, ROC, ATR, %B, pivots and swing levels as stated", async () => {
    const [answer, chart] = await Promise.all([technicalsOf(AAPL), chartOf(AAPL)]);
    const bars = chart.bars;
    const close = answer.close;
    for (const average of answer.trend.movingAverages) {
      const value = average.value as number;
      expect(average.distancePercent).toBe(percentFrom(close, value));
      expect(average.position).toBe(close > value ? "above" : "below");
    }
    const rsi = answer.momentum.rsi14 as number;
    expect(answer.momentum.rsiState).toBe(
      rsi >= 70 ? "overbought" : rsi <= 30 ? "oversold" : "neutral",
    );
    expect(answer.momentum.macd.state).toBe(
      (answer.momentum.macd.histogram as number) > 0 ? "bullish" : "bearish",
    );
    expect(answer.momentum.rateOfChange20).toBe(percentFrom(close, (bars.at(-21) as Bar).close));
    const { upper, lower, middle, percentB } = answer.volatility.bollinger;
    expect(percentB).toBeCloseTo(
      (close - (lower as number)) / ((upper as number) - (lower as number)),
      6,
    );
    expect(answer.volatility.bollinger.bandwidthPercent).toBe(
      round4((((upper as number) - (lower as number)) / (middle as number)) * 100),
    );
    // ATR 14 over the chart's (tick-rounded) bars: within a tick of the full-precision one.
    const ranges = atr(
      bars.map((bar) => bar.high),
      bars.map((bar) => bar.low),
      bars.map((bar) => bar.close),
      14,
    );
    expect(answer.volatility.atr14).toBeCloseTo(ranges.at(-1) as number, 2);
    // Pivots of Friday's session (the last completed one).
    const pivots = answer.supportResistance.pivotPoints;
    const friday = bars.at(-2) as Bar;
    expect(pivots?.session).toBe("2026-11-20");
    const p = (friday.high + friday.low + friday.close) / 3;
    expect(pivots?.pivot).toBeCloseTo(p, 4);
    expect(pivots?.r1).toBeCloseTo(2 * p - friday.low, 4);
    expect(pivots?.s2).toBeCloseTo(p - (friday.high - friday.low), 4);
    // Each level is a swing point of the last 60 sessions on its side of the close.
    const dateOf = (bar: Bar) => new Date(bar.timestamp).toISOString().slice(0, 10);
    const check = (levels: typeof answer.supportResistance.support, pick: "high" | "low") => {
      for (const level of levels) {
        const i = bars.findIndex((bar) => dateOf(bar) === level.date);
        expect(i, level.date).toBeGreaterThanOrEqual(bars.length - 60);
        expect(i, level.date).toBeLessThan(bars.length - 2);
        expect(bars[i]?.[pick]).toBe(level.price);
        const sign = pick === "high" ? 1 : -1;
        for (const j of [i - 2, i - 1]) {
          expect(sign * level.price).toBeGreaterThan(sign * (bars[j]?.[pick] as number));
        }
        for (const j of [i + 1, i + 2]) {
          expect(sign * level.price).toBeGreaterThanOrEqual(sign * (bars[j]?.[pick] as number));
        }
      }
    };
    expect(answer.supportResistance.support.length).toBeGreaterThan(0);
    expect(answer.supportResistance.resistance.length).toBeGreaterThan(0);
    check(answer.supportResistance.support, "low");
    check(answer.supportResistance.resistance, "high");
    expect(answer.supportResistance.support.every((level) => level.price < close)).toBe(true);
    expect(answer.supportResistance.resistance.every((level) => level.price > close)).toBe(true);
    const supportPrices = answer.supportResistance.support.map((level) => level.price);
    expect(supportPrices).toEqual([...supportPrices].sort((a, b) => b - a));
    expect(answer.range52Week.distanceFromHighPercent).toBe(
      percentFrom(close, answer.range52Week.high),
    );
  });

  it("dates the last golden cross of a hand-built series where the chart's SMAs cross", async () => {
    // 200 falling closes then 60 rising ones, one bar per weekday: SMA50 climbs over SMA200.
    const closes = [
      ...Array.from({ length: 200 }, (_, i) => 200 - i * 0.5),
      ...Array.from({ length: 60 }, (_, i) => 100 + i * 3),
    ];
    const day = 86_400_000;
    const start = Date.parse("2025-11-24T14:30:00Z");
    const weekdays: number[] = [];
    for (let t = start; weekdays.length < closes.length; t += day) {
      const weekday = new Date(t).getUTCDay();
      if (weekday !== 0 && weekday !== 6) weekdays.push(t);
    }
    const bars: Bar[] = closes.map((close, i) => ({
      timestamp: weekdays[i] as number,
      open: close,
      high: close + 1,
      low: close - 1,
      close,
      volume: 1000,
    }));
    const lastMs = weekdays.at(-1) as number;
    const clock = pinnedClock(new Date(lastMs + 7 * 3_600_000)); // after the close
    const synthetic = marketWith({ bars: async () => bars });
    const world = simulatedWorldDeps(new Date(lastMs + 7 * 3_600_000).toISOString(), {
      market: synthetic,
      marketClock: clock,
    });
    const answer = await technicalsOf(AAPL, world);
    const mean = (from: number, to: number) =>
      closes.slice(from, to).reduce((sum, close) => sum + close, 0) / (to - from);
    let crossIndex = -1;
    for (let i = 200; i < closes.length; i++) {
      const gap = (k: number) => mean(k - 49, k + 1) - mean(k - 199, k + 1);
      if (gap(i) > 0 && gap(i - 1) <= 0) crossIndex = i;
    }
    expect(crossIndex).toBeGreaterThan(200);
    expect(answer.trend.crossState).toBe("golden");
    expect(answer.trend.lastCross).toEqual({
      kind: "golden",
      date: new Date(weekdays[crossIndex] as number).toISOString().slice(0, 10),
      sessionsAgo: closes.length - 1 - crossIndex,
    });
    expect(answer.trend.direction).toBe("uptrend");
    expect(answer.trend.crossSearchedSessions).toBe(closes.length - 199);
    expect(answer.bars.lastBarInProgress).toBe(false);
    expect(answer.momentum.rsiState).toBe("overbought");
    expect(answer.supportResistance.resistance).toEqual([]); // at the high
  });

  it("answers the example", async () => {
    const example = GRAPH_TECHNICALS_EXAMPLES["graph.technicals"];
    expect(await technicalsOf(AAPL)).toEqual(example?.data);
  });

  it("refuses unknown codes, non-companies and companies without bars", async () => {
    expect(await refusal(() => technicalsOf("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
    expect(await refusal(() => technicalsOf("SPY_ARCA"))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
    const noBars = simulatedWorldDeps(EXAMPLE_TIME, {
      market: marketWith({ bars: async () => [] }),
    });
    expect(await refusal(() => technicalsOf(AAPL, noBars))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
  });
});

describe("Wilder's ATR", () => {
  it("matches a hand computation", () => {
    const highs = [10, 11, 12, 11.5, 13];
    const lows = [9, 10, 10.5, 10, 11];
    const closes = [9.5, 10.8, 11, 10.2, 12.5];
    // TR from index 1: max(H−L, |H−C₋₁|, |L−C₋₁|) = 1.5, 1.5, 1.5, 2.8
    const series = atr(highs, lows, closes, 3);
    expect(series.slice(0, 3)).toEqual([null, null, null]);
    expect(series[3]).toBeCloseTo(1.5, 12);
    expect(series[4]).toBeCloseTo((1.5 * 2 + 2.8) / 3, 12);
  });
});

describe("GET /graph/{code}/options-analytics", () => {
  const cited = async (code: string) => {
    const analytics = await analyticsOf(code);
    const expiry = analytics.skew?.expiration as string;
    const [ivRank, skew, term, putCall, gex, flow, expirations] = await Promise.all([
      callRoute(optionsRoutes.ivRank, { params: { code } }, deps),
      callRoute(volatilityRoutes.skew, { params: { code }, query: { expiry } }, deps),
      callRoute(volatilityRoutes.termStructure, { params: { code } }, deps),
      callRoute(optionsRoutes.putCallRatio, { params: { code } }, deps),
      callRoute(volatilityRoutes.gex, { params: { code } }, deps),
      callRoute(optionsRoutes.flow, { params: { code }, query: { limit: "3" } }, deps),
      callRoute(optionsRoutes.expirations, { params: { code } }, deps),
    ]);
    return { analytics, ivRank, skew, term, putCall, gex, flow, expirations };
  };

  it("cites each endpoint's figures at the same clock", async () => {
    const { analytics, ivRank, skew, term, putCall, gex, flow } = await cited(AAPL);
    expect(analytics.unavailable).toEqual([]);
    expect(analytics.ivRank).toMatchObject({
      source: `/v1/options/${AAPL}/iv-rank`,
      asOf: EXAMPLE_TIME,
      currentImpliedVolatility: ivRank.currentImpliedVolatility,
      ivRank: ivRank.ivRank,
      ivPercentile: ivRank.ivPercentile,
      yearHigh: ivRank.yearHigh,
      yearLow: ivRank.yearLow,
      historyLength: ivRank.historyLength,
    });
    expect(analytics.skew).toMatchObject({
      source: `/v1/volatility/${AAPL}/skew?expiry=${skew.expiration}`,
      put25Iv: skew.put25Iv,
      atmIv: skew.atmIv,
      call25Iv: skew.call25Iv,
      riskReversal25: skew.riskReversal25,
      butterfly25: skew.butterfly25,
      putSkewRatio: skew.putSkewRatio,
      daysToExpiration: skew.daysToExpiration,
    });
    expect(analytics.termStructure).toMatchObject({
      source: `/v1/volatility/${AAPL}/term-structure`,
      iv30: term.iv30,
      iv60: term.iv60,
      iv90: term.iv90,
      slope: term.slope,
      shape: term.shape,
    });
    expect(analytics.putCallRatio).toMatchObject({
      source: `/v1/options/${AAPL}/put-call-ratio`,
      volumeRatio: putCall.total.volumeRatio,
      openInterestRatio: putCall.total.openInterestRatio,
      premiumRatio: putCall.total.premiumRatio,
      callVolume: putCall.total.callVolume,
      putOpenInterest: putCall.total.putOpenInterest,
    });
    expect(analytics.gex).toMatchObject({
      source: `/v1/volatility/${AAPL}/gex`,
      totalGammaExposure: gex.totalGammaExposure,
      gammaRegime: gex.gammaRegime,
      zeroGammaLevel: gex.zeroGammaLevel,
      zeroGammaDistancePercent: gex.zeroGammaDistancePercent,
      callWall: gex.callWall,
      putWall: gex.putWall,
      underlyingLivePrice: gex.underlyingLivePrice,
    });
    expect(gex.zeroGammaLevel).not.toBeNull();
    const { printCount, ...totals } = flow.totals;
    expect(printCount).toBe(analytics.flow?.unusualPrintCount);
    expect(analytics.flow).toMatchObject({
      source: `/v1/options/${AAPL}/flow?limit=3`,
      tapePrintCount: flow.tapePrintCount,
      unusualPrintCount: flow.unusualPrintCount,
      ...totals,
    });
    expect(analytics.flow?.latest.map((print) => print.contract)).toEqual(
      flow.items.map((print) => print.contract),
    );
    expect(analytics.flow?.latest.map((print) => print.premium)).toEqual(
      flow.items.map((print) => print.premium),
    );
    for (const section of [analytics.ivRank, analytics.gex, analytics.flow]) {
      expect(section?.asOf).toBe(EXAMPLE_TIME);
    }
  });

  it("reads the skew at the listed expiration nearest 30 calendar days", async () => {
    const { analytics, expirations } = await cited("MSFT_NASDAQ");
    const listed = expirations.expirations;
    const nearest = listed.reduce((best, row) =>
      Math.abs(row.daysToExpiration - 30) < Math.abs(best.daysToExpiration - 30) ? row : best,
    ).expirationDate;
    expect(analytics.skew?.expiration).toBe(nearest);
  });

  it("gives each section null with the cited endpoint's 404 when the chains are too thin", async () => {
    const thin = simulatedWorldDeps(EXAMPLE_TIME, {
      market: marketWith({
        optionChain: async (...args: Parameters<MarketDataProvider["optionChain"]>) =>
          (await deps.market.optionChain(...args))?.slice(0, 1),
      }),
    });
    const analytics = await analyticsOf(AAPL, thin);
    expect(analytics.skew).toBeNull();
    expect(analytics.termStructure).toBeNull();
    const gaps = new Map(analytics.unavailable.map((gap) => [gap.section, gap]));
    expect(gaps.get("skew")?.code).toBe("INSUFFICIENT_OPTION_DATA");
    const cited = await refusal(() =>
      callRoute(volatilityRoutes.termStructure, { params: { code: AAPL } }, thin),
    );
    expect(cited).toMatchObject({ status: 404, code: gaps.get("termStructure")?.code });
    expect(gaps.get("termStructure")?.reason).toBe(cited.message);
    expect([...gaps.keys()].every((section) => analytics[section] === null)).toBe(true);
    expect(analytics.ivRank).not.toBeNull(); // the surface does not read the chains
  });

  it("gives every section null, NO_CHAIN_DATA, for a company without listed options", async () => {
    const withoutOptions = simulatedWorldDeps(EXAMPLE_TIME, {
      market: marketWith({
        instrument: async (code: string) => {
          const found = await deps.market.instrument(code);
          return found && ({ ...found, hasOptions: false } as Instrument);
        },
      }),
    });
    const analytics = await analyticsOf(AAPL, withoutOptions);
    for (const section of [
      "ivRank",
      "skew",
      "termStructure",
      "putCallRatio",
      "gex",
      "flow",
    ] as const) {
      expect(analytics[section], section).toBeNull();
    }
    expect(analytics.unavailable.map((gap) => gap.section)).toEqual([
      "ivRank",
      "skew",
      "termStructure",
      "putCallRatio",
      "gex",
      "flow",
    ]);
    expect(new Set(analytics.unavailable.map((gap) => gap.code))).toEqual(
      new Set(["NO_CHAIN_DATA"]),
    );
    const cited = await refusal(() =>
      callRoute(optionsRoutes.ivRank, { params: { code: AAPL } }, withoutOptions),
    );
    expect(cited).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
  });

  it("answers the example, and refuses what is no company", async () => {
    const example = GRAPH_TECHNICALS_EXAMPLES["graph.optionsAnalytics"];
    expect(await analyticsOf(AAPL)).toEqual(example?.data);
    expect(await refusal(() => analyticsOf("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
    expect(await refusal(() => analyticsOf("SPX_INDEX"))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
  });
});
