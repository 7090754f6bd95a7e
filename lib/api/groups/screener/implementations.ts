import { isoDate } from "../../../market/civil-date";
import { nyWallClock } from "../../../market/ny-time";
import { NUMBER_FIELDS, TEXT_FIELDS } from "../../../screener/fields";
import { SCAN_PRESETS, scanPresetNamed } from "../../../screener/presets";
import { runScan, type ScanRequest } from "../../../screener/scan";
import { modelSummary, nextReport, predictionOf } from "../../earnings-predictions";
import { apiError } from "../../errors";
import { fromProvider } from "../../market-data";
import type { Implementations } from "../../route";
import type { screenerRoutes } from "./routes";
import { scanRows } from "./rows";
import type { ScreenerDeps } from "./shared";

export type { ScreenerDeps };

async function scanAnswer(deps: ScreenerDeps, request: ScanRequest) {
  const { tape, rows } = await scanRows(deps);
  const outcome = runScan(rows, request);
  return {
    asOf: new Date(tape.asOfMs).toISOString(),
    universe: rows.length,
    matched: outcome.matched,
    rows: outcome.rows,
  };
}

const fieldCatalogue = () => [
  ...Object.entries(NUMBER_FIELDS).map(([field, spec]) => ({
    field,
    kind: "number" as const,
    unit: spec.unit,
    description: spec.description,
    source: spec.source,
  })),
  ...Object.entries(TEXT_FIELDS).map(([field, spec]) => ({
    field,
    kind: "text" as const,
    unit: null,
    description: spec.description,
    source: null,
  })),
];

const SORTS = {
  date: () => 0,
  beatProbability: (a: { beatProbability: number }, b: { beatProbability: number }) =>
    b.beatProbability - a.beatProbability,
  predictedMove: (a: { predictedAbsMovePercent: number }, b: { predictedAbsMovePercent: number }) =>
    b.predictedAbsMovePercent - a.predictedAbsMovePercent,
} as const;

export const screenerImplementations: Implementations<typeof screenerRoutes, ScreenerDeps> = {
  "screener.presets": async () => ({
    presets: SCAN_PRESETS.map((preset) => ({ ...preset })),
    fields: fieldCatalogue(),
  }),

  "screener.preset": async ({ params }, deps) => {
    const preset = scanPresetNamed(params.presetName);
    if (!preset) {
      throw apiError("PRESET_NOT_FOUND", {
        name: params.presetName,
        known: SCAN_PRESETS.map((known) => known.name),
      });
    }
    return { preset, ...(await scanAnswer(deps, preset.request)) };
  },

  "screener.scan": async ({ body }, deps) => scanAnswer(deps, body),

  "screener.earningsPredictions": async ({ query }, deps) => {
    const now = deps.marketClock.now();
    const today = nyWallClock(now.getTime()).day;
    const stocks = (await fromProvider(() => deps.market.instruments()))
      .filter((i) => i.contractType === "Stock")
      .sort((a, b) => a.symbol.localeCompare(b.symbol));
    const scheduled = [];
    for (const instrument of stocks) {
      const report = await nextReport(deps, instrument, query.days);
      if (report) scheduled.push({ instrument, report });
    }
    scheduled.sort((a, b) => a.report.date.localeCompare(b.report.date));
    const predictions = [];
    for (const { instrument, report } of scheduled) {
      const prediction = await predictionOf(deps, instrument, report);
      if (prediction && prediction.beatProbability >= query.minBeatProbability) {
        predictions.push(prediction);
      }
    }
    // Stable: ties keep the date order (soonest first, then symbol).
    predictions.sort(SORTS[query.sort]);
    return {
      asOf: now.toISOString(),
      window: { from: isoDate(today), to: isoDate(today + query.days) },
      scheduled: scheduled.length,
      matched: predictions.length,
      predictions: predictions.slice(0, query.limit),
      model: modelSummary(),
    };
  },
};
