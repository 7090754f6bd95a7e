import type { KeyRecord } from "../store/rate-limiter";
import { apiError } from "./errors";
import type { RequestContext } from "./route";

/** The key a `key` route was called with (its account's id among its fields). */
export function callerKey(context: RequestContext): KeyRecord {
  // The handler answers keyless requests to `key` routes first; this guards direct calls.
  if (!context.apiKey) throw apiError("MISSING_API_KEY", { authorizationSent: false });
  return context.apiKey;
}
