import type { LimitUsage } from "../ratelimit/sliding-window";
import {
  DatabaseUnavailable,
  LimiterUnavailable,
  LimitReached,
  StoreRefusal,
  type StoreRefusalKind,
  UnstorableNumber,
} from "../store/errors";
import { type ApiError, apiError, invalidParameter } from "./errors";

/**
 * The one place where the storage layer's outcomes become HTTP: their codes in the catalogue
 * (error-catalogue.ts) and the arguments those answers are worded from. lib/store throws
 * storage errors and knows nothing of the envelope; its own messages are for logs.
 */

type Refusal = (refusal: StoreRefusal) => ApiError;

const REFUSALS: Record<StoreRefusalKind, Refusal> = {
  "email-taken": () => apiError("EMAIL_ALREADY_REGISTERED"),
  "key-name-taken": (refusal) => apiError("KEY_NAME_TAKEN", { name: refusal.subject ?? "" }),
  "key-not-found": (refusal) => apiError("KEY_NOT_FOUND", { keyId: refusal.subject ?? "" }),
  "key-in-use": () => apiError("KEY_IN_USE"),
  "unknown-key": () => apiError("INVALID_API_KEY"),
  "key-revoked": () => apiError("KEY_REVOKED"),
  "webhook-limit": (refusal) =>
    apiError("WEBHOOK_LIMIT_REACHED", { limit: Number(refusal.subject) }),
  "webhook-not-found": (refusal) => apiError("WEBHOOK_NOT_FOUND", { id: refusal.subject ?? "" }),
  "alert-limit": (refusal) => apiError("ALERT_LIMIT_REACHED", { limit: Number(refusal.subject) }),
  "alert-not-found": (refusal) => apiError("ALERT_NOT_FOUND", { id: refusal.subject ?? "" }),
};

/** The API error a storage error stands for; undefined for anything else. */
export function apiErrorOfStore(thrown: unknown): ApiError | undefined {
  if (thrown instanceof StoreRefusal) return REFUSALS[thrown.kind](thrown);
  if (thrown instanceof UnstorableNumber) {
    return invalidParameter(
      thrown.attribute,
      `must be 0 or between 1e-130 and ${Number.MAX_SAFE_INTEGER} in magnitude (the range a stored number can take)`,
    );
  }
  if (thrown instanceof LimitReached) return tooManyRequests(thrown);
  if (thrown instanceof LimiterUnavailable) {
    const { mayHaveCounted } = thrown;
    return apiError("RATE_LIMITER_UNAVAILABLE", { mayHaveCounted, cause: thrown });
  }
  if (thrown instanceof DatabaseUnavailable) {
    return apiError("DATABASE_UNAVAILABLE", { cause: thrown });
  }
  return undefined;
}

/** Spec, Errors rule 3 (the catalogue words it) with the X-RateLimit-* figures when known. */
function tooManyRequests(reached: LimitReached): ApiError {
  const { limit, tier, retryAfterSeconds, usage } = reached;
  const headers = usage ? rateLimitHeaders(usage) : {};
  return apiError("RATE_LIMIT_EXCEEDED", { limit, tier, retryAfterSeconds, headers });
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
