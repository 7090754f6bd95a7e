import type { Clock } from "../../deps";
import { type DayNumber, isoDate } from "../../market/civil-date";
import { nyInstant, nyWallClock } from "../../market/ny-time";
import type { Bar, MarketDataProvider } from "../../market/ports";
import { contractCode, STOCKS, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import type { CompanyFilings, FilingRecord, InsiderTransaction } from "../ports";
import { type FilingDraft, staticFilings } from "./filing-drafts";
import { draw, RECORD_START_DAY, yearOf } from "./filings-calendar";
import {
  executeTrades,
  type InsiderForm4,
  PriceTable,
  tradeDaysNeedingRanges,
} from "./insider-trades";

/**
 * The simulated world's SEC filings (CompanyFilings): from 2015-01-01 up to the clock, each
 * issuer's 10-Qs and 10-Ks after its earnings reports, 8-Ks (earnings, officer changes, annual
 * meeting votes, other events), yearly proxies, and the Forms 3 and 4 of its fictional insiders
 * (people.ts) trading at the simulated market's daily prices (insider-trades.ts). ETFs file
 * nothing here. A filing counts once accepted: its filing day at an hour of the business day
 * (an earnings 8-K before the open or just after the close, as the report is timed).
 *
 * Accession numbers have EDGAR's form 0000000000-YY-NNNNNN: the filer ID is the issuer's CIK
 * (`cikOf`), or a fictional filing agent's for issuers without one; NNNNNN counts the filer's
 * filings of the year in acceptance order, each issuer of a shared filer ID numbering in its own
 * block, so that numbers are unique across the world. The filings do not exist on EDGAR, so
 * `url` is "" (no sec.gov link is made up); the API decides what to show.
 *
 * Cost: per issuer, the closes since 2014 (and the ranges of trade days) are read once and
 * extended as the clock moves (about 40 ms of the simulated market's time per issuer);
 * the history up to the last completed session is built once per such session (a few ms), then
 * each call only cuts it at the clock.
 */

/** A Form 4 transaction with its issuer, owner and filing: what insider analyses read. */
export interface SimulatedInsiderTransaction extends InsiderTransaction {
  symbol: string;
  ownerCik: string;
  ownerName: string;
  /** An open-market sale under a Rule 10b5-1 trading plan. */
  tradingPlan: boolean;
  /** The Form 4 that reports it. */
  accessionNumber: string;
  filingDate: string;
}

export interface SimulatedFilings extends CompanyFilings {
  /**
   * Form 4 transactions dated `from` to `to` (yyyy-MM-dd, inclusive) filed up to the clock,
   * oldest first; undefined for a symbol the universe does not know, [] for an ETF.
   */
  insiderTransactionsOf(
    symbol: string,
    from: string,
    to: string,
  ): Promise<SimulatedInsiderTransaction[] | undefined>;
}

/** The filer ID of issuers without a CIK: a fictional filing agent (0009… is no real CIK). */
export const SIMULATED_FILING_AGENT_ID = "0009990001";
const SEQUENCES_PER_YEAR = 1_000_000;

interface Entry {
  record: FilingRecord;
  formKey: string;
  acceptedMs: number;
  transactions: SimulatedInsiderTransaction[];
}

/** An issuer's filings up to a session's next business day, newest first. */
interface History {
  newestFirst: Entry[];
  /** Every Form 4 transaction, oldest first. */
  transactions: { acceptedMs: number; transaction: SimulatedInsiderTransaction }[];
}

export function createSimulatedFilings(
  market: MarketDataProvider,
  clock: Clock,
  cikOf: (symbol: string) => string | null,
): SimulatedFilings {
  const tables = new Map<string, PriceTable>();
  const histories = new Map<string, { through: DayNumber; history: Promise<History> }>();
  let filers: Map<string, { id: string; block: number; blockSize: number }> | undefined;

  const filerOf = (symbol: string) => {
    filers ??= filerBlocks(cikOf);
    return filers.get(symbol) ?? { id: SIMULATED_FILING_AGENT_ID, block: 0, blockSize: 1 };
  };

  /** The history up to the session before the clock's New York day, built once per session. */
  function historyAt(stock: UniverseStock, nowMs: number): Promise<History> {
    const through = previousTradingDay("equity", nyDayOf(nowMs));
    const cached = histories.get(stock.symbol);
    if (cached && cached.through >= through) return cached.history;
    const history = buildHistory(stock, through);
    histories.set(stock.symbol, { through, history });
    history.catch(() => {
      if (histories.get(stock.symbol)?.history === history) histories.delete(stock.symbol);
    });
    return history;
  }

  async function buildHistory(stock: UniverseStock, through: DayNumber): Promise<History> {
    let table = tables.get(stock.symbol);
    if (!table) {
      table = new PriceTable();
      tables.set(stock.symbol, table);
    }
    await extendPrices(market, stock, table, through);
    // Trades are known up to the table's last session, so filings up to the next business day.
    const knownThrough = nextTradingDay("equity", table.lastDay ?? through);
    const forms = executeTrades(stock.symbol, table);
    const drafts = [...staticFilings(stock), ...forms.map((form) => form4Draft(stock, form))]
      .filter((draft) => draft.filingDay >= RECORD_START_DAY && draft.filingDay <= knownThrough)
      .sort((a, b) => a.acceptedMs - b.acceptedMs || a.tieKey.localeCompare(b.tieKey));
    return historyOf(stock, drafts, filerOf(stock.symbol));
  }

  return {
    async filings(symbol, { form, limit }) {
      const stock = stockBySymbol(symbol);
      if (!stock) return undefined;
      if (stock.type !== "Stock") return [];
      const nowMs = clock.now().getTime();
      const { newestFirst } = await historyAt(stock, nowMs);
      const wanted = form?.toUpperCase();
      const out: FilingRecord[] = [];
      for (const entry of newestFirst) {
        if (out.length >= limit) break;
        if (entry.acceptedMs > nowMs) continue;
        if (wanted === undefined || entry.formKey === wanted) out.push(entry.record);
      }
      return out;
    },

    async insiderTransactionsOf(symbol, from, to) {
      const stock = stockBySymbol(symbol);
      if (!stock) return undefined;
      if (stock.type !== "Stock") return [];
      const nowMs = clock.now().getTime();
      const { transactions } = await historyAt(stock, nowMs);
      return transactions
        .filter(
          ({ acceptedMs, transaction: t }) =>
            acceptedMs <= nowMs && t.transactionDate >= from && t.transactionDate <= to,
        )
        .map(({ transaction }) => transaction);
    },
  };
}

/**
 * Extends the table after its last day up to `through`: every session's close, and the low-high
 * of the days trades are made on. With a source of closes alone (the simulated market) only those
 * days' ranges are read; otherwise every daily bar.
 */
async function extendPrices(
  market: MarketDataProvider,
  stock: UniverseStock,
  table: PriceTable,
  through: DayNumber,
): Promise<void> {
  // From a season before the record: directors' purchases look back at the peak.
  const fromDay = (table.lastDay ?? RECORD_START_DAY - 120) + 1;
  if (fromDay > through) return;
  const code = contractCode(stock.symbol, stock.exchange);
  if (!market.closeHistory) {
    for (const bar of await dailyBarsOf(market, code, fromDay, through)) {
      table.append(dayOfBar(bar), bar.low, bar.high, bar.close);
    }
    return;
  }
  const closes = await market.closeHistory.sessionCloses(code, isoDate(fromDay), isoDate(through));
  for (const { date, close } of closes ?? [])
    table.appendClose(Date.parse(date) / 86_400_000, close);
  const lastDay = table.lastDay ?? through;
  for (const day of tradeDaysNeedingRanges(stock.symbol, table, fromDay, lastDay)) {
    const range = await market.closeHistory.sessionRange(code, isoDate(day));
    if (range) table.setRange(day, range.low, range.high);
  }
}

/** The regular-session daily bars dated `fromDay` to `toDay`. */
async function dailyBarsOf(
  market: MarketDataProvider,
  code: string,
  fromDay: DayNumber,
  toDay: DayNumber,
): Promise<Bar[]> {
  const bars = await market.bars(code, {
    period: 5,
    from: nyInstant(fromDay, 0),
    to: nyInstant(toDay + 1, 0),
    extended: false,
  });
  return bars ?? [];
}

/** A daily bar starts at New York midnight: 04:00 or 05:00 UTC of the same date. */
const dayOfBar = (bar: Bar): DayNumber => Math.floor(bar.timestamp / 86_400_000);

let lastNy: { ms: number; day: DayNumber } | undefined;

/** The clock's New York date (remembered: warm calls on a pinned clock skip the lookup). */
function nyDayOf(nowMs: number): DayNumber {
  if (lastNy?.ms !== nowMs) lastNy = { ms: nowMs, day: nyWallClock(nowMs).day };
  return lastNy.day;
}

/**
 * Each issuer's filer ID and its block of sequence numbers: issuers sharing an ID (none with
 * real CIKs; all those without one share the agent's) split the year's million between them.
 */
function filerBlocks(
  cikOf: (symbol: string) => string | null,
): Map<string, { id: string; block: number; blockSize: number }> {
  const byFiler = new Map<string, string[]>();
  for (const stock of STOCKS) {
    if (stock.type !== "Stock") continue;
    const cik = cikOf(stock.symbol);
    const id = cik !== null && /^\d{10}$/.test(cik) ? cik : SIMULATED_FILING_AGENT_ID;
    byFiler.set(id, [...(byFiler.get(id) ?? []), stock.symbol]);
  }
  const blocks = new Map<string, { id: string; block: number; blockSize: number }>();
  for (const [id, symbols] of byFiler) {
    const blockSize = Math.floor(SEQUENCES_PER_YEAR / symbols.length);
    symbols.forEach((symbol, i) => {
      blocks.set(symbol, { id, block: i, blockSize });
    });
  }
  return blocks;
}

function form4Draft(stock: UniverseStock, form: InsiderForm4): FilingDraft {
  const { insider } = form.member;
  // Form 4s are mostly accepted late in the day, 16:30-21:30.
  const minute =
    990 + Math.floor(draw(stock.symbol, `accept:${insider.ownerCik}`, form.filingDay) * 300);
  return {
    form: "4",
    filingDay: form.filingDay,
    acceptedMs: nyInstant(form.filingDay, minute),
    reportDay: form.transactionDay,
    description: "Statement of changes in beneficial ownership of securities",
    tieKey: `4:${insider.ownerCik}`,
    form4: form,
  };
}

/** Numbers the drafts (in acceptance order) and builds the records. */
function historyOf(
  stock: UniverseStock,
  drafts: readonly FilingDraft[],
  filer: { id: string; block: number; blockSize: number },
): History {
  const ranks = new Map<number, number>();
  const entries: Entry[] = [];
  const transactions: History["transactions"] = [];
  for (const draft of drafts) {
    const year = yearOf(draft.filingDay);
    const rank = (ranks.get(year) ?? 0) + 1;
    ranks.set(year, rank);
    if (rank >= filer.blockSize) throw new Error(`${stock.symbol}: too many filings in ${year}`);
    const sequence = String(filer.block * filer.blockSize + rank).padStart(6, "0");
    const accessionNumber = `${filer.id}-${String(year % 100).padStart(2, "0")}-${sequence}`;
    const entry = entryOf(stock, draft, accessionNumber);
    entries.push(entry);
    for (const transaction of entry.transactions) {
      transactions.push({ acceptedMs: draft.acceptedMs, transaction });
    }
  }
  return { newestFirst: entries.reverse(), transactions };
}

function entryOf(stock: UniverseStock, draft: FilingDraft, accessionNumber: string): Entry {
  const filingDate = isoDate(draft.filingDay);
  const record: FilingRecord = {
    accessionNumber,
    form: draft.form,
    filingDate,
    reportDate: draft.reportDay === null ? null : isoDate(draft.reportDay),
    description: draft.description,
    url: "",
  };
  const transactions: SimulatedInsiderTransaction[] = [];
  if (draft.form4) {
    const { member, lines } = draft.form4;
    const { name, ownerCik, relationship } = member.insider;
    record.insider = {
      ownerName: name,
      ownerCik,
      relationship,
      transactions: lines.map((line) => Object.freeze(asFiled(line))),
    };
    for (const line of lines) {
      transactions.push(
        Object.freeze({
          ...asFiled(line),
          symbol: stock.symbol,
          ownerCik,
          ownerName: name,
          tradingPlan: line.tradingPlan,
          accessionNumber,
          filingDate,
        }),
      );
    }
  }
  return {
    record: Object.freeze(record),
    formKey: draft.form.toUpperCase(),
    acceptedMs: draft.acceptedMs,
    transactions,
  };
}

/** The line as the Form 4 states it (the port's fields only). */
export function asFiled(line: InsiderTransaction): InsiderTransaction {
  return {
    securityTitle: line.securityTitle,
    derivative: line.derivative,
    transactionDate: line.transactionDate,
    code: line.code,
    shares: line.shares,
    pricePerShare: line.pricePerShare,
    acquiredDisposed: line.acquiredDisposed,
    sharesOwnedAfter: line.sharesOwnedAfter,
    ownership: line.ownership,
  };
}
