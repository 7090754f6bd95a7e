import type { LimitUsage } from "../ratelimit/sliding-window";

/**
 * What the storage layer reports, in storage terms. Nothing here knows HTTP: one place in
 * lib/api (`store-errors.ts`) turns these into the envelope's statuses and codes.
 */

/** An outcome a caller asked about and DynamoDB's conditions decided. */
export type StoreRefusalKind =
  | "email-taken"
  | "key-name-taken"
  | "key-not-found"
  | "key-in-use"
  | "unknown-key"
  | "key-revoked"
  | "webhook-limit"
  | "webhook-not-found"
  | "alert-limit"
  | "alert-not-found";

export class StoreRefusal extends Error {
  constructor(
    readonly kind: StoreRefusalKind,
    message: string,
    /** The request field or value the refusal is about (`email`, the key's name or id). */
    readonly subject: string | null = null,
  ) {
    super(message);
    this.name = "StoreRefusal";
  }
}

/**
 * A number a document cannot hold (0, or 1e-130 to Number.MAX_SAFE_INTEGER in magnitude; not
 * NaN or Infinity) in a document about to be written. Nothing was sent. `attribute` is the top-level
 * attribute or expression value (without its `:`) that holds it: the request field, as the
 * stores name their attributes after the fields.
 */
export class UnstorableNumber extends Error {
  constructor(
    readonly attribute: string,
    readonly value: number,
  ) {
    super(`${attribute} = ${value} is outside DynamoDB's number range`);
    this.name = "UnstorableNumber";
  }
}

/**
 * DynamoDB stayed throttled, failing or unreachable through every attempt, or an attempt of a
 * write that must not be repeated had an unknown outcome. `cause` is the last failure.
 */
export class DatabaseUnavailable extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
    /** The last attempt may have been applied (a timeout or dropped connection after sending). */
    readonly outcomeUnknown = false,
  ) {
    const outcome = outcomeUnknown ? " (it may have been applied)" : "";
    super(`DynamoDB ${operation} failed${outcome}`, { cause });
    this.name = "DatabaseUnavailable";
  }
}

/**
 * The limiter could not count the request, so it is refused rather than let through unmetered.
 * `mayHaveCounted`: the counting write's outcome is unknown (a timeout or dropped connection
 * after it was sent), so it may have been applied once; it is never applied twice.
 */
export class LimiterUnavailable extends Error {
  constructor(
    cause: unknown,
    readonly mayHaveCounted: boolean,
  ) {
    super(
      `Rate limiter could not count the request${mayHaveCounted ? " (it may have counted once)" : ""}`,
      {
        cause,
      },
    );
    this.name = "LimiterUnavailable";
  }
}

/** `TimeoutError: DynamoDB did not answer within 2000 ms`, `ECONNREFUSED`, ... for logs. */
export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as NodeJS.ErrnoException).code;
  const text = `${cause.name}: ${cause.message}`;
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/** A request over its subject's per-minute or daily limit (nothing was counted). */
export class LimitReached extends Error {
  constructor(
    readonly limit: "minute" | "daily",
    readonly retryAfterSeconds: number,
    /** The tier or bucket label; the name shown in the 429's details. */
    readonly tier: string,
    /** The subject's figures for the X-RateLimit-* headers; null for quotas that are not one. */
    readonly usage: LimitUsage | null,
  ) {
    super(`${tier}: ${limit} limit reached; retry in ${retryAfterSeconds} s`);
    this.name = "LimitReached";
  }
}
