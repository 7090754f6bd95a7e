import type { FilingRecord, InsiderFiling, InsiderTransaction } from "../../../../company/ports";
import { roundMoney, roundRatio } from "../../../../market/precision";
import type { Implementations } from "../../../route";
import { socialTally } from "../../../social-sentiment";
import type { companyRoutes } from "../routes";
import { type CompanyDeps, companyRecordOf, fromCompanySource, notSupplied } from "./shared";

/** The owner's relationship in one text: the officer title first, then director, then owner. */
export function roleOf(insider: InsiderFiling): string {
  const { relationship } = insider;
  const roles = [
    relationship.isOfficer ? (relationship.officerTitle ?? "Officer") : undefined,
    relationship.isDirector ? "Director" : undefined,
    relationship.isTenPercentOwner ? "10% Owner" : undefined,
    relationship.otherText ?? undefined,
  ].filter((role): role is string => role !== undefined && role !== "");
  return roles.length > 0 ? roles.join(", ") : "Reporting person";
}

const VERB: Record<string, [acquired: string, disposed: string]> = {
  P: ["bought", "bought"],
  S: ["sold", "sold"],
  A: ["was granted", "returned"],
  M: ["exercised or converted", "exercised or converted"],
  F: ["withheld", "had withheld for taxes"],
  G: ["received as a gift", "gave away"],
};

// Formatters built once: toLocaleString builds one per call (about 20 µs each).
const SHARES = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const USD = (maximumFractionDigits: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits,
  });
const CENTS = USD(2);
const PER_SHARE = USD(4);

const shares = (count: number) => SHARES.format(count);
/** USD with cents, or up to 4 decimals for a per-share price (filed to 4 decimals). */
const dollars = (value: number, perShare = false) => (perShare ? PER_SHARE : CENTS).format(value);

/** "1,250 shares of Common Stock", "5,000 Restricted Stock Units" (units count themselves). */
function quantity(transaction: InsiderTransaction): string {
  const counted = /\b(units?|options?|warrants?|rights?)\b/i.test(transaction.securityTitle);
  const amount = shares(transaction.shares);
  return counted
    ? `${amount} ${transaction.securityTitle}`
    : `${amount} shares of ${transaction.securityTitle}`;
}

/** One transaction in prose: "sold 12,500 shares of Common Stock at $231.40 ($2,892,500.00) on …". */
function transactionProse(transaction: InsiderTransaction): string {
  const [acquired, disposed] = VERB[transaction.code] ?? [
    `acquired (code ${transaction.code})`,
    `disposed of (code ${transaction.code})`,
  ];
  const verb = transaction.acquiredDisposed === "A" ? acquired : disposed;
  const price =
    transaction.pricePerShare === null || transaction.pricePerShare === 0
      ? ""
      : ` at ${dollars(transaction.pricePerShare, true)} (${dollars(transaction.shares * transaction.pricePerShare)})`;
  const after =
    transaction.sharesOwnedAfter === null
      ? ""
      : `, holding ${shares(transaction.sharesOwnedAfter)} after`;
  return `${verb} ${quantity(transaction)}${price} on ${transaction.transactionDate}${after}`;
}

/** A Form 4 in prose: who, role, and each transaction. */
export function form4Summary(insider: InsiderFiling): string {
  const lines = insider.transactions.map(transactionProse);
  const what = lines.length > 0 ? lines.join("; ") : "reported no transaction";
  return `${insider.ownerName} (${roleOf(insider)}) ${what}.`;
}

function servedInsider(insider: InsiderFiling) {
  return {
    ownerName: insider.ownerName,
    ownerCik: insider.ownerCik,
    role: roleOf(insider),
    isDirector: insider.relationship.isDirector,
    isOfficer: insider.relationship.isOfficer,
    isTenPercentOwner: insider.relationship.isTenPercentOwner,
    transactions: insider.transactions.map((t) => ({
      ...t,
      shares: roundRatio(t.shares),
      value: t.pricePerShare === null ? null : roundMoney(t.shares * t.pricePerShare),
    })),
  };
}

function servedFiling(filing: FilingRecord) {
  const insider = filing.insider;
  return {
    form: filing.form,
    filingDate: filing.filingDate,
    reportDate: filing.reportDate,
    accessionNumber: filing.accessionNumber,
    description: filing.description,
    url: filing.url === "" ? null : filing.url,
    summary: insider ? form4Summary(insider) : null,
    filingAccessionNumber: insider ? filing.accessionNumber : null,
    insider: insider ? servedInsider(insider) : null,
  };
}

type FilingRoutes = Pick<typeof companyRoutes, "filings" | "social">;

export const companyFilingImplementations: Implementations<FilingRoutes, CompanyDeps> = {
  "company.filings": async ({ params, query }, deps) => {
    const { instrument, record } = await companyRecordOf(deps, params.code, "SEC filings");
    const filings = await fromCompanySource(() =>
      deps.company.filings.filings(instrument.symbol, { form: query.form, limit: query.limit }),
    );
    return {
      symbol: instrument.symbol,
      cik: record.cik,
      filings: (filings ?? []).map(servedFiling),
    };
  },

  "company.social": async ({ params }, deps) => {
    const { instrument, record } = await companyRecordOf(deps, params.code, "social sentiment");
    const feed = deps.company.social;
    if (!feed) throw notSupplied("a social feed");
    const snapshot = await fromCompanySource(() => feed.social(instrument.symbol));
    if (!snapshot) throw notSupplied(`a social feed for ${instrument.symbol}`);
    const tally = socialTally(snapshot.messages);
    return {
      symbol: instrument.symbol,
      title: record.name,
      windowHours: snapshot.windowHours,
      asOf: deps.marketClock.now().toISOString(),
      watchlistCount: snapshot.watchlistCount,
      messageCount: snapshot.messages.length,
      bullishCount: tally.bullishCount,
      bearishCount: tally.bearishCount,
      sentimentRatio: tally.sentimentRatio,
      sentiment: tally.sentiment,
      messages: snapshot.messages,
    };
  },
};
