import type { ZodType } from "zod";
import { ApiError } from "./errors";

/** `["legs", 2, "right"]` → `legs[2].right`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

/**
 * Validates one part of the request. A failure is a 400 INVALID_PARAMETER whose message
 * names the first offending field and whose details list every problem found.
 */
export function validate<T>(
  schema: ZodType<T>,
  value: unknown,
  whole: string,
  fieldErrorCodes: Record<string, string> = {},
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    field: fieldPath(issue.path) || whole,
    message: issue.message,
  }));
  const first = problems[0] ?? { field: whole, message: "invalid" };
  throw new ApiError(
    400,
    fieldErrorCodes[first.field] ?? "INVALID_PARAMETER",
    `Invalid parameter '${first.field}': ${first.message}`,
    problems.map((p) => `${p.field}: ${p.message}`).join("; "),
  );
}
