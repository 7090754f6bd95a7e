import type { ZodType } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";
import type { FieldErrorCode, FieldProblem } from "./error-catalogue";
import { apiError } from "./errors";

/** `["legs", 2, "right"]` → `legs[2].right`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

const TYPE_PROBLEMS: Record<string, string> = {
  number: "must be a number",
  int: "must be an integer",
  string: "must be a string",
  boolean: "must be true or false",
  array: "must be an array",
  object: "must be an object",
};

const FORMAT_PROBLEMS: Record<string, string> = {
  date: "must be a date in yyyy-MM-dd format",
  datetime: "must be a date and time in ISO 8601 format, e.g. 2026-11-23T15:00:00Z",
  email: "must be a valid email address",
};

const listed = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

function lowerBound(origin: string, minimum: number | bigint, inclusive: boolean): string {
  if (origin === "string") {
    return minimum === 1 ? "must not be empty" : `must be at least ${minimum} characters`;
  }
  if (origin === "array" || origin === "set") {
    return `must have at least ${minimum} ${minimum === 1 ? "item" : "items"}`;
  }
  return inclusive ? `must be at least ${minimum}` : `must be greater than ${minimum}`;
}

function upperBound(origin: string, maximum: number | bigint, inclusive: boolean): string {
  if (origin === "string") return `must be at most ${maximum} characters`;
  if (origin === "array" || origin === "set") {
    return `must have at most ${maximum} ${maximum === 1 ? "item" : "items"}`;
  }
  return inclusive ? `must be at most ${maximum}` : `must be less than ${maximum}`;
}

/**
 * Our wording for an issue whose schema set no message of its own (zod asks a parse's error
 * map only then, so the routes' own messages are kept as written).
 */
function problemOf(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "required";
      return TYPE_PROBLEMS[issue.expected] ?? `must be of type ${issue.expected}`;
    case "too_small":
      return lowerBound(issue.origin, issue.minimum, issue.inclusive !== false);
    case "too_big":
      return upperBound(issue.origin, issue.maximum, issue.inclusive !== false);
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${listed(issue.values[0])}`
        : `must be one of ${issue.values.map(listed).join(", ")}`;
    case "invalid_format":
      return FORMAT_PROBLEMS[issue.format] ?? "has an invalid format";
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return `has unknown ${issue.keys.length === 1 ? "field" : "fields"} ${issue.keys.join(", ")}`;
    default:
      return "is invalid";
  }
}

/**
 * Validates one part of the request. A failure is a 400 INVALID_PARAMETER whose message
 * names the first offending field and whose details list every problem found, each as
 * `field: problem`, joined with `; `.
 */
export function validate<T>(
  schema: ZodType<T>,
  value: unknown,
  whole: string,
  fieldErrorCodes: Record<string, FieldErrorCode> = {},
): T {
  const result = schema.safeParse(value, { error: problemOf });
  if (result.success) return result.data;
  const found = result.error.issues.map(
    (issue): FieldProblem => ({ field: fieldPath(issue.path) || whole, problem: issue.message }),
  );
  const [first = { field: whole, problem: "is invalid" }, ...others] = found;
  throw apiError(fieldErrorCodes[first.field] ?? "INVALID_PARAMETER", {
    problems: [first, ...others],
  });
}
