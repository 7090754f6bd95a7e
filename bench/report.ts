/**
 * The one benchmark report: every bench module records its figures here as it prints them, and
 * `npm run bench` ends with a single table of all of them, each with its target and whether it
 * was met. `--markdown` prints the same table as Markdown for the README.
 */

/** One measured figure. `met` is undefined when the figure has no target. */
export interface Figure {
  /** The bench section, e.g. "News" or "Bundles". */
  section: string;
  /** What was measured, e.g. "top stories, warm median". */
  name: string;
  /** The figure with its unit, e.g. "1.23 ms" or "2,100,000 /s". */
  value: string;
  /** The target as text, e.g. "≤ 20 ms", or "" when there is none. */
  target: string;
  met: boolean | undefined;
}

const figures: Figure[] = [];
let currentSection = "";

/** Names the section the following figures belong to (bench/run.ts calls it per module). */
export function beginSection(section: string): void {
  currentSection = section;
}

/** Records one figure under the current section (or `figure.section` when given). */
export function recordFigure(
  figure: Omit<Figure, "section" | "target" | "met"> & Partial<Figure>,
): void {
  figures.push({ section: currentSection, target: "", met: undefined, ...figure });
}

/** Records a figure against an upper bound: met when `value ≤ max`. */
export function recordAtMost(
  name: string,
  value: number,
  max: number,
  unit: string,
  decimals = 2,
): void {
  recordFigure({
    name,
    value: withUnit(formatNumber(value, decimals), unit),
    target: `≤ ${withUnit(formatBound(max, decimals), unit)}`,
    met: value <= max,
  });
}

/** Records a figure against a lower bound: met when `value ≥ min`. */
export function recordAtLeast(
  name: string,
  value: number,
  min: number,
  unit: string,
  decimals = 0,
): void {
  recordFigure({
    name,
    value: withUnit(formatNumber(value, decimals), unit),
    target: `≥ ${withUnit(formatBound(min, decimals), unit)}`,
    met: value >= min,
  });
}

/** Records a figure without a target (shown for context). */
export function recordInfo(name: string, value: string): void {
  recordFigure({ name, value });
}

/** Every figure recorded so far, in order. */
export function recordedFigures(): readonly Figure[] {
  return figures;
}

/** `value` with thousands separators and exactly `decimals` decimals ("1,234.50"). */
export function formatNumber(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** A target's bound: at most `decimals` decimals, none that say nothing ("≤ 20 ms", not "≤ 20.00 ms"). */
function formatBound(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString("en-US", { maximumFractionDigits: decimals });
}

function withUnit(text: string, unit: string): string {
  return `${text} ${unit}`.trim();
}

function verdict(met: boolean | undefined): string {
  if (met === undefined) return "";
  return met ? "met" : "NOT met";
}

/** The report as a plain-text table, with a count of targets met. */
export function reportTable(rows: readonly Figure[] = figures): string {
  const header = ["section", "figure", "value", "target", "met"];
  const cells = rows.map((f) => [f.section, f.name, f.value, f.target, verdict(f.met)]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...cells.map(line),
    summaryLine(rows),
  ].join("\n");
}

/** The report as a Markdown table (for the README). */
export function reportMarkdown(rows: readonly Figure[] = figures): string {
  const body = rows.map(
    (f) =>
      `| ${[f.section, f.name, f.value, f.target, verdict(f.met)].map(markdownCell).join(" | ")} |`,
  );
  return [
    "| section | figure | value | target | met |",
    "|---|---|---|---|---|",
    ...body,
    "",
    summaryLine(rows),
  ].join("\n");
}

/**
 * A cell's text made safe inside a Markdown table row: a backslash or pipe would escape or end
 * the cell, a line break would end the row.
 */
function markdownCell(text: string): string {
  return text
    .replaceAll("\\", "\\\\")
    .replaceAll("|", "\\|")
    .replace(/\s*[\r\n]+\s*/g, " ");
}

function summaryLine(rows: readonly Figure[]): string {
  const targeted = rows.filter((f) => f.met !== undefined);
  const missed = targeted.filter((f) => f.met === false);
  return `${targeted.length - missed.length} of ${targeted.length} targets met${missed.length ? `; not met: ${missed.map((f) => `${f.section}: ${f.name}`).join("; ")}` : ""}`;
}
