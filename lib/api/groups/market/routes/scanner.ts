import { array, boolean, int, nullable, number, object, string, enum as zEnum } from "zod";
import {
  SCAN_LIMIT,
  SCANNER_FILTERS,
  SCANNER_TYPES,
  TRENDING_LIMIT,
} from "../../../../market/scanner";
import { groupRoutes } from "../../../route";

/** The scanner and trending endpoints of the market group (see ./index.ts). */

/** The only instrument and location ids served: 1 = US stocks, 1 = US. */
const usOnly = (what: string) =>
  int("must be an integer")
    .min(1, `only 1 (${what}) is supported`)
    .max(1, `only 1 (${what}) is supported`)
    .default(1)
    .meta({ description: `1 = ${what}, the only value supported; default 1` });

export const MAX_SCAN_FILTERS = 20;

export const scanFilterSchema = object({
  id: int("must be an integer").meta({
    description: "A filter id from GET /market/scanner/filters",
  }),
  code: string().meta({ description: "That filter's code, e.g. priceAbove; must match id" }),
  min: number().optional().meta({ description: "Inclusive lower bound on the filter's field" }),
  max: number().optional().meta({ description: "Inclusive upper bound on the filter's field" }),
}).refine(
  (filter) => filter.min === undefined || filter.max === undefined || filter.min <= filter.max,
  {
    message: "must not be greater than max",
    path: ["min"],
  },
);

export const scanBodySchema = object({
  scannerTypeId: int("must be an integer").meta({
    description: `A scanner type id from GET /market/scanner/types: ${SCANNER_TYPES.map(
      (type) => `${type.id} ${type.code}`,
    ).join(", ")}`,
  }),
  instrumentId: usOnly("US stocks"),
  locationId: usOnly("US"),
  custom: boolean().default(false).meta({ description: "Accepted; has no effect" }),
  filters: array(scanFilterSchema)
    .max(MAX_SCAN_FILTERS, `must have at most ${MAX_SCAN_FILTERS} filters`)
    .default([]),
});

export const scannerTypeSchema = object({
  id: int(),
  displayName: string(),
  code: string(),
});

export const scannerFilterSchema = object({
  id: int(),
  displayName: string(),
  code: string(),
  type: zEnum(["DOUBLE"]),
  groupName: string(),
  defaultValueMin: number(),
  defaultValueMax: nullable(number()),
});

export const scannerRowSchema = object({
  symbol: string(),
  code: string().meta({ description: "Contract code SYMBOL_EXCHANGE" }),
  companyName: string(),
  exchange: string(),
  lastPrice: number().meta({
    description: "The live price (markPrice when present, else the last trade)",
  }),
  change: number().meta({
    description: "lastPrice − the prior settlement (the quote's previousClose), to the tick",
  }),
  changePercent: number().meta({ description: "Percent units (1.306 = 1.306 %), 4 decimals" }),
  volume: number().meta({ description: "Today's regular-session volume so far" }),
  marketCap: nullable(number()).meta({
    description:
      "Shares outstanding × live price, USD to the cent; null when the source has no share count",
  }),
});

export const trendingRowSchema = scannerRowSchema.extend({
  trendingRank: int().min(1).meta({ description: "1 = most attention" }),
});

const typeList = SCANNER_TYPES.map((type) => `${type.id} ${type.code} (${type.description})`).join(
  "; ",
);
const filterList = SCANNER_FILTERS.map((filter) => `${filter.id} ${filter.code}`).join(", ");

export const marketScannerRoutes = groupRoutes("market", {
  scannerTypes: {
    method: "GET",
    path: "/market/scanner/types",
    auth: "key",
    summary: "The scanner types",
    description: `Ids are stable. ${typeList}. Ties are broken by symbol.`,
    response: array(scannerTypeSchema),
  },
  scannerFilters: {
    method: "GET",
    path: "/market/scanner/filters",
    auth: "key",
    summary: "The scanner filters",
    description:
      `Ids are stable: ${filterList}. min and max are inclusive bounds on the filter's field ` +
      "whatever its name (…Above filters take min, …Below filters take max); a filter sent " +
      "with neither applies defaultValueMin and defaultValueMax (when not null).",
    response: array(scannerFilterSchema),
  },
  scan: {
    method: "POST",
    path: "/market/scanner/scan",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Run a scanner over US stocks and ETFs",
    description:
      `Ranks the stocks and ETFs that pass every filter by the scanner type; at most ${SCAN_LIMIT} ` +
      "rows. Filters and rankings apply to the rounded figures the rows show. 400 INVALID_PARAMETER naming scannerTypeId for an unknown type, filters[i].id or " +
      "filters[i].code for an unknown filter or an id and code that do not match, filters[i].min " +
      "when min is greater than max, instrumentId or locationId other than 1.",
    body: scanBodySchema,
    response: array(scannerRowSchema),
  },
  trending: {
    method: "GET",
    path: "/market/trending",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "The stocks and ETFs drawing the most attention today",
    description:
      `The top ${TRENDING_LIMIT} by an attention score: |changePercent| + 2 × relative volume ` +
      "(today's volume / average daily volume) + a noise draw in (0, 1) fixed for the UTC day.",
    response: array(trendingRowSchema),
  },
});
