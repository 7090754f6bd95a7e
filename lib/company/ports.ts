/**
 * What the company group reads, by capability: who a company is (directory), what it files
 * with the SEC (filings, with Form 4 insider transactions parsed), a business description, and
 * an optional social feed. The simulated world implements all of them (lib/company/sim/); SEC
 * EDGAR implements all but the social feed (lib/company/adapters/edgar.ts). Prices, earnings
 * and dividends stay with the market-data ports (lib/market/ports.ts).
 *
 * Symbols are tickers as the market lists them ("BRK.B"). Dates are yyyy-MM-dd; instants ISO
 * 8601 UTC. A method answers undefined for a company the source does not know.
 */

/** One entry of a source's company list: what search ranks. */
export interface CompanyListing {
  symbol: string;
  name: string;
  /** Primary listing venue, e.g. NASDAQ, NYSE, ARCA; "" when the source does not say. */
  exchange: string;
  /** "STK" for a company's shares, "ETF" for an exchange-traded fund. */
  contractType: "STK" | "ETF";
}

/** Who a company is: identity, classification and headquarters. */
export interface CompanyRecord extends CompanyListing {
  /** SEC Central Index Key, 10 digits zero-padded; null when not an SEC filer or unknown. */
  cik: string | null;
  /** ISO 6166 ISIN (12 characters, valid check digit); null when unknown. */
  isin: string | null;
  /** GICS-style sector and industry names; null when the source has none. */
  sector: string | null;
  industry: string | null;
  /** ISO 3166-1 alpha-2 country of the headquarters, e.g. "US"; null when unknown. */
  country: string | null;
  /** City and state or country of the headquarters, e.g. "Cupertino, California". */
  headquarters: string | null;
  /** The company's own site, https; null when unknown. */
  website: string | null;
  /** Full-time employees as last reported; null when unknown (or a fund). */
  employees: number | null;
  /** Fiscal year end, "MM-DD"; null when unknown. */
  fiscalYearEnd: string | null;
  /** One or two sentences on what the company does. */
  summary: string | null;
}

export interface CompanyDirectory {
  /** Every company and fund the source lists (for search); order not significant. */
  listings(): Promise<readonly CompanyListing[]>;
  company(symbol: string): Promise<CompanyRecord | undefined>;
}

/** A reporting owner's relationship to the issuer, as Form 4 states it. */
export interface InsiderRelationship {
  isDirector: boolean;
  isOfficer: boolean;
  /** The officer's title as filed, e.g. "Chief Financial Officer"; null for non-officers. */
  officerTitle: string | null;
  isTenPercentOwner: boolean;
  /** Other relationship as filed (e.g. "Member of 13(d) group"); null when none. */
  otherText: string | null;
}

/**
 * One line of a Form 4's non-derivative or derivative table. Transaction codes (SEC Form 4
 * instructions): P open-market purchase, S open-market sale, A grant or award, M exercise or
 * conversion of a derivative, F tax withholding, G gift, and others as filed.
 */
export interface InsiderTransaction {
  /** e.g. "Common Stock", "Restricted Stock Units". */
  securityTitle: string;
  derivative: boolean;
  transactionDate: string;
  code: string;
  /** Shares (or units) in the transaction. */
  shares: number;
  /** USD per share; null when the filing gives none (grants, gifts). */
  pricePerShare: number | null;
  acquiredDisposed: "A" | "D";
  /** Shares (or units) owned after the transaction; null when not filed. */
  sharesOwnedAfter: number | null;
  /** D direct, I indirect ownership. */
  ownership: "D" | "I";
}

/** A Form 4 as parsed from its XML (ownershipDocument). */
export interface InsiderFiling {
  ownerName: string;
  /** The reporting owner's CIK, 10 digits; null when unknown. */
  ownerCik: string | null;
  relationship: InsiderRelationship;
  transactions: InsiderTransaction[];
  /**
   * Rule 10b5-1 (the form's aff10b5One box, since 1 April 2023): null when the form predates the
   * box; absent when the source does not say. Not served by /company/{code}/filings.
   */
  tradingPlan?: boolean | null;
  /** A 4/A's date of original submission (yyyy-MM-dd); null for an original; absent when unknown. */
  originalFilingDate?: string | null;
}

/** One filing of an issuer, as EDGAR indexes it. */
export interface FilingRecord {
  /** 0000000000-YY-NNNNNN: the filer agent's CIK, the year, a sequence number. */
  accessionNumber: string;
  /** SEC form type, e.g. "10-K", "10-Q", "8-K", "4", "DEF 14A". */
  form: string;
  filingDate: string;
  /** The period the filing reports on (the transaction date for a Form 4); null when none. */
  reportDate: string | null;
  /** What the filing is, e.g. "Quarterly report" or an 8-K's items; null when unknown. */
  description: string | null;
  /** The filing's index page on EDGAR. */
  url: string;
  /** A Form 4's parsed content; absent for other forms (or when it could not be read). */
  insider?: InsiderFiling;
}

export interface FilingsQuery {
  /** Only this form type (exact, case-insensitive, e.g. "4", "10-K"). */
  form?: string;
  /** At most this many, newest first. */
  limit: number;
}

export interface CompanyFilings {
  /** The issuer's filings up to the clock, newest first. */
  filings(symbol: string, query: FilingsQuery): Promise<FilingRecord[] | undefined>;
}

export interface CompanyDescription {
  description: string;
  /** "10-K": the business section (Item 1) of the latest annual report; else written for us. */
  source: "10-K" | "AI-generated";
  /** When the text was taken or written, ISO 8601 UTC. */
  updatedOn: string;
}

export interface CompanyDescriptions {
  description(symbol: string): Promise<CompanyDescription | undefined>;
}

/** One message of a social feed: third-party content, served as plain text. */
export interface SocialMessage {
  id: number;
  body: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  username: string;
  /** As the author tagged it; null when untagged. */
  sentiment: "Bullish" | "Bearish" | null;
  likes: number;
}

export interface SocialSnapshot {
  /** Users watching the symbol. */
  watchlistCount: number;
  /** Messages of the last `windowHours` hours up to the clock, newest first. */
  messages: SocialMessage[];
  windowHours: number;
}

/** A social feed about symbols (optional: EDGAR has none). */
export interface SocialFeed {
  social(symbol: string): Promise<SocialSnapshot | undefined>;
}

/** Everything the company group reads; `social` is undefined when the source has no feed. */
export interface CompanyDataProvider {
  directory: CompanyDirectory;
  filings: CompanyFilings;
  descriptions: CompanyDescriptions;
  social: SocialFeed | undefined;
}

/** A company-data source failed (outage, bad status, malformed answer): the API answers 503. */
export class CompanyDataUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "CompanyDataUnavailable";
  }
}
