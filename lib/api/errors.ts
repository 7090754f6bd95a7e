import { type ErrorArgs, type ErrorCode, type ErrorExtras, errorAnswer } from "./error-catalogue";

/**
 * Typed API errors. Implementations throw these, built by `apiError` from the catalogue
 * (error-catalogue.ts); one place (the envelope) turns them into responses. Anything else
 * thrown becomes a generic 500 INTERNAL_ERROR.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    /** Extra response headers, e.g. Retry-After on 429 and 503. */
    readonly headers: Record<string, string> = {},
    /** What failed behind a 5xx; logged by the envelope, never sent to the client. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ApiError";
  }
}

/** The arguments of `apiError(code, ...)`: optional when the code's answer needs none. */
type ApiErrorArgs<C extends ErrorCode> =
  object extends ErrorArgs<C>
    ? [args?: ErrorArgs<C> & ErrorExtras]
    : [args: ErrorArgs<C> & ErrorExtras];

/**
 * The answer the catalogue gives `code` for these arguments, e.g.
 * `apiError("SYMBOL_NOT_FOUND", { code })`; `headers` and `cause` ride along with them.
 */
export function apiError<C extends ErrorCode>(code: C, ...[args]: ApiErrorArgs<C>): ApiError {
  const { headers = {}, cause, ...rest } = (args ?? {}) as ErrorExtras;
  const answer = errorAnswer(code, rest as ErrorArgs<C>);
  const retryAfter: Record<string, string> =
    answer.retryAfterSeconds === undefined
      ? {}
      : { "retry-after": String(answer.retryAfterSeconds) };
  return new ApiError(
    answer.status,
    code,
    answer.message,
    answer.details,
    { ...headers, ...retryAfter },
    cause,
  );
}

/**
 * 400 INVALID_PARAMETER naming the offending field (`legs[2].right`, `expiry`, `body`); details
 * in the one format every 400 uses, `field: problem`.
 */
export function invalidParameter(field: string, problem: string): ApiError {
  return apiError("INVALID_PARAMETER", { problems: [{ field, problem }] });
}

export function internalError(): ApiError {
  return apiError("INTERNAL_ERROR");
}
