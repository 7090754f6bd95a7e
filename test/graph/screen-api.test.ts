import { describe, expect, it } from "vitest";
import { screenRows } from "../../lib/api/groups/graph/implementations/screen";
import { graphFragilityRoutes } from "../../lib/api/groups/graph/routes/fragility";
import { graphScoreRoutes } from "../../lib/api/groups/graph/routes/scores";
import { graphScreenRoutes as routes } from "../../lib/api/groups/graph/routes/screen";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { ScreenRow } from "../../lib/graph/screen/fields";
import { SCREEN_PRESETS } from "../../lib/graph/screen/presets";
import type { ScreenRequest } from "../../lib/graph/screen/request";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The graph screener on the simulated world at EXAMPLE_TIME: every preset runs and each row it
 * returns passes its filters (checked here against the day's rows, independently of the
 * screen's own code), in its sort order; the rows carry the per-company endpoints' figures;
 * custom screens echo their definition; refusals name the field.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);

/** Whether `row` passes every filter of the request (bounds inclusive, text any case). */
function passes(row: ScreenRow, filters: ScreenRequest["filters"]): boolean {
  return Object.entries(filters).every(([field, filter]) => {
    const value = row[field as keyof ScreenRow];
    if (value === null || value === undefined) return false;
    if (filter && "in" in filter) {
      return filter.in.some((wanted) => wanted.toLowerCase() === String(value).toLowerCase());
    }
    const { min, max } = (filter ?? {}) as { min?: number; max?: number };
    return (
      (min === undefined || (value as number) >= min) &&
      (max === undefined || (value as number) <= max)
    );
  });
}

describe("the graph screener's presets", () => {
  it("each runs, returns only rows passing its filters, in its order, and finds some", async () => {
    const { rows } = await screenRows(deps);
    const byCode = new Map(rows.map((row) => [row.code, row]));
    for (const preset of SCREEN_PRESETS) {
      const answer = await callRoute(
        routes.runScreenerPreset,
        { params: { presetName: preset.name } },
        deps,
      );
      const expected = rows.filter((row) => passes(row, preset.request.filters));
      expect(answer.matched, preset.name).toBe(expected.length);
      expect(answer.matched, `${preset.name} finds no company`).toBeGreaterThan(0);
      expect(answer.rows.length).toBe(Math.min(expected.length, preset.request.limit));
      const { field, order } = preset.request.sort;
      const sorted = answer.rows.map((result) => byCode.get(result.code)?.[field] as number);
      const inOrder = [...sorted].sort((a, b) => (order === "asc" ? a - b : b - a));
      expect(sorted, preset.name).toEqual(inOrder);
      for (const result of answer.rows) {
        const row = byCode.get(result.code) as ScreenRow;
        expect(passes(row, preset.request.filters), `${preset.name} ${result.code}`).toBe(true);
        expect((result as Record<string, unknown>)[field], preset.name).toBe(row[field]);
      }
    }
  });

  it("are listed with their definitions and the fields", async () => {
    const answer = await callRoute(routes.screenerPresets, {}, deps);
    expect(answer.presets.map((preset) => preset.name)).toEqual(SCREEN_PRESETS.map((p) => p.name));
    expect(answer.fields.find((field) => field.field === "score")).toMatchObject({
      kind: "number",
      min: 0,
      max: 100,
    });
    expect(answer.fields.find((field) => field.field === "sector")?.kind).toBe("text");
    const unknown = await refusal(() =>
      callRoute(routes.runScreenerPreset, { params: { presetName: "cheap-stocks" } }, deps),
    );
    expect(unknown).toMatchObject({ status: 404, code: "PRESET_NOT_FOUND" });
    expect(unknown.message).toContain("cheap-stocks");
  });
});

describe("POST /graph/screen and /graph/screener/custom", () => {
  it("serve the figures of the per-company endpoints", async () => {
    const { rows } = await screenRows(deps);
    const row = rows.find((r) => r.code === "AAPL_NASDAQ") as ScreenRow;
    const [score, fragility] = await Promise.all([
      callRoute(graphScoreRoutes.score, { params: { code: "AAPL_NASDAQ" } }, deps),
      callRoute(graphFragilityRoutes.fragility, { params: { code: "AAPL_NASDAQ" } }, deps),
    ]);
    expect(row.score).toBe(score.score);
    expect(row.scoreChange1w).toBe(score.changeOneWeek);
    for (const component of score.components) {
      expect(row[component.name], component.name).toBe(component.value);
    }
    expect(row.fragility).toBe(fragility.fragility);
    expect(row.altmanZ).toBe(fragility.altmanZ?.z);
    expect(row.nextEarningsDate).toBe("2027-01-27");
  });

  it("screen with filters, sort and limit, and custom screens echo their definition", async () => {
    const body = {
      filters: { score: { min: 50 }, sector: { in: ["information technology"] } },
      sort: { field: "fragility", order: "asc" },
      limit: 5,
    };
    const answer = await callRoute(routes.screen, { body }, deps);
    expect(answer.universe).toBe(130);
    expect(answer.rows.length).toBeLessThanOrEqual(5);
    for (const result of answer.rows as Record<string, unknown>[]) {
      expect(result.sector).toBe("Information Technology");
      expect(result.score as number).toBeGreaterThanOrEqual(50);
      expect(Object.keys(result).sort()).toEqual(["code", "fragility", "name", "score", "sector"]);
    }
    const custom = await callRoute(
      routes.customScreen,
      { body: { name: "Sound technology", ...body } },
      deps,
    );
    expect(custom.definition).toMatchObject({
      name: "Sound technology",
      description: null,
      limit: 5,
    });
    expect(custom.rows).toEqual(answer.rows);
  });

  it("refuse an unknown filter, a bad range and a value of the wrong kind, naming the field", async () => {
    const screen = (body: unknown) => () => callRoute(routes.screen, { body: body as never }, deps);
    await expectInvalid(screen({ filters: { momentum: { min: 1 } } }), "momentum");
    await expectInvalid(screen({ filters: { score: { min: 70, max: 60 } } }), "filters.score.min");
    await expectInvalid(screen({ filters: { fragility: { max: 140 } } }), "filters.fragility.max");
    await expectInvalid(screen({ filters: { score: { in: ["high"] } } }), "filters.score");
    await expectInvalid(screen({ limit: 0 }), "limit");
    await expectInvalid(
      () => callRoute(routes.customScreen, { body: { name: "", filters: {} } }, deps),
      "name",
    );
  });
});
