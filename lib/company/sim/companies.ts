/**
 * Company reference data of the simulated world: one record per stock and ETF of the universe
 * (lib/market/sim/universe.json `stocks`), keyed by the universe's symbol ("BRK.B").
 *
 * Source of the figures (`companies.json`): approximate public figures from 2024-2025 annual
 * reports and issuers' sites, for simulation only, like the universe's. They are not a data
 * feed and drift from reality by design.
 * - `cik`: from SEC EDGAR's company tickers file; null for the ETFs that file does not list (series
 *   of investment-company trusts such as iShares, Vanguard and Select Sector SPDR funds).
 * - `isin`: only values confirmed by at least two public sources; the check digit is verified at
 *   load. Issuers domiciled abroad carry their home ISIN (Medtronic IE…, Linde IE…, SLB AN…).
 * - `headquarters`: "City, State" in the US, "City, Country" elsewhere; null for a company that
 *   reports no headquarters (Coinbase is remote-first). For ETFs, the issuer's or sponsor's
 *   headquarters. `country` is that place's ISO 3166-1 alpha-2 code.
 * - `employees`: full-time headcount as last reported in the annual report, rounded as reported;
 *   null where not known with confidence, and always null for ETFs.
 * - `fiscalYearEnd`: "MM-DD". Companies on a 52/53-week year (e.g. Apple's ends on the last
 *   Saturday of September) carry the last day of that month ("09-30"), not the exact date.
 * - `summary` (one sentence) and `description` (a few sentences on segments, products and
 *   markets) are written for this project; they name no people.
 * - ETFs only: `issuer`, and `benchmark`, the index tracked (null for actively managed funds and
 *   commodity or bitcoin trusts).
 *
 * The JSON is checked once at load by a small hand-written shape check (no schema library: this
 * module sits on hot paths), then typed.
 */

import { readFileSync } from "node:fs";
import { isValidIsin } from "../isin";

export interface SimulatedCompanyRecord {
  symbol: string;
  /** SEC Central Index Key, 10 digits zero-padded. */
  cik: string | null;
  isin: string | null;
  headquarters: string | null;
  /** ISO 3166-1 alpha-2, e.g. "US". */
  country: string;
  /** https URL: the company's own site, or the fund's page on its issuer's site. */
  website: string;
  employees: number | null;
  /** "MM-DD". */
  fiscalYearEnd: string | null;
  summary: string;
  description: string;
  /** ETFs only: the fund's issuer, e.g. "State Street Global Advisors". */
  issuer?: string;
  /** ETFs only: the index the fund tracks; null when it tracks none. */
  benchmark?: string | null;
}

export interface SimulatedCompanies {
  /** What the figures approximate, e.g. "2025". */
  asOf: string;
  note: string;
  companies: SimulatedCompanyRecord[];
}

type Row = Record<string, unknown>;

function fail(path: string, expected: string): never {
  throw new Error(`companies.json: ${path} must be ${expected}`);
}

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(row: Row, key: string, path: string): void {
  const v = row[key];
  if (typeof v !== "string" || v.length === 0) fail(`${path}.${key}`, "a non-empty string");
}

function textOrNull(row: Row, key: string, path: string): void {
  const v = row[key];
  if (v !== null && (typeof v !== "string" || v.length === 0)) {
    fail(`${path}.${key}`, "null or a non-empty string");
  }
}

function matching(row: Row, key: string, path: string, pattern: RegExp, expected: string): void {
  const v = row[key];
  if (typeof v !== "string" || !pattern.test(v)) fail(`${path}.${key}`, expected);
}

function nullOrMatching(row: Row, key: string, path: string, pattern: RegExp, what: string): void {
  if (row[key] !== null) matching(row, key, path, pattern, `null or ${what}`);
}

function checkIdentifiers(row: Row, path: string): void {
  nullOrMatching(row, "cik", path, /^\d{10}$/, "10 digits");
  const isin = row.isin;
  if (isin !== null && (typeof isin !== "string" || !isValidIsin(isin))) {
    fail(`${path}.isin`, "null or an ISIN with a valid check digit");
  }
}

function checkFacts(row: Row, path: string): void {
  textOrNull(row, "headquarters", path);
  matching(row, "country", path, /^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code");
  matching(row, "website", path, /^https:\/\/[a-z0-9.-]+\.[a-z]+(\/\S*)?$/, "an https URL");
  const employees = row.employees;
  if (employees !== null && (!Number.isInteger(employees) || (employees as number) <= 0)) {
    fail(`${path}.employees`, "null or a positive integer");
  }
  nullOrMatching(row, "fiscalYearEnd", path, /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, '"MM-DD"');
  text(row, "summary", path);
  text(row, "description", path);
}

/** ETF fields: both or neither; a fund has no employee count. */
function checkFund(row: Row, path: string): void {
  if (!("issuer" in row) && !("benchmark" in row)) return;
  text(row, "issuer", path);
  if (!("benchmark" in row)) fail(`${path}.benchmark`, "present beside issuer");
  textOrNull(row, "benchmark", path);
  if (row.employees !== null) fail(`${path}.employees`, "null for a fund");
}

function checkCompany(row: Row, path: string): void {
  text(row, "symbol", path);
  checkIdentifiers(row, path);
  checkFacts(row, path);
  checkFund(row, path);
}

/** The load-time shape check: throws on the first malformed field, naming its path. */
export function assertCompanies(data: unknown): asserts data is SimulatedCompanies {
  if (!isRow(data)) fail("the root", "an object");
  text(data, "asOf", "root");
  const list = data.companies;
  if (!Array.isArray(list) || list.length === 0) fail("companies", "a non-empty array");
  const seen = new Set<unknown>();
  list.forEach((row: unknown, i) => {
    const path = `companies[${i}]`;
    if (!isRow(row)) fail(path, "an object");
    checkCompany(row, path);
    if (seen.has(row.symbol)) fail(`${path}.symbol`, "unique");
    seen.add(row.symbol);
  });
}

/**
 * Read as a file, not bundled: beside this module from source, beside the bundle in a Lambda
 * (infra/bundling.ts SIMULATED_WORLD_FILES), as universe.json is.
 */
const data: unknown = JSON.parse(
  readFileSync(new URL("./companies.json", import.meta.url), "utf8"),
);
assertCompanies(data);

/** One record per stock and ETF of the universe, in the universe's order. */
export const COMPANY_RECORDS: readonly SimulatedCompanyRecord[] = data.companies;

const RECORD_BY_SYMBOL = new Map(COMPANY_RECORDS.map((record) => [record.symbol, record]));

/** The record of a universe symbol ("BRK.B"); undefined for symbols the file does not know. */
export function companyRecordOf(symbol: string): SimulatedCompanyRecord | undefined {
  return RECORD_BY_SYMBOL.get(symbol);
}
