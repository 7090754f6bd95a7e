import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { arbitraryOf } from "./arbitraries";

/** The zod → fast-check generator on hand-made schemas: every draw must parse. */

const DRAWS = 300;
const draw = (schema: z.ZodType, options = {}) =>
  fc.sample(arbitraryOf(schema, options), { numRuns: DRAWS, seed: 42 });

function expectEveryDrawParses(schema: z.ZodType): unknown[] {
  const draws = draw(schema);
  const refused = draws.filter((value) => !schema.safeParse(value).success);
  expect(refused.slice(0, 3), `${refused.length} of ${DRAWS} refused`).toEqual([]);
  return draws;
}

describe("arbitraryOf", () => {
  it.each([
    ["an enum", z.enum(["C", "P"])],
    ["a bounded integer", z.int().min(-3).max(7)],
    ["an exclusive bound", z.number().positive().max(1e9)],
    ["a safe integer above 2³¹", z.int().min(3_000_000_000)],
    ["a multiple", z.number().multipleOf(0.25).min(0).max(10)],
    ["a pattern string", z.string().regex(/^[A-Z0-9][A-Z0-9.\-/]{0,15}_[A-Z0-9]{1,12}$/)],
    [
      "a pattern with a length",
      z
        .string()
        .regex(/^[a-z]+$/)
        .min(3)
        .max(5),
    ],
    ["a bounded string", z.string().min(8).max(12)],
    ["an email", z.email()],
    ["an email behind a pipe", z.string().max(254).pipe(z.email())],
    ["an ISO date", z.iso.date()],
    ["an ISO date-time", z.iso.datetime()],
    ["a literal", z.literal(["a", 1])],
    ["a nullable", z.number().nullable()],
    ["a union", z.union([z.boolean(), z.enum(["x"]), z.int().max(0)])],
    [
      "an array with bounds",
      z
        .array(z.enum(["a", "b"]))
        .min(2)
        .max(4),
    ],
    ["a record", z.record(z.enum(["k1", "k2"]), z.int())],
    ["a tuple", z.tuple([z.string(), z.int()])],
    [
      "C or P, any case, behind a pipe",
      z
        .string()
        .trim()
        .toUpperCase()
        .pipe(z.enum(["C", "P"])),
    ],
    ["a coerced number behind a pipe", z.coerce.number().pipe(z.int().min(1).max(5))],
    ["a transform", z.enum(["0", "1"]).transform((flag) => flag === "1")],
    ["a refined string", z.string().refine((text) => text.length % 2 === 0)],
  ])("%s", (_what, schema) => {
    expectEveryDrawParses(schema);
  });

  it("leaves optional and defaulted fields out sometimes, never required ones", () => {
    const schema = z.object({
      required: z.string(),
      optional: z.int().optional(),
      defaulted: z.enum(["a", "b"]).default("a"),
    });
    const draws = expectEveryDrawParses(schema) as Record<string, unknown>[];
    expect(draws.every((value) => "required" in value)).toBe(true);
    for (const key of ["optional", "defaulted"]) {
      const present = draws.filter((value) => key in value).length;
      expect(present, key).toBeGreaterThan(0);
      expect(present, key).toBeLessThan(DRAWS);
    }
  });

  it("draws nested objects and arrays of objects", () => {
    const leg = z.object({
      quantity: z.int().refine((q) => q !== 0),
      right: z.enum(["C", "P"]),
      strike: z.number().positive().max(1e6),
      expiry: z.iso.date().optional(),
    });
    const schema = z.object({
      legs: z.array(leg).min(1).max(4),
      meta: z.object({ note: z.string() }),
    });
    const draws = expectEveryDrawParses(schema) as { legs: unknown[] }[];
    expect(draws.some((value) => value.legs.length > 1)).toBe(true);
  });

  it("meets an object's refinement by retrying, but never hangs on one nothing meets", () => {
    const ordered = z
      .object({ min: z.int().min(0).max(9), max: z.int().min(0).max(9) })
      .refine((range) => range.min <= range.max);
    // Eight tries of a coin that lands right about half the time: almost always met.
    const met = draw(ordered).filter((value) => ordered.safeParse(value).success).length;
    expect(met).toBeGreaterThan(DRAWS * 0.95);
    const impossible = z.string().refine(() => false);
    expect(draw(impossible)).toHaveLength(DRAWS);
  });

  it("mixes in the known values a field's schema accepts, and only those", () => {
    const schema = z.object({ code: z.string().regex(/^[A-Z]+_[A-Z]+$/) });
    const knownValues = (field: string) =>
      field === "code" ? ["AAPL_NASDAQ", "SPY_ARCA", "not a code"] : [];
    const codes = draw(schema, { knownValues }).map((value) => (value as { code: string }).code);
    expect(
      codes.filter((code) => code === "AAPL_NASDAQ" || code === "SPY_ARCA").length,
    ).toBeGreaterThan(DRAWS / 3);
    expect(codes).not.toContain("not a code");
    expect(codes.every((code) => schema.shape.code.safeParse(code).success)).toBe(true);
  });

  it("refuses a schema type it cannot draw, rather than drawing nonsense", () => {
    expect(() => arbitraryOf(z.symbol())).toThrow(/symbol/);
  });
});
