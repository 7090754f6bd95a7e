/**
 * Typed API errors. Implementations throw these; one place (the envelope) turns them into
 * responses. Anything else thrown becomes a generic 500 INTERNAL_ERROR.
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

/**
 * 400 INVALID_PARAMETER naming the offending field (`legs[2].right`, `expiry`, `body`); details
 * in the one format every 400 uses, `field: problem`.
 */
export function invalidParameter(field: string, problem: string): ApiError {
  const message = `Invalid parameter '${field}': ${problem}`;
  return new ApiError(400, "INVALID_PARAMETER", message, `${field}: ${problem}`);
}

export function notFound(code: string, message: string, details: string | null = null): ApiError {
  return new ApiError(404, code, message, details);
}

export function internalError(): ApiError {
  return new ApiError(500, "INTERNAL_ERROR", "An unexpected error occurred.");
}
