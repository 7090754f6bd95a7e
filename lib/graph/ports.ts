import type { InsiderRelationship, InsiderTransaction } from "../company/ports";

/**
 * What the company graph reads, by capability: supply relationships between companies (listed
 * or not), the people who run and own them (from Forms 3/4), their insider trades, and the
 * institutions that report holdings on Form 13F. The simulated world implements all of them
 * (lib/graph/sim/); SEC EDGAR implements people, insider trades and institutions
 * (lib/graph/adapters/), and has no supply-chain source (`supplyChain` undefined: the API
 * answers 503 SUPPLY_CHAIN_UNAVAILABLE). Competitors and peers are derived from the company
 * directory and the market (lib/graph/), not read from a source.
 *
 * Companies are keyed by `companyId`: the ticker for a listed company ("AAPL"), a lower-case
 * slug for an unlisted one ("kestrel-precision-components"). People and institutions by their
 * 10-digit SEC CIK (fictional ones start 0009: real CIKs are below 0003000000). Dates are
 * yyyy-MM-dd; a source answers only what is known at its clock (filed by then).
 */

/** A company outside the universe: a supplier or customer with no listing here. */
export interface UnlistedCompany {
  /** Lower-case slug of its name, unique; never a ticker (tickers are upper-case). */
  companyId: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GICS-style industry name, as the universe's industries are spelled. */
  industry: string;
  sector: string;
}

/**
 * "supplierId supplies customerId": one typed, dated, weighted edge. Shares are fractions 0-1;
 * a side the source does not know is null (a 10-K names customers above 10 % of revenue, never
 * the customer's cost share).
 */
export interface SupplyRelation {
  supplierId: string;
  customerId: string;
  /** What is supplied, e.g. "foundry wafers", "contract manufacturing". */
  product: string;
  /** The supplier's sales to this customer over the customer's cost of revenue, 0-1. */
  customerCostShare: number | null;
  /** The customer's purchases over the supplier's revenue, 0-1. */
  supplierRevenueShare: number | null;
  /** First day of the relationship. */
  since: string;
  /**
   * "simulated": the simulated world; "10-K": a major-customer disclosure of the supplier's
   * annual report (customers of 10 % or more of revenue, Regulation S-K Item 101).
   */
  source: "simulated" | "10-K";
}

export interface SupplyChainSource {
  /** Every company outside the universe that appears in a relation. */
  unlistedCompanies(): Promise<readonly UnlistedCompany[]>;
  /** Every relation in force at the source's clock (since ≤ today), in a stable order. */
  relations(): Promise<readonly SupplyRelation[]>;
}

export type PersonRole = "officer" | "director" | "ten-percent-owner";

/** A person's position at one issuer, as Forms 3/4 (and the proxy) state it. */
export interface Position {
  /** The issuer's ticker. */
  symbol: string;
  /** Reporting owner's CIK, 10 digits. */
  personCik: string;
  name: string;
  /** The main role: officer (an officer who is also a director stays "officer"), director, owner. */
  role: PersonRole;
  /** As filed: an officer's title, "Director", "10% Owner", or "Director, 10% Owner". */
  title: string;
  relationship: InsiderRelationship;
  /** First day in the role; for real sources the first Form 3/4 seen (null when none). */
  since: string | null;
  /** Last day in the role; null while serving (or when the source cannot tell). */
  until: string | null;
  /** Age in whole years at the clock where the source knows it (proxy statements); else null. */
  age: number | null;
}

/** One Form 4 line with its issuer, owner and filing: what insider analyses read. */
export interface InsiderTrade extends InsiderTransaction {
  symbol: string;
  personCik: string;
  personName: string;
  relationship: InsiderRelationship;
  /**
   * Rule 10b5-1: true when the form marks the trade as made under a trading plan (the
   * aff10b5One box, on forms since 1 April 2023; the simulated world marks plan sales); false
   * when it does not; null when the form predates the box.
   */
  tradingPlan: boolean | null;
  accessionNumber: string;
  filingDate: string;
  /** The form as filed: "4" or "4/A" (an amendment replaces the lines of the form it amends). */
  form: string;
}

export interface PeopleSource {
  /**
   * The issuer's officers, directors and 10 % owners known at the clock, officers first; with
   * `includeFormer`, those who left too. Undefined for an unknown symbol; [] for a fund.
   */
  positionsOf(symbol: string, includeFormer: boolean): Promise<Position[] | undefined>;
  /** Every current position across the source's issuers (for search and interlocks). */
  allPositions(): Promise<readonly Position[]>;
  /**
   * Form 4 lines of the issuer dated `from` to `to` (inclusive) and filed by the clock, oldest
   * first; undefined for an unknown symbol, [] for a fund.
   */
  insiderTrades(symbol: string, from: string, to: string): Promise<InsiderTrade[] | undefined>;
}

export type InstitutionKind =
  | "index-fund"
  | "asset-manager"
  | "hedge-fund"
  | "pension"
  | "bank"
  | "insurer";

/** A Form 13F filer (an institutional investment manager with $100 m or more under management). */
export interface Institution {
  /** 10 digits. */
  cik: string;
  name: string;
  kind: InstitutionKind;
  /** City and state or country. */
  city: string;
}

/** One issuer's line of one 13F information table. */
export interface InstitutionalHolding {
  institutionCik: string;
  symbol: string;
  /** The quarter's last day (the 13F's period of report). */
  quarterEnd: string;
  shares: number;
  /** Market value at the quarter end, whole USD (13Fs before 2023-01-03 filed thousands: converted). */
  valueUsd: number;
  accessionNumber: string;
  filingDate: string;
}

/** An institution's position in one issuer: its latest 13F filed by the clock, and the one before. */
export interface InstitutionalPosition {
  institution: Institution;
  /** The latest 13F's line; null when that 13F no longer lists the issuer (sold out). */
  current: InstitutionalHolding | null;
  /** The same filer's previous quarter's line; null when it did not hold the issuer (new). */
  previous: InstitutionalHolding | null;
}

export interface InstitutionSource {
  institutions(): Promise<readonly Institution[]>;
  /**
   * Per filer that held the issuer in its latest 13F filed by the clock, or in the one before,
   * its position (so new, added, reduced and sold-out positions are all here). Undefined for an
   * unknown symbol; [] for none.
   */
  positionsIn(symbol: string): Promise<InstitutionalPosition[] | undefined>;
}

/** Everything the graph reads; `supplyChain` is undefined when the provider has none. */
export interface GraphSources {
  /** "sim" or "edgar": shown in the answers' coverage. */
  provider: string;
  /**
   * Whether the day's graph holds every issuer's people and insider trades (the simulated world:
   * yes). EDGAR: no, since reading every issuer's Form 4s takes minutes; its people and trades
   * are served by the per-company endpoints, which read one issuer's.
   */
  peopleInGraph: boolean;
  supplyChain: SupplyChainSource | undefined;
  people: PeopleSource;
  institutions: InstitutionSource;
}
