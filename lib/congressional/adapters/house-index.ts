import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * The House Clerk's yearly financial-disclosure index, {YEAR}FD.xml inside
 * https://disclosures-clerk.house.gov/public_disc/financial-pdfs/{YEAR}FD.zip: one <Member>
 * per filing, as the Clerk publishes it:
 *
 *   <FinancialDisclosure>
 *     <Member>
 *       <Prefix>Hon.</Prefix><Last>…</Last><First>…</First><Suffix />
 *       <FilingType>P</FilingType>      P = periodic transaction report (others: O annual,
 *                                        A amendment, C candidate, X extension, …)
 *       <StateDst>CA12</StateDst>       state and district ("00" or "AL" at large)
 *       <Year>2026</Year>
 *       <FilingDate>11/20/2026</FilingDate>   M/D/YYYY
 *       <DocID>20031234</DocID>
 *     </Member>
 *     …
 *   </FinancialDisclosure>
 *
 * A PTR's document is https://disclosures-clerk.house.gov/public_disc/ptr-pdfs/{YEAR}/{DocID}.pdf.
 * The index names filings, not transactions: those are in the PDFs. The parser is strict about
 * what it reads (a filing without a DocID or a readable date refuses the file) and keeps the
 * periodic transaction reports only.
 */

export const HOUSE_DISCLOSURE_BASE_URL = "https://disclosures-clerk.house.gov/public_disc";

export class HouseIndexFormatError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = "HouseIndexFormatError";
  }
}

/** One periodic transaction report of the index. */
export interface PeriodicTransactionReport {
  docId: string;
  /** "Hon. First Last Suffix" as filed, without empty parts. */
  filer: string;
  lastName: string;
  firstName: string;
  /** Two-letter state. */
  state: string;
  /** The district as filed ("12"; "00" or "AL" at large). */
  district: string;
  /** yyyy-MM-dd. */
  filingDate: string;
  year: number;
  /** The report's PDF. */
  url: string;
}

const PARSER = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreDeclaration: true,
  processEntities: true,
  isArray: (name) => name === "Member",
});

const FILING_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const STATE_DISTRICT = /^([A-Z]{2})(\d{1,2}|AL)$/;
const DOC_ID = /^\d{5,12}$/;

type Node = Record<string, unknown>;
const text = (node: Node, name: string) => {
  const value = node[name];
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
};

function isoOfFilingDate(value: string): string | undefined {
  const parts = FILING_DATE.exec(value);
  if (!parts) return undefined;
  const iso = `${parts[3]}-${(parts[1] as string).padStart(2, "0")}-${(parts[2] as string).padStart(2, "0")}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : undefined;
}

/** The index's periodic transaction reports, in file order. Throws HouseIndexFormatError. */
export function parseHouseIndex(xml: string): PeriodicTransactionReport[] {
  if (XMLValidator.validate(xml) !== true) throw new HouseIndexFormatError("not well-formed XML");
  const document = PARSER.parse(xml) as Node;
  const root = document.FinancialDisclosure;
  if (root === undefined || typeof root !== "object" || root === null) {
    throw new HouseIndexFormatError("no <FinancialDisclosure> root");
  }
  const members = ((root as Node).Member ?? []) as unknown[];
  const reports: PeriodicTransactionReport[] = [];
  members.forEach((value, index) => {
    const member = (typeof value === "object" && value !== null ? value : {}) as Node;
    if (text(member, "FilingType") !== "P") return;
    const where = `Member ${index + 1}`;
    const docId = text(member, "DocID");
    if (!DOC_ID.test(docId)) throw new HouseIndexFormatError(`${where}: DocID '${docId}'`);
    const filingDate = isoOfFilingDate(text(member, "FilingDate"));
    if (!filingDate) {
      throw new HouseIndexFormatError(`${where}: FilingDate '${text(member, "FilingDate")}'`);
    }
    const seat = STATE_DISTRICT.exec(text(member, "StateDst"));
    if (!seat) throw new HouseIndexFormatError(`${where}: StateDst '${text(member, "StateDst")}'`);
    const year = Number(text(member, "Year"));
    if (!Number.isInteger(year) || year < 2008) {
      throw new HouseIndexFormatError(`${where}: Year '${text(member, "Year")}'`);
    }
    const [firstName, lastName] = [text(member, "First"), text(member, "Last")];
    reports.push({
      docId,
      filer: [text(member, "Prefix"), firstName, lastName, text(member, "Suffix")]
        .filter(Boolean)
        .join(" "),
      lastName,
      firstName,
      state: seat[1] as string,
      district: seat[2] as string,
      filingDate,
      year,
      url: `${HOUSE_DISCLOSURE_BASE_URL}/ptr-pdfs/${year}/${docId}.pdf`,
    });
  });
  return reports;
}
