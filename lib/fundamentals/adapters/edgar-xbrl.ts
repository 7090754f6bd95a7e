import type { EdgarFetchText } from "../../company/adapters/edgar";
import type { CompanyDirectory } from "../../company/ports";
import { CompanyDataUnavailable } from "../../company/ports";
import { isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { parseVendorJson } from "../../vendor-json";
import type { FundamentalsSource } from "../ports";
import {
  type CompanyFacts,
  compactCompanyFacts,
  companyFactsSchema,
  quarterStatementsOf,
} from "./edgar-xbrl-facts";

/**
 * SEC EDGAR's XBRL company facts as the FundamentalsSource ("edgar"): a company's quarters as
 * its 10-Qs and 10-Ks report them (how facts become quarters: ./edgar-xbrl-facts.ts). One GET
 * per company, data.sec.gov/api/xbrl/companyfacts/CIK##########.json, through the shared EDGAR
 * client (User-Agent, 10 requests a second) and its cache; the CIK comes from the EDGAR company
 * directory (the tickers file, then the company's submissions file).
 *
 * Unknown symbol: undefined. A company without XBRL financial statements (a fund or trust,
 * whose companyfacts EDGAR answers 404; a foreign filer reporting under IFRS on 20-F): [].
 * Network, HTTP and format failures: CompanyDataUnavailable (503 COMPANY_DATA_UNAVAILABLE).
 * Nothing filed after the market clock's New York date is read.
 */

const PROVIDER = "edgar";
const COMPANY_FACTS_BASE = "https://data.sec.gov/api/xbrl/companyfacts";

export function companyFactsUrl(cik: number | string): string {
  return `${COMPANY_FACTS_BASE}/CIK${String(Number(cik)).padStart(10, "0")}.json`;
}

export interface EdgarFundamentalsOptions {
  /** The shared EDGAR client (createEdgarClient). */
  client: EdgarFetchText;
  /** The same read-through cache the other EDGAR sources use, if any. */
  cache?: (fetchText: EdgarFetchText) => EdgarFetchText;
  /** The EDGAR company directory: a symbol's CIK. */
  directory: Pick<CompanyDirectory, "company">;
  /** The market clock, ms. */
  now: () => number;
}

function unavailable(message: string): CompanyDataUnavailable {
  return new CompanyDataUnavailable(PROVIDER, message);
}

function parseCompanyFacts(text: string, url: string): CompanyFacts {
  const checked = parseVendorJson(text, companyFactsSchema);
  if ("problem" in checked) throw unavailable(`GET ${new URL(url).pathname}: ${checked.problem}`);
  return checked.data;
}

/**
 * Reads company facts below the cache, so the cache keeps the facts read (hundreds of kilobytes
 * for a large filer) rather than the whole file (megabytes); a malformed file is an outage,
 * never cached.
 */
export function withCompactCompanyFacts(fetchText: EdgarFetchText): EdgarFetchText {
  return async (url, kind) => {
    const text = await fetchText(url, kind);
    if (kind !== "companyFacts" || text === undefined) return text;
    return JSON.stringify(compactCompanyFacts(parseCompanyFacts(text, url)));
  };
}

export function createEdgarFundamentals({
  client,
  cache,
  directory,
  now,
}: EdgarFundamentalsOptions): FundamentalsSource {
  const reading = withCompactCompanyFacts(client);
  const fetchText = cache ? cache(reading) : reading;

  return {
    name: PROVIDER,
    async quarterStatements(symbol, fromYear, toYear) {
      const company = await directory.company(symbol);
      if (!company) return undefined;
      if (!company.cik) return [];
      const url = companyFactsUrl(company.cik);
      const text = await fetchText(url, "companyFacts");
      if (text === undefined) return [];
      const today = isoDate(nyWallClock(now()).day);
      return quarterStatementsOf(parseCompanyFacts(text, url), today, {
        from: fromYear,
        to: toYear,
      });
    },
  };
}
