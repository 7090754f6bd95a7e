import type { AmountBand } from "./bands";

/**
 * Congressional stock trades as the STOCK Act (2012) makes members disclose them: each
 * transaction of a member, their spouse or a dependent child in a stock, fund or other security
 * over $1,000 is reported on a periodic transaction report (PTR) within 30 days of the member
 * learning of it and at most 45 days after the trade, with its amount as a range (./bands.ts),
 * not an exact figure. The simulated source (./sim) invents them for fictional members; the
 * House Clerk's index (./adapters/house.ts) lists the real reports, whose transactions are in
 * PDFs (see that adapter).
 */

export type Chamber = "house" | "senate";
/** D = Democrat, R = Republican, I = independent. */
export type Party = "D" | "R" | "I";
/** Whose holding the transaction was in, as the PTR's owner column says. */
export type Owner = "self" | "spouse" | "joint" | "dependent";
export type TransactionType = "purchase" | "sale" | "partial-sale" | "exchange";
/** Stocks and exchange-traded funds (the PTR's ST and EF asset codes). */
export type AssetType = "Stock" | "ETF";

export const CHAMBERS: readonly Chamber[] = ["house", "senate"];
export const PARTIES: readonly Party[] = ["D", "R", "I"];
export const OWNERS: readonly Owner[] = ["self", "spouse", "joint", "dependent"];
export const TRANSACTION_TYPES: readonly TransactionType[] = [
  "purchase",
  "sale",
  "partial-sale",
  "exchange",
];

/** The STOCK Act's deadline: a transaction is reported at most 45 days after it. */
export const DISCLOSURE_DEADLINE_DAYS = 45;

/** The longest window the routes take, calendar days. */
export const MAX_WINDOW_DAYS = 730;

export interface CongressMember {
  /** Stable slug, e.g. "corliss-vantreese". */
  id: string;
  firstName: string;
  lastName: string;
  chamber: Chamber;
  party: Party;
  /** Two-letter USPS code. */
  state: string;
  /** House: the district number as text ("14"), "AL" for an at-large seat; senators: null. */
  district: string | null;
}

export interface CongressionalTrade {
  /** Stable id of the transaction. */
  id: string;
  /** The periodic transaction report that disclosed it (several transactions share one). */
  filingId: string;
  /** The report's address; null when the source has none. */
  filingUrl: string | null;
  member: CongressMember;
  owner: Owner;
  /** Ticker as the market lists it, and the contract code (SYMBOL_EXCHANGE). */
  ticker: string;
  code: string;
  /** As the report words it, e.g. "Apple Inc. - Common Stock". */
  assetDescription: string;
  assetType: AssetType;
  transactionType: TransactionType;
  /** yyyy-MM-dd (New York): a session of the market. */
  transactionDate: string;
  /** yyyy-MM-dd (New York): the day the report was filed. */
  disclosureDate: string;
  /** Epoch ms at which the report became public (on disclosureDate). */
  disclosedAtMs: number;
  /** disclosureDate − transactionDate, calendar days (≥ 1). */
  delayDays: number;
  /** Filed after the 45-day deadline. */
  late: boolean;
  amount: AmountBand;
  /** The transaction date's regular-session close, USD: the price the trade is valued at. */
  priceAtTransaction: number;
}

/** A source that cannot answer now, or never supplies what was asked (`lacking`). */
export class CongressionalDataUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
    /** What the source never supplies (no retry helps); undefined for an outage. */
    readonly lacking?: string,
    /** What the source did find, for the answer's details (e.g. the filings it lists). */
    readonly note?: string,
  ) {
    super(message);
    this.name = "CongressionalDataUnavailable";
  }
}

/** A source of disclosed congressional trades (CONGRESSIONAL_PROVIDER). */
export interface CongressionalSource {
  /** `sim` or `house`. */
  readonly name: string;
  /**
   * Every transaction disclosed by the clock whose transaction date is `from` or later
   * (yyyy-MM-dd), newest disclosure first (then id). CongressionalDataUnavailable when the
   * source is unreachable or has no transaction rows.
   */
  disclosedTrades(from: string): Promise<readonly CongressionalTrade[]>;
  /**
   * The last price of each code, USD, from the market the trades were valued on (so a return
   * compares two prices of one tape); a code without a quote is left out.
   */
  pricesNow(codes: readonly string[]): Promise<ReadonlyMap<string, number>>;
}
