import { boolean, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { EDGE_TYPES } from "../../../../graph/graph";

/** Response parts and query parameters shared by the graph group's routes. */

export const isoInstant = (description: string) =>
  iso.datetime().meta({ description: `${description}, ISO 8601 UTC` });

export const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd` });

export const edgeType = zEnum(EDGE_TYPES as [string, ...string[]]).meta({
  description:
    "supplies-to (supplier → customer), competes-with and peer-of (undirected), officer-of, " +
    "director-of, owns (a person owning 10 % or more, or an institution's 13F holding; holder → " +
    "company), insider-traded (a person's Form 4 trades of the last 12 months)",
});

export const nodeKind = zEnum(["company", "person", "institution"]);

export const STRENGTH_NOTE =
  "Edge strength 0-1, comparable across types: supplies-to √(larger of the customer's cost " +
  "share and the supplier's revenue share); competes-with 0.6 + 0.4 × size closeness for the " +
  "same industry, 0.5 for a shared arena only; peer-of 0.5 + 0.5 × size closeness; officer-of " +
  "1 (chief executive or financial officer) or 0.8; director-of 0.6; owns 0.8 for a 10 % owner, " +
  "min(1, percent of shares outstanding / 10) for an institution; insider-traded min(1, " +
  "log10(1 + USD traded in 12 months) / 7). Size closeness = max(0, 1 − |log10(capA / capB)| / 2).";

export const strength = number().meta({ description: "0-1, see the route description" });

/** A company of the graph, listed or not. */
export const companyRef = object({
  id: string().meta({ description: "Node id: company:<ticker> or company:<slug> (unlisted)" }),
  name: string(),
  listed: boolean(),
  symbol: string().nullable().meta({ description: "Ticker; null for an unlisted company" }),
  code: string().nullable().meta({ description: "Contract code (AAPL_NASDAQ); null if unlisted" }),
  sector: string().nullable(),
  industry: string().nullable(),
  country: string()
    .nullable()
    .meta({ description: "ISO 3166-1 alpha-2 (unlisted companies); null when not tracked" }),
});

export const correlations = object({
  oneMonth: number().nullable(),
  threeMonths: number().nullable(),
  twelveMonths: number().nullable(),
}).meta({
  description:
    "Pearson correlation of the pair's daily log returns over the last 21, 63 and 252 sessions " +
    "(regular-session closes up to the clock), 4 decimals; null when either side is unlisted or " +
    "has too little history",
});

export const supplyRow = object({
  company: companyRef.meta({ description: "The other side of the relation" }),
  product: string().meta({ description: "What is supplied" }),
  customerCostSharePercent: number().nullable().meta({
    description: "The supplier's sales to the customer over the customer's cost of revenue",
  }),
  supplierRevenueSharePercent: number()
    .nullable()
    .meta({ description: "The customer's purchases over the supplier's revenue" }),
  strength,
  since: isoDay("First day of the relation"),
  source: zEnum(["simulated", "10-K"]),
  correlation: correlations,
});

export const graphAnswer = {
  symbol: string(),
  code: string(),
  asOf: isoInstant("The market clock"),
  graphDay: isoDay("The New York day the graph was built for (rebuilt daily)"),
  provider: string().meta({ description: "sim (the simulated world) or edgar" }),
};

export const limitQuery = (defaultLimit: number, max: number) =>
  coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(defaultLimit)
    .meta({ description: `Rows, 1-${max}, default ${defaultLimit}` });

export const cursorQuery = string()
  .max(200)
  .optional()
  .meta({ description: "The nextCursor of the previous page; absent for the first page" });

/** A comma-separated list of edge types (case-insensitive); absent = every type. */
export const edgeTypesQuery = string()
  .trim()
  .toLowerCase()
  .max(200)
  .optional()
  .refine(
    (text) =>
      text === undefined ||
      text.split(",").every((part) => (EDGE_TYPES as readonly string[]).includes(part.trim())),
    { message: `must be a comma-separated list of ${EDGE_TYPES.join(", ")}` },
  )
  .meta({ description: `Comma-separated edge types (${EDGE_TYPES.join(", ")}); default all` });

export const nodeSchema = object({
  id: string(),
  kind: nodeKind,
  label: string(),
  symbol: string().nullable(),
  code: string().nullable(),
  listed: boolean().nullable().meta({ description: "Companies: listed here or not" }),
  sector: string().nullable(),
  industry: string().nullable(),
  country: string().nullable(),
  cik: string().nullable().meta({ description: "People and institutions: SEC CIK" }),
  institutionKind: string().nullable(),
});

export const edgeDetail = object({})
  .catchall(string().or(number()).or(boolean()).nullable())
  .meta({
    description:
      "The edge's figures: supplies-to product, customerCostShare and supplierRevenueShare " +
      "(fractions 0-1), source; competes-with sameIndustry, arenas; peer-of sizeCloseness; " +
      "officer-of/director-of/owns (person) title, role; owns (institution) shares, valueUsd, " +
      "percentOfSharesOutstanding, accessionNumber; insider-traded trades, boughtUsd, soldUsd",
  });

export const edgeSchema = object({
  id: string().meta({ description: "Edge key, unique within one graph day" }),
  type: edgeType,
  source: string().meta({
    description: "Node id (the supplier, holder or person for directed types)",
  }),
  target: string(),
  directed: boolean(),
  strength,
  since: string().nullable().meta({ description: "yyyy-MM-dd; null when unknown" }),
  asOf: string().nullable().meta({
    description: "yyyy-MM-dd the figures are as of (a 13F's quarter end); null when timeless",
  }),
  detail: edgeDetail,
});

export const degreeSchema = object({
  type: edgeType,
  inbound: int(),
  outbound: int(),
  undirected: int(),
  total: int(),
});
