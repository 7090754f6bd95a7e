import { describe, expect, it } from "vitest";
import {
  beginSection,
  type Figure,
  recordAtLeast,
  recordAtMost,
  recordedFigures,
  recordFigure,
  recordInfo,
  reportMarkdown,
  reportTable,
} from "../../bench/report";

/**
 * The one benchmark report (bench/report.ts): what the bench modules record becomes one row
 * each, with the target's verdict, a count of targets met, and a Markdown table whose cells
 * cannot break the table.
 */

/** Records with `record`, returns what it added (the report keeps every figure of the process). */
function recorded(record: () => void): Figure[] {
  const before = recordedFigures().length;
  record();
  return recordedFigures().slice(before);
}

/** A Markdown row's cells, split on the pipes that are not escaped. */
function markdownCells(row: string): string[] {
  return row
    .replace(/^\| /, "")
    .replace(/ \|$/, "")
    .split(/(?<!\\) \| /);
}

describe("recording figures", () => {
  it("files each figure under the section begun last, with its target and verdict", () => {
    const figures = recorded(() => {
      beginSection("Market");
      recordAtMost("quote", 0.31, 5, "ms");
      recordAtMost("chart", 16.2, 15, "ms", 1);
      beginSection("Quant");
      recordAtLeast("IV solves", 2_034_000, 2_000_000, "solves/s");
      recordAtLeast("greeks", 4_999_999, 5_000_000, "/s");
      recordInfo("indicators, 1,260 bars", "0.17 ms");
    });
    expect(figures).toEqual([
      { section: "Market", name: "quote", value: "0.31 ms", target: "≤ 5 ms", met: true },
      { section: "Market", name: "chart", value: "16.2 ms", target: "≤ 15 ms", met: false },
      {
        section: "Quant",
        name: "IV solves",
        value: "2,034,000 solves/s",
        target: "≥ 2,000,000 solves/s",
        met: true,
      },
      {
        section: "Quant",
        name: "greeks",
        value: "4,999,999 /s",
        target: "≥ 5,000,000 /s",
        met: false,
      },
      {
        section: "Quant",
        name: "indicators, 1,260 bars",
        value: "0.17 ms",
        target: "",
        met: undefined,
      },
    ]);
  });

  it("counts a figure on its bound as met, and a figure that is not a number as not met", () => {
    const figures = recorded(() => {
      beginSection("Bounds");
      recordAtMost("at the upper bound", 20, 20, "ms");
      recordAtMost("just over it", 20.01, 20, "ms");
      recordAtLeast("at the lower bound", 50, 50, "/s");
      recordAtLeast("a target with decimals", 0.25, 0.3, "", 3);
      recordAtMost("an import that failed", Number.NaN, 40, "ms", 1);
    });
    expect(figures.map((figure) => [figure.name, figure.value, figure.target, figure.met])).toEqual(
      [
        ["at the upper bound", "20.00 ms", "≤ 20 ms", true],
        ["just over it", "20.01 ms", "≤ 20 ms", false],
        ["at the lower bound", "50 /s", "≥ 50 /s", true],
        ["a target with decimals", "0.250", "≥ 0.3", false],
        ["an import that failed", "NaN ms", "≤ 40 ms", false],
      ],
    );
  });

  it("keeps a figure's own section when it names one", () => {
    beginSection("Current");
    const [figure] = recorded(() =>
      recordFigure({
        section: "Load",
        name: "p99",
        value: "3,097 ms",
        target: "≤ 250 ms",
        met: false,
      }),
    );
    expect(figure?.section).toBe("Load");
  });
});

const ROWS: Figure[] = [
  { section: "Market", name: "quote", value: "0.31 ms", target: "≤ 5 ms", met: true },
  { section: "Bundles", name: "graph: size", value: "886.5 KB", target: "≤ 300 KB", met: false },
  {
    section: "Graph",
    name: "the day's graph built cold",
    value: "4,012 ms",
    target: "",
    met: undefined,
  },
  { section: "Options", name: "chain", value: "0.7 ms", target: "≤ 10 ms", met: true },
];

describe("the plain table", () => {
  it("has a header, one line per figure with its verdict, and the count of targets met", () => {
    const lines = reportTable(ROWS).split("\n");
    expect(lines[0]?.split(/\s{2,}/)).toEqual(["section", "figure", "value", "target", "met"]);
    expect(lines[1]).toMatch(/^-+( +-+){4}$/);
    expect(lines.slice(2, 6).map((line) => line.split(/\s{2,}/))).toEqual([
      ["Market", "quote", "0.31 ms", "≤ 5 ms", "met"],
      ["Bundles", "graph: size", "886.5 KB", "≤ 300 KB", "NOT met"],
      ["Graph", "the day's graph built cold", "4,012 ms"],
      ["Options", "chain", "0.7 ms", "≤ 10 ms", "met"],
    ]);
    expect(lines[6]).toBe("2 of 3 targets met; not met: Bundles: graph: size");
    expect(lines).toHaveLength(7);
  });

  it("aligns every column", () => {
    const lines = reportTable(ROWS).split("\n");
    const valueStart = lines[0]?.indexOf("value");
    ROWS.forEach((row, i) => {
      expect(lines[i + 2]?.indexOf(row.value)).toBe(valueStart);
    });
  });

  it("says so when every target is met", () => {
    const met = ROWS.filter((row) => row.met !== false);
    expect(reportTable(met).split("\n").at(-1)).toBe("2 of 2 targets met");
  });
});

describe("the Markdown table", () => {
  it("has one row per figure with five cells, then the count", () => {
    const lines = reportMarkdown(ROWS).split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "| section | figure | value | target | met |",
      "|---|---|---|---|---|",
    ]);
    expect(lines.slice(2, 6).map(markdownCells)).toEqual([
      ["Market", "quote", "0.31 ms", "≤ 5 ms", "met"],
      ["Bundles", "graph: size", "886.5 KB", "≤ 300 KB", "NOT met"],
      ["Graph", "the day's graph built cold", "4,012 ms", "", ""],
      ["Options", "chain", "0.7 ms", "≤ 10 ms", "met"],
    ]);
    expect(lines.slice(6)).toEqual(["", "2 of 3 targets met; not met: Bundles: graph: size"]);
  });

  it("escapes pipes and backslashes and joins lines, so no cell breaks its row", () => {
    const rows: Figure[] = [
      {
        section: "Market properties",
        name: "mean corr(|return|, volume)",
        value: "0.667",
        target: "≥ 0.3",
        met: true,
      },
      { section: "Odd", name: "a\\b", value: "two\nlines", target: "", met: undefined },
    ];
    const [first, second] = reportMarkdown(rows).split("\n").slice(2, 4);
    expect(first).toBe(
      "| Market properties | mean corr(\\|return\\|, volume) | 0.667 | ≥ 0.3 | met |",
    );
    expect(markdownCells(first ?? "")).toHaveLength(5);
    expect(second).toBe("| Odd | a\\\\b | two lines |  |  |");
  });
});
