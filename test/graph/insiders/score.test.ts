import { describe, expect, it } from "vitest";
import {
  holdingsChangeOf,
  roleClassOf,
  type ScoreComponent,
  scoreTrade,
} from "../../../lib/graph/insiders/score";
import { DIRECTOR, officer, TEN_PERCENT_OWNER, trade } from "./hand-built";

/**
 * Insider trade scores against values computed by hand from the formula in score.ts:
 *   score = round(typeFactor × planFactor × 100 × (0.25 role + 0.30 value + 0.25 ΔOwn + 0.20 range)).
 */

const byName = (components: ScoreComponent[]) =>
  Object.fromEntries(components.map((component) => [component.name, component]));

describe("scoreTrade", () => {
  it("scores a CEO's $1 m purchase that grows the holding by half, 40 % up the range: 82", () => {
    // role 1 → 25; value log10(1e6) = 6 → (6 − 4) / 3 = 0.6667 → 20; ΔOwn 10,000 / 20,000 =
    // 0.5 → 1 → 25; p = (100 − 80) / (130 − 80) = 0.4 → 0.6 → 12. Base 82, factors 1 × 1.
    const scored = scoreTrade(
      trade(1, "2026-03-02", 10_000, 100, {
        sharesOwnedAfter: 30_000,
        relationship: officer("Chief Executive Officer", true),
      }),
      { low: 80, high: 130 },
    );
    expect(scored).toMatchObject({ score: 82, direction: "bullish", signedScore: 82, base: 82 });
    const parts = byName(scored.components);
    expect(parts.transactionType).toEqual({
      name: "transactionType",
      kind: "factor",
      weight: null,
      input: "P",
      scaled: 1,
      points: null,
    });
    expect(parts.tradingPlan).toMatchObject({ input: false, scaled: 1 });
    expect(parts.role).toMatchObject({ input: "ceo-cfo", weight: 0.25, scaled: 1, points: 25 });
    expect(parts.value).toMatchObject({
      input: 1_000_000,
      weight: 0.3,
      scaled: 0.6667,
      points: 20,
    });
    expect(parts.holdingsChange).toMatchObject({ input: 0.5, weight: 0.25, scaled: 1, points: 25 });
    expect(parts.priceInRange).toMatchObject({ input: 0.4, weight: 0.2, scaled: 0.6, points: 12 });
  });

  it("discounts a CFO's 10b5-1 sale: 0.5 × 0.4 × 52.08 = 10, bearish", () => {
    // role 1 → 25; value $750,000: (log10(750,000) − 4) / 3 = 0.625020 → 18.7506; ΔOwn
    // −5,000 / 50,000 = −0.1 → 0.2 → 5; p = 50 / 60 = 0.8333 → 0.1667 → 3.3333.
    const scored = scoreTrade(
      trade(2, "2026-03-02", 5_000, 150, {
        code: "S",
        sharesOwnedAfter: 45_000,
        tradingPlan: true,
        relationship: officer("Chief Financial Officer"),
      }),
      { low: 100, high: 160 },
    );
    expect(scored).toMatchObject({
      score: 10,
      direction: "bearish",
      signedScore: -10,
      base: 52.08,
    });
    const parts = byName(scored.components);
    expect(parts.transactionType).toMatchObject({ input: "S", scaled: 0.5 });
    expect(parts.tradingPlan).toMatchObject({ input: true, scaled: 0.4 });
    expect(parts.value).toMatchObject({ input: 750_000, scaled: 0.625, points: 18.75 });
    expect(parts.holdingsChange).toMatchObject({ input: -0.1, scaled: 0.2, points: 5 });
    expect(parts.priceInRange).toMatchObject({ input: 0.8333, scaled: 0.1667, points: 3.33 });
  });

  it("scores a director's grant without a price near zero: 0.15 × 32.5 = 5, neutral", () => {
    // role 0.5 → 12.5; value unknown → 0; ΔOwn 2,000 / 10,000 = 0.2 → 0.4 → 10; no price → 0.5 → 10.
    const scored = scoreTrade(
      trade(3, "2026-05-14", 2_000, null, { code: "A", sharesOwnedAfter: 12_000 }),
      { low: 10, high: 20 },
    );
    expect(scored).toMatchObject({ score: 5, direction: "neutral", signedScore: 0, base: 32.5 });
    const parts = byName(scored.components);
    expect(parts.value).toMatchObject({ input: null, scaled: 0, points: 0 });
    expect(parts.priceInRange).toMatchObject({ input: null, scaled: 0.5, points: 10 });
  });

  it("caps the value at $10 m and scales another officer 0.75: 69.75 → 70", () => {
    // role 0.75 → 18.75; $12 m → 1 → 30; ΔOwn 0.1 → 0.2 → 5; p = 0.2 → 0.8 → 16.
    const scored = scoreTrade(
      trade(4, "2026-05-14", 100_000, 120, {
        sharesOwnedAfter: 1_100_000,
        relationship: officer("General Counsel and Secretary"),
      }),
      { low: 100, high: 200 },
    );
    expect(scored).toMatchObject({ score: 70, base: 69.75 });
  });

  it("ranks the same purchase by role: CEO/CFO > other officer > director > 10 % owner", () => {
    const scoreAs = (relationship: typeof DIRECTOR) =>
      scoreTrade(trade(5, "2026-05-14", 1_000, 50, { relationship }), { low: 40, high: 60 }).score;
    const scores = [
      scoreAs(officer("Chief Financial Officer")),
      scoreAs(officer("Chief Operating Officer")),
      scoreAs(DIRECTOR),
      scoreAs(TEN_PERCENT_OWNER),
    ];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores).size).toBe(4);
  });

  it("orders the types: purchase > sale > grant > tax withholding, and a plan discounts", () => {
    const scoreOf = (code: string, tradingPlan = false) =>
      scoreTrade(trade(6, "2026-05-14", 1_000, 50, { code, tradingPlan }), { low: 40, high: 60 })
        .score;
    expect(scoreOf("P")).toBeGreaterThan(scoreOf("S"));
    expect(scoreOf("S")).toBeGreaterThan(scoreOf("A"));
    expect(scoreOf("A")).toBeGreaterThan(scoreOf("F"));
    expect(scoreOf("S", true)).toBeLessThan(scoreOf("S"));
  });

  it("scores a purchase nearer the 52-week low higher", () => {
    const at = (price: number) =>
      scoreTrade(trade(7, "2026-05-14", 1_000, price), { low: 40, high: 60 }).score;
    expect(at(41)).toBeGreaterThan(at(50));
    expect(at(50)).toBeGreaterThan(at(59));
  });
});

describe("the inputs", () => {
  it("classifies roles by the highest one held", () => {
    expect(roleClassOf(officer("Chief Executive Officer", true))).toBe("ceo-cfo");
    expect(roleClassOf(officer("Principal Financial Officer"))).toBe("ceo-cfo");
    expect(roleClassOf(officer("Chief Technology Officer"))).toBe("officer");
    expect(roleClassOf(DIRECTOR)).toBe("director");
    expect(roleClassOf({ ...TEN_PERCENT_OWNER, isDirector: true })).toBe("director");
    expect(roleClassOf(TEN_PERCENT_OWNER)).toBe("ten-percent-owner");
  });

  it("measures ΔOwn over the holding before: new positions, sales, unknown holdings", () => {
    const base = { shares: 100, acquiredDisposed: "A" as const };
    expect(holdingsChangeOf({ ...base, sharesOwnedAfter: 300 })).toBe(0.5);
    expect(holdingsChangeOf({ ...base, sharesOwnedAfter: 100 })).toBe("new");
    expect(holdingsChangeOf({ ...base, acquiredDisposed: "D", sharesOwnedAfter: 300 })).toBe(-0.25);
    expect(holdingsChangeOf({ ...base, sharesOwnedAfter: null })).toBeNull();
  });
});
