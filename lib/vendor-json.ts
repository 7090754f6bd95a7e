import type { ZodType } from "zod";

/**
 * A vendor's JSON answer checked against its documented format (zod): the data, or what is
 * wrong with it in a few words for the adapter's outage error. Shared by the market-data and
 * company-data adapters (Alpaca, EDGAR).
 */
export function parseVendorJson<T>(
  text: string,
  schema: ZodType<T>,
): { data: T } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "response is not JSON" };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { data: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return { problem: `unexpected response format (${issues.join("; ")})` };
}
