import { describe, expect, it } from "vitest";
import {
  corpusVectors,
  cosine,
  IncrementalTfIdf,
  type SparseVector,
  smoothIdf,
  tokenize,
} from "../../../lib/news/analysis/tfidf";

describe("tokenize", () => {
  it("keeps tickers, numbers and percentages whole and drops stop words", () => {
    expect(
      tokenize(
        "The $AAPL stock (BRK.B) rose 3.2% to $1,200.50 on Apple's results; AT&T and U.S. year-over-year",
      ),
    ).toEqual([
      "aapl",
      "stock",
      "brk.b",
      "rose",
      "3.2%",
      "1200.50",
      "apple",
      "results",
      "at&t",
      "u.s",
      "year-over-year",
    ]);
  });

  it("writes cents as dollars, so outlets' figures match", () => {
    expect(tokenize("earned 61 cents against a 68-cent consensus")).toEqual([
      "earned",
      "0.61",
      "0.68",
      "consensus",
    ]);
    expect(tokenize("earned $0.61")).toEqual(["earned", "0.61"]);
  });

  it("drops single letters and handles empty text", () => {
    expect(tokenize("Plan B: x y z")).toEqual(["plan"]);
    expect(tokenize("")).toEqual([]);
  });
});

describe("TF-IDF cosine", () => {
  /*
   * Hand computation, N = 3: "apple", "shares", "rise" are in 2 documents, idf = ln(4/3) + 1
   * = 1.287682 (a); "fall", "oil", "prices" in 1, idf = ln(4/2) + 1 = 1.693147 (b).
   * d1 = (a, a, a), d2 = (a, a, b), d3 = (b, b, a) on their own terms.
   * cos(d1, d2) = 2a² / (√3·a · √(2a² + b²)) = 2a / (√3 · √6.182998) = 0.597969
   * cos(d1, d3) = a² / (√3·a · √(a² + 2b²)) = a / (√3 · √7.391620) = 0.273450
   * cos(d2, d3) = 0 (no common term).
   */
  const [d1, d2, d3] = corpusVectors([
    "Apple shares rise",
    "Apple shares fall",
    "Oil prices rise",
  ]) as [SparseVector, SparseVector, SparseVector];

  it("matches the hand-computed values on a three-document corpus", () => {
    expect(smoothIdf(3, 2)).toBeCloseTo(1.287682, 6);
    expect(smoothIdf(3, 1)).toBeCloseTo(1.693147, 6);
    expect(cosine(d1, d2)).toBeCloseTo(0.597969, 5);
    expect(cosine(d1, d3)).toBeCloseTo(0.27345, 5);
    expect(cosine(d2, d3)).toBe(0);
  });

  it("is symmetric, 1 for a document with itself, and vectors are L2-normalised", () => {
    expect(cosine(d2, d1)).toBe(cosine(d1, d2));
    expect(cosine(d1, d1)).toBeCloseTo(1, 12);
    expect(Math.hypot(...d3.weights)).toBeCloseTo(1, 12);
  });

  it("gives an empty text an empty vector", () => {
    const [empty, other] = corpusVectors(["the and of", "Apple"]) as [SparseVector, SparseVector];
    expect(empty.ids.length).toBe(0);
    expect(cosine(empty, other)).toBe(0);
  });
});

describe("IncrementalTfIdf", () => {
  it("weights each document with the IDF of the documents up to it", () => {
    const incremental = new IncrementalTfIdf();
    const first = incremental.add("Apple shares rise");
    const second = incremental.add("Apple shares fall");
    // Second document, N = 2: apple and shares in 2 (idf 1), fall in 1 (idf ln(3/2) + 1).
    const b = Math.log(1.5) + 1;
    const norm = Math.sqrt(2 + b * b);
    expect([...second.weights].sort((x, y) => x - y)).toEqual([1 / norm, 1 / norm, b / norm]);
    // The first document's vector is not changed by the second.
    expect([...first.weights]).toEqual([1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)]);
    expect(cosine(first, second)).toBeCloseTo(2 / (Math.sqrt(3) * norm), 12);
  });
});
