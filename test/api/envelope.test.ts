import { describe, expect, it, vi } from "vitest";
import {
  errorResponse,
  methodNotAllowedResponse,
  responseForThrown,
  successResponse,
} from "../../lib/api/envelope";
import { ApiError, invalidParameter } from "../../lib/api/errors";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function parse(body: string) {
  return JSON.parse(body) as Record<string, unknown> & {
    error: { code: string; message: string; details: string | null } | null;
    meta: { requestId: string; timestamp: string; version: string };
  };
}

describe("success envelope", () => {
  it("carries data, a null error and the meta block", () => {
    const result = successResponse({ a: 1 }, "req-1");
    expect(result.statusCode).toBe(200);
    expect(result.headers["content-type"]).toMatch(/^application\/json/);
    const body = parse(result.body);
    expect(body).toEqual({
      success: true,
      data: { a: 1 },
      error: null,
      meta: { requestId: "req-1", timestamp: expect.stringMatching(ISO_UTC), version: "v1" },
    });
  });

  it("keeps a null payload as data: null (successful revoke)", () => {
    const body = parse(successResponse(null, "r").body);
    expect(body).toHaveProperty("data", null);
    expect(body.success).toBe(true);
  });
});

describe("error envelope", () => {
  it.each([400, 401, 403, 404, 409, 413, 500, 503])(
    "status %i carries data: null and the error object",
    (status) => {
      const result = errorResponse(new ApiError(status, "SOME_CODE", "Something.", "why"), "r");
      expect(result.statusCode).toBe(status);
      const body = parse(result.body);
      expect(body).toEqual({
        success: false,
        data: null,
        error: { code: "SOME_CODE", message: "Something.", details: "why" },
        meta: { requestId: "r", timestamp: expect.stringMatching(ISO_UTC), version: "v1" },
      });
    },
  );

  it("429 omits the data key entirely and keeps Retry-After", () => {
    const error = new ApiError(
      429,
      "RATE_LIMIT_EXCEEDED",
      "Per-minute rate limit exceeded.",
      "Free tier: retry in 12 seconds.",
      { "retry-after": "12" },
    );
    const result = errorResponse(error, "r");
    const body = parse(result.body);
    expect(Object.keys(body)).not.toContain("data");
    expect(body.success).toBe(false);
    expect(body.error?.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(result.headers["retry-after"]).toBe("12");
  });

  it("details default to null", () => {
    const body = parse(errorResponse(new ApiError(404, "X", "Gone."), "r").body);
    expect(body.error?.details).toBeNull();
  });

  it("invalidParameter names the field in message and details", () => {
    const error = invalidParameter("legs[2].right", "must be C or P");
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain("legs[2].right");
    expect(error.details).toBe("legs[2].right: must be C or P");
  });
});

describe("405", () => {
  it("has an empty, non-JSON body and an Allow header", () => {
    const result = methodNotAllowedResponse(["GET", "DELETE"], "r");
    expect(result.statusCode).toBe(405);
    expect(result.body).toBe("");
    expect(result.headers["content-type"]).toBeUndefined();
    expect(result.headers.allow).toBe("GET, DELETE");
  });
});

describe("responseForThrown", () => {
  it("keeps an ApiError's status and code", () => {
    const result = responseForThrown(new ApiError(404, "KEY_NOT_FOUND", "No such key."), "r");
    expect(result.statusCode).toBe(404);
    expect(parse(result.body).error?.code).toBe("KEY_NOT_FOUND");
  });

  it.each([
    ["an Error", new TypeError("Cannot read properties of undefined (reading 'x')")],
    ["a string", "db password is hunter2"],
    ["an object", { secret: "internal" }],
    ["undefined", undefined],
  ])("turns %s into a generic 500 and logs it with the request id", (_label, thrown) => {
    const log = vi.fn();
    const result = responseForThrown(thrown, "req-9", log);
    expect(result.statusCode).toBe(500);
    const body = parse(result.body);
    expect(body.error).toEqual({
      code: "INTERNAL_ERROR",
      message: "An unexpected error occurred.",
      details: null,
    });
    expect(result.body).not.toMatch(/hunter2|undefined \(reading|secret|at .*\.ts/);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatchObject({ level: "error", requestId: "req-9" });
  });

  it("logs the stack of an unexpected Error", () => {
    const log = vi.fn();
    responseForThrown(new Error("boom"), "r", log);
    const entry = log.mock.calls[0]?.[0] as { error: { message: string; stack: string } };
    expect(entry.error.message).toBe("boom");
    expect(entry.error.stack).toContain("boom");
  });
});
