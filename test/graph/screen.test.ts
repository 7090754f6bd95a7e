import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { validate } from "../../lib/api/validation";
import {
  GICS_SECTORS,
  NUMBER_FIELDS,
  SCREEN_FIELDS,
  type ScreenField,
  type ScreenRow,
} from "../../lib/graph/screen/fields";
import { presetNamed, SCREEN_PRESETS } from "../../lib/graph/screen/presets";
import {
  type ScreenRequest,
  type ScreenRequestInput,
  screenRequestSchema,
} from "../../lib/graph/screen/request";
import { runScreen, screenResultSchema } from "../../lib/graph/screen/run";

/**
 * The graph screener on synthetic rows: each filter kind keeps what it should (bounds
 * inclusive) and drops what it should not, nulls never pass, sorting puts nulls last in
 * either order, the limit and the fields shown; the request schema's 400s name the field;
 * every preset validates and its rows satisfy its filters.
 */

const EMPTY: Omit<ScreenRow, "code" | "name"> = {
  sector: null,
  industry: null,
  marketCapUsd: null,
  score: null,
  insiderActivity: null,
  institutionalFlow: null,
  supplyChainHealth: null,
  newsSentiment: null,
  technicalTrend: null,
  optionsPositioning: null,
  valuation: null,
  scoreChange1w: null,
  fragility: null,
  altmanZ: null,
  insiderNetBuyingUsd90d: null,
  insiderBuyers90d: null,
  institutionalFlowPercent: null,
  daysToEarnings: null,
  nextEarningsDate: null,
};

const row = (code: string, fields: Partial<ScreenRow> = {}): ScreenRow => ({
  ...EMPTY,
  code,
  name: `${code} Inc.`,
  ...fields,
});

/** A request as the route gets it: validated, defaults filled in. */
const request = (body: ScreenRequestInput): ScreenRequest =>
  validate(screenRequestSchema, body, "body");

const codes = (rows: readonly { code: string }[]) => rows.map((r) => r.code);

/** The 400 a body is refused with. */
function refused(body: unknown): ApiError {
  try {
    validate(screenRequestSchema, body, "body");
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

/** Refused with 400 INVALID_PARAMETER whose message names `field` and says `problem`. */
function expectRefused(body: unknown, field: string, problem: string): void {
  const error = refused(body);
  expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
  expect(error.message).toBe(`Invalid parameter '${field}': ${problem}`);
  expect(error.details).toContain(`${field}: ${problem}`);
}

describe("numeric filters", () => {
  const rows = [
    row("A", { score: 59.99 }),
    row("B", { score: 60 }),
    row("C", { score: 70 }),
    row("D", { score: 80 }),
    row("E", { score: 80.01 }),
    row("N", { score: null }),
  ];

  it("keeps values at or above min", () => {
    expect(codes(runScreen(rows, request({ filters: { score: { min: 60 } } })).rows)).toEqual([
      "E",
      "D",
      "C",
      "B",
    ]);
  });

  it("keeps values at or below max", () => {
    const kept = runScreen(rows, request({ filters: { score: { max: 60 } } })).rows;
    expect(codes(kept)).toEqual(["B", "A"]);
  });

  it("keeps values inside [min, max], both bounds inclusive", () => {
    const kept = runScreen(rows, request({ filters: { score: { min: 60, max: 80 } } })).rows;
    expect(codes(kept)).toEqual(["D", "C", "B"]);
  });

  it("never keeps a row whose field is null, whatever the bounds", () => {
    for (const bounds of [{ min: 0 }, { max: 100 }, { min: 0, max: 100 }]) {
      const kept = runScreen(rows, request({ filters: { score: bounds } })).rows;
      expect(codes(kept)).not.toContain("N");
    }
  });

  it("handles negative bounds (score change, Altman Z)", () => {
    const moves = [
      row("UP", { scoreChange1w: 6 }),
      row("FLAT", { scoreChange1w: 0 }),
      row("DOWN", { scoreChange1w: -6 }),
    ];
    const falling = request({
      filters: { scoreChange1w: { max: -5 } },
      sort: { field: "scoreChange1w" },
    });
    expect(codes(runScreen(moves, falling).rows)).toEqual(["DOWN"]);
  });
});

describe("text filters", () => {
  const rows = [
    row("TECH", { sector: "Information Technology", industry: "Semiconductors", score: 50 }),
    row("BANK", { sector: "Financials", industry: "Banks", score: 40 }),
    row("UTIL", { sector: "Utilities", industry: "Electric Utilities", score: 30 }),
    row("NONE", { sector: null, industry: null, score: 20 }),
  ];

  it("keeps the rows whose value is listed, in any case", () => {
    const kept = runScreen(
      rows,
      request({ filters: { sector: { in: ["information technology", "UTILITIES"] } } }),
    ).rows;
    expect(codes(kept)).toEqual(["TECH", "UTIL"]);
  });

  it("matches a free-text field (industry) by its exact name", () => {
    const kept = runScreen(rows, request({ filters: { industry: { in: ["banks", "Semi"] } } }));
    expect(codes(kept.rows)).toEqual(["BANK"]);
  });

  it("never keeps a row whose value is null", () => {
    const all = request({ filters: { sector: { in: [...GICS_SECTORS] } } });
    expect(codes(runScreen(rows, all).rows)).toEqual(["TECH", "BANK", "UTIL"]);
  });
});

describe("combined filters, sort, limit and fields", () => {
  const rows = [
    row("AAA", { score: 70, fragility: 30, sector: "Energy", marketCapUsd: 5e9 }),
    row("BBB", { score: 70, fragility: 50, sector: "Energy", marketCapUsd: 9e9 }),
    row("CCC", { score: 65, fragility: 20, sector: "Financials", marketCapUsd: null }),
    row("DDD", { score: null, fragility: 10, sector: "Energy", marketCapUsd: 2e9 }),
    row("EEE", { score: 90, fragility: null, sector: "Energy", marketCapUsd: 7e9 }),
  ];

  it("keeps only the rows passing every filter", () => {
    const screen = request({ filters: { score: { min: 60 }, fragility: { max: 40 } } });
    expect(codes(runScreen(rows, screen).rows)).toEqual(["AAA", "CCC"]);
  });

  it("with no filters keeps every row, score desc by default, nulls last, ties by code", () => {
    const outcome = runScreen(rows, request({}));
    expect(outcome.matched).toBe(5);
    expect(codes(outcome.rows)).toEqual(["EEE", "AAA", "BBB", "CCC", "DDD"]);
  });

  it("sorts ascending with nulls still last", () => {
    const ascending = request({ sort: { field: "marketCapUsd", order: "asc" } });
    expect(codes(runScreen(rows, ascending).rows)).toEqual(["DDD", "AAA", "EEE", "BBB", "CCC"]);
    const descending = request({ sort: { field: "fragility", order: "desc" } });
    expect(codes(runScreen(rows, descending).rows)).toEqual(["BBB", "AAA", "CCC", "DDD", "EEE"]);
  });

  it("returns at most limit rows and counts every match", () => {
    const outcome = runScreen(rows, request({ filters: { sector: { in: ["Energy"] } }, limit: 2 }));
    expect(outcome.matched).toBe(4);
    expect(codes(outcome.rows)).toEqual(["EEE", "AAA"]);
  });

  it("shows code, name, the fields filtered on and the sort field, nothing else", () => {
    const screen = request({
      filters: { sector: { in: ["Energy"] }, fragility: { max: 60 } },
      sort: { field: "marketCapUsd", order: "desc" },
    });
    expect(runScreen(rows, screen).rows).toEqual([
      { code: "BBB", name: "BBB Inc.", sector: "Energy", marketCapUsd: 9e9, fragility: 50 },
      { code: "AAA", name: "AAA Inc.", sector: "Energy", marketCapUsd: 5e9, fragility: 30 },
      { code: "DDD", name: "DDD Inc.", sector: "Energy", marketCapUsd: 2e9, fragility: 10 },
    ]);
  });

  it("shows only fields the result schema describes", () => {
    const filters = { sector: { in: ["Energy"] }, score: { min: 0 }, marketCapUsd: { min: 0 } };
    const shown = runScreen(rows, request({ filters, sort: { field: "fragility" } })).rows;
    expect(shown.length).toBeGreaterThan(0);
    for (const result of shown) expect(screenResultSchema.parse(result)).toEqual(result);
  });

  it("shows a null sort value as null", () => {
    const screen = request({ filters: { fragility: { max: 25 } } });
    expect(runScreen(rows, screen).rows).toEqual([
      { code: "CCC", name: "CCC Inc.", score: 65, fragility: 20 },
      { code: "DDD", name: "DDD Inc.", score: null, fragility: 10 },
    ]);
  });

  it("leaves the input rows in their order", () => {
    const before = codes(rows);
    runScreen(rows, request({ sort: { field: "fragility", order: "asc" } }));
    expect(codes(rows)).toEqual(before);
  });
});

describe("the request schema", () => {
  it("fills in the defaults: no filters, score desc, 25 rows", () => {
    expect(request({})).toEqual({
      filters: {},
      sort: { field: "score", order: "desc" },
      limit: 25,
    });
    expect(request({ sort: { field: "fragility" } }).sort).toEqual({
      field: "fragility",
      order: "desc",
    });
  });

  it("refuses an unknown filter, naming it", () => {
    expectRefused({ filters: { momentum: { min: 1 } } }, "filters", "has unknown field momentum");
  });

  it("refuses an unknown top-level field (a misspelt filters)", () => {
    expectRefused({ filter: { score: { min: 1 } } }, "body", "has unknown field filter");
  });

  it("refuses min above max, naming the field's min", () => {
    expectRefused(
      { filters: { fragility: { min: 50, max: 40 } } },
      "filters.fragility.min",
      "must not be greater than max (40)",
    );
  });

  it("refuses a bound outside the field's range", () => {
    expectRefused({ filters: { score: { min: -1 } } }, "filters.score.min", "must be at least 0");
    expectRefused(
      { filters: { newsSentiment: { max: 101 } } },
      "filters.newsSentiment.max",
      "must be at most 100",
    );
    expectRefused(
      { filters: { daysToEarnings: { min: -3 } } },
      "filters.daysToEarnings.min",
      "must be at least 0",
    );
  });

  it("refuses a filter with neither bound", () => {
    expectRefused({ filters: { score: {} } }, "filters.score", "must have min, max or both");
  });

  it("refuses in on a number field and min on a text field", () => {
    expectRefused(
      { filters: { score: { in: [50] } } },
      "filters.score",
      "has unknown field in: this filter takes min and/or max (a number field)",
    );
    const error = refused({ filters: { sector: { min: 3 } } });
    expect(error.message).toBe(
      "Invalid parameter 'filters.sector.in': required: a text filter takes in: [values]",
    );
    expect(error.details).toContain("filters.sector: has unknown field min");
  });

  it("refuses a bound of the wrong type", () => {
    expectRefused({ filters: { score: { min: "60" } } }, "filters.score.min", "must be a number");
  });

  it("refuses an unknown sector, an empty or too long list", () => {
    const error = refused({ filters: { sector: { in: ["Energy", "Tech"] } } });
    expect(error.message).toMatch(/^Invalid parameter 'filters\.sector\.in\[1\]': must be one of /);
    expectRefused(
      { filters: { sector: { in: [] } } },
      "filters.sector.in",
      "must list at least one value",
    );
    const many = Array.from({ length: 21 }, (_, i) => `Industry ${i}`);
    expectRefused(
      { filters: { industry: { in: many } } },
      "filters.industry.in",
      "must list at most 20 values",
    );
  });

  it("refuses a sort on a text or unknown field and a limit outside 1-200", () => {
    expect(refused({ sort: { field: "sector" } }).message).toMatch(
      /^Invalid parameter 'sort\.field': must be one of marketCapUsd, score, /,
    );
    expectRefused(
      { sort: { field: "score", order: "up" } },
      "sort.order",
      "must be one of asc, desc",
    );
    expectRefused({ limit: 0 }, "limit", "must be at least 1");
    expectRefused({ limit: 201 }, "limit", "must be at most 200");
    expectRefused({ limit: 2.5 }, "limit", "must be a whole number");
  });

  it("lists every problem in the details", () => {
    const error = refused({ filters: { score: { min: 70, max: 60 }, fragility: { max: 120 } } });
    expect(error.details).toBe(
      "filters.score.min: must not be greater than max (60); filters.fragility.max: must be at most 100",
    );
  });

  it("accepts a filter on every catalogued field at its range's ends", () => {
    const filters: Record<string, unknown> = {};
    for (const [field, spec] of Object.entries(SCREEN_FIELDS)) {
      filters[field] =
        spec.kind === "number" ? { min: spec.min, max: spec.max } : { in: ["Utilities"] };
    }
    expect(Object.keys(request({ filters }).filters).sort()).toEqual(
      Object.keys(SCREEN_FIELDS).sort(),
    );
  });
});

/** A deterministic spread of rows: every number field over its usual values, some nulls. */
function syntheticWorld(count: number): ScreenRow[] {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const usual: Record<string, [number, number]> = {
    marketCapUsd: [1e9, 4e12],
    scoreChange1w: [-15, 15],
    altmanZ: [-1, 12],
    insiderNetBuyingUsd90d: [-5e7, 5e6],
    insiderBuyers90d: [0, 3],
    institutionalFlowPercent: [-3, 3],
    daysToEarnings: [0, 95],
  };
  return Array.from({ length: count }, (_, i) => {
    const fields: Partial<ScreenRow> = {
      sector: next() < 0.05 ? null : (GICS_SECTORS[i % GICS_SECTORS.length] ?? null),
    };
    for (const field of NUMBER_FIELDS) {
      const [low, high] = usual[field] ?? [0, 100];
      const value = low + next() * (high - low);
      fields[field] =
        next() < 0.1 ? null : field === "insiderBuyers90d" ? Math.floor(value) : value;
    }
    return row(`S${String(i).padStart(3, "0")}`, fields);
  });
}

/** Does the row pass the filter on `field`? Written apart from run.ts, to check it. */
function passes(row: ScreenRow, field: ScreenField, filter: Record<string, unknown>): boolean {
  const value = row[field];
  if (value === null) return false;
  if (typeof value === "string") {
    return (filter.in as string[]).some((v) => v.toLowerCase() === value.toLowerCase());
  }
  const { min, max } = filter as { min?: number; max?: number };
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

describe("presets", () => {
  const world = syntheticWorld(130);

  it("offers 8-10 presets with distinct slugs, titles and descriptions", () => {
    expect(SCREEN_PRESETS.length).toBeGreaterThanOrEqual(8);
    expect(SCREEN_PRESETS.length).toBeLessThanOrEqual(10);
    expect(new Set(SCREEN_PRESETS.map((p) => p.name)).size).toBe(SCREEN_PRESETS.length);
    for (const preset of SCREEN_PRESETS) {
      expect(preset.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(preset.title.length).toBeGreaterThan(0);
      expect(preset.description.length).toBeGreaterThan(20);
    }
  });

  it.each(SCREEN_PRESETS.map((p) => [p.name, p] as const))(
    "%s: its request passes the schema unchanged",
    (_, preset) => {
      expect(validate(screenRequestSchema, preset.request, "body")).toEqual(preset.request);
    },
  );

  it.each(SCREEN_PRESETS.map((p) => [p.name, p] as const))(
    "%s: every row it returns satisfies its filters, sorted, nulls last",
    (_, preset) => {
      const outcome = runScreen(world, preset.request);
      const filters = Object.entries(preset.request.filters) as [ScreenField, never][];
      const expected = world.filter((r) => filters.every(([f, filter]) => passes(r, f, filter)));
      expect(expected.length).toBeGreaterThan(0);
      expect(outcome.matched).toBe(expected.length);
      expect(outcome.rows.length).toBe(Math.min(expected.length, preset.request.limit));
      const { field, order } = preset.request.sort;
      const values = outcome.rows.map((r) => r[field] as number | null);
      const known = values.filter((v) => v !== null);
      expect(values.slice(known.length).every((v) => v === null)).toBe(true);
      const sorted = [...known].sort((a, b) => (order === "asc" ? a - b : b - a));
      expect(known).toEqual(sorted);
    },
  );

  it("finds a preset by its slug, in any case, and nothing for an unknown one", () => {
    expect(presetNamed("strong-and-sturdy")?.title).toBe("Strong and sturdy");
    expect(presetNamed("Insider-Buying")?.name).toBe("insider-buying");
    expect(presetNamed("no-such-screen")).toBeUndefined();
    expect(presetNamed("")).toBeUndefined();
  });
});
