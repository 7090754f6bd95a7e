import { number, object, string, type ZodType } from "zod";
import {
  type NumberField,
  SCREEN_FIELDS,
  type ScreenField,
  type ScreenRow,
  type TextField,
} from "./fields";
import type { ScreenFilters, ScreenRequest } from "./request";

/**
 * Runs a validated screen request over the day's rows. Pure: filters (AND, bounds inclusive,
 * text any case, a null value never passes), sorts (nulls last whatever the order, ties by
 * code ascending), keeps `limit` rows and projects each.
 */

/**
 * One matching stock, flattened: code and name, then each field filtered on and the sort field
 * (catalogue order, fields.ts), with the row's value (null where the row has none).
 */
export type ScreenResult = { code: string; name: string } & Partial<
  Record<ScreenField, number | string | null>
>;

/** ScreenResult for a route's response schema: every catalogued field optional, described. */
export const screenResultSchema = object({
  code: string().meta({ description: "Contract code (AAPL_NASDAQ)" }),
  name: string(),
  ...Object.fromEntries(
    (Object.entries(SCREEN_FIELDS) as [ScreenField, (typeof SCREEN_FIELDS)[ScreenField]][]).map(
      ([field, spec]): [ScreenField, ZodType] => [
        field,
        (spec.kind === "number" ? number() : string())
          .nullable()
          .optional()
          .meta({
            description: `${spec.description}${spec.unit ? `, ${spec.unit}` : ""}; present only when filtered or sorted on`,
          }),
      ],
    ),
  ),
}).meta({
  description: "code and name, then each field filtered on and the sort field, catalogue order",
});

export interface ScreenOutcome {
  /** Rows passing every filter, before the limit. */
  matched: number;
  rows: ScreenResult[];
}

type Passes = (row: ScreenRow) => boolean;

/** A number the row has: null, undefined and NaN are all "missing". */
const present = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && !Number.isNaN(value);

function numberTest(field: NumberField, { min, max }: { min?: number; max?: number }): Passes {
  const low = min ?? Number.NEGATIVE_INFINITY;
  const high = max ?? Number.POSITIVE_INFINITY;
  return (row) => {
    const value = row[field];
    return present(value) && value >= low && value <= high;
  };
}

function textTest(field: TextField, { in: values }: { in: string[] }): Passes {
  const kept = new Set(values.map((v) => v.toLowerCase()));
  return (row) => {
    const value = row[field];
    return value !== null && kept.has(value.toLowerCase());
  };
}

function isTextField(field: ScreenField): field is TextField {
  return SCREEN_FIELDS[field].kind === "string";
}

/** One test per filter given. */
function filterTests(filters: ScreenFilters): Passes[] {
  const tests: Passes[] = [];
  for (const [field, filter] of Object.entries(filters) as [ScreenField, unknown][]) {
    if (filter === undefined) continue;
    tests.push(
      isTextField(field)
        ? textTest(field, filter as { in: string[] })
        : numberTest(field, filter as { min?: number; max?: number }),
    );
  }
  return tests;
}

/** Sorts on `field`, rows without a value last in either order, ties by code ascending. */
function byField(field: NumberField, order: "asc" | "desc") {
  const sign = order === "asc" ? 1 : -1;
  return (a: ScreenRow, b: ScreenRow): number => {
    const x = a[field];
    const y = b[field];
    const hasX = present(x);
    const hasY = present(y);
    if (hasX && hasY && x !== y) return sign * (x - y);
    if (hasX !== hasY) return hasX ? -1 : 1;
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  };
}

/** The fields each result shows: those filtered on, then the sort field, catalogue order. */
function shownFields(request: ScreenRequest): ScreenField[] {
  const filters = request.filters as Partial<Record<ScreenField, unknown>>;
  return (Object.keys(SCREEN_FIELDS) as ScreenField[]).filter(
    (field) => filters[field] !== undefined || field === request.sort.field,
  );
}

export function runScreen(rows: readonly ScreenRow[], request: ScreenRequest): ScreenOutcome {
  const tests = filterTests(request.filters);
  const matching = rows.filter((row) => tests.every((passes) => passes(row)));
  matching.sort(byField(request.sort.field, request.sort.order));
  const fields = shownFields(request);
  return {
    matched: matching.length,
    rows: matching.slice(0, request.limit).map((row) => {
      const result: ScreenResult = { code: row.code, name: row.name };
      for (const field of fields) result[field] = row[field];
      return result;
    }),
  };
}
