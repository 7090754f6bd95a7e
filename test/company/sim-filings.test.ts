import { beforeAll, describe, expect, it } from "vitest";
import type { FilingRecord } from "../../lib/company/ports";
import { EARNINGS_8K, OFFICER_CHANGE_8K } from "../../lib/company/sim/filing-drafts";
import {
  createSimulatedFilings,
  SIMULATED_FILING_AGENT_ID,
  type SimulatedFilings,
} from "../../lib/company/sim/filings";
import { insidersOf } from "../../lib/company/sim/people";
import { type Clock, pinnedClock } from "../../lib/deps";
import { type DayNumber, dayNumber, isoDate } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import type { EarningsReportRecord, MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { STOCKS } from "../../lib/market/sim/universe";

/**
 * The simulated world's SEC filings and its cast of fictional insiders: deterministic, only the
 * past, consistent with the simulated market (a 10-Q or 10-K after each earnings report, Form 4
 * prices within the day's range, no open-market trade in the blackout before a report) and with
 * themselves (running holdings, unique accession numbers).
 */

/** Tuesday 2026-11-24, 11:00 New York. */
const NOW = new Date("2026-11-24T16:00:00Z");
const TODAY = "2026-11-24";
/** Real CIKs for a few issuers; GME and UPST go without, so they share the filing agent's ID. */
const CIKS: Record<string, string | null> = {
  AAPL: "0000320193",
  MSFT: "0000789019",
  AMC: "0001411579",
  COST: "0000909832",
  GME: null,
  UPST: null,
};
const cikOf = (symbol: string) => CIKS[symbol] ?? null;
/** The symbols whose whole history the price checks read (12 years of bars each). */
const PRICED = ["AAPL", "AMC", "COST"];
const ALL = 100_000;

/**
 * Famous business people the cast must never be: chief executives of the universe's largest
 * companies and other well-known executives and investors. Written here, not imported, so the
 * generator's own list is checked rather than trusted; several of these combine common first
 * names and surnames the generator uses (Robert Ford, Brian Roberts, Anthony Wood ...).
 */
const FAMOUS = [
  "Tim Cook",
  "Satya Nadella",
  "Jensen Huang",
  "Andy Jassy",
  "Sundar Pichai",
  "Mark Zuckerberg",
  "Elon Musk",
  "Warren Buffett",
  "Jamie Dimon",
  "Doug McMillon",
  "Lisa Su",
  "Safra Catz",
  "Larry Ellison",
  "Marc Benioff",
  "Bob Iger",
  "David Solomon",
  "Brian Moynihan",
  "Jane Fraser",
  "Larry Fink",
  "Robert Ford",
  "Rob Davis",
  "Albert Bourla",
  "Mary Barra",
  "Jim Farley",
  "Brian Roberts",
  "Brian Armstrong",
  "Anthony Wood",
  "Elliott Hill",
  "Marvin Ellison",
  "Greg Peters",
  "Ted Decker",
  "Ernie Garcia",
  "Ryan Cohen",
  "Ken Griffin",
  "Reed Hastings",
  "Phil Knight",
  "Michael Dell",
  "Bill Gates",
  "Jeff Bezos",
  "Charlie Munger",
  "Chuck Robbins",
  "Ed Bastian",
  "Carol Tome",
  "Larry Culp",
  "Dave Ricks",
  "Jon Moeller",
  "James Quincey",
  "Steve Jobs",
  "Howard Schultz",
  "Indra Nooyi",
];

const initialAndSurname = (name: string) => {
  const words = name.toLowerCase().split(/\s+/);
  return `${words[0]?.[0]} ${words.at(-1)}`;
};

function world(at: Date | Clock = NOW): { market: MarketDataProvider; filings: SimulatedFilings } {
  const clock = at instanceof Date ? pinnedClock(at) : at;
  const market = createSimulatedMarket(clock);
  return { market, filings: createSimulatedFilings(market, clock, cikOf) };
}

const dayOf = (iso: string): DayNumber => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};

function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = dayOf(from) + 1; day <= dayOf(to); day++) if (isTradingDay(day)) count++;
  return count;
}

async function history(filings: SimulatedFilings, symbol: string): Promise<FilingRecord[]> {
  const records = await filings.filings(symbol, { limit: ALL });
  if (!records) throw new Error(`no filings for ${symbol}`);
  return records;
}

const codeOf = (symbol: string) => {
  const stock = STOCKS.find((s) => s.symbol === symbol);
  if (!stock) throw new Error(symbol);
  return `${symbol}_${stock.exchange}`;
};

async function reportsOf(market: MarketDataProvider, symbol: string, from: string) {
  const reports = await market.earningsHistory?.earningsReports(codeOf(symbol), from, TODAY);
  if (!reports) throw new Error(`no earnings for ${symbol}`);
  return reports.filter((report) => report.epsActual !== null);
}

describe("simulated filings", () => {
  const { market, filings } = world();
  const histories = new Map<string, FilingRecord[]>();

  beforeAll(async () => {
    for (const symbol of Object.keys(CIKS)) histories.set(symbol, await history(filings, symbol));
  });
  const historyOf = (symbol: string) => histories.get(symbol) as FilingRecord[];

  it("answers undefined for an unknown symbol and nothing for an ETF", async () => {
    expect(await filings.filings("NOPE", { limit: 40 })).toBeUndefined();
    expect(await filings.insiderTransactionsOf("NOPE", "2015-01-01", TODAY)).toBeUndefined();
    expect(insidersOf("NOPE")).toBeUndefined();
    expect(await filings.filings("SPY", { limit: 40 })).toEqual([]);
    expect(await filings.filings("SPY", { form: "4", limit: 40 })).toEqual([]);
    expect(await filings.insiderTransactionsOf("SPY", "2015-01-01", TODAY)).toEqual([]);
    expect(insidersOf("SPY")).toEqual([]);
  });

  it("is deterministic", async () => {
    const again = world().filings;
    for (const symbol of ["AAPL", "GME"]) {
      expect(await again.filings(symbol, { limit: ALL })).toEqual(historyOf(symbol));
    }
  });

  it("lists the past only, newest first, from 2015 on", () => {
    for (const symbol of Object.keys(CIKS)) {
      const records = historyOf(symbol);
      expect(records.length).toBeGreaterThan(300);
      const dates = records.map((record) => record.filingDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates[0] ?? "").toBeTruthy();
      expect((dates[0] ?? "") <= TODAY).toBe(true);
      expect((dates.at(-1) ?? "") >= "2015-01-01").toBe(true);
      for (const record of records) {
        expect(record.url).toBe("");
        expect(record.description).toBeTruthy();
        expect(record.reportDate === null || record.reportDate <= record.filingDate).toBe(true);
      }
    }
  });

  it("hides later filings when the clock moves back, and keeps earlier ones unchanged", async () => {
    const back = new Date("2025-06-30T20:00:00Z");
    let now = NOW;
    const movable = world({ now: () => now });
    const cut = (records: FilingRecord[]) => records.filter((r) => r.filingDate < "2025-06-30");
    for (const symbol of ["AAPL", "GME"]) {
      await movable.filings.filings(symbol, { limit: ALL });
      now = back;
      const earlier = await history(movable.filings, symbol);
      now = NOW;
      expect(earlier.every((record) => record.filingDate <= "2025-06-30")).toBe(true);
      expect(cut(earlier)).toEqual(cut(historyOf(symbol)));
      // Built at the earlier clock from scratch: the same history, the same numbers.
      expect(cut(await history(world(back).filings, symbol))).toEqual(cut(historyOf(symbol)));
    }
  });

  it("shows an earnings 8-K once released: after the close for a report after the close", async () => {
    // AAPL reports after the close (amc) on Wednesday 2026-10-28.
    const eightKs = async (at: string) =>
      (await world(new Date(at)).filings.filings("AAPL", { form: "8-K", limit: 1 }))?.[0];
    expect((await eightKs("2026-10-28T19:00:00Z"))?.filingDate).not.toBe("2026-10-28");
    const released = await eightKs("2026-10-28T21:00:00Z");
    expect(released?.filingDate).toBe("2026-10-28");
    expect(released?.description).toBe(EARNINGS_8K);
  });

  it("filters by form (exact, case-insensitive) and caps at the limit", async () => {
    const tenK = await filings.filings("AAPL", { form: "10-k", limit: ALL });
    expect(tenK?.length).toBe(historyOf("AAPL").filter((r) => r.form === "10-K").length);
    expect(tenK?.every((record) => record.form === "10-K")).toBe(true);
    expect(await filings.filings("AAPL", { form: "10", limit: 40 })).toEqual([]);
    const fours = await filings.filings("AAPL", { form: "4", limit: 5 });
    expect(fours).toEqual(
      historyOf("AAPL")
        .filter((r) => r.form === "4")
        .slice(0, 5),
    );
    expect(await filings.filings("AAPL", { limit: 40 })).toEqual(historyOf("AAPL").slice(0, 40));
    for (const record of historyOf("AAPL")) {
      expect(record.insider !== undefined).toBe(record.form === "4");
    }
  });

  it("numbers filings 0000000000-YY-NNNNNN, uniquely across issuers, in filing order", () => {
    const seen = new Set<string>();
    for (const [symbol, cik] of Object.entries(CIKS)) {
      const byFilerYear = new Map<string, FilingRecord[]>();
      for (const record of historyOf(symbol)) {
        const match = /^(\d{10})-(\d{2})-(\d{6})$/.exec(record.accessionNumber);
        expect(match, record.accessionNumber).not.toBeNull();
        const [, filer, yy] = match as RegExpExecArray;
        expect(filer).toBe(cik ?? SIMULATED_FILING_AGENT_ID);
        expect(yy).toBe(record.filingDate.slice(2, 4));
        expect(seen.has(record.accessionNumber), record.accessionNumber).toBe(false);
        seen.add(record.accessionNumber);
        const key = `${filer}-${yy}`;
        byFilerYear.set(key, [...(byFilerYear.get(key) ?? []), record]);
      }
      for (const records of byFilerYear.values()) {
        const bySequence = [...records].sort((a, b) =>
          a.accessionNumber.localeCompare(b.accessionNumber),
        );
        const dates = bySequence.map((record) => record.filingDate);
        expect(dates).toEqual([...dates].sort());
      }
    }
  });

  it("files an 8-K on every earnings report day and a 10-Q or 10-K after it, for its quarter", async () => {
    for (const symbol of PRICED) {
      const records = historyOf(symbol);
      for (const report of await reportsOf(market, symbol, "2023-11-24")) {
        expect(
          records.some(
            (r) =>
              r.form === "8-K" && r.filingDate === report.date && r.description === EARNINGS_8K,
          ),
          `${symbol} 8-K ${report.date}`,
        ).toBe(true);
        // The quarter reported is the calendar quarter before the report's own.
        const [y, m] = report.date.split("-").map(Number) as [number, number];
        const periodEnd = isoDate(dayNumber(y, Math.floor((m - 1) / 3) * 3 + 1, 1) - 1);
        const form = periodEnd.endsWith("-12-31") ? "10-K" : "10-Q";
        const filed = records.find(
          (r) => r.form === form && r.reportDate === periodEnd && r.filingDate > report.date,
        );
        const lag = filed ? businessDaysBetween(report.date, filed.filingDate) : undefined;
        if (form === "10-Q" && businessDaysBetween(report.date, TODAY) > 3) {
          expect(lag, `${symbol} 10-Q after ${report.date}`).toBeGreaterThanOrEqual(1);
          expect(lag).toBeLessThanOrEqual(3);
        }
        if (form === "10-K" && dayOf(TODAY) - dayOf(report.date) >= 35) {
          const days = filed ? dayOf(filed.filingDate) - dayOf(report.date) : undefined;
          expect(days, `${symbol} 10-K after ${report.date}`).toBeGreaterThanOrEqual(7);
          expect(days).toBeLessThanOrEqual(35);
        }
      }
    }
  });

  it("prices every Form 4 trade within that day's low-high of the market's own daily bars", async () => {
    for (const symbol of PRICED) {
      const bars = await market.bars(codeOf(symbol), {
        period: 5,
        from: Date.UTC(2015, 0, 1),
        to: NOW.getTime(),
        extended: false,
      });
      const ranges = new Map(
        (bars ?? []).map((bar) => [isoDate(nyWallClock(bar.timestamp).day), bar]),
      );
      let priced = 0;
      for (const record of historyOf(symbol).filter((r) => r.form === "4")) {
        for (const t of record.insider?.transactions ?? []) {
          expect(record.reportDate).toBe(t.transactionDate);
          expect(businessDaysBetween(t.transactionDate, record.filingDate)).toBeGreaterThanOrEqual(
            1,
          );
          expect(businessDaysBetween(t.transactionDate, record.filingDate)).toBeLessThanOrEqual(2);
          expect(t.shares).toBeGreaterThan(0);
          expect(Number.isInteger(t.shares)).toBe(true);
          if (t.pricePerShare === null) {
            expect(["A", "M"]).toContain(t.code);
            continue;
          }
          const bar = ranges.get(t.transactionDate);
          expect(bar, `${symbol} bar ${t.transactionDate}`).toBeDefined();
          expect(t.pricePerShare).toBeGreaterThanOrEqual(bar?.low ?? Number.NaN);
          expect(t.pricePerShare).toBeLessThanOrEqual(bar?.high ?? Number.NaN);
          priced++;
        }
      }
      expect(priced).toBeGreaterThan(50);
    }
  });

  it("keeps a running, never negative balance per insider and security", () => {
    for (const symbol of Object.keys(CIKS)) {
      const cast = new Map((insidersOf(symbol) ?? []).map((i) => [i.ownerCik, i]));
      const balances = new Map<string, number>();
      const oldestFirst = historyOf(symbol)
        .filter((r) => r.form === "4")
        .reverse();
      for (const record of oldestFirst) {
        const owner = cast.get(record.insider?.ownerCik ?? "");
        expect(owner?.name).toBe(record.insider?.ownerName);
        for (const t of record.insider?.transactions ?? []) {
          const key = `${owner?.ownerCik}|${t.securityTitle}`;
          const start = owner?.startingHoldings;
          const units = t.securityTitle === "Restricted Stock Units";
          const before =
            balances.get(key) ?? (units ? start?.restrictedStockUnits : start?.commonShares) ?? 0;
          const after = before + (t.acquiredDisposed === "A" ? t.shares : -t.shares);
          expect(t.sharesOwnedAfter, `${symbol} ${key} ${t.transactionDate}`).toBe(after);
          expect(after).toBeGreaterThanOrEqual(0);
          balances.set(key, after);
        }
      }
    }
  });

  it("makes open-market trades only outside the four weeks before a report", async () => {
    for (const symbol of PRICED) {
      const reportDays = (await reportsOf(market, symbol, "2014-10-01")).map(
        (r: EarningsReportRecord) => dayOf(r.date),
      );
      const trades = historyOf(symbol)
        .flatMap((r) => r.insider?.transactions ?? [])
        .filter((t) => t.code === "S" || t.code === "P");
      expect(trades.length).toBeGreaterThan(20);
      for (const trade of trades) {
        const day = dayOf(trade.transactionDate);
        const blackout = reportDays.find((report) => day >= report - 28 && day <= report + 1);
        expect(blackout, `${symbol} ${trade.code} ${trade.transactionDate}`).toBeUndefined();
      }
    }
  });

  it("has grants, vesting with tax withholding, sales and purchases", () => {
    const codes = new Set(
      Object.keys(CIKS).flatMap((symbol) =>
        historyOf(symbol).flatMap((r) => r.insider?.transactions.map((t) => t.code) ?? []),
      ),
    );
    expect([...codes].sort()).toEqual(["A", "F", "M", "P", "S"]);
  });

  it("serves the Form 4 transactions as structured data, with their filing", async () => {
    const transactions = await filings.insiderTransactionsOf("AAPL", "2024-01-01", TODAY);
    const fromFilings = historyOf("AAPL")
      .filter((r) => r.form === "4" && (r.reportDate ?? "") >= "2024-01-01")
      .flatMap((r) => r.insider?.transactions.map((t) => ({ record: r, t })) ?? []);
    expect(transactions?.length).toBe(fromFilings.length);
    for (const transaction of transactions ?? []) {
      const match = fromFilings.find(
        ({ record, t }) =>
          record.accessionNumber === transaction.accessionNumber &&
          t.sharesOwnedAfter === transaction.sharesOwnedAfter &&
          t.securityTitle === transaction.securityTitle,
      );
      expect(match?.record.insider?.ownerCik).toBe(transaction.ownerCik);
      expect(match?.record.filingDate).toBe(transaction.filingDate);
      expect(transaction.symbol).toBe("AAPL");
    }
  });

  it("files an 8-K (Item 5.02) for every officer change and a Form 3 for every new insider", () => {
    for (const symbol of Object.keys(CIKS)) {
      const records = historyOf(symbol);
      const joined = (insidersOf(symbol, "2026-11-10") ?? []).filter(
        (i) => i.since >= "2015-01-01",
      );
      for (const insider of joined) {
        expect(records.some((r) => r.form === "3" && r.reportDate === insider.since)).toBe(true);
        if (insider.role !== "officer") continue;
        expect(
          records.some(
            (r) =>
              r.form === "8-K" &&
              r.description === OFFICER_CHANGE_8K &&
              r.reportDate === insider.since,
          ),
          `${symbol} ${insider.name}`,
        ).toBe(true);
      }
    }
  });
});

describe("the simulated cast", () => {
  const stocks = STOCKS.filter((stock) => stock.type === "Stock");

  it("gives every stock 4-6 officers, a CEO on the board and 6-9 other directors", () => {
    for (const stock of stocks) {
      const current = (insidersOf(stock.symbol, TODAY) ?? []).filter((i) => i.until === null);
      const officers = current.filter((i) => i.role === "officer");
      const ceos = officers.filter((i) => i.title === "Chief Executive Officer");
      const directors = current.filter((i) => i.relationship.isDirector && i.role !== "officer");
      expect(officers.length, stock.symbol).toBeGreaterThanOrEqual(4);
      expect(officers.length, stock.symbol).toBeLessThanOrEqual(6);
      expect(ceos.map((ceo) => ceo.relationship.isDirector)).toEqual([true]);
      expect(directors.length, stock.symbol).toBeGreaterThanOrEqual(6);
      expect(directors.length, stock.symbol).toBeLessThanOrEqual(9);
      for (const insider of current) expect(insider.since <= TODAY).toBe(true);
    }
  });

  it("changes over the years: officers leave and successors start", () => {
    const cast = stocks.flatMap((stock) => insidersOf(stock.symbol, TODAY) ?? []);
    const appointed = cast.filter((i) => i.role === "officer" && i.since >= "2016-01-01");
    const left = cast.filter((i) => i.until !== null);
    expect(appointed.length).toBeGreaterThan(stocks.length);
    expect(left.length).toBeGreaterThan(stocks.length);
    for (const insider of left) expect(insider.until && insider.until >= insider.since).toBe(true);
    // Nothing of the future: nobody appointed after the clock, no departure after it.
    expect(cast.every((i) => i.since <= TODAY && (i.until === null || i.until <= TODAY))).toBe(
      true,
    );
  });

  it("names fictional people: never a famous business person, one name per owner CIK", () => {
    const famous = new Set(FAMOUS.map(initialAndSurname));
    const issuerCiks = new Set(Object.values(CIKS));
    const nameOf = new Map<string, string>();
    const cikOfName = new Map<string, string>();
    for (const stock of stocks) {
      for (const insider of insidersOf(stock.symbol) ?? []) {
        expect(famous.has(initialAndSurname(insider.name)), insider.name).toBe(false);
        expect(insider.ownerCik).toMatch(/^0009\d{6}$/);
        expect(issuerCiks.has(insider.ownerCik)).toBe(false);
        expect(nameOf.get(insider.ownerCik) ?? insider.name).toBe(insider.name);
        expect(cikOfName.get(insider.name) ?? insider.ownerCik).toBe(insider.ownerCik);
        nameOf.set(insider.ownerCik, insider.name);
        cikOfName.set(insider.name, insider.ownerCik);
      }
    }
    // Some outside directors sit on several boards (the company graph's interlocks).
    const boards = new Map<string, number>();
    for (const stock of stocks) {
      for (const insider of insidersOf(stock.symbol) ?? []) {
        if (insider.role === "director")
          boards.set(insider.ownerCik, (boards.get(insider.ownerCik) ?? 0) + 1);
      }
    }
    expect([...boards.values()].filter((count) => count > 1).length).toBeGreaterThan(50);
  });
});
