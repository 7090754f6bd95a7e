import { string, enum as zEnum } from "zod";
import type { RawPayload } from "./route";

/** The `format` query of a list with a CSV representation (spec fact 12). */
export const csvFormatQuery = string()
  .trim()
  .toLowerCase()
  .pipe(zEnum(["json", "csv"], { error: "must be json or csv" }))
  .default("json")
  .meta({ description: "json (default, the envelope) or csv (text/csv, no envelope)" });

/**
 * CSV as RFC 4180 writes it: a header row, CRLF line ends, a field quoted (quotes doubled) when
 * it holds a comma, a quote or a line break; null is an empty field. A text field starting with
 * =, +, -, @ or a tab is prefixed with an apostrophe so a spreadsheet never runs it as a formula
 * (numbers are written as numbers).
 */

export type CsvValue = string | number | boolean | null;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(",")}\r\n`).join("");
}

/** Objects of one shape as CSV: their keys (the first object's, else `columns`) in order. */
export function objectsCsv(
  columns: readonly string[],
  objects: readonly Record<string, CsvValue>[],
): string {
  return csvText(
    columns,
    objects.map((object) => columns.map((column) => object[column] ?? null)),
  );
}

/**
 * The CSV answer: text/csv with a header row (RFC 4180's `header=present`), never cached by a
 * shared cache (the feed is per key), named for a download.
 */
export function csvPayload(
  body: string,
  filename: string,
  headers: Record<string, string> = {},
): RawPayload {
  return {
    contentType: "text/csv; charset=utf-8; header=present",
    body,
    headers: {
      "cache-control": "private, no-store",
      "content-disposition": `attachment; filename="${filename}"`,
      ...headers,
    },
  };
}
