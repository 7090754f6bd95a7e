import { array, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";

/** Institutional holders from Form 13F. */

export const INSTITUTIONS_DEFAULT_LIMIT = 25;
export const INSTITUTIONS_MAX_LIMIT = 100;

const percent = (description: string) =>
  number()
    .nullable()
    .meta({
      description: `${description}, percent, 4 decimals; null when the market-data source has no shares outstanding`,
    });

const institution = object({
  cik: string().meta({ description: "SEC Central Index Key of the filer, 10 digits" }),
  name: string(),
  kind: zEnum(["index-fund", "asset-manager", "hedge-fund", "pension", "bank", "insurer"]).meta({
    description:
      "index-fund (passive, close to cap-weight), asset-manager (active long-only), hedge-fund, " +
      "pension (public or private retirement system), bank (trust and wealth departments), insurer",
  }),
  city: string().meta({ description: "City and state or country" }),
});

const holder = object({
  institution,
  status: zEnum(["new", "added", "reduced", "soldOut", "unchanged"]).meta({
    description:
      "Against the filer's previous quarter: new (not held then), added (more shares), reduced " +
      "(fewer, not zero), soldOut (no longer listed: shares 0), unchanged (the same shares)",
  }),
  quarterEnd: iso.date().meta({
    description:
      "Period of report of the filer's latest 13F (it may trail the answer's quarterEnd while " +
      "the filer has not filed the last quarter yet)",
  }),
  shares: int().meta({ description: "Shares held at quarterEnd; 0 when sold out" }),
  valueUsd: int().meta({
    description:
      "Market value at quarterEnd as filed, whole USD (shares × the quarter's last close)",
  }),
  percentOfSharesOutstanding: percent("shares / sharesOutstanding × 100"),
  previousQuarterEnd: iso.date().meta({ description: "The quarter before quarterEnd" }),
  previousShares: int().meta({ description: "Shares held at previousQuarterEnd; 0 when new" }),
  previousValueUsd: int().meta({ description: "Value at previousQuarterEnd as filed, whole USD" }),
  changeShares: int().meta({ description: "shares − previousShares" }),
  changePercent: number().nullable().meta({
    description: "changeShares / previousShares × 100, 4 decimals; null for a new position",
  }),
  filingDate: iso
    .date()
    .nullable()
    .meta({
      description:
        "Filing date of the 13F-HR the line comes from; null for a sold-out position (the " +
        "filing that omits the issuer has no line for it)",
    }),
  accessionNumber: string().nullable().meta({
    description: "0000000000-YY-NNNNNN of that 13F-HR (filer ID first); null when sold out",
  }),
});

const totals = object({
  holders: int().meta({ description: "Filers whose latest 13F lists the company" }),
  totalShares: int().meta({ description: "Σ shares over those filers" }),
  totalValueUsd: int().meta({ description: "Σ valueUsd, whole USD" }),
  percentOfSharesOutstanding: percent("totalShares / sharesOutstanding × 100"),
  previousTotalShares: int().meta({
    description: "Σ previousShares over every holder listed (sold-out ones included)",
  }),
  netChangeShares: int().meta({ description: "totalShares − previousTotalShares" }),
  newPositions: int(),
  addedPositions: int(),
  reducedPositions: int(),
  soldOutPositions: int(),
  unchangedPositions: int(),
  filedForQuarterEnd: int().meta({
    description: "Holders (sold-out ones included) whose latest 13F covers quarterEnd",
  }),
});

export const graphInstitutionRoutes = groupRoutes("graph", {
  institutions: {
    method: "GET",
    path: "/graph/{code}/institutions",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Institutional holders (Form 13F): shares, value and change on the quarter",
    description:
      "Every institutional investment manager whose latest 13F-HR filed by asOf lists the " +
      "company, or whose previous one did (sold out), with its line in that 13F and in the one " +
      "for the quarter before. A 13F is due 45 days after the quarter end; until a filer has " +
      "filed the last quarter its latest line is the quarter before's (its own quarterEnd " +
      "says which), so shortly after a quarter end holders mix two periods: quarterEnd is the " +
      "latest period among them and totals.filedForQuarterEnd counts those on it. " +
      "percentOfSharesOutstanding = shares / sharesOutstanding × 100 (sharesOutstanding: the " +
      "market-data source's figure today, all share classes, as GET /company/{code} shows); " +
      "changeShares = shares − previousShares; changePercent = changeShares / previousShares × " +
      "100; status: new (previousShares 0), soldOut (shares 0), added, reduced or unchanged. " +
      "valueUsd as filed: shares × the close of the quarter's last trading day (13Fs filed " +
      "before 2023-01-03 gave thousands of dollars: converted to whole dollars). totals cover " +
      "every holder, not only those shown. sort=value (default): largest valueUsd first (sold-" +
      "out positions last, by previousValueUsd); sort=change: largest absolute changeShares " +
      `first (the quarter's biggest buyers and sellers); ties by CIK. limit: default ` +
      `${INSTITUTIONS_DEFAULT_LIMIT}, 1-${INSTITUTIONS_MAX_LIMIT}. A filer's share of its own ` +
      "portfolio is not served: it needs the filer's whole information table. Simulated world " +
      "(default): about 40 fictional filers (CIKs 00093…) whose quarterly books change " +
      "plausibly and hold together 55-85 % of a large company (less where founders hold a block " +
      "or for small companies), never more than 100 %; their filings exist only in the " +
      "simulation. 404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, " +
      "a future or a crypto asset, or a company the 13F source does not know. 503 " +
      "COMPANY_DATA_UNAVAILABLE when the 13F source (SEC EDGAR) is unreachable.",
    params: object({ code: contractCode }),
    query: object({
      limit: coerce
        .number({ error: "must be an integer" })
        .pipe(
          int("must be an integer")
            .min(1, "must be at least 1")
            .max(INSTITUTIONS_MAX_LIMIT, `must be at most ${INSTITUTIONS_MAX_LIMIT}`),
        )
        .default(INSTITUTIONS_DEFAULT_LIMIT)
        .meta({
          description: `Holders shown, 1-${INSTITUTIONS_MAX_LIMIT}; default ${INSTITUTIONS_DEFAULT_LIMIT}`,
        }),
      sort: zEnum(["value", "change"]).default("value").meta({
        description: "value (default): largest positions first; change: largest absolute change",
      }),
    }),
    response: object({
      symbol: string(),
      code: string().meta({ description: "Contract code SYMBOL_EXCHANGE" }),
      name: string(),
      asOf: iso
        .datetime()
        .meta({ description: "The instant the answer is for: 13Fs filed by then" }),
      quarterEnd: iso
        .date()
        .nullable()
        .meta({ description: "Latest period of report among the holders; null without holders" }),
      sharesOutstanding: int()
        .nullable()
        .meta({ description: "All share classes; null when the market-data source has none" }),
      sort: zEnum(["value", "change"]),
      source: string().meta({ description: 'The 13F source: "sim" (simulated) or "edgar"' }),
      totals,
      holders: array(holder),
    }),
  },
});
