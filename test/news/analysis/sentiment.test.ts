import { describe, expect, it } from "vitest";
import { companyNameVariants, mentionPattern } from "../../../lib/news/analysis/mentions";
import {
  normalisedSentiment,
  rawSentences,
  scoreSentiment,
  scoreTickerSentiments,
  sentimentLabel,
  splitSentences,
} from "../../../lib/news/analysis/sentiment";
import type { SentimentLabel } from "../../../lib/news/analysis/types";
import labelled from "../../fixtures/news/labelled-headlines.json";

interface Labelled {
  headline: string;
  label: SentimentLabel;
  set: "tuning" | "holdout";
}

const HEADLINES = labelled.headlines as Labelled[];
const LABELS: readonly SentimentLabel[] = ["bullish", "neutral", "bearish"];

/** Rows: the human label; columns: the scorer's. */
function confusion(
  items: readonly Labelled[],
): Record<SentimentLabel, Record<SentimentLabel, number>> {
  const matrix = Object.fromEntries(
    LABELS.map((row) => [row, Object.fromEntries(LABELS.map((column) => [column, 0]))]),
  ) as Record<SentimentLabel, Record<SentimentLabel, number>>;
  for (const item of items) matrix[item.label][scoreSentiment(item.headline).label]++;
  return matrix;
}

function agreement(items: readonly Labelled[]): number {
  return (
    items.filter((item) => scoreSentiment(item.headline).label === item.label).length / items.length
  );
}

describe("sentiment on hand-labelled headlines", () => {
  it("has a set of at least 60 varied headlines, about a third neutral", () => {
    expect(HEADLINES.length).toBeGreaterThanOrEqual(60);
    const neutral = HEADLINES.filter((item) => item.label === "neutral").length;
    expect(neutral / HEADLINES.length).toBeGreaterThan(0.25);
    expect(neutral / HEADLINES.length).toBeLessThan(0.4);
    expect(new Set(HEADLINES.map((item) => item.headline)).size).toBe(HEADLINES.length);
  });

  it("agrees with the human labels on at least 80 % overall and on the held-out part", () => {
    const matrix = confusion(HEADLINES);
    const holdout = HEADLINES.filter((item) => item.set === "holdout");
    console.info(
      `sentiment agreement ${(agreement(HEADLINES) * 100).toFixed(1)} % of ${HEADLINES.length} ` +
        `(held out: ${(agreement(holdout) * 100).toFixed(1)} % of ${holdout.length}); ` +
        `confusion (label → scored) ${JSON.stringify(matrix)}`,
    );
    expect(agreement(HEADLINES)).toBeGreaterThanOrEqual(0.8);
    expect(agreement(holdout)).toBeGreaterThanOrEqual(0.8);
  });

  it("almost never reads good news as bad or bad news as good", () => {
    const matrix = confusion(HEADLINES);
    expect(matrix.bullish.bearish).toBeLessThanOrEqual(1);
    expect(matrix.bearish.bullish).toBeLessThanOrEqual(2);
  });
});

describe("finance vocabulary", () => {
  it.each([
    ["Acme beats estimates", "bullish"],
    ["Acme tops quarterly profit estimates", "bullish"],
    ["Acme misses estimates", "bearish"],
    ["Analyst downgrades Acme", "bearish"],
    ["Analyst upgrades Acme to outperform", "bullish"],
    ["Acme cuts full-year guidance", "bearish"],
    ["Acme guidance cut on weak orders", "bearish"],
    ["Acme raises its 2026 outlook", "bullish"],
    ["Price target on Acme raised to $50", "bullish"],
    ["Acme suspends its dividend", "bearish"],
    ["Acme boosts quarterly dividend 10%", "bullish"],
    ["Acme issues profit warning", "bearish"],
    ["Acme posts record revenue", "bullish"],
    ["Trading in Acme halted", "bearish"],
    ["Acme results below expectations", "bearish"],
    ["Acme results in line with estimates", "neutral"],
    ["Acme declares regular quarterly dividend", "neutral"],
    ["Acme sets record date for annual meeting", "neutral"],
  ])("%s → %s", (headline, label) => {
    expect(scoreSentiment(headline).label).toBe(label);
  });

  it("moves a neutral sentence the right way", () => {
    const base = scoreSentiment("Acme reported quarterly results on Tuesday").score;
    expect(base).toBe(0);
    expect(
      scoreSentiment("Acme reported quarterly results on Tuesday and beat estimates").score,
    ).toBeGreaterThan(base);
    expect(
      scoreSentiment("Acme reported quarterly results on Tuesday and missed estimates").score,
    ).toBeLessThan(base);
  });

  it("reports the terms that scored, phrases by name, negated ones as such", () => {
    const result = scoreSentiment("Acme cuts its full-year guidance; shares plunge");
    expect(result.negativeTerms).toEqual(["cuts guidance", "plunge"]);
    expect(result.positiveTerms).toEqual([]);
    expect(scoreSentiment("Acme did not beat estimates").negativeTerms).toEqual([
      "not beats estimates",
    ]);
  });

  it("flips a term after a negator, and through a failure verb", () => {
    expect(scoreSentiment("Acme did not beat estimates").label).toBe("bearish");
    expect(scoreSentiment("Acme failed to beat estimates").label).toBe("bearish");
    expect(scoreSentiment("Acme's results were not bad").label).toBe("bullish");
  });

  it("never reads a phrase across two sentences", () => {
    const [first, second] = rawSentences(["Acme cuts", "Guidance for the year is strong"]);
    expect(first?.negativeTerms).toEqual(["cuts"]);
    expect(second?.positiveTerms).toEqual(["strong"]);
    expect(
      scoreSentiment("Acme cuts. Guidance for the year is strong.").negativeTerms,
    ).not.toContain("cuts guidance");
  });

  it("ignores AFINN words that mislead in financial news", () => {
    expect(scoreSentiment("Acme shares: demand for health care services").score).toBe(0);
  });
});

describe("normalisation", () => {
  const raw = (points: number, tokens: number) => ({
    points,
    tokens,
    positiveTerms: [],
    negativeTerms: [],
  });

  it("is VADER's x/√(x²+15) for up to 20 tokens", () => {
    expect(normalisedSentiment(raw(1, 5)).score).toBeCloseTo(1 / 4, 4);
    expect(normalisedSentiment(raw(-4, 20)).score).toBeCloseTo(-4 / Math.sqrt(31), 4);
    expect(normalisedSentiment(raw(0, 8)).score).toBe(0);
  });

  it("damps longer texts by √(20/n)", () => {
    expect(normalisedSentiment(raw(8, 320)).score).toBeCloseTo(
      normalisedSentiment(raw(2, 10)).score,
      4,
    );
  });

  it("stays within −1..+1 and labels at ±0.15", () => {
    expect(normalisedSentiment(raw(500, 10)).score).toBeLessThanOrEqual(1);
    expect(normalisedSentiment(raw(-500, 10)).score).toBeGreaterThanOrEqual(-1);
    expect(sentimentLabel(0.15)).toBe("bullish");
    expect(sentimentLabel(0.1499)).toBe("neutral");
    expect(sentimentLabel(-0.15)).toBe("bearish");
  });
});

describe("sentences and mentions", () => {
  it("splits sentences, not abbreviations, initials or decimals", () => {
    expect(
      splitSentences(
        "Apple Inc. said revenue rose 8%. Shares of U.S. firms rose. J. Smith said $1.5 billion! Next?",
      ),
    ).toEqual([
      "Apple Inc. said revenue rose 8%.",
      "Shares of U.S. firms rose.",
      "J. Smith said $1.5 billion!",
      "Next?",
    ]);
  });

  it("finds a ticker as $AAPL, (NASDAQ: AAPL), AAPL or the company's name", () => {
    const pattern = mentionPattern("AAPL", ["Apple Inc."]);
    for (const text of [
      "Buy $AAPL now",
      "Apple (NASDAQ: AAPL) rose",
      "AAPL rose",
      "Apple's results",
      "Apple Inc. said",
    ]) {
      expect(pattern.test(text), text).toBe(true);
    }
    for (const text of ["Pineapple prices", "apple orchards", "AAPLX fund"])
      expect(pattern.test(text), text).toBe(false);
  });

  it("finds a one-letter ticker only as $C or (NYSE: C)", () => {
    const pattern = mentionPattern("C", ["Citigroup Inc."]);
    expect(pattern.test("C. Smith met Citigroup")).toBe(true);
    expect(pattern.test("Shares of $C fell")).toBe(true);
    expect(pattern.test("(NYSE: C) fell")).toBe(true);
    expect(pattern.test("Plan C was adopted")).toBe(false);
  });

  it("shortens company names without their legal suffix", () => {
    expect(companyNameVariants("The Home Depot, Inc.")).toEqual([
      "The Home Depot, Inc.",
      "Home Depot",
    ]);
    expect(companyNameVariants("Amazon.com, Inc.")).toEqual([
      "Amazon.com, Inc.",
      "Amazon.com",
      "Amazon",
    ]);
    expect(companyNameVariants("JPMorgan Chase & Co.")).toEqual([
      "JPMorgan Chase & Co.",
      "JPMorgan Chase",
    ]);
    expect(companyNameVariants("The Goldman Sachs Group, Inc.")).toContain("Goldman Sachs");
  });
});

describe("scoreTickerSentiments", () => {
  const names = new Map([
    ["QNTX", ["Quantix Semiconductor Inc.", "Quantix"]],
    ["PRGN", ["Paragon Chips Inc."]],
    ["ZZZZ", ["Zeta Holdings"]],
  ]);
  const article = {
    headline: "Quantix soars on record revenue",
    summary:
      "Quantix Semiconductor (NASDAQ: QNTX) beat estimates and raised its outlook. Rival Paragon Chips missed estimates and cut its guidance. Analysts expect a busy week.",
    body: null,
    tickers: ["QNTX", "PRGN", "ZZZZ"],
  };

  it("scores each ticker on the sentences that mention it", () => {
    const [quantix, paragon] = scoreTickerSentiments(article, names);
    expect(quantix?.label).toBe("bullish");
    expect(paragon?.label).toBe("bearish");
    expect(quantix?.score).toBeGreaterThan(0.5);
    expect(paragon?.score).toBeLessThan(-0.5);
  });

  it("falls back to the whole article for a ticker never mentioned", () => {
    const zeta = scoreTickerSentiments(article, names)[2];
    expect(zeta?.score).toBe(scoreSentiment(`${article.headline}\n${article.summary}`).score);
    expect(zeta?.relevance).toBe(0);
  });

  it("rates relevance from the headline, the share of sentences and the first place", () => {
    const [quantix, paragon] = scoreTickerSentiments(article, names);
    // Quantix: in the headline, 1 of 3 other sentences, listed first.
    expect(quantix?.relevance).toBeCloseTo(0.45 + 0.35 / 3 + 0.2, 3);
    // Paragon: not in the headline, 1 of 3 other sentences, listed second.
    expect(paragon?.relevance).toBeCloseTo(0.35 / 3, 3);
  });

  it("keeps the article's ticker order, once each", () => {
    const result = scoreTickerSentiments({ ...article, tickers: ["PRGN", "QNTX", "PRGN"] }, names);
    expect(result.map((item) => item.ticker)).toEqual(["PRGN", "QNTX"]);
  });
});
