import { array, number, object, string } from "zod";
import { MONTH_NAMES } from "../../market/civil-date";
import { parseVendorJson } from "../../vendor-json";
import { COVERED_COMPANIES, type CoveredCompany } from "../companies";
import { FdaDataUnavailable, type FdaEvent } from "../ports";
import { getText, type SourceHttp } from "./http";

/**
 * FDA advisory-committee meetings from the Federal Register's API
 * (https://www.federalregister.gov/developers/documentation/api/v1): the FDA's notices with
 * the term "advisory committee" published since a date, newest first, with the fields asked
 * for (title, publication_date, html_url, document_number, abstract, dates, raw_text_url):
 *
 *   {"count": 2, "total_pages": 1, "results": [{"title": "Oncologic Drugs Advisory Committee;
 *     Notice of Meeting; ...", "publication_date": "2026-10-14", "html_url": "https://...",
 *     "document_number": "2026-20117", "abstract": "...", "dates": "The meeting will be held
 *     on November 19, 2026, from 9 a.m. to 5 p.m. Eastern Time.", "raw_text_url": "https://..."}]}
 *
 * (`results` is absent when nothing matches.) A meeting notice's title starts with the
 * committee's name; its date is the first "Month D, YYYY" on or after the publication date in
 * `dates` (else the abstract). The notice's abstract seldom names the drug: the agenda is in
 * the body, read from raw_text_url (plain text) for the notices whose meeting falls in the
 * window, once (a notice does not change). The agenda gives the application ("new drug
 * application (NDA) 219616" or "biologics license application (BLA) 761234"), the product
 * ("for <product>, submitted by <sponsor>") and "the proposed indication of <indication>".
 * A notice is kept when its text names a covered company (COVERED_COMPANIES' noticeAliases);
 * meetings of devices, of other sponsors, or general matters are left out. Votes are not in the
 * Register: the rows carry no outcome.
 */

export const FEDERAL_REGISTER_DOCUMENTS_URL =
  "https://www.federalregister.gov/api/v1/documents.json";
const PER_PAGE = 100;
const MAX_PAGES = 3;
/** The notice list is kept 1 hour, a notice's text 30 days. */
const LIST_FRESH_SECONDS = 3600;
const BODY_FRESH_SECONDS = 30 * 86_400;

const noticeSchema = object({
  title: string(),
  publication_date: string(),
  html_url: string(),
  document_number: string(),
  abstract: string().nullable().optional(),
  dates: string().nullable().optional(),
  raw_text_url: string().nullable().optional(),
});

const answerSchema = object({
  count: number(),
  total_pages: number().optional(),
  next_page_url: string().nullable().optional(),
  results: array(noticeSchema).optional(),
});

export type RegisterNotice = ReturnType<typeof noticeSchema.parse>;

export function parseNoticePage(text: string): {
  notices: RegisterNotice[];
  nextPageUrl: string | null;
} {
  const parsed = parseVendorJson(text, answerSchema);
  if ("problem" in parsed) throw new FdaDataUnavailable("Federal Register", parsed.problem);
  return { notices: parsed.data.results ?? [], nextPageUrl: parsed.data.next_page_url ?? null };
}

export function noticesUrl(publishedSince: string): string {
  const query = new URLSearchParams();
  query.append("conditions[agencies][]", "food-and-drug-administration");
  query.append("conditions[term]", "advisory committee");
  query.append("conditions[type][]", "NOTICE");
  query.append("conditions[publication_date][gte]", publishedSince);
  for (const field of [
    "title",
    "publication_date",
    "html_url",
    "document_number",
    "abstract",
    "dates",
    "raw_text_url",
  ]) {
    query.append("fields[]", field);
  }
  query.append("per_page", String(PER_PAGE));
  query.append("order", "newest");
  return `${FEDERAL_REGISTER_DOCUMENTS_URL}?${query}`;
}

const DATE_TEXT = new RegExp(`\\b(${MONTH_NAMES.join("|")})\\s+(\\d{1,2}),\\s+(\\d{4})\\b`, "g");

/** The first date written "Month D, YYYY" in the text on or after `notBefore`. */
export function firstDateIn(text: string, notBefore: string): string | undefined {
  for (const match of text.matchAll(DATE_TEXT)) {
    const month = MONTH_NAMES.indexOf(match[1] as string) + 1;
    const iso = `${match[3]}-${String(month).padStart(2, "0")}-${String(match[2]).padStart(2, "0")}`;
    if (!Number.isNaN(Date.parse(iso)) && iso >= notBefore) return iso;
  }
  return undefined;
}

/**
 * The committee a meeting notice's title names, e.g. "Oncologic Drugs Advisory Committee";
 * undefined for other notices and for the device committees.
 */
export function committeeOf(title: string): string | undefined {
  const head = title.split(";")[0]?.trim() ?? "";
  // Device panels meet on devices, not on drug applications.
  return /Advisory Committee$/i.test(head) && !/Devices?\b/i.test(head) ? head : undefined;
}

const APPLICATION =
  /\b(?:new drug application|biologics? license application)?\s*\(?\b(NDA|BLA)\)?\s*(\d{3})[-\s]?(\d{3})\b/i;
const PRODUCT = /\bfor\s+([^,;]{2,120}?),\s+submitted by\s+([^,;]{2,120})/i;
const INDICATION = /\bproposed indications?\s+(?:of|for)\s+([^.;]{3,240})/i;

/** What a notice's text says of the application under discussion. */
export function agendaOf(text: string) {
  const application = APPLICATION.exec(text);
  const product = PRODUCT.exec(text);
  const indication = INDICATION.exec(text);
  const flat = (s: string | undefined) => s?.replace(/\s+/g, " ").trim() ?? null;
  return {
    applicationNumber: application
      ? `${(application[1] as string).toUpperCase()}${application[2]}${application[3]}`
      : null,
    product: flat(product?.[1]),
    submittedBy: flat(product?.[2]),
    indication: flat(indication?.[1]),
  };
}

/** The covered company a text names (its first alias found, as a word), if any. */
export function companyNamedIn(text: string): CoveredCompany | undefined {
  const lower = text.toLowerCase();
  let best: { company: CoveredCompany; at: number } | undefined;
  for (const company of COVERED_COMPANIES) {
    for (const alias of company.noticeAliases) {
      const escaped = alias.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const found = new RegExp(`(^|[^a-z])${escaped}([^a-z]|$)`).exec(lower);
      if (found && (!best || found.index < best.at)) best = { company, at: found.index };
    }
  }
  return best?.company;
}

/** The notice as an AdComm row; undefined when it is no meeting of a covered company's drug. */
export function meetingOf(notice: RegisterNotice, body: string | null): FdaEvent | undefined {
  const committee = committeeOf(notice.title);
  if (!committee) return undefined;
  const summary = [notice.dates ?? "", notice.abstract ?? ""].join(" ");
  const date =
    firstDateIn(summary, notice.publication_date) ??
    (body ? firstDateIn(body, notice.publication_date) : undefined);
  if (!date) return undefined;
  const text = `${summary} ${body ?? ""}`;
  const agenda = agendaOf(text);
  const company = companyNamedIn(agenda.submittedBy ?? text);
  if (!company) return undefined;
  return {
    id: `fr-${notice.document_number}`,
    symbol: company.symbol,
    sponsor: agenda.submittedBy ?? company.name,
    brandName: null,
    activeIngredient: agenda.product,
    indication: agenda.indication,
    applicationNumber: agenda.applicationNumber,
    eventType: "AdComm",
    date,
    dateCertainty: "confirmed",
    reviewType: null,
    committee,
    outcome: null,
    title: notice.title,
    source: "FDA-AdComm",
    sourceUrl: notice.html_url,
    publishedOn: notice.publication_date,
  };
}

/**
 * The covered companies' advisory-committee meetings dated `from` to `to`, from the notices
 * published since `publishedSince` (at most MAX_PAGES pages of the newest).
 */
export async function advisoryMeetings(
  http: SourceHttp,
  publishedSince: string,
  from: string,
  to: string,
): Promise<FdaEvent[]> {
  const notices: RegisterNotice[] = [];
  let url: string | null = noticesUrl(publishedSince);
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const text = (await getText(http, url, LIST_FRESH_SECONDS)) as string;
    const parsed = parseNoticePage(text);
    notices.push(...parsed.notices);
    url = parsed.nextPageUrl;
  }
  const meetings: FdaEvent[] = [];
  for (const notice of notices) {
    if (!committeeOf(notice.title)) continue;
    const summary = [notice.dates ?? "", notice.abstract ?? ""].join(" ");
    const dated = firstDateIn(summary, notice.publication_date);
    if (dated !== undefined && (dated < from || dated > to)) continue;
    const body =
      notice.raw_text_url && needsBody(summary)
        ? await getText(http, notice.raw_text_url, BODY_FRESH_SECONDS, [404])
        : null;
    const meeting = meetingOf(notice, body);
    if (meeting && meeting.date >= from && meeting.date <= to) meetings.push(meeting);
  }
  return meetings;
}

/** The summary alone names neither the sponsor nor the application. */
function needsBody(summary: string): boolean {
  return !companyNamedIn(summary) || !APPLICATION.test(summary);
}
