import type { LimitUsage } from "../ratelimit/sliding-window";
import {
  DatabaseUnavailable,
  LimiterUnavailable,
  LimitReached,
  StoreRefusal,
  type StoreRefusalKind,
} from "../store/errors";
import { ApiError } from "./errors";

/**
 * The one place where the storage layer's outcomes become HTTP: statuses, codes, messages and
 * headers. lib/store throws storage errors and knows nothing of the envelope.
 */

type Refusal = (refusal: StoreRefusal) => ApiError;

const REFUSALS: Record<StoreRefusalKind, Refusal> = {
  "email-taken": (refusal) =>
    new ApiError(409, "EMAIL_ALREADY_REGISTERED", refusal.message, "email: already registered"),
  "key-name-taken": (refusal) =>
    new ApiError(409, "KEY_NAME_TAKEN", refusal.message, "name: taken by a live key"),
  "key-not-found": (refusal) => new ApiError(404, "KEY_NOT_FOUND", refusal.message),
  "key-in-use": (refusal) =>
    new ApiError(
      409,
      "KEY_IN_USE",
      refusal.message,
      "Send the request with another key of this account.",
    ),
  "unknown-key": () => new ApiError(401, "INVALID_API_KEY", "The API key is not valid."),
  "key-revoked": () => new ApiError(403, "KEY_REVOKED", "The API key has been revoked."),
};

/** The API error a storage error stands for; undefined for anything else. */
export function apiErrorOfStore(thrown: unknown): ApiError | undefined {
  if (thrown instanceof StoreRefusal) return REFUSALS[thrown.kind](thrown);
  if (thrown instanceof LimitReached) return tooManyRequests(thrown);
  if (thrown instanceof LimiterUnavailable) {
    return new ApiError(
      503,
      "RATE_LIMITER_UNAVAILABLE",
      "The rate limiter is temporarily unavailable. Retry shortly.",
      thrown.mayHaveCounted ? "This request may have counted once against its rate limits." : null,
      { "retry-after": "1" },
      thrown,
    );
  }
  if (thrown instanceof DatabaseUnavailable) {
    return new ApiError(
      503,
      "DATABASE_UNAVAILABLE",
      "The database is temporarily unavailable. Retry shortly.",
      null,
      { "retry-after": "1" },
      thrown,
    );
  }
  return undefined;
}

/** Spec, Errors rule 3: the exact messages, the tier and wait in details, Retry-After. */
function tooManyRequests(reached: LimitReached): ApiError {
  const message =
    reached.limit === "minute" ? "Per-minute rate limit exceeded." : "Daily rate limit exceeded.";
  const headers = reached.usage ? rateLimitHeaders(reached.usage) : {};
  return new ApiError(
    429,
    "RATE_LIMIT_EXCEEDED",
    message,
    `${reached.tier}: retry in ${reached.retryAfterSeconds} seconds.`,
    { ...headers, "retry-after": String(reached.retryAfterSeconds) },
  );
}

/** Spec, Limits rule 6: the X-RateLimit-* headers of every counted response. */
export function rateLimitHeaders(usage: LimitUsage): Record<string, string> {
  const daily = usage.limits.daily;
  return {
    "x-ratelimit-limit": daily === null ? "unlimited" : String(daily),
    "x-ratelimit-remaining":
      daily === null ? "unlimited" : String(Math.max(0, daily - usage.dailyCount)),
    "x-ratelimit-reset": String(usage.resetAtSeconds),
    "x-ratelimit-tier": usage.tier,
    "x-ratelimit-minute-limit": String(usage.limits.perMinute),
    "x-ratelimit-minute-remaining": String(usage.minuteRemaining),
  };
}
