import { array, int, number, object, strictObject, string, enum as zEnum } from "zod";
import { NUMBER_FIELDS, SCREEN_FIELDS, TEXT_FIELDS } from "../../../../graph/screen/fields";
import { SCREEN_PRESETS } from "../../../../graph/screen/presets";
import { SCREEN_LIMIT, screenRequestFields } from "../../../../graph/screen/request";
import { screenResultSchema } from "../../../../graph/screen/run";
import { groupRoutes } from "../../../route";
import { isoDay } from "./schemas";

/** Company graph, part 2: screening every listed company on the day's graph figures. */

const fieldList = Object.entries(SCREEN_FIELDS)
  .map(([field, spec]) => `${field} (${spec.description}${spec.unit ? `, ${spec.unit}` : ""})`)
  .join("; ");

const SCREEN_RULES =
  `Filters: ${TEXT_FIELDS.join(" and ")} take {"in": [values]} (1-20, any case); the numeric ` +
  `fields take {"min", "max"} (inclusive, at least one, min ≤ max, inside the field's range). ` +
  "A stock must pass every filter; a stock whose field is null never passes a filter on it; " +
  "no filter keeps every stock. `sort` {field: any numeric field, order: asc|desc} (default " +
  `score desc; nulls last, ties by code); \`limit\` 1-${SCREEN_LIMIT.max} (default ` +
  `${SCREEN_LIMIT.default}). 400 INVALID_PARAMETER naming an unknown filter or key, a bad ` +
  "range or a value of the wrong kind (e.g. filters.score.min). The fields, as of the graph " +
  "day: score and its components as GET /graph/{code}/score (as of the last session's close), " +
  "fragility and altmanZ as GET /graph/{code}/fragility, insider figures from the score's " +
  "insiderActivity inputs (net = purchases − sales, USD), institutionalFlowPercent from its " +
  "institutionalFlow inputs, daysToEarnings from the earnings calendar. Fields: " +
  fieldList;

const screenAnswer = {
  asOf: isoDay("The session the scores are as of"),
  graphDay: isoDay("The New York day the graph was built for"),
  provider: string(),
  universe: int().meta({ description: "Companies screened" }),
  matched: int().meta({ description: "Companies passing every filter (before the limit)" }),
  rows: array(screenResultSchema),
};

const SCREEN_ERRORS = ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"] as const;

const presetSchema = object({
  name: string().meta({ description: "The slug GET /graph/screener/run/{presetName} takes" }),
  title: string(),
  description: string(),
  request: object({
    filters: object({}).catchall(object({}).passthrough()),
    sort: object({ field: string(), order: zEnum(["asc", "desc"]) }),
    limit: int(),
  }).meta({ description: "The screen it runs, as POST /graph/screen takes it" }),
});

export const graphScreenRoutes = groupRoutes("graph", {
  screen: {
    method: "POST",
    path: "/graph/screen",
    auth: "key",
    errors: SCREEN_ERRORS,
    summary:
      "Screen every listed company on its score, fragility, insiders, institutions and events",
    description: SCREEN_RULES,
    body: strictObject(screenRequestFields),
    response: object(screenAnswer),
  },
  screenerPresets: {
    method: "GET",
    path: "/graph/screener/presets",
    auth: "key",
    errors: [],
    summary: "Named screens with descriptions and their filter definitions",
    description:
      `The ${SCREEN_PRESETS.length} presets GET /graph/screener/run/{presetName} runs, each with ` +
      "the request it sends to the screen (defaults written out), and the fields a screen takes.",
    response: object({
      presets: array(presetSchema),
      fields: array(
        object({
          field: string(),
          kind: zEnum(["number", "text"]).meta({
            description: "number: filter with min and max; text: filter with in",
          }),
          unit: string().nullable(),
          description: string(),
          min: number().nullable(),
          max: number().nullable(),
        }),
      ),
    }),
  },
  runScreenerPreset: {
    method: "GET",
    path: "/graph/screener/run/{presetName}",
    auth: "key",
    errors: ["PRESET_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Run a named screen",
    description:
      "Runs the preset's request (GET /graph/screener/presets) as POST /graph/screen would. " +
      "404 PRESET_NOT_FOUND for an unknown preset name (the answer lists the known ones).",
    params: object({
      presetName: string()
        .max(64)
        .meta({ description: `One of ${SCREEN_PRESETS.map((p) => p.name).join(", ")}` }),
    }),
    response: object({
      preset: presetSchema,
      ...screenAnswer,
    }),
  },
  customScreen: {
    method: "POST",
    path: "/graph/screener/custom",
    auth: "key",
    errors: SCREEN_ERRORS,
    summary: "Run a saved-style screen definition once",
    description:
      "A screen definition as a saved screen would hold it: an optional name and description " +
      "with the filters, sort and limit of POST /graph/screen (same validation), run once and " +
      "echoed back with the defaults filled in. Nothing is stored.",
    body: strictObject({
      name: string().trim().min(1).max(80).optional().meta({ description: "1-80 characters" }),
      description: string().max(500).optional().meta({ description: "At most 500 characters" }),
      ...screenRequestFields,
    }),
    response: object({
      definition: object({
        name: string().nullable(),
        description: string().nullable(),
        filters: object({}).catchall(object({}).passthrough()),
        sort: object({
          field: zEnum(NUMBER_FIELDS as [string, ...string[]]),
          order: zEnum(["asc", "desc"]),
        }),
        limit: int(),
      }),
      ...screenAnswer,
    }),
  },
});
