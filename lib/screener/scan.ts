import {
  array,
  type input,
  int,
  number,
  type output,
  strictObject,
  string,
  union,
  enum as zEnum,
} from "zod";
import {
  NUMBER_FIELD_NAMES,
  NUMBER_FIELDS,
  type NumberField,
  SCAN_FIELD_NAMES,
  type ScanField,
  type ScanRow,
  TEXT_FIELDS,
} from "./fields";

/**
 * The scan request (operator form) and its runner. A filter is `{ field, operator, value }`:
 * gt, gte, lt, lte, eq take a number (eq also a text), between takes [low, high] (inclusive),
 * in takes a list of texts (any case). Filters combine with AND; a null never passes. Pure.
 */

export const OPERATORS = ["gt", "gte", "lt", "lte", "eq", "between", "in"] as const;
export type Operator = (typeof OPERATORS)[number];
export const SCAN_LIMIT = { default: 25, max: 200 } as const;

const isNumberField = (field: ScanField): field is NumberField => field in NUMBER_FIELDS;

const filter = strictObject({
  field: zEnum(SCAN_FIELD_NAMES).meta({
    description: "A field of GET /screener/presets' catalogue",
  }),
  operator: zEnum(OPERATORS),
  value: union([
    number(),
    string().max(100),
    array(union([number(), string().max(100)]))
      .min(1)
      .max(20),
  ]),
}).superRefine((value, ctx) => {
  const numeric = isNumberField(value.field);
  const v = value.value;
  const problem = (message: string) => ctx.addIssue({ code: "custom", message, path: ["value"] });
  if (value.operator === "between") {
    if (!numeric) return problem(`between takes a number field; ${value.field} is text`);
    if (!Array.isArray(v) || v.length !== 2 || v.some((x) => typeof x !== "number")) {
      return problem("between takes [low, high], two numbers");
    }
    if ((v[0] as number) > (v[1] as number)) problem("low must not be greater than high");
  } else if (value.operator === "in") {
    if (numeric) return problem(`in takes a text field; ${value.field} is a number`);
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
      problem("in takes a list of texts");
    }
  } else if (value.operator === "eq" && !numeric) {
    if (typeof v !== "string") problem(`${value.field} is text: eq takes a text`);
  } else {
    if (!numeric) return problem(`${value.operator} takes a number field; ${value.field} is text`);
    if (typeof v !== "number") problem(`${value.operator} takes a number`);
  }
});

export const scanRequestSchema = strictObject({
  filters: array(filter)
    .max(30)
    .default([])
    .meta({ description: "All must hold (AND); at most 30" }),
  sort: strictObject({
    field: zEnum(NUMBER_FIELD_NAMES),
    order: zEnum(["asc", "desc"]).default("desc"),
  })
    .default({ field: "marketCapUsd", order: "desc" })
    .meta({ description: "Any number field; default marketCapUsd desc; nulls last, ties by code" }),
  limit: int()
    .min(1)
    .max(SCAN_LIMIT.max)
    .default(SCAN_LIMIT.default)
    .meta({
      description: `1-${SCAN_LIMIT.max}, default ${SCAN_LIMIT.default}`,
    }),
});

export type ScanRequest = output<typeof scanRequestSchema>;
export type ScanRequestInput = input<typeof scanRequestSchema>;
type Filter = ScanRequest["filters"][number];

function passes(row: ScanRow, { field, operator, value }: Filter): boolean {
  const actual = row[field];
  if (actual === null || actual === undefined) return false;
  if (typeof actual === "string") {
    const wanted = Array.isArray(value) ? value : [value];
    return wanted.some((w) => String(w).toLowerCase() === actual.toLowerCase());
  }
  switch (operator) {
    case "gt":
      return actual > (value as number);
    case "gte":
      return actual >= (value as number);
    case "lt":
      return actual < (value as number);
    case "lte":
      return actual <= (value as number);
    case "eq":
      return actual === value;
    case "between": {
      const [low, high] = value as [number, number];
      return actual >= low && actual <= high;
    }
    default:
      return false;
  }
}

/** Rows passing every filter, sorted, limited, each with code, name and the fields used. */
export function runScan(rows: readonly ScanRow[], request: ScanRequest) {
  const matched = rows.filter((row) => request.filters.every((f) => passes(row, f)));
  const { field, order } = request.sort;
  const sign = order === "asc" ? 1 : -1;
  matched.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) return x === y ? (a.code < b.code ? -1 : 1) : x === null ? 1 : -1;
    return sign * (x - y) || (a.code < b.code ? -1 : 1);
  });
  const shown = [...new Set<ScanField>([...request.filters.map((f) => f.field), field])];
  return {
    matched: matched.length,
    rows: matched.slice(0, request.limit).map((row) => ({
      code: row.code,
      name: row.name,
      ...Object.fromEntries(shown.map((f) => [f, row[f]])),
    })),
  };
}

export { TEXT_FIELDS };
