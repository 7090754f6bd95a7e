import { array, boolean, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { AMOUNT_BANDS } from "../../../congressional/bands";
import {
  CHAMBERS,
  DISCLOSURE_DEADLINE_DAYS,
  MAX_WINDOW_DAYS,
  OWNERS,
  PARTIES,
  TRANSACTION_TYPES,
} from "../../../congressional/ports";
import { contractCode } from "../../contract-code";
import { groupRoutes } from "../../route";

/**
 * Congressional trades as Quiver Quantitative, Capitol Trades and Unusual Whales present them:
 * one row per disclosed transaction (member, chamber, party, state and district, owner,
 * security, type, transaction and disclosure dates with the delay, the STOCK Act amount band),
 * a security's trades with a summary, and a league table of members.
 */

/** Page sizes: default and maximum rows per page. */
export const PAGE = {
  recent: { default: 50, max: 200 },
  ticker: { default: 50, max: 200 },
  topTraders: { default: 20, max: 50 },
};
/** Default windows, days. */
export const DEFAULT_DAYS = { recent: 30, ticker: 365, topTraders: 365 };

const SOURCE_NOTE =
  "Source (CONGRESSIONAL_PROVIDER): `sim`, the simulated world's FICTIONAL members (invented " +
  "names; no real member of Congress is attached to a simulated trade), deterministic from the " +
  "clock, valued at the simulated market's closes, with fictional filing links on " +
  "disclosures.example.com; or `house`, the House Clerk's disclosure index, which lists " +
  "periodic transaction reports but not their transactions (those are in the PDFs): every " +
  "route then answers 503 CONGRESSIONAL_DATA_UNAVAILABLE with the reports it found. Nothing " +
  "disclosed after the clock is served. ";

const ROW_NOTE =
  `A report is due ${DISCLOSURE_DEADLINE_DAYS} days after the transaction at the latest (STOCK ` +
  "Act); disclosureDelayDays = disclosureDate − transactionDate in calendar days (≥ 1), late = " +
  `a delay over ${DISCLOSURE_DEADLINE_DAYS} days. The amount is the band as filed with its ` +
  "bounds; estimateUsd is its midpoint (the open top band, Over $50,000,000, at its minimum). " +
  "priceAtTransaction is the security's regular-session close on the transaction date (as " +
  "GET /market/stocks/{code}/chart serves the daily bar), priceNow its last price at the clock, " +
  "and returnSinceTransactionPercent = direction × (priceNow / priceAtTransaction − 1) × 100, " +
  "direction +1 for a purchase, −1 for a sale or partial sale; null for an exchange. ";

const PAGING =
  "Pages: limit rows (default and maximum: see limit); nextCursor (null on the last page) " +
  "passed as cursor gives the next page; a cursor this API did not issue answers 400 naming " +
  "cursor. ";

const isoDay = (description: string) => iso.date().meta({ description });

const limitOf = (page: { default: number; max: number }) =>
  coerce
    .number()
    .int()
    .min(1)
    .max(page.max)
    .default(page.default)
    .meta({ description: `Rows per page, 1-${page.max}, default ${page.default}` });

const daysOf = (byDefault: number, what: string) =>
  coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WINDOW_DAYS)
    .default(byDefault)
    .meta({
      description: `${what} in the last days calendar days (today included), 1-${MAX_WINDOW_DAYS}, default ${byDefault}`,
    });

const cursor = string()
  .max(200)
  .optional()
  .meta({ description: "The nextCursor of the previous page; absent for the first page" });

const chamber = zEnum(CHAMBERS).optional().meta({ description: "house or senate" });
const party = zEnum(PARTIES)
  .optional()
  .meta({ description: "D (Democrat), R (Republican) or I (independent)" });
const transactionType = zEnum(TRANSACTION_TYPES)
  .optional()
  .meta({ description: TRANSACTION_TYPES.join(", ") });
const state = string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "must be a two-letter state code, e.g. CA")
  .optional()
  .meta({ description: "Two-letter state code (the member's state), e.g. CA" });

const memberFields = {
  memberId: string().meta({ description: "The member's stable id (a slug of the name)" }),
  member: string().meta({ description: "The member's name" }),
  chamber: zEnum(CHAMBERS),
  party: zEnum(PARTIES).meta({ description: "D, R or I" }),
  state: string().meta({ description: "Two-letter state code" }),
  district: string()
    .nullable()
    .meta({ description: 'House district ("12"; "AL" at large); null for a senator' }),
};

const amount = object({
  label: zEnum(AMOUNT_BANDS.map((b) => b.label) as [string, ...string[]]).meta({
    description: "The STOCK Act band as filed",
  }),
  minUsd: number().meta({ description: "The band's lower bound, USD" }),
  maxUsd: number()
    .nullable()
    .meta({ description: "The band's upper bound, USD; null for Over $50,000,000" }),
  estimateUsd: number().meta({
    description: "(minUsd + maxUsd) / 2; minUsd for the open top band",
  }),
});

export const tradeRow = object({
  id: string().meta({ description: "The transaction's id" }),
  filingId: string().meta({ description: "The periodic transaction report that disclosed it" }),
  filingUrl: string().nullable().meta({
    description:
      "The report's document; for simulated members a fictional address on disclosures.example.com (no real document)",
  }),
  ...memberFields,
  owner: zEnum(OWNERS).meta({
    description: "Whose holding: self, spouse, joint or dependent (child)",
  }),
  ticker: string(),
  code: string().meta({ description: "Contract code, SYMBOL_EXCHANGE" }),
  assetDescription: string().meta({ description: "The asset as the report names it" }),
  assetType: zEnum(["Stock", "ETF"]),
  transactionType: zEnum(TRANSACTION_TYPES),
  transactionDate: isoDay("The trade's date (New York)"),
  disclosureDate: isoDay("The report's filing date (New York)"),
  disclosedAt: iso.datetime().meta({ description: "When the report became public, ISO 8601 UTC" }),
  disclosureDelayDays: int().meta({
    description: "disclosureDate − transactionDate, calendar days",
  }),
  late: boolean().meta({
    description: `Filed more than ${DISCLOSURE_DEADLINE_DAYS} days after the trade`,
  }),
  amount,
  priceAtTransaction: number().meta({ description: "Close on the transaction date, USD" }),
  priceNow: number()
    .nullable()
    .meta({ description: "Last price at the clock, USD; null without a quote" }),
  returnSinceTransactionPercent: number().nullable().meta({
    description: "Signed by direction, percent (see the description); null for an exchange",
  }),
});

const common = {
  asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
  source: string().meta({ description: "The configured source: sim or house" }),
};

const window = (basis: string) =>
  object({ from: isoDay(`First ${basis} of the window`), to: isoDay(`Last ${basis} (today)`) });

const nextCursor = string()
  .nullable()
  .meta({ description: "Pass as cursor for the next page; null on the last page" });

export const congressionalRoutes = groupRoutes("congressional", {
  recent: {
    method: "GET",
    path: "/congressional/recent",
    auth: "key",
    errors: ["CONGRESSIONAL_DATA_UNAVAILABLE"],
    summary: "The latest disclosed congressional trades",
    description:
      "Transactions whose report was filed in the last `days` days (by disclosure date, " +
      `default ${DEFAULT_DAYS.recent}), newest disclosure first (then id), filtered by chamber, ` +
      "party, state and transactionType. " +
      ROW_NOTE +
      PAGING +
      SOURCE_NOTE,
    query: object({
      days: daysOf(DEFAULT_DAYS.recent, "Reports filed"),
      chamber,
      party,
      state,
      transactionType,
      limit: limitOf(PAGE.recent),
      cursor,
    }),
    response: object({
      ...common,
      window: window("disclosure date"),
      total: int().meta({ description: "Transactions in the whole window (all pages)" }),
      trades: array(tradeRow),
      nextCursor,
    }),
  },
  ticker: {
    method: "GET",
    path: "/congressional/ticker/{code}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "CONGRESSIONAL_DATA_UNAVAILABLE"],
    summary: "Congressional trades in one security, with a summary",
    description:
      "The disclosed transactions in the security whose transaction date falls in the last " +
      `\`days\` days (default ${DEFAULT_DAYS.ticker}), latest transaction first (then id), ` +
      "filtered by chamber, party and transactionType, and a summary of the whole window: " +
      "members trading, purchases, sales (partial ones included) and exchanges, the estimated " +
      "value bought and sold (Σ band midpoints) and netEstimatedUsd = bought − sold. Any listed " +
      "contract answers (an index, a future or a crypto asset has no trades: an empty list); 404 " +
      "SYMBOL_NOT_FOUND for an unknown code. " +
      ROW_NOTE +
      PAGING +
      SOURCE_NOTE,
    params: object({ code: contractCode }),
    query: object({
      days: daysOf(DEFAULT_DAYS.ticker, "Transactions"),
      chamber,
      party,
      transactionType,
      limit: limitOf(PAGE.ticker),
      cursor,
    }),
    response: object({
      code: string(),
      symbol: string(),
      name: string(),
      ...common,
      window: window("transaction date"),
      priceNow: number().nullable().meta({ description: "Last price at the clock, USD" }),
      summary: object({
        members: int().meta({ description: "Distinct members trading in the window" }),
        purchases: int(),
        sales: int().meta({ description: "Sales and partial sales" }),
        exchanges: int(),
        estimatedPurchaseUsd: number().meta({ description: "Σ estimateUsd of the purchases" }),
        estimatedSaleUsd: number().meta({ description: "Σ estimateUsd of the sales" }),
        netEstimatedUsd: number().meta({ description: "estimatedPurchaseUsd − estimatedSaleUsd" }),
      }),
      total: int().meta({ description: "Transactions in the whole window (all pages)" }),
      trades: array(tradeRow),
      nextCursor,
    }),
  },
  topTraders: {
    method: "GET",
    path: "/congressional/top-traders",
    auth: "key",
    errors: ["CONGRESSIONAL_DATA_UNAVAILABLE"],
    summary: "Members ranked by the number, estimated value or return of their trades",
    description:
      "One row per member with a disclosed transaction dated in the last `days` days (default " +
      `${DEFAULT_DAYS.topTraders}), filtered by chamber and party, ranked by \`sort\`: volume ` +
      "(estimatedVolumeUsd, the default), trades (their number) or return " +
      "(returnSinceTradesPercent; members without one last), highest first, ties by memberId. " +
      "A trade's value is estimated at its amount band's midpoint (the open top band at its " +
      "minimum): estimatedVolumeUsd = Σ estimates, estimatedPurchaseUsd and estimatedSaleUsd " +
      "split it by direction. returnSinceTradesPercent = Σ wᵢ·rᵢ / Σ wᵢ × 100 over the " +
      "member's purchases and sales, wᵢ the trade's estimate and rᵢ = direction × (price now / " +
      "close on the transaction date − 1), direction +1 purchase, −1 sale or partial sale " +
      "(exchanges count in trades and volume but have no return); null without such a trade. " +
      "topTickers: the three tickers with the largest estimated value traded. " +
      PAGING +
      SOURCE_NOTE,
    query: object({
      days: daysOf(DEFAULT_DAYS.topTraders, "Transactions"),
      chamber,
      party,
      sort: zEnum(["volume", "trades", "return"])
        .default("volume")
        .meta({ description: "volume (default), trades or return" }),
      limit: limitOf(PAGE.topTraders),
      cursor,
    }),
    response: object({
      ...common,
      window: window("transaction date"),
      sort: zEnum(["volume", "trades", "return"]),
      total: int().meta({ description: "Members in the table (all pages)" }),
      traders: array(
        object({
          rank: int().meta({ description: "1-based position in the whole table" }),
          ...memberFields,
          trades: int(),
          purchases: int(),
          sales: int().meta({ description: "Sales and partial sales" }),
          exchanges: int(),
          estimatedVolumeUsd: number().meta({ description: "Σ band midpoints, USD" }),
          estimatedPurchaseUsd: number(),
          estimatedSaleUsd: number(),
          lateFilings: int().meta({
            description: `Transactions reported after ${DISCLOSURE_DEADLINE_DAYS} days`,
          }),
          averageDelayDays: number().meta({ description: "Mean disclosure delay, days" }),
          distinctTickers: int(),
          topTickers: array(string()).meta({
            description: "Up to three, largest estimated value first",
          }),
          lastTransactionDate: isoDay("The member's latest transaction in the window"),
          returnSinceTradesPercent: number()
            .nullable()
            .meta({ description: "Value-weighted, signed by direction (see the description)" }),
          tradesWithReturn: int().meta({ description: "Purchases and sales the return averages" }),
        }),
      ),
      nextCursor,
    }),
  },
});
