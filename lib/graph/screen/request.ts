import {
  array,
  type input,
  int,
  number,
  type output,
  type RefinementCtx,
  strictObject,
  string,
  enum as zEnum,
} from "zod";
import {
  NUMBER_FIELDS,
  type NumberField,
  type NumberFieldSpec,
  SCREEN_FIELDS,
  type TextField,
  type TextFieldSpec,
} from "./fields";

/**
 * The screen request: filters on catalogued fields (fields.ts), a sort and a limit. Strict
 * objects throughout, so an unknown filter (or a misspelt key) is a 400 naming it rather than
 * a screen that silently ignores it; bad bounds are 400s whose path names the field
 * (`filters.score.min`).
 */

export const SCREEN_LIMIT = { default: 25, max: 200 } as const;
/** Values one text filter may list. */
export const MAX_FILTER_VALUES = 20;
const MAX_VALUE_LENGTH = 100;

export const DEFAULT_SORT = { field: "score", order: "desc" } as const;

/** Why a key was refused inside one filter: which keys that filter's kind takes. */
const filterKeysError =
  (takes: string) =>
  (issue: { code: string; keys?: string[] }): string | undefined =>
    issue.code === "unrecognized_keys"
      ? `has unknown field ${issue.keys?.join(", ")}: this filter takes ${takes}`
      : undefined;

const bound = ({ min, max, unit }: NumberFieldSpec, which: string) =>
  number()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .optional()
    .meta({ description: `${which} (inclusive), ${unit}, ${min} to ${max}` });

function checkBounds(value: { min?: number; max?: number }, ctx: RefinementCtx): void {
  if (value.min === undefined && value.max === undefined) {
    ctx.addIssue({ code: "custom", message: "must have min, max or both", path: [] });
  } else if (value.min !== undefined && value.max !== undefined && value.min > value.max) {
    ctx.addIssue({
      code: "custom",
      message: `must not be greater than max (${value.max})`,
      path: ["min"],
    });
  }
}

/** `{min?, max?}`: keeps the rows whose value lies in [min, max]. */
const numberFilter = (field: NumberField) => {
  const spec = SCREEN_FIELDS[field];
  return strictObject(
    { min: bound(spec, "Lowest value kept"), max: bound(spec, "Highest value kept") },
    { error: filterKeysError("min and/or max (a number field)") },
  )
    .superRefine(checkBounds)
    .optional()
    .meta({ description: `${spec.description}. Unit: ${spec.unit}` });
};

const knownValue = (values: readonly string[]) => {
  const known = new Set(values.map((v) => v.toLowerCase()));
  return (value: string) => known.has(value.toLowerCase());
};

const textValue = ({ values }: TextFieldSpec) => {
  const text = string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_VALUE_LENGTH, `must be at most ${MAX_VALUE_LENGTH} characters`);
  return values === null
    ? text
    : text.refine(knownValue(values), `must be one of ${values.join(", ")}`);
};

/** `{in: [...]}`: keeps the rows whose value is one of those listed (any case). */
const textFilter = (field: TextField) => {
  const spec = SCREEN_FIELDS[field];
  const listed = spec.values === null ? "" : ` (${spec.values.join(", ")})`;
  return strictObject(
    {
      in: array(textValue(spec), {
        error: (issue) =>
          issue.input === undefined ? "required: a text filter takes in: [values]" : undefined,
      })
        .min(1, "must list at least one value")
        .max(MAX_FILTER_VALUES, `must list at most ${MAX_FILTER_VALUES} values`)
        .meta({ description: `Values kept, 1-${MAX_FILTER_VALUES}, any case${listed}` }),
    },
    { error: filterKeysError("in: [values] (a text field)") },
  )
    .optional()
    .meta({ description: spec.description });
};

const filters = strictObject({
  sector: textFilter("sector"),
  industry: textFilter("industry"),
  marketCapUsd: numberFilter("marketCapUsd"),
  score: numberFilter("score"),
  insiderActivity: numberFilter("insiderActivity"),
  institutionalFlow: numberFilter("institutionalFlow"),
  supplyChainHealth: numberFilter("supplyChainHealth"),
  newsSentiment: numberFilter("newsSentiment"),
  technicalTrend: numberFilter("technicalTrend"),
  optionsPositioning: numberFilter("optionsPositioning"),
  valuation: numberFilter("valuation"),
  scoreChange1w: numberFilter("scoreChange1w"),
  fragility: numberFilter("fragility"),
  altmanZ: numberFilter("altmanZ"),
  insiderNetBuyingUsd90d: numberFilter("insiderNetBuyingUsd90d"),
  insiderBuyers90d: numberFilter("insiderBuyers90d"),
  institutionalFlowPercent: numberFilter("institutionalFlowPercent"),
  daysToEarnings: numberFilter("daysToEarnings"),
})
  .default({})
  .meta({
    description:
      "Filters, all of which a row must pass (AND); bounds inclusive; a row whose field is null " +
      "never passes a filter on it. Empty or absent: every stock.",
  });

const sort = strictObject({
  field: zEnum(NUMBER_FIELDS as [NumberField, ...NumberField[]]).meta({
    description: "Any numeric filter field",
  }),
  order: zEnum(["asc", "desc"]).default("desc").meta({ description: "Default desc" }),
})
  .default({ ...DEFAULT_SORT })
  .meta({
    description: "Default score desc; rows whose sort field is null come last, ties by code",
  });

/** The request fields, for a route that adds its own (e.g. a saved definition's name). */
export const screenRequestFields = {
  filters,
  sort,
  limit: int("must be a whole number")
    .min(1, "must be at least 1")
    .max(SCREEN_LIMIT.max, `must be at most ${SCREEN_LIMIT.max}`)
    .default(SCREEN_LIMIT.default)
    .meta({
      description: `Rows returned, 1-${SCREEN_LIMIT.max}; default ${SCREEN_LIMIT.default}`,
    }),
};

/** The body of POST /graph/screen and /graph/screener/custom. */
export const screenRequestSchema = strictObject(screenRequestFields);

/** A validated request, defaults filled in. */
export type ScreenRequest = output<typeof screenRequestSchema>;
/** A request as a client may send it. */
export type ScreenRequestInput = input<typeof screenRequestSchema>;
export type ScreenFilters = ScreenRequest["filters"];
