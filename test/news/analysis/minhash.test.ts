import { describe, expect, it } from "vitest";
import {
  estimatedJaccard,
  exactJaccard,
  nearDuplicates,
  shingles,
  signature,
} from "../../../lib/news/analysis/minhash";

const HOUR_MS = 3_600_000;

const ORIGINAL =
  "Quantix Semiconductor beats estimates as data-center sales jump 18%\n" +
  "Quantix Semiconductor (NASDAQ: QNTX) earned $1.42 a share in the third quarter, above the $1.30 " +
  "analysts expected, on revenue of $8.1 billion, and raised its forecast for the fourth quarter.";
/** The same text with one word changed ("raised" → "lifted"). */
const ONE_WORD_CHANGED = ORIGINAL.replace("raised", "lifted");
/** The same story from another outlet, in its own words. */
const REWORDED =
  "Quantix tops Street forecasts on data-center strength\n" +
  "Chipmaker Quantix posted quarterly EPS of $1.42 against a $1.30 consensus; revenue rose 18% to " +
  "$8.1 billion and the company lifted its outlook.";

function estimate(a: string, b: string): number {
  return estimatedJaccard(signature(a), signature(b));
}

describe("shingles", () => {
  it("are the distinct 3-word windows, lower case, punctuation removed", () => {
    expect([...shingles("The Fed, the FED: rates!")]).toEqual([
      "the fed the",
      "fed the fed",
      "the fed rates",
    ]);
    expect([...shingles("Two words")]).toEqual(["two words"]);
    expect(shingles("  ...  ").size).toBe(0);
  });

  it("give the hand-computed exact Jaccard", () => {
    // 7 shingles each; changing the 5th word changes 3 of them: 4 common of 10.
    expect(
      exactJaccard(
        "the quick brown fox jumps over the lazy dog",
        "the quick brown fox leaps over the lazy dog",
      ),
    ).toBe(0.4);
    // {a b c, b c d, c d e} and {a b c, b c d, c d f}: 2 common of 4.
    expect(exactJaccard("a b c d e", "a b c d f")).toBe(0.5);
  });
});

describe("MinHash estimate", () => {
  it("is 1 for identical texts and about 0 for texts with no shingle in common", () => {
    expect(estimate(ORIGINAL, ORIGINAL)).toBe(1);
    expect(
      estimate("oil prices slip as inventories build", "chip stocks rally on strong results"),
    ).toBeLessThanOrEqual(0.05);
  });

  it("is within ±0.1 of the exact Jaccard on hand-made pairs", () => {
    const pairs: [string, string][] = [
      [
        "the quick brown fox jumps over the lazy dog",
        "the quick brown fox leaps over the lazy dog",
      ],
      ["a b c d e", "a b c d f"],
      [ORIGINAL, ONE_WORD_CHANGED],
      [ORIGINAL, REWORDED],
      [
        ORIGINAL,
        `${ORIGINAL.split("\n")[0]}\nShares rose in late trading after the report, which came after the bell.`,
      ],
      [
        "stocks closed higher on tuesday as treasury yields eased and investors bought technology shares ahead of the jobs report",
        "stocks closed higher on tuesday as treasury yields eased while investors sold bank shares ahead of the inflation report",
      ],
    ];
    for (const [a, b] of pairs) {
      const exact = exactJaccard(a, b);
      expect(Math.abs(estimate(a, b) - exact), `${a} | ${b} (exact ${exact})`).toBeLessThanOrEqual(
        0.1,
      );
    }
  });

  it("is 0 for texts without words", () => {
    expect(estimate("", "")).toBe(0);
    expect(estimate("", ORIGINAL)).toBe(0);
  });

  it("is the same on every call (fixed seeds)", () => {
    expect([...signature(ORIGINAL)]).toEqual([...signature(ORIGINAL)]);
  });
});

describe("nearDuplicates", () => {
  const t0 = Date.UTC(2026, 2, 2, 14);

  it("finds a copy with one word changed, not the same story in other words", () => {
    const found = nearDuplicates([
      { id: "n-1", text: ORIGINAL, timeMs: t0 },
      { id: "n-2", text: REWORDED, timeMs: t0 + HOUR_MS },
      { id: "n-3", text: ONE_WORD_CHANGED, timeMs: t0 + 2 * HOUR_MS },
    ]);
    expect(found).toEqual(
      new Map([
        ["n-1", null],
        ["n-2", null],
        ["n-3", "n-1"],
      ]),
    );
  });

  it("points at the earliest earlier copy, whatever the input order", () => {
    const found = nearDuplicates([
      { id: "n-c", text: ORIGINAL, timeMs: t0 + 2 * HOUR_MS },
      { id: "n-b", text: ONE_WORD_CHANGED, timeMs: t0 + HOUR_MS },
      { id: "n-a", text: ORIGINAL, timeMs: t0 },
    ]);
    expect(found.get("n-a")).toBeNull();
    expect(found.get("n-b")).toBe("n-a");
    expect(found.get("n-c")).toBe("n-a");
  });

  it("only looks back 72 hours", () => {
    const found = nearDuplicates([
      { id: "n-1", text: ORIGINAL, timeMs: t0 },
      { id: "n-2", text: ORIGINAL, timeMs: t0 + 71 * HOUR_MS },
      { id: "n-3", text: ORIGINAL, timeMs: t0 + 145 * HOUR_MS },
    ]);
    expect(found.get("n-2")).toBe("n-1");
    // 145 h after n-1 and 74 h after n-2: a new event, not a copy.
    expect(found.get("n-3")).toBeNull();
  });

  it("takes a threshold", () => {
    const docs = [
      { id: "n-1", text: ORIGINAL, timeMs: t0 },
      { id: "n-2", text: ONE_WORD_CHANGED, timeMs: t0 + HOUR_MS },
    ];
    expect(nearDuplicates(docs, 0.99).get("n-2")).toBeNull();
    expect(nearDuplicates(docs, 0.75).get("n-2")).toBe("n-1");
  });

  it("handles no documents and documents without words", () => {
    expect(nearDuplicates([]).size).toBe(0);
    const found = nearDuplicates([
      { id: "n-1", text: "", timeMs: t0 },
      { id: "n-2", text: "", timeMs: t0 + 1 },
    ]);
    expect(found.get("n-2")).toBeNull();
  });
});
