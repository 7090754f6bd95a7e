/**
 * The drug-approval port: FDA catalysts of the listed drug makers, whatever the source (the
 * simulated pipeline, or openFDA's Drugs@FDA with the Federal Register's advisory-committee
 * notices). A source hands over events as they are known at the market clock: nothing is
 * listed before its source published it, and an outcome only once it happened.
 *
 * Dates are New York calendar dates, yyyy-MM-dd. Symbols are tickers as the market lists them.
 */

/**
 * PDUFA: an application's FDA action (goal) date ahead; AdComm: an FDA advisory-committee
 * meeting on it; approval and CRL (complete response letter): the FDA's decision.
 */
export type FdaEventType = "PDUFA" | "AdComm" | "approval" | "CRL";
export const FDA_EVENT_TYPES: readonly FdaEventType[] = ["PDUFA", "AdComm", "approval", "CRL"];

/** Where a row comes from (spec fact 11): exactly these three values. */
export type FdaRowSource = "openFDA" | "FDA-AdComm" | "SEC-8K";
export const FDA_ROW_SOURCES: readonly FdaRowSource[] = ["openFDA", "FDA-AdComm", "SEC-8K"];

/** How an event turned out; null while it lies ahead. */
export type FdaOutcome = "approved" | "complete-response" | "favourable-vote" | "unfavourable-vote";
export const FDA_OUTCOMES: readonly FdaOutcome[] = [
  "approved",
  "complete-response",
  "favourable-vote",
  "unfavourable-vote",
];

/** One catalyst as its source knows it at the clock. */
export interface FdaEvent {
  /** Stable across calls and clocks. */
  id: string;
  /** The sponsor's ticker (a covered company, see FdaSource.companies). */
  symbol: string;
  /** The applicant as the source names it. */
  sponsor: string;
  /** Brand (proprietary) name; null where the source names none (the simulated pipeline). */
  brandName: string | null;
  /** Active ingredient(s), INN; null where the source names none. */
  activeIngredient: string | null;
  /** The proposed or approved use; null where the source states none (Drugs@FDA's JSON). */
  indication: string | null;
  /** NDA or BLA and six digits, e.g. NDA912345; null when the source names no application. */
  applicationNumber: string | null;
  eventType: FdaEventType;
  /** The action date, the meeting date, or the decision date. */
  date: string;
  /**
   * confirmed: the date was published (an 8-K giving the PDUFA date, a Federal Register
   * notice, the FDA's action); estimated: only a period was disclosed, the date is our
   * estimate (the review clock from the application's acceptance).
   */
  dateCertainty: "confirmed" | "estimated";
  /** The review track, priority (6 months from filing) or standard (10); null when unknown. */
  reviewType: "priority" | "standard" | null;
  /** AdComm rows: the advisory committee; else null. */
  committee: string | null;
  outcome: FdaOutcome | null;
  /** A one-line headline. */
  title: string;
  source: FdaRowSource;
  /** The source document; null for the simulated world's rows, which exist only in it. */
  sourceUrl: string | null;
  /** The day the source made the row known (yyyy-MM-dd), never after the clock. */
  publishedOn: string;
}

/** A company whose catalysts the source covers. */
export interface FdaCompany {
  symbol: string;
  name: string;
}

/** A source of FDA catalysts (FDA_PROVIDER). */
export interface FdaSource {
  /** `sim` or `openfda`. */
  readonly name: "sim" | "openfda";
  /** The companies covered: the universe's large drug makers. */
  readonly companies: readonly FdaCompany[];
  /** What the source cannot supply, in sentences for the answer. */
  readonly limitations: readonly string[];
  /**
   * The events known at the clock dated `from` to `to` (inclusive), of one covered company
   * or of all; unsorted. An unknown or uncovered symbol has none.
   */
  events(window: { from: string; to: string; symbol?: string }): Promise<FdaEvent[]>;
}

/** A source that cannot be reached or answered something unreadable: the API's 503. */
export class FdaDataUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "FdaDataUnavailable";
  }
}
