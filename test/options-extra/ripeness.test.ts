import { describe, expect, it } from "vitest";
import { optionsScannerRoutes } from "../../lib/api/groups/options/routes/scanner";
import { optionsVolatilityRoutes } from "../../lib/api/groups/options/routes/volatility";
import { optionsExtraRoutes as routes } from "../../lib/api/groups/optionsExtra/routes";
import {
  type Measures,
  ripenessScore,
  VERDICT_THRESHOLDS,
  WEIGHTS,
} from "../../lib/api/groups/optionsExtra/score-model";
import { volatilityRoutes } from "../../lib/api/groups/volatility/routes";
import { pinnedClock } from "../../lib/deps";
import { nyWallClock } from "../../lib/market/ny-time";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid } from "../setup/refusals";

/**
 * POST /options/ripeness on the simulated market at a pinned instant: the score recomputed from
 * its components and weights, each sub-score from its value by the stated rule, each value from
 * the endpoints it names (iv-rank, hv-iv, the premium scanner) or from the port's bars, and the
 * batch's per-symbol errors.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({ market, marketClock: clock });
const TODAY = nyWallClock(clock.now().getTime()).day;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};
const clamp100 = (value: number) => Math.min(100, Math.max(0, value));
const linear = (value: number, from: number, to: number) =>
  clamp100(((value - from) / (to - from)) * 100);

const ripeness = (body: { [key: string]: Json }) => callRoute(routes.ripeness, { body }, deps);
type Answer = Awaited<ReturnType<typeof ripeness>>;
type Scored = Extract<Answer["results"][number], { status: "ok" }>;

const SYMBOLS = ["AAPL", "xom_nyse", "CSCO", "SPY", "AAPX", "BTC", "aapl", "NOPE_NYSE"];
const answer = await ripeness({ symbols: SYMBOLS });
const scored = answer.results.filter((entry): entry is Scored => entry.status === "ok");
const byCode = (code: string) => scored.find((entry) => entry.code === code) as Scored;

/** Completed daily closes to the cent (the session in progress left out), oldest first. */
async function completedCloses(code: string): Promise<number[]> {
  const nowMs = clock.now().getTime();
  const bars =
    (await market.bars(code, {
      period: 5,
      from: nowMs - 120 * 86_400_000,
      to: nowMs + 60_000,
      extended: false,
    })) ?? [];
  const completed = bars.filter((bar) => nyWallClock(bar.timestamp).day < TODAY);
  return completed.map((bar) => round(bar.close, 2));
}

describe("the batch", () => {
  it("answers each distinct symbol once, in order, with the contract's own 404 as an entry", () => {
    expect(answer.results.map((entry) => entry.input)).toEqual([
      "AAPL",
      "XOM_NYSE",
      "CSCO",
      "SPY",
      "AAPX",
      "BTC",
      "NOPE_NYSE",
    ]);
    expect(answer.results.map((entry) => entry.status)).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
      "error",
      "error",
      "error",
    ]);
    const errors = answer.results.flatMap((entry) => (entry.status === "error" ? [entry] : []));
    expect(errors.map((entry) => entry.error)).toEqual([
      { code: "SYMBOL_NOT_FOUND", message: "No contract with symbol AAPX." },
      {
        code: "NO_CHAIN_DATA",
        message: "No option chain data for BTC_COINBASE: the contract has no listed options.",
      },
      { code: "SYMBOL_NOT_FOUND", message: "No contract with code NOPE_NYSE." },
    ]);
  });

  it("resolves bare tickers to their optionable listing", () => {
    expect(scored.map((entry) => entry.code)).toEqual([
      "AAPL_NASDAQ",
      "XOM_NYSE",
      "CSCO_NASDAQ",
      "SPY_ARCA",
    ]);
    expect(answer).toMatchObject({
      strategy: "short-put",
      scan: { minDte: 20, maxDte: 60, maxDelta: 0.3 },
      verdictThresholds: VERDICT_THRESHOLDS,
      riskFreeRate: deps.defaultRiskFreeRatePercent,
      asOf: SIM_NOW,
    });
  });
});

describe("the score", () => {
  it("is Σ subScore × weight over its components, the weights summing to 1", () => {
    const weights = Object.values(WEIGHTS);
    expect(weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 12);
    for (const entry of scored) {
      const parts = Object.values(entry.components);
      const sum = parts.reduce((total, part) => total + part.subScore * part.weight, 0);
      expect(entry.score, entry.code).toBeCloseTo(sum, 2);
      for (const part of parts) {
        expect(part.contribution).toBeCloseTo(part.subScore * part.weight, 4);
        expect(part.subScore).toBeGreaterThanOrEqual(0);
        expect(part.subScore).toBeLessThanOrEqual(100);
      }
      expect(Object.keys(entry.components)).toEqual(Object.keys(WEIGHTS));
    }
  });

  it("maps each value to its sub-score by the stated rule", () => {
    for (const entry of scored) {
      const c = entry.components;
      const m = entry.measures;
      expect(c.ivRank.subScore).toBeCloseTo(c.ivRank.value as number, 2);
      expect(c.ivHvRatio.subScore).toBeCloseTo(linear(c.ivHvRatio.value as number, 0.8, 1.5), 2);
      expect(c.trend.subScore).toBeCloseTo(linear(c.trend.value as number, -10, 5), 2);
      expect(c.liquidity.subScore).toBeCloseTo(linear(c.liquidity.value as number, 20, 2), 2);
      expect(c.cushion.subScore).toBeCloseTo(linear(c.cushion.value as number, 0.25, 1.25), 2);
      const days = c.earnings.value;
      const expectedEarnings =
        days === null
          ? 100
          : days <= m.targetDte
            ? 0
            : 50 + 50 * Math.min(1, (days - m.targetDte) / 14);
      expect(c.earnings.subScore, entry.code).toBeCloseTo(expectedEarnings, 2);
    }
  });

  it("gives the verdict by the thresholds, AVOID with a veto", () => {
    for (const entry of scored) {
      const expected =
        entry.vetoes.length > 0
          ? "AVOID"
          : entry.score >= 65
            ? "RIPE"
            : entry.score >= 45
              ? "NEUTRAL"
              : "AVOID";
      expect(entry.verdict, entry.code).toBe(expected);
    }
  });

  it("vetoes earnings that trade on or before the target expiration", () => {
    const csco = byCode("CSCO_NASDAQ");
    // Cisco reports after the close on Wednesday 25 November; Friday 27th trades on it.
    expect(csco.measures).toMatchObject({
      nextEarningsDate: "2026-11-25",
      earningsTiming: "amc",
      earningsReactionDate: "2026-11-27",
    });
    expect(csco.components.earnings.value).toBe(3);
    expect(csco.vetoes).toEqual(["EARNINGS_BEFORE_EXPIRATION"]);
    expect(csco.verdict).toBe("AVOID");
    // A fund reports no earnings: the best sub-score, no veto.
    expect(byCode("SPY_ARCA").components.earnings).toMatchObject({ value: null, subScore: 100 });
    expect(byCode("SPY_ARCA").vetoes).toEqual([]);
  });

  it("scores hand-built measures as computed by hand", () => {
    const measures: Measures = {
      strategy: "short-put",
      ivRank: 50,
      ivHvRatio: 1.15, // halfway from 0.8 to 1.5: 50
      earningsKnown: true,
      daysToEarnings: null, // none scheduled: 100
      targetDte: 30,
      trendPercent: 0, // two thirds of the way from −10 to +5: 66.67
      medianSpreadPercent: 11, // halfway from 20 to 2: 50
      cushionSigmas: 0.75, // halfway from 0.25 to 1.25: 50
      hasCandidate: true,
    };
    // 0.3 × 50 + 0.2 × 50 + 0.15 × 100 + 0.15 × 66.67 + 0.1 × 50 + 0.1 × 50 = 60.0005
    expect(ripenessScore(measures)).toMatchObject({ score: 60, verdict: "NEUTRAL", vetoes: [] });
    const call = ripenessScore({ ...measures, strategy: "short-call", trendPercent: -3 });
    expect(call.components.trend.subScore).toBe(70); // 100 − 10 × |−3|
    const vetoed = ripenessScore({ ...measures, daysToEarnings: 30, hasCandidate: false });
    expect(vetoed.vetoes).toEqual(["EARNINGS_BEFORE_EXPIRATION", "NO_CANDIDATE"]);
    expect(vetoed.verdict).toBe("AVOID");
    expect(vetoed.components.earnings.subScore).toBe(0);
    const unknown = ripenessScore({ ...measures, earningsKnown: false, daysToEarnings: null });
    expect(unknown.components.earnings.subScore).toBe(50);
  });
});

describe("the components' values", () => {
  it("take IV rank and the 30-day IV from /options/{code}/iv-rank", async () => {
    for (const entry of scored) {
      const rank = await callRoute(
        optionsVolatilityRoutes.ivRank,
        { params: { code: entry.code } },
        deps,
      );
      expect(entry.components.ivRank.value).toBe(rank.ivRank);
      expect(entry.measures.ivRank).toBe(rank.ivRank);
      expect(entry.measures.ivPercentile).toBe(rank.ivPercentile);
      expect(entry.measures.impliedVolatility30).toBe(rank.currentImpliedVolatility);
    }
  });

  it("take HV20 and IV/HV as /volatility/{code}/hv-iv and as the bars give them", async () => {
    for (const entry of scored) {
      const hvIv = await callRoute(volatilityRoutes.hvIv, { params: { code: entry.code } }, deps);
      const window20 = hvIv.windows.find((window) => window.sessions === 20);
      expect(entry.measures.historicalVolatility20).toBe(window20?.closeToClose);
      expect(entry.components.ivHvRatio.value).toBe(hvIv.ivHvRatio);

      const closes = (await completedCloses(entry.code)).slice(-21);
      const returns = closes.slice(1).map((close, i) => Math.log(close / (closes[i] as number)));
      const meanReturn = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance =
        returns.reduce((sum, r) => sum + (r - meanReturn) ** 2, 0) / (returns.length - 1);
      const hv20 = round(Math.sqrt(252 * variance) * 100, 4);
      expect(entry.measures.historicalVolatility20).toBeCloseTo(hv20, 4);
      expect(entry.components.ivHvRatio.value).toBeCloseTo(
        entry.measures.impliedVolatility30 / hv20,
        5,
      );
    }
  });

  it("measure the trend against the mean of the last 50 completed closes", async () => {
    for (const entry of scored) {
      const closes = (await completedCloses(entry.code)).slice(-50);
      const sma = closes.reduce((sum, close) => sum + close, 0) / 50;
      expect(entry.measures.sma50).toBeCloseTo(sma, 4);
      const trend =
        ((entry.underlyingLivePrice - (entry.measures.sma50 as number)) /
          (entry.measures.sma50 as number)) *
        100;
      expect(entry.components.trend.value).toBeCloseTo(trend, 4);
    }
  });

  it("take the best candidate from the premium scanner and its cushion in one-sigma moves", async () => {
    for (const entry of scored) {
      const scan = await callRoute(
        optionsScannerRoutes.premiumScanner,
        { params: { code: entry.code }, query: { strategy: "short-put" } },
        deps,
      );
      expect(entry.bestCandidate).toEqual(scan.candidates[0]);
      const best = entry.bestCandidate;
      if (!best) throw new Error(`${entry.code} has no candidate`);
      expect(entry.measures.targetExpiration).toBe(best.expiration);
      expect(entry.measures.targetDte).toBe(best.daysToExpiration);
      const cushion =
        (Math.abs(entry.underlyingLivePrice - best.breakEven) / entry.underlyingLivePrice) * 100;
      const oneSigma = best.impliedVolatility * Math.sqrt(best.daysToExpiration / 365);
      expect(entry.measures.cushionPercent).toBeCloseTo(cushion, 4);
      expect(entry.measures.oneSigmaMovePercent).toBeCloseTo(oneSigma, 4);
      expect(entry.components.cushion.value).toBeCloseTo(cushion / oneSigma, 3);
    }
  });

  it("measure liquidity as the median relative spread of the side's near-the-money contracts", async () => {
    const entry = byCode("AAPL_NASDAQ");
    const spot = entry.underlyingLivePrice;
    const expirations = (await market.optionExpirations.expirations("AAPL_NASDAQ")) ?? [];
    const spreads: number[] = [];
    for (const expiration of expirations) {
      const [year, month, day] = expiration.split("-").map(Number) as [number, number, number];
      const days = Math.round((Date.UTC(year, month - 1, day) - TODAY * 86_400_000) / 86_400_000);
      if (days < 20 || days > 60) continue;
      for (const contract of (await market.optionChain("AAPL_NASDAQ", expiration, "P")) ?? []) {
        if (contract.bid > 0 && Math.abs(contract.strike - spot) <= 0.1 * spot) {
          spreads.push(((contract.ask - contract.bid) / ((contract.ask + contract.bid) / 2)) * 100);
        }
      }
    }
    spreads.sort((a, b) => a - b);
    const middle = spreads.length / 2;
    const median =
      spreads.length % 2 === 1
        ? (spreads[Math.floor(middle)] as number)
        : ((spreads[middle - 1] as number) + (spreads[middle] as number)) / 2;
    expect(entry.measures.liquidityContracts).toBe(spreads.length);
    expect(entry.components.liquidity.value).toBeCloseTo(median, 4);
  });

  it("reads the covered-call side for short-call", async () => {
    const calls = await ripeness({ symbols: ["AAPL"], strategy: "Short-Call" });
    const entry = calls.results[0] as Scored;
    expect(calls.strategy).toBe("short-call");
    expect(entry.bestCandidate?.contract).toMatch(/C\d{8}$/);
    const trend = entry.components.trend.value as number;
    expect(entry.components.trend.subScore).toBeCloseTo(Math.max(0, 100 - 10 * Math.abs(trend)), 2);
  });
});

describe("validation", () => {
  it("answers 400 naming the field", async () => {
    await expectInvalid(() => ripeness({}), "symbols");
    await expectInvalid(() => ripeness({ symbols: [] }), "symbols");
    await expectInvalid(() => ripeness({ symbols: "AAPL" }), "symbols");
    const many = Array.from({ length: 26 }, (_, i) => `S${i}`);
    await expectInvalid(() => ripeness({ symbols: many }), "symbols");
    await expectInvalid(() => ripeness({ symbols: ["AAPL", "not a symbol!"] }), "symbols[1]");
    await expectInvalid(() => ripeness({ symbols: ["AAPL", 7] }), "symbols[1]");
    await expectInvalid(() => ripeness({ symbols: ["AAPL"], strategy: "iron-condor" }), "strategy");
  });
});
