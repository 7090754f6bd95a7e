import { array, number, object, string } from "zod";
import { parseVendorJson } from "../../vendor-json";
import type { CoveredCompany } from "../companies";
import { FdaDataUnavailable, type FdaEvent } from "../ports";
import { getText, type SourceHttp } from "./http";

/**
 * openFDA's Drugs@FDA endpoint (https://open.fda.gov/apis/drug/drugsfda/): the approved NDAs
 * and BLAs reviewed by CDER, one result per application. The fields read (openFDA's
 * documented Drugs@FDA fields):
 *
 *   {"meta": {"results": {"skip": 0, "limit": 100, "total": 2}, ...},
 *    "results": [{"application_number": "NDA215866", "sponsor_name": "ELI LILLY AND CO",
 *      "products": [{"brand_name": "...", "active_ingredients": [{"name": "...", "strength": "..."}]}],
 *      "submissions": [{"submission_type": "ORIG", "submission_number": "1",
 *        "submission_status": "AP", "submission_status_date": "20220513",
 *        "review_priority": "PRIORITY", "submission_class_code": "TYPE 1", ...}]}]}
 *
 * A search without matches is HTTP 404 with {"error": {"code": "NOT_FOUND", ...}}: no rows.
 * The query: the company's sponsor names (its Drugs@FDA sponsor_name values) and a submission
 * status date within the window, 100 results a page, at most MAX_PAGES pages. Kept: each
 * submission approved (status AP) in the window that is an original application (ORIG) or an
 * efficacy supplement (class EFFICACY: a new indication), of an NDA or a BLA (not generics'
 * ANDAs). Drugs@FDA carries no indication, no complete response letters and no pending
 * applications: the rows are approvals, source openFDA, linked to the application's Drugs@FDA
 * page.
 */

export const OPENFDA_DRUGSFDA_URL = "https://api.fda.gov/drug/drugsfda.json";
const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** Drugs@FDA is updated weekly: a query's answer is kept 6 hours. */
const FRESH_SECONDS = 6 * 3600;

const submissionSchema = object({
  submission_type: string(),
  submission_number: string(),
  submission_status: string().optional(),
  submission_status_date: string().optional(),
  review_priority: string().optional(),
  submission_class_code: string().optional(),
});

const resultSchema = object({
  application_number: string(),
  sponsor_name: string(),
  products: array(
    object({
      brand_name: string().optional(),
      active_ingredients: array(object({ name: string() })).optional(),
    }),
  ).optional(),
  submissions: array(submissionSchema).optional(),
});

const answerSchema = object({
  meta: object({ results: object({ skip: number(), limit: number(), total: number() }) }),
  results: array(resultSchema),
});

export type DrugsFdaResult = ReturnType<typeof resultSchema.parse>;

/** A Drugs@FDA page's results and the total; throws FdaDataUnavailable for another format. */
export function parseDrugsFdaPage(text: string): { total: number; results: DrugsFdaResult[] } {
  const parsed = parseVendorJson(text, answerSchema);
  if ("problem" in parsed) throw new FdaDataUnavailable("openFDA", parsed.problem);
  return { total: parsed.data.meta.results.total, results: parsed.data.results };
}

const compact = (iso: string) => iso.replaceAll("-", "");
const isoOf = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** The search text: any of the sponsor names, a submission status date in the window. */
export function drugsFdaSearch(sponsors: readonly string[], from: string, to: string): string {
  const names = sponsors.map((name) => `sponsor_name:"${name}"`).join(" OR ");
  return `(${names}) AND submissions.submission_status_date:[${compact(from)} TO ${compact(to)}]`;
}

export function drugsFdaUrl(search: string, skip: number): string {
  const query = new URLSearchParams({ search, limit: String(PAGE_SIZE), skip: String(skip) });
  return `${OPENFDA_DRUGSFDA_URL}?${query}`;
}

const APPLICATION = /^(NDA|BLA)(\d{6})$/;

/** The application's page on Drugs@FDA. */
export const drugsAtFdaPage = (digits: string) =>
  `https://www.accessdata.fda.gov/scripts/cder/daf/index.cfm?event=overview.process&ApplNo=${digits}`;

/** The approvals of a page's results within the window, for the company. */
export function approvalsOf(
  results: readonly DrugsFdaResult[],
  company: CoveredCompany,
  from: string,
  to: string,
): FdaEvent[] {
  return results.flatMap((result) => {
    const application = APPLICATION.exec(result.application_number);
    if (!application) return [];
    const products = result.products ?? [];
    const brandName = products.find((p) => p.brand_name)?.brand_name ?? null;
    const ingredients = [
      ...new Set(products.flatMap((p) => (p.active_ingredients ?? []).map((a) => a.name))),
    ];
    const activeIngredient = ingredients.length > 0 ? ingredients.join(", ") : null;
    const drug = brandName ?? activeIngredient ?? result.application_number;
    return (result.submissions ?? []).flatMap((submission): FdaEvent[] => {
      const date = submission.submission_status_date;
      if (submission.submission_status !== "AP" || !date || !/^\d{8}$/.test(date)) return [];
      const iso = isoOf(date);
      if (iso < from || iso > to) return [];
      const original = submission.submission_type === "ORIG";
      if (!original && submission.submission_class_code !== "EFFICACY") return [];
      const priority = submission.review_priority?.toUpperCase();
      return [
        {
          id: `openfda-${result.application_number}-${submission.submission_type}-${submission.submission_number}`,
          symbol: company.symbol,
          sponsor: result.sponsor_name,
          brandName,
          activeIngredient,
          indication: null,
          applicationNumber: result.application_number,
          eventType: "approval",
          date: iso,
          dateCertainty: "confirmed",
          reviewType:
            priority === "PRIORITY" ? "priority" : priority === "STANDARD" ? "standard" : null,
          committee: null,
          outcome: "approved",
          title: original
            ? `FDA approves ${drug} (${result.application_number})`
            : `FDA approves a new indication for ${drug} (${result.application_number}, supplement ${submission.submission_number})`,
          source: "openFDA",
          sourceUrl: drugsAtFdaPage(application[2] as string),
          publishedOn: iso,
        },
      ];
    });
  });
}

/** Every approval of the company's applications dated `from` to `to`. */
export async function drugsFdaApprovals(
  http: SourceHttp,
  company: CoveredCompany,
  from: string,
  to: string,
): Promise<FdaEvent[]> {
  const search = drugsFdaSearch(company.openFdaSponsors, from, to);
  const events: FdaEvent[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const text = await getText(http, drugsFdaUrl(search, page * PAGE_SIZE), FRESH_SECONDS, [404]);
    if (text === null) break;
    const { total, results } = parseDrugsFdaPage(text);
    events.push(...approvalsOf(results, company, from, to));
    if ((page + 1) * PAGE_SIZE >= total || results.length === 0) break;
  }
  return events;
}
