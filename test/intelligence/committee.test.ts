import { describe, expect, it } from "vitest";
import { decide, supportFor } from "../../lib/intelligence/committee";
import { opinionOf, type SpecialistOpinion, withoutEvidence } from "../../lib/intelligence/opinion";
import { SPECIALISTS, type SpecialistName } from "../../lib/intelligence/rules";
import { eventRiskOpinion } from "../../lib/intelligence/specialists/event-risk";
import { fundamentalOpinion } from "../../lib/intelligence/specialists/fundamental";
import { insiderOpinion } from "../../lib/intelligence/specialists/insider";
import { newsSentimentOpinion } from "../../lib/intelligence/specialists/news-sentiment";
import { positioningOpinion } from "../../lib/intelligence/specialists/positioning";
import { technicalOpinion } from "../../lib/intelligence/specialists/technical";
import { volatilityOpinion } from "../../lib/intelligence/specialists/volatility";

/** The specialists and the committee's rules on hand-built evidence, every score by hand. */

const SOURCE = "/v1/test";

describe("the specialists", () => {
  it("volatility: 0.6 × IV rank + 0.4 × the IV/HV ratio on its scale; a rank under 10 vetoes", () => {
    const base = {
      ivPercentile: 40,
      impliedVolatility30: 23,
      realisedVolatility: 20,
      realisedSessions: 20,
    };
    // (1.15 − 0.8) / 0.7 × 100 = 50 → 0.6 × 50 + 0.4 × 50 = 50.
    const even = volatilityOpinion({ ...base, ivRank: 50, ivHvRatio: 1.15 }, SOURCE);
    expect(even).toMatchObject({ score: 50, vote: "CAUTION", veto: null });
    // Ratio 1.6 caps at 100: 0.6 × 80 + 40 = 88.
    expect(volatilityOpinion({ ...base, ivRank: 80, ivHvRatio: 1.6 }, SOURCE).score).toBe(88);
    // No realised figure: the rank stands for both parts.
    const noHv = { ...base, realisedVolatility: null, ivRank: 64, ivHvRatio: null };
    expect(volatilityOpinion(noHv, SOURCE).score).toBe(64);
    const thin = volatilityOpinion({ ...base, ivRank: 8, ivHvRatio: 1.5 }, SOURCE);
    // 0.6 × 8 + 0.4 × 100 = 44.8, but the veto makes the vote AVOID.
    expect(thin).toMatchObject({ score: 44.8, vote: "AVOID" });
    expect(thin.veto).toContain("IV rank 8.0 is below the floor of 10");
  });

  it("technical: points for trend, slope, MACD, RSI and a near support", () => {
    const strong = technicalOpinion(
      {
        close: 100,
        trend: "uptrend",
        sma50Slope: "rising",
        macd: "bullish",
        rsi14: 55,
        rsiState: "neutral",
        nearestSupport: 97,
        nearestSupportDistancePercent: -3,
        lastSession: "2026-11-20",
      },
      SOURCE,
    );
    expect(strong).toMatchObject({ score: 90, vote: "SELL_PUT" }); // 50 + 20 + 10 + 5 + 5
    const weak = technicalOpinion(
      {
        close: 100,
        trend: "downtrend",
        sma50Slope: "falling",
        macd: "neutral",
        rsi14: 25,
        rsiState: "oversold",
        nearestSupport: 80,
        nearestSupportDistancePercent: -20,
        lastSession: "2026-11-20",
      },
      SOURCE,
    );
    expect(weak).toMatchObject({ score: 10, vote: "AVOID" }); // 50 − 20 − 10 − 10
  });

  it("fundamental: 100 − fragility, less for a loss, distress and leverage", () => {
    const troubled = fundamentalOpinion(
      {
        fragility: 30,
        altmanZone: "distress",
        netMarginPercent: -2,
        debtToEquity: 3,
        statementPeriodEnd: "2026-09-30",
      },
      SOURCE,
    );
    expect(troubled).toMatchObject({ score: 30, vote: "AVOID" }); // 70 − 15 − 15 − 10
    const sound = fundamentalOpinion(
      {
        fragility: 12.5,
        altmanZone: "safe",
        netMarginPercent: 20,
        debtToEquity: 0.5,
        statementPeriodEnd: null,
      },
      SOURCE,
    );
    expect(sound).toMatchObject({ score: 87.5, vote: "SELL_PUT" });
  });

  it("news: 50 + 50 × sentiment, shrunk under 3 articles, ± 5 for the trend", () => {
    const few = newsSentimentOpinion(
      { articleCount: 2, sentimentScore: 0.6, label: "bullish", trend: "improving" },
      SOURCE,
    );
    expect(few.score).toBe(75); // 50 + 50 × 0.6 × 2/3 + 5
    const none = newsSentimentOpinion(
      { articleCount: 0, sentimentScore: null, label: null, trend: null },
      SOURCE,
    );
    expect(none).toMatchObject({ score: 50, vote: "CAUTION" });
  });

  it("event risk: earnings before expiration veto; an ex-dividend date costs 15", () => {
    const window = { windowFrom: "2026-11-20", windowTo: "2026-12-24", dividendPerPaymentUsd: 0.5 };
    const earnings = eventRiskOpinion(
      { ...window, earningsDate: "2026-12-10", earningsHour: "amc", exDividendDates: [] },
      SOURCE,
    );
    expect(earnings).toMatchObject({ score: 5, vote: "AVOID" });
    expect(earnings.veto).toContain("earnings on 2026-12-10 (after the close)");
    const dividend = eventRiskOpinion(
      { ...window, earningsDate: null, earningsHour: null, exDividendDates: ["2026-12-05"] },
      SOURCE,
    );
    expect(dividend).toMatchObject({ score: 70, vote: "SELL_PUT", veto: null });
  });

  it("options positioning: gamma regime ± 20, heavy put volume − 10, heavy put OI − 5", () => {
    const opinion = positioningOpinion(
      {
        gammaRegime: "positive",
        totalGammaExposure: 1e8,
        zeroGammaDistancePercent: -4,
        putCallVolumeRatio: 1.3,
        putCallOpenInterestRatio: 1.6,
      },
      SOURCE,
    );
    expect(opinion.score).toBe(55);
    const short = positioningOpinion(
      {
        gammaRegime: "negative",
        totalGammaExposure: -1e8,
        zeroGammaDistancePercent: 2,
        putCallVolumeRatio: 0.5,
        putCallOpenInterestRatio: 1,
      },
      SOURCE,
    );
    expect(short.score).toBe(35); // 50 − 20 + 5
  });

  it("insider activity: 50 + 40 × (buys − sales / 4) / (buys + sales), + 10 for a cluster", () => {
    const mixed = insiderOpinion(
      {
        purchasesValueUsd: 100_000,
        salesValueUsd: 300_000,
        buyers: 1,
        sellers: 2,
        clusterLastDate: "2026-10-01",
        windowFrom: "2026-08-22",
      },
      SOURCE,
    );
    expect(mixed.score).toBe(62.5); // 50 + 40 × 25,000 / 400,000 + 10
    const sellingOnly = insiderOpinion(
      {
        purchasesValueUsd: 0,
        salesValueUsd: 1_000_000,
        buyers: 0,
        sellers: 3,
        clusterLastDate: null,
        windowFrom: "2026-08-22",
      },
      SOURCE,
    );
    expect(sellingOnly).toMatchObject({ score: 40, vote: "CAUTION" });
  });

  it("abstains without evidence: 50, CAUTION, unavailable, with the reason", () => {
    expect(withoutEvidence("newsSentiment", SOURCE, "the news source is down")).toEqual({
      specialist: "newsSentiment",
      score: 50,
      vote: "CAUTION",
      veto: null,
      reasons: ["no evidence: the news source is down"],
      inputs: {},
      source: SOURCE,
      available: false,
    });
  });
});

/** Every specialist scoring `score` (per name, else `otherwise`). */
function committee(
  scores: Partial<Record<SpecialistName, number>>,
  otherwise: number,
  vetoOf: Partial<Record<SpecialistName, string>> = {},
): SpecialistOpinion[] {
  return SPECIALISTS.map((name) =>
    opinionOf(name, SOURCE, scores[name] ?? otherwise, [], {}, vetoOf[name] ?? null),
  );
}

describe("the committee's rules", () => {
  it("says SELL_PUT when the score and the agreement both reach their thresholds", () => {
    const decision = decide(committee({}, 70));
    expect(decision).toMatchObject({
      FinalVerdict: "SELL_PUT",
      FinalConviction: 70,
      CommitteeAgreement: 1,
      committeeScore: 70,
      decidedBy: "sell-put-thresholds",
      votes: { SELL_PUT: 7, CAUTION: 0, AVOID: 0 },
    });
  });

  it("holds CAUTION when a high score rests on too few specialists", () => {
    // Volatility, technical, fundamental (weights 0.2 + 0.15 + 0.15) at 100, the rest at 50:
    // score 75 ≥ 60, but 3 of 7 vote SELL_PUT (0.4286 < 0.55).
    const decision = decide(committee({ volatility: 100, technical: 100, fundamental: 100 }, 50));
    expect(decision.committeeScore).toBe(75);
    expect(decision.FinalVerdict).toBe("CAUTION");
    expect(decision.CommitteeAgreement).toBe(0.5714); // the four at 50 vote CAUTION
    // Support for CAUTION: 100 − 2·|score − 50| → 0 for the three, 100 for the four: 50.
    expect(decision.FinalConviction).toBe(50);
  });

  it("says AVOID below the score threshold, with the complement as conviction", () => {
    const decision = decide(committee({}, 35));
    expect(decision).toMatchObject({
      FinalVerdict: "AVOID",
      FinalConviction: 65,
      CommitteeAgreement: 1,
      decidedBy: "avoid-threshold",
    });
  });

  it("lets one veto decide AVOID whatever the others say, held with at least 80", () => {
    const vetoed = committee({}, 90, { eventRisk: "earnings inside the window" });
    const decision = decide(vetoed);
    expect(decision.FinalVerdict).toBe("AVOID");
    expect(decision.decidedBy).toBe("veto");
    expect(decision.vetoes).toEqual([
      { specialist: "eventRisk", reason: "earnings inside the window" },
    ]);
    expect(decision.FinalConviction).toBe(80); // support 10 lifted to the floor
    expect(decision.CommitteeAgreement).toBe(0.1429); // only the vetoing specialist
  });

  it("measures support for each verdict from a score", () => {
    expect(supportFor("SELL_PUT", 72)).toBe(72);
    expect(supportFor("AVOID", 72)).toBe(28);
    expect(supportFor("CAUTION", 72)).toBe(56);
    expect(supportFor("CAUTION", 50)).toBe(100);
  });
});
