/**
 * The graph screener's rows and its field catalogue: what each filterable field means, its
 * unit and the values a filter on it may name. The catalogue drives the request schema
 * (request.ts), the route docs and the presets answer.
 */

/** One listed stock on the day, as the screener sees it. */
export interface ScreenRow {
  code: string;
  name: string;
  sector: string | null;
  industry: string | null;
  marketCapUsd: number | null;
  /** The composite graph score 0-100 and its components 0-100 (null: not computable for this stock). */
  score: number | null;
  insiderActivity: number | null;
  institutionalFlow: number | null;
  supplyChainHealth: number | null;
  newsSentiment: number | null;
  technicalTrend: number | null;
  optionsPositioning: number | null;
  valuation: number | null;
  /** score now minus score 5 sessions ago (points). */
  scoreChange1w: number | null;
  /** Fragility 0-100 (higher = more fragile) and its Altman Z. */
  fragility: number | null;
  altmanZ: number | null;
  /** Open-market insider purchases minus sales over 90 days, USD; distinct insiders buying in 90 days. */
  insiderNetBuyingUsd90d: number | null;
  insiderBuyers90d: number | null;
  /** Change of the shares 13F filers report holding, latest quarter over the one before, percent of shares outstanding. */
  institutionalFlowPercent: number | null;
  /** Calendar days to the next scheduled earnings report (0 = today); null when none is scheduled. */
  daysToEarnings: number | null;
  nextEarningsDate: string | null;
}

/** Fields a filter may name: every row field but the identity and the earnings date. */
export type ScreenField = Exclude<keyof ScreenRow, "code" | "name" | "nextEarningsDate">;

/** Filterable fields holding text (a filter lists the values to keep). */
export type TextField = "sector" | "industry";

/** Filterable fields holding numbers (a filter bounds them; the sort may name them). */
export type NumberField = Exclude<ScreenField, TextField>;

/** A numeric field: filter bounds must lie in [min, max]. */
export interface NumberFieldSpec {
  kind: "number";
  min: number;
  max: number;
  unit: string;
  description: string;
}

/** A text field: a filter lists values to keep, from `values` when the set is closed. */
export interface TextFieldSpec {
  kind: "string";
  /** The allowed values (matched case-insensitively); null: any text. */
  values: readonly string[] | null;
  unit: null;
  description: string;
}

export type FieldSpec = NumberFieldSpec | TextFieldSpec;

/** The eleven GICS sectors, as the market data names them. */
export const GICS_SECTORS = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
] as const;

const points = (description: string, min = 0, max = 100): NumberFieldSpec => ({
  kind: "number",
  min,
  max,
  unit: "points",
  description,
});

const component = (what: string) =>
  points(`Score component 0-100: ${what} (higher is better for the stock)`);

/**
 * Every filterable field, in the order the docs list them. Number ranges bound the values a
 * filter may use (generous where the data itself is unbounded, e.g. Altman Z).
 */
export const SCREEN_FIELDS: Readonly<Record<TextField, TextFieldSpec>> &
  Readonly<Record<NumberField, NumberFieldSpec>> = {
  sector: {
    kind: "string",
    values: GICS_SECTORS,
    unit: null,
    description: "GICS sector (one of the eleven); a stock without one never matches",
  },
  industry: {
    kind: "string",
    values: null,
    unit: null,
    description: "GICS-style industry name, e.g. Semiconductors (exact name, any case)",
  },
  marketCapUsd: {
    kind: "number",
    min: 0,
    max: 1e14,
    unit: "USD",
    description: "Market capitalisation: last price × shares outstanding",
  },
  score: points("Composite graph score 0-100 (GET /graph/{code}/score)"),
  insiderActivity: component("insider buying and selling"),
  institutionalFlow: component("13F institutions adding or cutting"),
  supplyChainHealth: component("health of suppliers and customers"),
  newsSentiment: component("tone of recent news"),
  technicalTrend: component("price trend and momentum"),
  optionsPositioning: component("options market positioning"),
  valuation: component("valuation against fundamentals"),
  scoreChange1w: points("Score now minus the score 5 sessions ago", -100, 100),
  fragility: points("Fragility 0-100, higher = more fragile (GET /graph/{code}/fragility)"),
  altmanZ: {
    kind: "number",
    min: -1000,
    max: 1000,
    unit: "ratio",
    description:
      "Altman Z = 1.2A + 1.4B + 3.3C + 0.6D + 1.0E; below 1.81 distress, above 2.99 safe",
  },
  insiderNetBuyingUsd90d: {
    kind: "number",
    min: -1e12,
    max: 1e12,
    unit: "USD",
    description: "Open-market insider purchases minus sales over the last 90 days",
  },
  insiderBuyers90d: {
    kind: "number",
    min: 0,
    max: 10_000,
    unit: "insiders",
    description: "Distinct insiders with an open-market purchase in the last 90 days",
  },
  institutionalFlowPercent: {
    kind: "number",
    min: -100,
    max: 100,
    unit: "percent of shares outstanding",
    description:
      "Change of the shares 13F filers hold, latest quarter over the one before, as a percent of shares outstanding",
  },
  daysToEarnings: {
    kind: "number",
    min: 0,
    max: 366,
    unit: "calendar days",
    description:
      "Days to the next scheduled earnings report (0 = today); a stock with none scheduled never matches",
  },
};

export const TEXT_FIELDS: readonly TextField[] = ["sector", "industry"];

export const NUMBER_FIELDS = (Object.keys(SCREEN_FIELDS) as ScreenField[]).filter(
  (field): field is NumberField => SCREEN_FIELDS[field].kind === "number",
);
