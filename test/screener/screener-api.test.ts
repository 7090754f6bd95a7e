import { describe, expect, it } from "vitest";
import { fundamentalsRoutes } from "../../lib/api/groups/fundamentals/routes";
import { graphPredictionRoutes } from "../../lib/api/groups/graph/routes/predictions";
import { optionsVolatilityRoutes } from "../../lib/api/groups/options/routes/volatility";
import { screenerRoutes as routes } from "../../lib/api/groups/screener/routes";
import { scanRows } from "../../lib/api/groups/screener/rows";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { ScanRow } from "../../lib/screener/fields";
import { SCAN_PRESETS } from "../../lib/screener/presets";
import type { ScanRequest } from "../../lib/screener/scan";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The stock screener on the simulated world at EXAMPLE_TIME: every preset runs, finds stocks,
 * and each row passes its filters (checked here, independently of the scan's code) in its
 * order; rows carry the figures of the endpoints they cite; the earnings predictions are the
 * graph's; refusals name the field or operator.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);

/** Whether `row` passes `filter`, written out here for the test. */
function holds(row: ScanRow, filter: ScanRequest["filters"][number]): boolean {
  const actual = row[filter.field];
  if (actual === null) return false;
  const v = filter.value;
  if (filter.operator === "in" || typeof actual === "string") {
    const wanted = (Array.isArray(v) ? v : [v]).map((x) => String(x).toLowerCase());
    return wanted.includes(String(actual).toLowerCase());
  }
  const n = actual as number;
  if (filter.operator === "between") {
    const [low, high] = v as number[];
    return n >= (low as number) && n <= (high as number);
  }
  const limit = v as number;
  return { gt: n > limit, gte: n >= limit, lt: n < limit, lte: n <= limit, eq: n === limit }[
    filter.operator
  ] as boolean;
}

describe("the stock screener's presets", () => {
  it("each finds stocks, every row passing its filters, in its order", async () => {
    const { rows } = await scanRows(deps);
    const byCode = new Map(rows.map((row) => [row.code, row]));
    for (const preset of SCAN_PRESETS) {
      const answer = await callRoute(routes.preset, { params: { presetName: preset.name } }, deps);
      const expected = rows.filter((row) => preset.request.filters.every((f) => holds(row, f)));
      expect(answer.matched, preset.name).toBe(expected.length);
      expect(answer.matched, `${preset.name} finds no stock`).toBeGreaterThan(0);
      const { field, order } = preset.request.sort;
      const values = answer.rows.map((r) => byCode.get(r.code)?.[field] as number);
      expect(values, preset.name).toEqual(
        [...values].sort((a, b) => (order === "asc" ? a - b : b - a)),
      );
    }
    const unknown = await refusal(() =>
      callRoute(routes.preset, { params: { presetName: "cheap" } }, deps),
    );
    expect(unknown).toMatchObject({ status: 404, code: "PRESET_NOT_FOUND" });
  });

  it("are listed with the field catalogue", async () => {
    const answer = await callRoute(routes.presets, {}, deps);
    expect(answer.presets.map((p) => p.name)).toEqual(SCAN_PRESETS.map((p) => p.name));
    expect(answer.fields.find((f) => f.field === "ivRank")?.source).toBe("/options/{code}/iv-rank");
  });
});

describe("POST /screener/scan", () => {
  it("serves the figures of the endpoints each field cites", async () => {
    const { rows } = await scanRows(deps);
    const row = rows.find((r) => r.code === "AAPL_NASDAQ") as ScanRow;
    const [ratios, iv] = await Promise.all([
      callRoute(fundamentalsRoutes.ratios, { params: { code: "AAPL_NASDAQ" } }, deps),
      callRoute(optionsVolatilityRoutes.ivRank, { params: { code: "AAPL_NASDAQ" } }, deps),
    ]);
    expect(row.peTrailing).toBe(ratios.valuation.peTrailing);
    expect(row.roePercent).toBe(ratios.profitability.roePercent);
    expect(row.marketCapUsd).toBe(ratios.inputs.marketCapUsd);
    expect(row.ivRank).toBe(iv.ivRank);
    expect(row.ivPercent).toBe(iv.currentImpliedVolatility);
  });

  it("filters with every operator and refuses unknown fields and operators by name", async () => {
    const scan = (body: unknown) => callRoute(routes.scan, { body: body as never }, deps);
    const answer = await scan({
      filters: [
        { field: "sector", operator: "in", value: ["information technology", "Energy"] },
        { field: "rsi14", operator: "between", value: [30, 70] },
        { field: "marketCapUsd", operator: "gte", value: 1e10 },
      ],
      sort: { field: "rsi14", order: "asc" },
      limit: 200,
    });
    expect(answer.universe).toBe(130);
    for (const row of answer.rows as Record<string, unknown>[]) {
      expect(["Information Technology", "Energy"]).toContain(row.sector);
      expect(row.rsi14 as number).toBeGreaterThanOrEqual(30);
      expect(Object.keys(row).sort()).toEqual(["code", "marketCapUsd", "name", "rsi14", "sector"]);
    }
    await expectInvalid(
      () => scan({ filters: [{ field: "momentum", operator: "gt", value: 1 }] }),
      "filters[0].field",
    );
    await expectInvalid(
      () => scan({ filters: [{ field: "rsi14", operator: "above", value: 1 }] }),
      "filters[0].operator",
    );
    await expectInvalid(
      () => scan({ filters: [{ field: "rsi14", operator: "between", value: [70, 30] }] }),
      "filters[0].value",
    );
    await expectInvalid(
      () => scan({ filters: [{ field: "sector", operator: "gt", value: 3 }] }),
      "filters[0].value",
    );
    await expectInvalid(() => scan({ limit: 0 }), "limit");
  });
});

describe("GET /screener/earnings-predictions", () => {
  it("serves the graph's upcoming predictions, filtered and sorted", async () => {
    const [screen, graph] = await Promise.all([
      callRoute(routes.earningsPredictions, { query: { days: "7", limit: "130" } }, deps),
      callRoute(
        graphPredictionRoutes.upcomingEarningsPredictions,
        { query: { days: "7", limit: "130" } },
        deps,
      ),
    ]);
    expect(screen.predictions).toEqual(graph.predictions);
    const likely = await callRoute(
      routes.earningsPredictions,
      { query: { days: "7", minBeatProbability: "0.7", sort: "beatProbability" } },
      deps,
    );
    const probabilities = likely.predictions.map((p) => p.beatProbability);
    expect(probabilities.every((p) => p >= 0.7)).toBe(true);
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
  });
});
