import { marketSymbol } from "../../company/adapters/edgar";
import type { InsiderRelationship } from "../../company/ports";
import type { InsiderTrade } from "../ports";

/**
 * The SEC's quarterly "Insider Transactions Data Sets" (Forms 3, 4 and 5 flattened from the
 * ownership XML, www.sec.gov/data-research/sec-markets-data/insider-transactions-data-sets) as
 * InsiderTrade lines. Each table is tab-separated with a header row (FORM_345_metadata.json
 * names the columns) and keyed by ACCESSION_NUMBER; dates are DD-MON-YYYY ("26-SEP-2024").
 *
 * Read: SUBMISSION.tsv (filing date, DOCUMENT_TYPE, issuer symbol; AFF10B5ONE when the file has
 * that column), REPORTINGOWNER.tsv (the owner and RPTOWNER_RELATIONSHIP, a comma list of
 * Director, Officer, TenPercentOwner, Other), NONDERIV_TRANS.tsv and, when given,
 * DERIV_TRANS.tsv (the same transaction columns for options and units). Columns are found by
 * name, so added or reordered columns do not matter.
 *
 * Skipped: Forms 3 and 5 (and 3/A, 5/A): they are not Form 4 trades; lines of a filing with no
 * SUBMISSION or REPORTINGOWNER row, or without a symbol; lines without a date, code, share
 * count, acquired/disposed or direct/indirect code. Several owners of one filing: the first row
 * is taken, as the Form 4 parser takes the first reportingOwner. Holdings tables are positions,
 * not trades: not read. A 4/A's lines are kept with form "4/A" (the data sets do not say which
 * filing it amends beyond DATE_OF_ORIG_SUB).
 */

export interface InsiderDatasetFiles {
  submission: string;
  reportingOwner: string;
  nonDerivativeTransactions: string;
  derivativeTransactions?: string;
}

type Row = Record<string, string>;

/** A TSV with a header row as rows keyed by column name (missing cells read ""). */
export function parseTsv(text: string): Row[] {
  const [header, ...lines] = text.split(/\r?\n/);
  const columns = (header ?? "").split("\t").map((name) => name.trim());
  return lines
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const cells = line.split("\t");
      return Object.fromEntries(columns.map((name, i) => [name, cells[i]?.trim() ?? ""]));
    });
}

const MONTHS = "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split(" ");

/** "26-SEP-2024" → "2024-09-26"; undefined when not a DD-MON-YYYY date. */
export function isoFromDataset(raw: string | undefined): string | undefined {
  const match = raw?.trim().match(/^(\d{2})-([A-Za-z]{3})-(\d{4})$/);
  const month = match ? MONTHS.indexOf((match[2] as string).toUpperCase()) + 1 : 0;
  if (!match || month === 0) return undefined;
  return `${match[3]}-${String(month).padStart(2, "0")}-${match[1]}`;
}

function decimal(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const parsed = Number(raw.replace(/,/g, ""));
  return Number.isFinite(parsed) ? parsed : null;
}

function optionalFlag(raw: string | undefined): boolean | null {
  const value = raw?.trim().toLowerCase();
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return null;
}

function relationshipOf(owner: Row): InsiderRelationship {
  const roles = new Set(
    (owner.RPTOWNER_RELATIONSHIP ?? "").split(",").map((role) => role.trim().toLowerCase()),
  );
  const isOfficer = roles.has("officer");
  return {
    isDirector: roles.has("director"),
    isOfficer,
    officerTitle: isOfficer ? owner.RPTOWNER_TITLE || null : null,
    isTenPercentOwner: roles.has("tenpercentowner"),
    otherText: roles.has("other") ? owner.RPTOWNER_TXT || null : null,
  };
}

function tenDigits(raw: string | undefined): string | null {
  return raw && /^\d{1,10}$/.test(raw) ? raw.padStart(10, "0") : null;
}

function firstByAccession(rows: Row[]): Map<string, Row> {
  const byAccession = new Map<string, Row>();
  for (const row of rows) {
    const accession = row.ACCESSION_NUMBER ?? "";
    if (accession && !byAccession.has(accession)) byAccession.set(accession, row);
  }
  return byAccession;
}

interface Filing {
  submission: Row;
  owner: Row;
  form: "4" | "4/A";
  symbol: string;
  filingDate: string;
  personCik: string;
}

function filingOf(submission: Row, owner: Row | undefined): Filing | undefined {
  const form = submission.DOCUMENT_TYPE?.toUpperCase();
  const filingDate = isoFromDataset(submission.FILING_DATE);
  const symbol = submission.ISSUERTRADINGSYMBOL?.trim();
  const personCik = tenDigits(owner?.RPTOWNERCIK);
  if ((form !== "4" && form !== "4/A") || !owner || !filingDate || !symbol || !personCik) {
    return undefined;
  }
  return { submission, owner, form, symbol: marketSymbol(symbol), filingDate, personCik };
}

function tradeOf(line: Row, filing: Filing, derivative: boolean): InsiderTrade | undefined {
  const transactionDate = isoFromDataset(line.TRANS_DATE);
  const code = line.TRANS_CODE?.trim();
  const shares = decimal(line.TRANS_SHARES);
  const acquiredDisposed = line.TRANS_ACQUIRED_DISP_CD?.trim().toUpperCase();
  const ownership = line.DIRECT_INDIRECT_OWNERSHIP?.trim().toUpperCase();
  if (!transactionDate || !code || shares === null) return undefined;
  if (
    (acquiredDisposed !== "A" && acquiredDisposed !== "D") ||
    (ownership !== "D" && ownership !== "I")
  ) {
    return undefined;
  }
  return {
    securityTitle: line.SECURITY_TITLE ?? "",
    derivative,
    transactionDate,
    code,
    shares,
    pricePerShare: decimal(line.TRANS_PRICEPERSHARE),
    acquiredDisposed,
    sharesOwnedAfter: decimal(line.SHRS_OWND_FOLWNG_TRANS),
    ownership,
    symbol: filing.symbol,
    personCik: filing.personCik,
    personName: filing.owner.RPTOWNERNAME ?? "",
    relationship: relationshipOf(filing.owner),
    tradingPlan: optionalFlag(filing.submission.AFF10B5ONE),
    accessionNumber: line.ACCESSION_NUMBER ?? "",
    filingDate: filing.filingDate,
    form: filing.form,
  };
}

function byDateThenFiling(a: InsiderTrade, b: InsiderTrade): number {
  return (
    a.transactionDate.localeCompare(b.transactionDate) ||
    a.filingDate.localeCompare(b.filingDate) ||
    a.accessionNumber.localeCompare(b.accessionNumber)
  );
}

/** The quarter's Form 4 and 4/A lines, oldest transaction first. */
export function parseInsiderDatasets(files: InsiderDatasetFiles): InsiderTrade[] {
  const submissions = firstByAccession(parseTsv(files.submission));
  const owners = firstByAccession(parseTsv(files.reportingOwner));
  const filings = new Map<string, Filing | undefined>();
  const filingFor = (accession: string) => {
    if (!filings.has(accession)) {
      const submission = submissions.get(accession);
      filings.set(accession, submission && filingOf(submission, owners.get(accession)));
    }
    return filings.get(accession);
  };
  const tradesOf = (text: string | undefined, derivative: boolean) =>
    parseTsv(text ?? "").flatMap((line) => {
      const filing = filingFor(line.ACCESSION_NUMBER ?? "");
      return (filing && tradeOf(line, filing, derivative)) ?? [];
    });
  return [
    ...tradesOf(files.nonDerivativeTransactions, false),
    ...tradesOf(files.derivativeTransactions, true),
  ].sort(byDateThenFiling);
}
