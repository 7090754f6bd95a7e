import type { output, ZodType } from "zod";
import { array, nullable, number, object, optional, record, string } from "zod";
import { isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { parseVendorJson } from "../../vendor-json";
import type {
  CompanyDataProvider,
  CompanyListing,
  CompanyRecord,
  FilingRecord,
  FilingsQuery,
} from "../ports";
import { CompanyDataUnavailable } from "../ports";
import { businessSummary } from "./edgar-10k";
import { parseForm4 } from "./edgar-form4";

/**
 * SEC EDGAR as a company-data source (public, no key): who a company is, what it files, its
 * Form 4 insider transactions and the business section of its latest 10-K. EDGAR has no social
 * feed (`social` is undefined).
 *
 * Sources: the company tickers file (ticker → CIK, name), the submissions JSON per CIK (profile,
 * filing history), each Form 4's XML and each 10-K's primary HTML document.
 *
 * What EDGAR does not supply, and what this adapter answers instead:
 * - Sector (no GICS classification): null; industry is the SIC code's description.
 * - ISIN, employee count, a one-line summary: null.
 * - Listing venues in the tickers file: "" (the submissions file names them for `company`).
 * - Filings older than the submissions file's `recent` page (the latest 1,000 or year): omitted.
 *
 * Fair access (sec.gov/os/accessing-edgar-data): every request declares `userAgent` (a name and
 * a contact address) and accepts gzip; at most 10 requests start in any second, across every
 * method of one provider. 404 means "no such document"; other failures are outages.
 */

const PROVIDER = "edgar";
export const EDGAR_MAX_REQUESTS_PER_SECOND = 10;

export const EDGAR_TICKERS_URL = "https://www.sec.gov/files/company_tickers.json";
const SUBMISSIONS_BASE = "https://data.sec.gov/submissions";
const ARCHIVES_BASE = "https://www.sec.gov/Archives/edgar/data";

/**
 * What an EDGAR URL holds; it sets how long a cached copy stays fresh. For `annualReport` the
 * text is the business summary read off the 10-K's HTML (see `withBusinessSummaries`); for
 * `thirteenF` (a 13F's full submission text) the graph's share lines as JSON
 * (lib/graph/adapters/edgar-graph.ts); for `companyFacts` the XBRL facts the statements read
 * (lib/fundamentals/adapters/edgar-xbrl.ts).
 */
export type EdgarDocumentKind =
  | "tickers"
  | "submissions"
  | "form4"
  | "annualReport"
  | "thirteenF"
  | "companyFacts";

/**
 * Freshness per kind, in seconds, for a read-through cache in front of `EdgarFetchText`:
 * the tickers file changes daily, a submissions file with each filing; filed documents never.
 * (A 10-K's HTML runs to megabytes, beyond a DynamoDB item: its summary is what is cached.)
 */
export const EDGAR_CACHE_TTL_SECONDS: Readonly<Record<EdgarDocumentKind, number>> = {
  tickers: 24 * 3600,
  submissions: 10 * 60,
  form4: 30 * 24 * 3600,
  annualReport: 30 * 24 * 3600,
  thirteenF: 30 * 24 * 3600,
  // Changes with each 10-Q or 10-K; hours late after a filing is acceptable for statements.
  companyFacts: 6 * 3600,
};

/**
 * One GET: the body as text (an annual report's business summary), undefined for a 404 (or a
 * 10-K without one); CompanyDataUnavailable for anything else.
 */
export type EdgarFetchText = (url: string, kind: EdgarDocumentKind) => Promise<string | undefined>;

/** Real time for the rate limiter (never a pinned market clock: it must advance). */
export interface LimiterClock {
  nowMs(): number;
  sleep(ms: number): Promise<void>;
}

export const REAL_TIME: LimiterClock = {
  nowMs: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface EdgarOptions {
  /** e.g. "Example Corp admin@example.com" (EDGAR_USER_AGENT). */
  userAgent: string;
  fetch?: typeof globalThis.fetch;
  /** The market clock, ms: filings after it are not shown. */
  now?: () => number;
  limiterClock?: LimiterClock;
  timeoutMs?: number;
  /** Wraps the client's GET, e.g. with a read-through cache keyed by URL (TTL by kind). */
  cache?: (fetchText: EdgarFetchText) => EdgarFetchText;
  /** An existing client (`createEdgarClient`) to share its rate limiter; else one is made. */
  client?: EdgarFetchText;
}

function unavailable(message: string): CompanyDataUnavailable {
  return new CompanyDataUnavailable(PROVIDER, message);
}

/**
 * A sliding-window limiter: a request may start once fewer than `maxPerSecond` requests started
 * in the second before it. Slots are reserved synchronously, so concurrent callers queue fairly.
 */
export function createRateLimiter(maxPerSecond: number, clock: LimiterClock): () => Promise<void> {
  const starts: number[] = [];
  return async () => {
    const nowMs = clock.nowMs();
    // `starts` holds the last `maxPerSecond` reserved starts, oldest first.
    const oldest = starts.length < maxPerSecond ? undefined : starts[0];
    const slot = oldest === undefined ? nowMs : Math.max(nowMs, oldest + 1000);
    starts.push(slot);
    if (starts.length > maxPerSecond) starts.shift();
    if (slot > nowMs) await clock.sleep(slot - nowMs);
  };
}

/** The HTTP client: User-Agent and gzip on every request, each one through the limiter. */
export function createEdgarClient({
  userAgent,
  fetch = globalThis.fetch,
  limiterClock = REAL_TIME,
  timeoutMs = 10_000,
}: Pick<EdgarOptions, "userAgent" | "fetch" | "limiterClock" | "timeoutMs">): EdgarFetchText {
  const acquire = createRateLimiter(EDGAR_MAX_REQUESTS_PER_SECOND, limiterClock);
  return async (url) => {
    await acquire();
    const where = `GET ${new URL(url).pathname}`;
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        headers: { "User-Agent": userAgent, "Accept-Encoding": "gzip, deflate" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw unavailable(
        `${where}: ${timedOut ? `no answer within ${timeoutMs} ms` : `network error (${String(error)})`}`,
      );
    }
    if (response.status === 404) return undefined;
    if (!response.ok) {
      throw unavailable(`${where}: HTTP ${response.status} (${statusKind(response.status)})`);
    }
    return body;
  };
}

function statusKind(status: number): string {
  if (status === 403) return "refused: User-Agent not accepted or request rate exceeded";
  if (status === 429) return "rate limited";
  return status >= 500 ? "server error" : "request refused";
}

// EDGAR's documented response formats (only the fields read here).

const tickersSchema = record(
  string(),
  object({ cik_str: number().int().nonnegative(), ticker: string().min(1), title: string() }),
);

const addressSchema = object({
  city: optional(nullable(string())),
  stateOrCountry: optional(nullable(string())),
  stateOrCountryDescription: optional(nullable(string())),
});

const recentSchema = object({
  accessionNumber: array(string()),
  filingDate: array(string()),
  reportDate: array(string()),
  form: array(string()),
  primaryDocument: array(string()),
  primaryDocDescription: array(string()),
  items: optional(array(string())),
}).refine(
  (recent) =>
    Object.values(recent).every((column) => column.length === recent.accessionNumber.length),
  "filings.recent columns differ in length",
);

const submissionsSchema = object({
  cik: string().regex(/^\d{1,10}$/),
  name: string(),
  tickers: array(string()),
  exchanges: array(nullable(string())),
  sicDescription: optional(nullable(string())),
  website: optional(nullable(string())),
  fiscalYearEnd: optional(nullable(string())),
  addresses: optional(object({ business: optional(nullable(addressSchema)) })),
  filings: object({ recent: recentSchema }),
});

type Submissions = output<typeof submissionsSchema>;
type Address = output<typeof addressSchema>;

interface TickerEntry {
  cik: number;
  /** As EDGAR writes it: "BRK-B". */
  ticker: string;
  title: string;
}

/** Our tickers use "." for share classes where EDGAR uses "-": BRK.B ↔ BRK-B. */
export function edgarTicker(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/\./g, "-");
}

export function marketSymbol(ticker: string): string {
  return ticker.toUpperCase().replace(/-/g, ".");
}

export function submissionsUrl(cik: number | string): string {
  return `${SUBMISSIONS_BASE}/CIK${String(Number(cik)).padStart(10, "0")}.json`;
}

function archiveFolder(cik: number | string, accessionNumber: string): string {
  return `${ARCHIVES_BASE}/${Number(cik)}/${accessionNumber.replace(/-/g, "")}`;
}

/** The filing's index page: .../data/{cik}/{accession without dashes}/{accession}-index.htm. */
export function filingIndexUrl(cik: number | string, accessionNumber: string): string {
  return `${archiveFolder(cik, accessionNumber)}/${accessionNumber}-index.htm`;
}

/**
 * A filing's primary document. For ownership forms `primaryDocument` names the XSL rendering
 * ("xslF345X05/form4.xml"); the raw XML is the same file without that folder.
 */
export function documentUrl(
  cik: number | string,
  accessionNumber: string,
  document: string,
): string {
  return `${archiveFolder(cik, accessionNumber)}/${document.replace(/^xsl[^/]*\//i, "")}`;
}

/** EDGAR's venue names to ours. */
const EXCHANGES = new Map([
  ["NASDAQ", "NASDAQ"],
  ["NYSE", "NYSE"],
  ["NYSE ARCA", "ARCA"],
  ["NYSE AMERICAN", "AMEX"],
  ["NYSE MKT", "AMEX"],
  ["CBOE", "BATS"],
  ["BATS", "BATS"],
  ["OTC", "OTC"],
]);

function venue(exchange: string | null | undefined): string {
  const name = exchange?.trim().toUpperCase() ?? "";
  return EXCHANGES.get(name) ?? name;
}

/** US states, DC and territories in EDGAR's place codes (two letters, as USPS writes them). */
const US_PLACES = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH " +
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
  ).split(" "),
);

/**
 * EDGAR place codes ("State and Country Codes") outside the states and DC, to ISO 3166-1
 * alpha-2: territories, Canadian provinces, and the countries issuers commonly report.
 */
const PLACE_COUNTRIES = new Map(
  (
    "PR=PR GU=GU VI=VI X1=US A0=CA A1=CA A2=CA A3=CA A4=CA A5=CA A6=CA A7=CA A8=CA A9=CA " +
    "B0=CA Z4=CA C1=AR C3=AU C4=AT C5=BS C8=BB C9=BE D0=BM D5=BR D8=VG E9=KY F3=CL F4=CN " +
    "F5=TW F8=CO G4=CY 2N=CZ G7=DK H9=FI I0=FR 2M=DE J1=GI J3=GR K3=HK K5=HU K6=IS K7=IN " +
    "K8=ID L2=IE L3=IL L6=IT M0=JP M5=KR N0=LR N4=LU N8=MY O1=MT 1T=MH O5=MX O9=MC P7=NL " +
    "Q2=NZ Q8=NO R1=PA R5=PE R6=PH R9=PL S1=PT 1Z=RU T0=SA U0=SG T3=ZA U3=ES V7=SE V8=CH " +
    "W1=TH W8=TR C0=AE X0=GB X3=UY Q1=VN Y7=GG Y9=JE Y8=IM"
  )
    .split(" ")
    .map((pair) => pair.split("=") as [string, string]),
);

function titleCase(words: string): string {
  return words
    .toLowerCase()
    .replace(/(^|[\s\-/.'(])(\p{L})/gu, (_, sep, letter) => sep + letter.toUpperCase());
}

/** Country and "City, ST" (US) or "City, Country" from the business address. */
function headquartersOf(address: Address | null | undefined): {
  country: string | null;
  headquarters: string | null;
} {
  const code = address?.stateOrCountry?.trim().toUpperCase() ?? "";
  const city = address?.city?.trim() ? titleCase(address.city.trim()) : "";
  if (US_PLACES.has(code)) return { country: "US", headquarters: city ? `${city}, ${code}` : null };
  const country = PLACE_COUNTRIES.get(code) ?? null;
  const place = address?.stateOrCountryDescription?.trim()
    ? titleCase(address.stateOrCountryDescription.trim())
    : "";
  const headquarters = [city, place].filter(Boolean).join(", ");
  return { country, headquarters: headquarters || null };
}

function websiteOf(raw: string | null | undefined): string | null {
  const site = raw?.trim();
  if (!site) return null;
  return /^https?:\/\//i.test(site) ? site.replace(/^http:/i, "https:") : `https://${site}`;
}

/** "0926" → "09-26". */
function fiscalYearEndOf(raw: string | null | undefined): string | null {
  const match = raw?.trim().match(/^(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
  return match ? `${match[1]}-${match[2]}` : null;
}

interface RecentFiling {
  accessionNumber: string;
  form: string;
  filingDate: string;
  reportDate: string;
  primaryDocument: string;
  primaryDocDescription: string;
  items: string;
}

/** The parallel columns of `filings.recent` as rows, newest first as EDGAR lists them. */
function recentFilings(submissions: Submissions): RecentFiling[] {
  const recent = submissions.filings.recent;
  return recent.accessionNumber.map((accessionNumber, i) => ({
    accessionNumber,
    form: recent.form[i] ?? "",
    filingDate: recent.filingDate[i] ?? "",
    reportDate: recent.reportDate[i] ?? "",
    primaryDocument: recent.primaryDocument[i] ?? "",
    primaryDocDescription: recent.primaryDocDescription[i] ?? "",
    items: recent.items?.[i] ?? "",
  }));
}

function descriptionOf(filing: RecentFiling): string | null {
  const description = filing.primaryDocDescription.trim() || null;
  const items = filing.items
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return description;
  return `${description ?? filing.form}: Items ${items.join(", ")}`;
}

function isForm4(form: string): boolean {
  return form === "4" || form === "4/A";
}

/**
 * Reads a 10-K's business summary where it is downloaded, below any cache: a cache then keeps
 * a few kilobytes of text, not megabytes of HTML.
 */
function withBusinessSummaries(fetchText: EdgarFetchText): EdgarFetchText {
  return async (url, kind) => {
    const text = await fetchText(url, kind);
    return kind === "annualReport" && text !== undefined ? businessSummary(text) : text;
  };
}

export function createEdgarCompanyData({
  userAgent,
  fetch,
  now = () => Date.now(),
  limiterClock = REAL_TIME,
  timeoutMs,
  cache,
  client: shared,
}: EdgarOptions): CompanyDataProvider {
  const client = withBusinessSummaries(
    shared ?? createEdgarClient({ userAgent, fetch, limiterClock, timeoutMs }),
  );
  const fetchText = cache ? cache(client) : client;

  async function getJson<T>(
    url: string,
    kind: EdgarDocumentKind,
    schema: ZodType<T>,
  ): Promise<T | undefined> {
    const text = await fetchText(url, kind);
    if (text === undefined) return undefined;
    const where = `GET ${new URL(url).pathname}`;
    const checked = parseVendorJson(text, schema);
    if ("problem" in checked) throw unavailable(`${where}: ${checked.problem}`);
    return checked.data;
  }

  /** The tickers file, parsed once per day per provider (it runs to ~800 KB). */
  let tickerIndex: { loadedAtMs: number; entries: Promise<Map<string, TickerEntry>> } | undefined;

  function tickers(): Promise<Map<string, TickerEntry>> {
    const nowMs = limiterClock.nowMs();
    if (tickerIndex && nowMs - tickerIndex.loadedAtMs < EDGAR_CACHE_TTL_SECONDS.tickers * 1000) {
      return tickerIndex.entries;
    }
    const entries = loadTickers();
    tickerIndex = { loadedAtMs: nowMs, entries };
    entries.catch(() => {
      if (tickerIndex?.entries === entries) tickerIndex = undefined;
    });
    return entries;
  }

  async function loadTickers(): Promise<Map<string, TickerEntry>> {
    const file = await getJson(EDGAR_TICKERS_URL, "tickers", tickersSchema);
    if (file === undefined) {
      throw unavailable(`GET ${new URL(EDGAR_TICKERS_URL).pathname}: not found`);
    }
    const index = new Map<string, TickerEntry>();
    for (const { cik_str, ticker, title } of Object.values(file)) {
      const key = ticker.toUpperCase();
      if (!index.has(key)) index.set(key, { cik: cik_str, ticker: key, title });
    }
    return index;
  }

  async function companyOf(symbol: string) {
    const entry = (await tickers()).get(edgarTicker(symbol));
    if (!entry) return undefined;
    const submissions = await getJson(submissionsUrl(entry.cik), "submissions", submissionsSchema);
    return submissions && { entry, submissions };
  }

  /** Filings filed on or before the market clock's New York date, newest first. */
  function filedByNow(submissions: Submissions): RecentFiling[] {
    const today = isoDate(nyWallClock(now()).day);
    return recentFilings(submissions).filter((filing) => filing.filingDate <= today);
  }

  /** A Form 4's parsed XML; undefined when it cannot be read or is another issuer's. */
  async function insiderOf(cik: string, filing: RecentFiling) {
    try {
      const xml = await fetchText(
        documentUrl(cik, filing.accessionNumber, filing.primaryDocument),
        "form4",
      );
      const form = xml === undefined ? undefined : parseForm4(xml);
      if (!form || (form.issuerCik !== null && form.issuerCik !== cik)) return undefined;
      return form.insider;
    } catch {
      return undefined;
    }
  }

  async function toRecord(cik: string, filing: RecentFiling): Promise<FilingRecord> {
    const record: FilingRecord = {
      accessionNumber: filing.accessionNumber,
      form: filing.form,
      filingDate: filing.filingDate,
      reportDate: filing.reportDate || null,
      description: descriptionOf(filing),
      url: filingIndexUrl(cik, filing.accessionNumber),
    };
    if (!isForm4(filing.form)) return record;
    const insider = await insiderOf(cik, filing);
    return insider ? { ...record, insider } : record;
  }

  function toCompanyRecord(entry: TickerEntry, submissions: Submissions): CompanyRecord {
    const at = submissions.tickers.findIndex((ticker) => ticker.toUpperCase() === entry.ticker);
    return {
      symbol: marketSymbol(entry.ticker),
      name: submissions.name || entry.title,
      exchange: venue(submissions.exchanges[at]),
      contractType: "STK",
      cik: submissions.cik.padStart(10, "0"),
      isin: null,
      sector: null,
      industry: submissions.sicDescription?.trim() || null,
      ...headquartersOf(submissions.addresses?.business),
      website: websiteOf(submissions.website),
      employees: null,
      fiscalYearEnd: fiscalYearEndOf(submissions.fiscalYearEnd),
      summary: null,
    };
  }

  return {
    directory: {
      async listings(): Promise<CompanyListing[]> {
        return [...(await tickers()).values()].map(({ ticker, title }) => ({
          symbol: marketSymbol(ticker),
          name: title,
          exchange: "",
          contractType: "STK",
        }));
      },
      async company(symbol) {
        const found = await companyOf(symbol);
        return found && toCompanyRecord(found.entry, found.submissions);
      },
    },

    filings: {
      async filings(symbol, { form, limit }: FilingsQuery) {
        const found = await companyOf(symbol);
        if (!found) return undefined;
        const cik = found.submissions.cik.padStart(10, "0");
        const wanted = form?.trim().toUpperCase() || undefined;
        const page = filedByNow(found.submissions)
          .filter((filing) => wanted === undefined || filing.form.toUpperCase() === wanted)
          .slice(0, Math.max(0, limit));
        // Form 4 XMLs load concurrently; the limiter spaces them out.
        return Promise.all(page.map((filing) => toRecord(cik, filing)));
      },
    },

    descriptions: {
      async description(symbol) {
        const found = await companyOf(symbol);
        const annual =
          found && filedByNow(found.submissions).find((filing) => filing.form === "10-K");
        if (!found || !annual) return undefined;
        const url = documentUrl(
          found.submissions.cik,
          annual.accessionNumber,
          annual.primaryDocument,
        );
        const description = await fetchText(url, "annualReport");
        if (description === undefined) return undefined;
        return {
          description,
          source: "10-K",
          updatedOn: new Date(Date.parse(`${annual.filingDate}T00:00:00Z`)).toISOString(),
        };
      },
    },

    social: undefined,
  };
}
