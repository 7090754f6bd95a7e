import { describe, expect, it } from "vitest";
import {
  array,
  boolean,
  coerce,
  email,
  int,
  iso,
  literal,
  number,
  object,
  strictObject,
  string,
  type ZodType,
  enum as zEnum,
} from "zod";
import { ApiError } from "../../lib/api/errors";
import { ROUTES } from "../../lib/api/groups/registry";
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

describe("our wording, never zod's defaults", () => {
  /** The details of validating `value` against `{ field: schema }`. */
  function detailsFor(schema: ZodType, value: unknown, whole = "body"): string | null {
    try {
      validate(object({ field: schema }), { field: value }, whole);
    } catch (error) {
      if (error instanceof ApiError) return error.details;
      throw error;
    }
    throw new Error("validation passed unexpectedly");
  }

  it.each([
    ["a missing field", number(), undefined, "field: required"],
    ["a string for a number", number(), "12", "field: must be a number"],
    ["NaN (a coerced query string)", coerce.number(), "abc", "field: must be a number"],
    ["a fraction for an integer", int(), 1.5, "field: must be an integer"],
    ["a number for a string", string(), 12, "field: must be a string"],
    ["a string for a boolean", boolean(), "yes", "field: must be true or false"],
    ["a string for an array", array(number()), "1,2", "field: must be an array"],
    ["a number for an object", object({ a: number() }), 3, "field: must be an object"],
    ["below an inclusive minimum", number().min(1), 0, "field: must be at least 1"],
    ["at an exclusive minimum", number().positive(), 0, "field: must be greater than 0"],
    ["above a maximum", int().max(50), 51, "field: must be at most 50"],
    ["an empty string", string().min(1), "", "field: must not be empty"],
    ["a short string", string().min(8), "abc", "field: must be at least 8 characters"],
    ["a long string", string().max(3), "abcd", "field: must be at most 3 characters"],
    ["an empty array", array(number()).min(1), [], "field: must have at least 1 item"],
    ["a long array", array(number()).max(2), [1, 2, 3], "field: must have at most 2 items"],
    ["an unknown enum value", zEnum(["C", "P"]), "X", "field: must be one of C, P"],
    ["a wrong literal", literal("v1"), "v2", "field: must be v1"],
    ["a bad date", iso.date(), "2026-13-01", "field: must be a date in yyyy-MM-dd format"],
    ["a bad email", email(), "jane", "field: must be a valid email address"],
    ["a pattern mismatch", string().regex(/^\d+$/), "x", "field: has an invalid format"],
    ["a failed refinement", number().refine((n) => n !== 0), 0, "field: is invalid"],
  ])("%s", (_case, schema, value, expected) => {
    expect(detailsFor(schema, value)).toBe(expected);
  });

  it("names unknown fields of a strict object", () => {
    expect(detailsFor(strictObject({ a: number() }), { a: 1, b: 2, c: 3 })).toBe(
      "field: has unknown fields b, c",
    );
  });

  it("keeps the messages the routes set themselves", () => {
    expect(detailsFor(number().positive("must be a positive price"), -1)).toBe(
      "field: must be a positive price",
    );
    expect(detailsFor(zEnum(["C", "P"], { error: "must be C or P" }), "X")).toBe(
      "field: must be C or P",
    );
    expect(detailsFor(coerce.number({ error: "must be an integer from 1 to 7" }), "x")).toBe(
      "field: must be an integer from 1 to 7",
    );
    expect(
      detailsFor(
        number().refine((n) => n !== 0, "must not be zero"),
        0,
      ),
    ).toBe("field: must not be zero");
  });

  it("names the missing part itself: required", () => {
    try {
      validate(object({ a: number() }), undefined, "body");
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).message).toBe("Invalid parameter 'body': required");
      expect((error as ApiError).details).toBe("body: required");
    }
  });

  it("lists every problem as `field: problem; ...` after naming the first in the message", () => {
    try {
      validate(
        object({ expiry: iso.date(), legs: array(object({ strike: number().positive() })) }),
        { expiry: "23/11/2026", legs: [{ strike: "235" }] },
        "body",
      );
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).message).toBe(
        "Invalid parameter 'expiry': must be a date in yyyy-MM-dd format",
      );
      expect((error as ApiError).details).toBe(
        "expiry: must be a date in yyyy-MM-dd format; legs[0].strike: must be a number",
      );
    }
  });

  it("never lets zod's default wording through, for any route's schema", () => {
    const zodWording =
      /expected|received|Invalid input|Invalid option|Too (small|big)|Unrecognized/;
    for (const route of ROUTES) {
      for (const [part, schema] of [
        ["path", route.params],
        ["query", route.query],
        ["body", route.body],
      ] as const) {
        if (!schema) continue;
        for (const hostile of [undefined, null, 42, "x", [], { x: 1 }, HOSTILE_FIELDS]) {
          try {
            validate(schema, hostile, part);
          } catch (error) {
            expect((error as ApiError).details, `${route.id} ${part}`).not.toMatch(zodWording);
            expect((error as ApiError).details, route.id).toMatch(FIELD_PROBLEMS);
          }
        }
      }
    }
  });
});

/** Every field name the routes use, set to a value of the wrong type. */
const HOSTILE_FIELDS = Object.fromEntries(
  [
    ...["code", "symbol", "keyId", "period", "extended", "indicators", "topN", "minDte"],
    ...["maxDte", "email", "password", "name", "message", "underlyingPrice", "strike"],
    ...["daysToExpiration", "impliedVolatility", "right", "riskFreeRate", "marketPrice"],
    ...["legs", "scannerTypeId", "instrumentId", "locationId", "custom", "filters"],
  ].map((name) => [name, { nested: true }]),
);

/** `field: problem` pairs joined with `; `. */
const FIELD_PROBLEMS = /^[\w.[\]]+: [^;]+(; [\w.[\]]+: [^;]+)*$/;
