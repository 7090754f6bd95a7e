import { array, coerce, int, iso, number, object, string, union, enum as zEnum } from "zod";
import { NUMBER_FIELDS, TEXT_FIELDS } from "../../../screener/fields";
import { SCAN_PRESETS } from "../../../screener/presets";
import { OPERATORS, SCAN_LIMIT, scanRequestSchema } from "../../../screener/scan";
import { groupRoutes } from "../../route";
import { MODEL_NOTE, model, prediction } from "../../schemas/earnings-predictions";

/** The stock screener: named screens, a scan over every listed stock, and earnings predictions. */

const ROWS_NOTE =
  "One row per listed stock, computed once per minute of the market clock from the code of the " +
  "endpoints each field names (GET /screener/presets lists them): the daily tape (price, change, " +
  "volume, relative volume, returns; as /market/analysis), RSI and moving averages (as " +
  "/graph/{code}/technicals), the ratios and growth of the trailing twelve months (as " +
  "/fundamentals/{code}/ratios) and the 30-day ATM IV with its rank (as /options/{code}/iv-rank). " +
  "A field a stock lacks is null (no options: no IV; fewer than eight quarters: no growth).";

const filterSchema = object({
  field: string(),
  operator: zEnum(OPERATORS),
  value: union([number(), string(), array(union([number(), string()]))]),
});

const presetSchema = object({
  name: string().meta({ description: "The slug GET /screener/presets/{presetName} takes" }),
  title: string(),
  description: string(),
  request: object({
    filters: array(filterSchema),
    sort: object({ field: string(), order: zEnum(["asc", "desc"]) }),
    limit: int(),
  }).meta({ description: "The scan it runs, as POST /screener/scan takes it" }),
});

const scanRow = object({
  code: string(),
  name: string(),
})
  .catchall(union([number(), string()]).nullable())
  .meta({ description: "code and name, then each field filtered on and the sort field" });

const scanAnswer = {
  asOf: iso.datetime().meta({ description: "The market clock (the minute scanned), ISO 8601 UTC" }),
  universe: int().meta({ description: "Stocks scanned" }),
  matched: int().meta({ description: "Stocks passing every filter (before the limit)" }),
  rows: array(scanRow),
};

export const screenerRoutes = groupRoutes("screener", {
  presets: {
    method: "GET",
    path: "/screener/presets",
    auth: "key",
    errors: [],
    summary: "Named screens with their filter definitions, and the fields a scan takes",
    description:
      `The ${SCAN_PRESETS.length} presets (value, growth, dividend, momentum, quality, oversold, ` +
      "high IV rank, large-cap laggards) with the scan each runs, and the field catalogue: " +
      "kind, unit, description and the endpoint whose code computes the field.",
    response: object({
      presets: array(presetSchema),
      fields: array(
        object({
          field: string(),
          kind: zEnum(["number", "text"]),
          unit: string().nullable(),
          description: string(),
          source: string().nullable(),
        }),
      ),
    }),
  },
  preset: {
    method: "GET",
    path: "/screener/presets/{presetName}",
    auth: "key",
    errors: ["PRESET_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Run a named screen",
    description:
      "The preset's definition and its results, as POST /screener/scan answers its request. " +
      `404 PRESET_NOT_FOUND for an unknown name. ${ROWS_NOTE}`,
    params: object({
      presetName: string()
        .max(64)
        .meta({ description: `One of ${SCAN_PRESETS.map((p) => p.name).join(", ")}` }),
    }),
    response: object({ preset: presetSchema, ...scanAnswer }),
  },
  scan: {
    method: "POST",
    path: "/screener/scan",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Scan every listed stock with filters on fundamentals, ratios, technicals and options",
    description:
      "`filters`: a list of {field, operator, value}, all of which must hold; operators gt, gte, " +
      "lt, lte and eq take a number (eq also a text for a text field), between takes [low, high] " +
      "(inclusive), in takes a list of texts (any case); a stock whose field is null never " +
      `passes. Number fields: ${Object.keys(NUMBER_FIELDS).join(", ")}; text fields: ` +
      `${Object.keys(TEXT_FIELDS).join(", ")}. \`sort\` {field: a number field, order} (default ` +
      `marketCapUsd desc; nulls last, ties by code); \`limit\` 1-${SCAN_LIMIT.max} (default ` +
      `${SCAN_LIMIT.default}). 400 INVALID_PARAMETER naming an unknown field or operator, or a ` +
      `value of the wrong kind (e.g. filters[0].field). ${ROWS_NOTE}`,
    body: scanRequestSchema,
    response: object(scanAnswer),
  },
  earningsPredictions: {
    method: "GET",
    path: "/screener/earnings-predictions",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "The earnings model's upcoming predictions as a screen",
    description:
      "Every stock whose next report falls within `days` (1-14, default 14) calendar days, with " +
      "the same prediction as GET /graph/earnings-predictions/upcoming (the same code), filtered " +
      "by `minBeatProbability` (0-1) and sorted by `sort`: date (soonest first, the default), " +
      `beatProbability or predictedMove (largest first); \`limit\` 1-130 (20). ${MODEL_NOTE}`,
    query: object({
      days: coerce
        .number()
        .int()
        .min(1)
        .max(14)
        .default(14)
        .meta({ description: "1-14, default 14" }),
      minBeatProbability: coerce.number().min(0).max(1).default(0).meta({
        description: "Keep predictions at least this likely to beat, 0-1, default 0",
      }),
      sort: zEnum(["date", "beatProbability", "predictedMove"]).default("date"),
      limit: coerce
        .number()
        .int()
        .min(1)
        .max(130)
        .default(20)
        .meta({ description: "1-130, default 20" }),
    }),
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
      window: object({ from: iso.date(), to: iso.date() }),
      scheduled: int().meta({ description: "Stocks reporting in the window" }),
      matched: int().meta({ description: "Predictions passing minBeatProbability" }),
      predictions: array(prediction),
      model,
    }),
  },
});
