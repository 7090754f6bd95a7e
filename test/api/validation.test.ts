import { describe, expect, it } from "vitest";
import { array, number, object, string, enum as zEnum } from "zod";
import { ApiError } from "../../lib/api/errors";
import { fieldPath, validate } from "../../lib/api/validation";

describe("fieldPath", () => {
  it.each([
    [[], ""],
    [["expiry"], "expiry"],
    [["legs", 2, "right"], "legs[2].right"],
    [["a", "b", 0, 1, "c"], "a.b[0][1].c"],
  ])("%j → %s", (path, expected) => {
    expect(fieldPath(path)).toBe(expected);
  });
});

describe("validate", () => {
  const schema = object({
    underlyingPrice: number().positive(),
    legs: array(object({ strike: number().positive(), right: zEnum(["C", "P"]) })),
  });

  function failure(value: unknown): ApiError {
    try {
      validate(schema, value, "body");
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error("validation passed unexpectedly");
  }

  it("returns the parsed value", () => {
    const value = { underlyingPrice: 10, legs: [{ strike: 5, right: "C" }] };
    expect(validate(schema, value, "body")).toEqual(value);
  });

  it("names a nested field", () => {
    const error = failure({
      underlyingPrice: 10,
      legs: [
        { strike: 5, right: "C" },
        { strike: 6, right: "P" },
        { strike: 7, right: "X" },
      ],
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain("'legs[2].right'");
    expect(error.details).toContain("legs[2].right");
  });

  it("lists every problem in details", () => {
    const error = failure({ underlyingPrice: -1, legs: [{ strike: 0, right: "C" }] });
    expect(error.details).toContain("underlyingPrice");
    expect(error.details).toContain("legs[0].strike");
  });

  it("names the whole part when it is missing", () => {
    const error = failure(undefined);
    expect(error.message).toContain("'body'");
  });

  it("names a query parameter", () => {
    try {
      validate(object({ topN: string().regex(/^\d+$/) }), { topN: "x" }, "query");
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).message).toContain("'topN'");
    }
  });
});
