import { array, boolean, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { FDA_EVENT_TYPES, FDA_OUTCOMES, FDA_ROW_SOURCES } from "../../../fda/ports";
import { LOOKBACK_SESSIONS } from "../../../fda/reaction";
import { contractCode } from "../../contract-code";
import { groupRoutes } from "../../route";

/**
 * Drug-approval catalysts, as BiopharmCatalyst's and RTTNews' FDA calendars present them: PDUFA
 * action dates and advisory-committee meetings ahead, and the FDA's decisions with the stock's
 * reaction, for the universe's ten large drug makers.
 */

/** Page sizes and windows (days) per route. */
export const FDA_PAGE = { default: 50, max: 200 } as const;
export const FDA_WINDOW = {
  upcoming: { default: 90, max: 365 },
  approvals: { default: 90, max: 730 },
  ticker: { default: 365, max: 1825 },
} as const;

const SOURCES_TEXT =
  "FDA_PROVIDER=sim (the default with the simulated market): the simulated pipeline of the " +
  "universe's ten large pharma and biotech companies (JNJ, ABBV, MRK, LLY, PFE, AMGN, GILD, BMY, " +
  "VRTX, MRNA) with fictional drugs, indications and application numbers (9xxxxx, outside the " +
  "FDA's ranges), deterministic from the seed and the clock: an application is listed from its " +
  "acceptance 8-K (PDUFA row, source SEC-8K, 07:00 New York), a meeting from its Federal Register " +
  "notice (AdComm row, source FDA-AdComm, 08:45), and from the regular close of the decision day " +
  "the decision (approval, source openFDA; or CRL, source SEC-8K). Goal dates are 8 (priority) or " +
  "12 (standard) months after submission, on a session away from the company's earnings moves; " +
  "30 % of sponsors disclose only a period (dateCertainty estimated: our estimate, the FDA acting " +
  "on it or up to 9 sessions earlier). The simulated market has no FDA shocks, so outcomes are " +
  "read off the market: a CRL (or an unfavourable vote) when the day's close-to-close move is " +
  `among the lowest 33 of it and the ${LOOKBACK_SESSIONS} sessions before (13.1 %), else an ` +
  "approval (a favourable vote): about 87 % of decisions are approvals. FDA_PROVIDER=openfda: " +
  "approvals from openFDA's Drugs@FDA (original applications and efficacy supplements; no " +
  "indication, no CRLs, no CBER vaccines or cell and gene therapies), advisory-committee meetings " +
  "from the FDA's Federal Register notices (no votes), and no PDUFA rows (the FDA does not publish " +
  "them; sponsors' 8-Ks are not read); `limitations` states this in every answer. Source failure " +
  "or a spent openFDA request budget (240 a minute, 1,000 a day): 503 FDA_DATA_UNAVAILABLE.";

const PAGING =
  "Pages: limit rows (see limit); nextCursor (null on the last page) passed as cursor gives the " +
  "next page; a cursor this API did not issue answers 400 naming cursor.";

const REACTION_TEXT =
  "reaction: the close-to-close move of the event's session (the first session on or after its " +
  "date) from the market's closes as /market/stocks/{code}/chart serves them: changePercent = " +
  "(close / previousClose − 1) × 100, 4 decimals; null until that session has closed.";

const isoDay = (description: string) =>
  iso.date().meta({ description: `${description}, yyyy-MM-dd (New York)`, example: "2026-11-23" });

function listQuery(window: { default: number; max: number }, what: string) {
  return {
    days: coerce
      .number()
      .int()
      .min(1)
      .max(window.max)
      .default(window.default)
      .meta({ description: `${what}, 1-${window.max}, default ${window.default}` }),
    limit: coerce
      .number()
      .int()
      .min(1)
      .max(FDA_PAGE.max)
      .default(FDA_PAGE.default)
      .meta({ description: `Rows per page, 1-${FDA_PAGE.max}, default ${FDA_PAGE.default}` }),
    cursor: string()
      .max(200)
      .optional()
      .meta({ description: "The nextCursor of the previous page; absent for the first page" }),
  };
}

const reaction = object({
  date: isoDay("The session measured"),
  previousClose: number().meta({ description: "The session before's close, USD" }),
  close: number().meta({ description: "The session's close, USD" }),
  changePercent: number().meta({ description: "(close / previousClose − 1) × 100, percent" }),
}).meta({ description: REACTION_TEXT });

export const fdaEventSchema = object({
  id: string().meta({ description: "Stable id of the row" }),
  code: string()
    .nullable()
    .meta({ description: "The sponsor's contract code; null if the market lists no such stock" }),
  symbol: string().meta({ description: "The sponsor's ticker" }),
  companyName: string().meta({ description: "The covered company" }),
  sponsor: string().meta({ description: "The applicant as the source names it" }),
  drug: string().meta({
    description:
      "What to display: the brand name, else the active ingredient, else the application",
  }),
  brandName: string().nullable().meta({ description: "Proprietary name; null when not known" }),
  activeIngredient: string()
    .nullable()
    .meta({ description: "Active ingredient(s); fictional in the simulated world" }),
  indication: string()
    .nullable()
    .meta({ description: "The proposed or approved use; null where the source has none" }),
  applicationNumber: string()
    .nullable()
    .meta({ description: "NDA or BLA and 6 digits, e.g. NDA912601; null when none is named" }),
  applicationType: zEnum(["NDA", "BLA"]).nullable(),
  eventType: zEnum(FDA_EVENT_TYPES).meta({
    description:
      "PDUFA: the FDA's action (goal) date ahead; AdComm: an advisory-committee meeting; " +
      "approval; CRL: a complete response letter (not approved this cycle)",
  }),
  date: isoDay("The goal, meeting or decision date"),
  dateCertainty: zEnum(["confirmed", "estimated"]).meta({
    description:
      "confirmed: published (an 8-K giving the date, a Federal Register notice, the FDA's " +
      "action); estimated: only a period was disclosed, the date is our estimate",
  }),
  daysToEvent: int().meta({ description: "date − today (New York), days; negative for the past" }),
  reviewType: zEnum(["priority", "standard"]).nullable(),
  committee: string().nullable().meta({ description: "AdComm rows: the advisory committee" }),
  outcome: zEnum(FDA_OUTCOMES)
    .nullable()
    .meta({ description: "null until known (AdComm rows from the Federal Register: always)" }),
  reaction: reaction.nullable(),
  title: string(),
  source: zEnum(FDA_ROW_SOURCES).meta({
    description: "Spec fact 11: openFDA (Drugs@FDA), FDA-AdComm (Federal Register), SEC-8K",
  }),
  sourceUrl: string()
    .nullable()
    .meta({ description: "The source document; null for the simulated world's rows" }),
  publishedOn: isoDay("The day the source made the row known (never after asOf)"),
});

const listFields = {
  asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
  provider: zEnum(["sim", "openfda"]).meta({ description: "FDA_PROVIDER" }),
  from: isoDay("First date of the window"),
  to: isoDay("Last date of the window"),
  total: int().meta({ description: "Rows in the whole window (all pages)" }),
  nextCursor: string()
    .nullable()
    .meta({ description: "Pass as cursor for the next page; null on the last page" }),
  events: array(fdaEventSchema),
  limitations: array(string()).meta({ description: "What the provider cannot supply" }),
};

const decisionSummary = object({
  decisions: int().meta({ description: "Approvals and CRLs in the window (all pages)" }),
  approvals: int(),
  completeResponses: int(),
  approvalRatePercent: number()
    .nullable()
    .meta({ description: "approvals / decisions × 100; null without decisions" }),
});

export const fdaRoutes = groupRoutes("fda", {
  upcoming: {
    method: "GET",
    path: "/fda/upcoming",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "FDA_DATA_UNAVAILABLE"],
    summary: "PDUFA dates and advisory-committee meetings ahead, soonest first",
    description:
      "Every PDUFA action date and advisory-committee meeting of the covered companies dated " +
      "today through today + days (New York) whose outcome is not known at the clock, soonest " +
      "first (then by id); type keeps one kind. " +
      `${PAGING} ${SOURCES_TEXT}`,
    query: object({
      ...listQuery(FDA_WINDOW.upcoming, "Days ahead"),
      type: zEnum(["PDUFA", "AdComm"])
        .optional()
        .meta({ description: "Only PDUFA or AdComm rows" }),
    }),
    response: object(listFields),
  },
  approvals: {
    method: "GET",
    path: "/fda/approvals",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "FDA_DATA_UNAVAILABLE"],
    summary:
      "Recent FDA decisions (approvals and complete response letters) with the stock's reaction",
    description:
      "The decisions dated today − days through today, latest first (then by id), each with " +
      `its outcome and the stock's reaction; outcome keeps one kind. summary counts the window. ${REACTION_TEXT} ` +
      `${PAGING} ${SOURCES_TEXT}`,
    query: object({
      ...listQuery(FDA_WINDOW.approvals, "Days back"),
      outcome: zEnum(["approved", "complete-response"])
        .optional()
        .meta({ description: "Only approvals or only complete response letters" }),
    }),
    response: object({ ...listFields, summary: decisionSummary }),
  },
  ticker: {
    method: "GET",
    path: "/fda/ticker/{code}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "FDA_DATA_UNAVAILABLE"],
    summary: "A company's FDA catalysts: upcoming PDUFA dates and meetings, and past decisions",
    description:
      "Every row of the company dated today − days through today + days, latest first (the " +
      "furthest scheduled first, then the past; ties by id), with outcomes and reactions once " +
      "known. A stock outside the covered companies answers covered false and no rows; a fund, " +
      "index, future or crypto asset 404 NO_DATA; an unknown code 404 SYMBOL_NOT_FOUND. " +
      `${PAGING} ${SOURCES_TEXT}`,
    params: object({ code: contractCode }),
    query: object(listQuery(FDA_WINDOW.ticker, "Days back and ahead")),
    response: object({
      code: string(),
      symbol: string(),
      name: string(),
      covered: boolean().meta({ description: "Whether the company is one of the covered ten" }),
      ...listFields,
      summary: decisionSummary,
    }),
  },
});
