import fc from "fast-check";
import type { ZodType } from "zod";
import type { $ZodType } from "zod/v4/core";

/**
 * fast-check arbitraries for the values a zod 4 schema accepts as input (before its defaults and
 * transforms). No maintained package does this for zod 4 with fast-check 4 (zod-fast-check stops
 * at zod 3 and fast-check 3; zocker and zod-schema-faker draw from faker, outside fast-check's
 * seed and shrinking), so it walks `schema._zod.def` itself: unlike `z.toJSONSchema`, the
 * definition keeps both sides of a pipe (`string().pipe(email())` is an email, `C`/`P` an enum).
 *
 * Refinements and cross-field checks cannot be inverted: a node that carries checks draws up to
 * `FIRST_VALID_TRIES` candidates and keeps the first its own schema accepts, else the last one
 * (which the API then refuses with a 400, as it should).
 */

export interface ArbitraryOptions {
  /**
   * Values known to exist (instrument codes, the account's ids, the route's sample) for a field
   * name (an array's elements go by the array's name); those its schema accepts are drawn two
   * times in three, so a useful share of requests reaches the implementations, not a 404.
   */
  knownValues?: (field: string) => readonly unknown[];
}

/**
 * Candidates a node with checks draws before giving up on finding a valid one: a value's own
 * checks (a pattern and a length, a real date) are cheap to retry; an object's or array's
 * cross-field refinements less so, as each try redraws everything inside.
 */
const FIRST_VALID_TRIES = { value: 30, composite: 8 } as const;
/** Share of a field's draws taken from its known values, when it has any: weight / (weight + 1). */
const KNOWN_WEIGHT = 2;
/** An optional field is present in one draw of this many (an opaque cursor drawn is a 400). */
const OPTIONAL_PRESENT = 3;
/** Nesting of lazy schemas followed before drawing nothing more. */
const MAX_LAZY_DEPTH = 4;

type AnyDef = Record<string, unknown> & { type: string; checks?: readonly $ZodType[] };
type CheckDef = Record<string, unknown> & { check: string };

interface Walk {
  options: ArbitraryOptions;
  /** The field the node is the value (or an array element) of, for known values. */
  field: string | undefined;
  lazyDepth: number;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as AnyDef;
const checksOf = (schema: $ZodType): CheckDef[] =>
  (defOf(schema).checks ?? []).map((check) => check._zod.def as unknown as CheckDef);
/** A format node (`email()`, `int()`) is its own check: its def carries the check's fields. */
const ownCheck = (schema: $ZodType) => schema._zod.def as unknown as CheckDef;
/** The node's checks, its own format (`email()`, `int()`) included. */
const allChecksOf = (schema: $ZodType): CheckDef[] =>
  "check" in defOf(schema) ? [ownCheck(schema), ...checksOf(schema)] : checksOf(schema);
const accepts = (schema: $ZodType) => (value: unknown) =>
  (schema as unknown as ZodType).safeParse(value).success;

/** An arbitrary of inputs `schema` accepts. */
export function arbitraryOf(
  schema: ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return nodeArbitrary(schema as unknown as $ZodType, { options, field: undefined, lazyDepth: 0 });
}

function nodeArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  return withChecks(schema, structuralArbitrary(schema, walk));
}

/** A property's value, or an array's element: where known values for the field mix in. */
function fieldArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const generated = nodeArbitrary(schema, walk);
  const { field, options } = walk;
  if (field === undefined || !options.knownValues) return generated;
  const valid = options.knownValues(field).filter(accepts(schema));
  if (!valid.length) return generated;
  return fc.oneof(
    { arbitrary: generated, weight: 1 },
    { arbitrary: fc.constantFrom(...valid), weight: KNOWN_WEIGHT },
  );
}

/** Checks the structural arbitraries meet by construction, so need no retries. */
const HONOURED_CHECKS: Record<string, readonly string[]> = {
  array: ["min_length", "max_length", "length_equals"],
  number: ["greater_than", "less_than", "number_format", "multiple_of"],
};

/** A node with refinements or combined bounds keeps the first candidate it accepts. */
function withChecks(schema: $ZodType, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const honoured = HONOURED_CHECKS[def.type] ?? [];
  const unhonoured = allChecksOf(schema).some((check) => !honoured.includes(check.check));
  if (!unhonoured && def.type !== "pipe" && def.type !== "custom") return arbitrary;
  const composite = ["object", "array", "record", "tuple", "union"].includes(def.type);
  const tries = composite ? FIRST_VALID_TRIES.composite : FIRST_VALID_TRIES.value;
  return new FirstValidArbitrary(arbitrary, accepts(schema), tries);
}

function structuralArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string, next: Partial<Walk> = {}) =>
    nodeArbitrary(def[key] as $ZodType, { ...walk, ...next });
  switch (def.type) {
    case "string":
      return stringArbitrary(schema);
    case "number":
      return numberArbitrary(schema);
    case "boolean":
      return fc.boolean();
    case "bigint":
      return fc.bigInt();
    case "date":
      return fc.date({ noInvalidDate: true });
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "any":
    case "unknown":
    case "custom":
      return fc.jsonValue({ maxDepth: 2 });
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "object":
      return objectArbitrary(schema, walk);
    case "array":
      return arrayArbitrary(schema, walk);
    case "tuple":
      return fc.tuple(
        ...(def.items as $ZodType[]).map((item) =>
          nodeArbitrary(item, { ...walk, field: undefined }),
        ),
      );
    case "record":
      return recordArbitrary(schema, walk);
    case "union":
      return fc.oneof(...(def.options as $ZodType[]).map((option) => nodeArbitrary(option, walk)));
    case "intersection":
      return new FirstValidArbitrary(inner("left"), accepts(schema), FIRST_VALID_TRIES.composite);
    // Outside an object (whose properties leave these out instead): sometimes undefined.
    case "optional":
    case "default":
    case "prefault":
      return fc.option(inner("innerType"), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(inner("innerType"), { nil: null, freq: 4 });
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "lazy":
      if (walk.lazyDepth >= MAX_LAZY_DEPTH) return fc.constant(undefined);
      return nodeArbitrary((def.getter as () => $ZodType)(), {
        ...walk,
        lazyDepth: walk.lazyDepth + 1,
      });
    case "pipe":
      return pipeArbitrary(schema, walk);
    case "transform":
      // Only reached as the output side of a pipe, which draws from its input side instead.
      return fc.jsonValue({ maxDepth: 1 });
    default:
      throw new Error(`arbitraryOf: zod type '${def.type}' is not supported`);
  }
}

/**
 * A pipe's input is what its `in` side accepts; when `in` is a bare type and `out` the real
 * constraint (`string().trim().pipe(enum(["C", "P"]))`, `coerce.number().pipe(int().max(9))`),
 * `out`'s values are the useful candidates. Transforms cannot be inverted: the other side is used.
 */
function pipeArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const input = def.in as $ZodType;
  const output = def.out as $ZodType;
  if (defOf(output).type === "transform") return nodeArbitrary(input, walk);
  if (defOf(input).type === "transform") return nodeArbitrary(output, walk);
  return fc.oneof(
    { arbitrary: nodeArbitrary(output, walk), weight: 3 },
    { arbitrary: nodeArbitrary(input, walk), weight: 1 },
  );
}

/** Properties the input may leave out: optional ones and those with a default. */
const mayBeOmitted = (schema: $ZodType) => schema._zod.optin !== undefined;

/** An optional or defaulted property's own schema, drawn when the key is present. */
function presentValueSchema(schema: $ZodType): $ZodType {
  const def = defOf(schema);
  const wrapper = ["optional", "default", "prefault"].includes(def.type);
  return wrapper ? presentValueSchema(def.innerType as $ZodType) : schema;
}

const ABSENT = Symbol("absent property");

/** Clients leave most optional fields out: each is present in one draw of `OPTIONAL_PRESENT`. */
function optionalProperty(present: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constant(ABSENT), weight: OPTIONAL_PRESENT - 1 },
    { arbitrary: present, weight: 1 },
  );
}

function objectArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape as Record<string, $ZodType>;
  const properties: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(shape)) {
    const present = fieldArbitrary(presentValueSchema(value), { ...walk, field: key });
    properties[key] = mayBeOmitted(value) ? optionalProperty(present) : present;
  }
  return fc
    .record(properties)
    .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, v]) => v !== ABSENT)));
}

/** A record keyed by an enum or literals needs every key (zod 4); any other, some keys. */
function recordArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const keyType = def.keyType as $ZodType;
  const values = nodeArbitrary(def.valueType as $ZodType, { ...walk, field: undefined });
  const exhaustive = keyType._zod.values;
  if (exhaustive) {
    return fc.record(Object.fromEntries([...exhaustive].map((key) => [String(key), values])));
  }
  const keys = nodeArbitrary(keyType, { ...walk, field: undefined }) as fc.Arbitrary<string>;
  return fc.dictionary(keys, values, { maxKeys: 5 });
}

function arrayArbitrary(schema: $ZodType, walk: Walk): fc.Arbitrary<unknown> {
  const element = defOf(schema).element as $ZodType;
  const { minimum, maximum } = lengthBounds(checksOf(schema));
  return fc.array(fieldArbitrary(element, walk), { minLength: minimum, maxLength: maximum });
}

function lengthBounds(checks: CheckDef[]): { minimum: number; maximum: number | undefined } {
  let minimum = 0;
  let maximum: number | undefined;
  for (const check of checks) {
    const exact = check.check === "length_equals" ? (check.length as number) : undefined;
    const low = check.check === "min_length" ? (check.minimum as number) : exact;
    const high = check.check === "max_length" ? (check.maximum as number) : exact;
    if (low !== undefined) minimum = Math.max(minimum, low);
    if (high !== undefined) maximum = Math.min(maximum ?? high, high);
  }
  return { minimum, maximum };
}

/** Formats with a generator of their own, closer to real values than their pattern. */
const FORMAT_ARBITRARIES: Record<string, () => fc.Arbitrary<string>> = {
  email: () =>
    fc.oneof(
      {
        arbitrary: fc.stringMatching(
          /^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?@[a-z0-9]{1,12}\.(com|org|io)$/,
        ),
        weight: 3,
      },
      // RFC 5322 allows more than zod's email check: retried until one passes.
      { arbitrary: fc.emailAddress(), weight: 1 },
    ),
  date: () => isoDate,
  datetime: () =>
    fc
      .date({ min: new Date("2000-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
      .map((date) => date.toISOString()),
  uuid: () => fc.uuid(),
  guid: () => fc.uuid(),
  url: () => fc.webUrl(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};

/** A calendar date yyyy-MM-dd, 2000 to 2035. */
const isoDate = fc
  .date({ min: new Date("2000-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Mostly printable ASCII (what clients send), sometimes any unicode. */
function plainString(minLength: number, maxLength: number | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", minLength, maxLength }), weight: 1 },
  );
}

function stringArbitrary(schema: $ZodType): fc.Arbitrary<string> {
  const checks = checksOf(schema);
  const { minimum, maximum } = lengthBounds(checks);
  const formats = allChecksOf(schema).filter((check) => check.check === "string_format");
  for (const { format, pattern } of formats) {
    const special = FORMAT_ARBITRARIES[format as string];
    if (special) return special();
    if (pattern instanceof RegExp) {
      const matching = stringMatchingOrUndefined(pattern);
      if (matching) return matching;
    }
  }
  return plainString(minimum, maximum);
}

/** fast-check reads most patterns; those it cannot (lookarounds, flags) fall back to plain text. */
function stringMatchingOrUndefined(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return undefined;
  }
}

interface NumberBounds {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  integer: boolean;
  multipleOf: number | undefined;
}

const FORMAT_RANGES: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

function numberBounds(schema: $ZodType): NumberBounds {
  const bounds: NumberBounds = {
    min: -Number.MAX_VALUE,
    max: Number.MAX_VALUE,
    minExcluded: false,
    maxExcluded: false,
    integer: false,
    multipleOf: undefined,
  };
  const raise = (value: number, excluded: boolean) => {
    if (value > bounds.min || (value === bounds.min && excluded)) {
      Object.assign(bounds, { min: value, minExcluded: excluded });
    }
  };
  const lower = (value: number, excluded: boolean) => {
    if (value < bounds.max || (value === bounds.max && excluded)) {
      Object.assign(bounds, { max: value, maxExcluded: excluded });
    }
  };
  for (const check of allChecksOf(schema)) {
    const value = Number(check.value);
    if (check.check === "greater_than") raise(value, check.inclusive === false);
    if (check.check === "less_than") lower(value, check.inclusive === false);
    if (check.check === "multiple_of") bounds.multipleOf = value;
    const range =
      check.check === "number_format" ? FORMAT_RANGES[check.format as string] : undefined;
    if (range) {
      bounds.integer ||= check.format !== "float32" && check.format !== "float64";
      raise(range[0], false);
      lower(range[1], false);
    }
  }
  return bounds;
}

/** The least whole number at or (when excluded) above `bound`. */
function wholeAbove(bound: number, excluded: boolean): number {
  return excluded && Number.isInteger(bound) ? bound + 1 : Math.ceil(bound);
}

const INT32 = 2 ** 31 - 1;
/** Where most whole numbers clients send fall (a quantity, a limit, days). */
const SMALL = 1000;

/** Whole numbers in the bounds: mostly small ones, some anywhere in 32 bits, a few beyond. */
function integerArbitrary(low: number, high: number): fc.Arbitrary<number> {
  const overlaps = (min: number, max: number) => low <= max && high >= min;
  const within = (min: number, max: number) =>
    fc.integer({ min: Math.max(low, min), max: Math.min(high, max) });
  const parts: fc.WeightedArbitrary<number>[] = [];
  if (overlaps(-SMALL, SMALL)) parts.push({ arbitrary: within(-SMALL, SMALL), weight: 3 });
  if (overlaps(-INT32, INT32)) parts.push({ arbitrary: within(-INT32, INT32), weight: 1 });
  if (low < -INT32 || high > INT32) {
    const wide = fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
    parts.push({ arbitrary: wide, weight: 1 });
  }
  return fc.oneof(...parts);
}

function numberArbitrary(schema: $ZodType): fc.Arbitrary<number> {
  const bounds = numberBounds(schema);
  const low = Math.max(wholeAbove(bounds.min, bounds.minExcluded), Number.MIN_SAFE_INTEGER);
  const high = Math.min(-wholeAbove(-bounds.max, bounds.maxExcluded), Number.MAX_SAFE_INTEGER);
  if (bounds.multipleOf) {
    const step = bounds.multipleOf;
    return integerArbitrary(Math.ceil(low / step), Math.floor(high / step)).map((k) => k * step);
  }
  if (bounds.integer) return integerArbitrary(low, high);
  const real = fc.double({
    min: bounds.min,
    max: bounds.max,
    minExcluded: bounds.minExcluded,
    maxExcluded: bounds.maxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
  // Whole numbers are what clients mostly send (a strike of 235, 30 days).
  return low <= high
    ? fc.oneof(
        { arbitrary: real, weight: 1 },
        { arbitrary: integerArbitrary(low, high), weight: 1 },
      )
    : real;
}

/**
 * Draws up to `tries` candidates and keeps the first `valid` accepts, else the last: a bounded
 * `filter` (fast-check's own retries forever, which a refinement no candidate meets would hang).
 */
export class FirstValidArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly candidates: fc.Arbitrary<T>,
    private readonly valid: (value: T) => boolean,
    private readonly tries: number,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    let candidate = this.candidates.generate(random, biasFactor);
    for (let tried = 1; tried < this.tries && !this.valid(candidate.value); tried++) {
      candidate = this.candidates.generate(random, biasFactor);
    }
    return candidate;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.candidates.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.candidates.shrink(value, context).filter((shrunk) => this.valid(shrunk.value));
  }
}
