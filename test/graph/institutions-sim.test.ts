import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import type { InstitutionalHolding, InstitutionalPosition } from "../../lib/graph/ports";
import { createSimulatedInstitutions } from "../../lib/graph/sim/institutions";
import { INSTITUTIONS } from "../../lib/graph/sim/institutions-cast";
import { CompanyHoldings, FOUNDER_HELD } from "../../lib/graph/sim/institutions-holdings";
import { dayNumber, isoDate } from "../../lib/market/civil-date";
import { nyInstant, nyWallClock } from "../../lib/market/ny-time";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { contractCode, STOCKS, stockBySymbol } from "../../lib/market/sim/universe";

/**
 * The simulated world's 13F filers (lib/graph/sim/institutions*.ts): fictional names and CIKs,
 * holdings that add up to a realistic share of each company and never more than all of it,
 * values recomputed here from the simulated market's daily bars, filings 20-45 days after the
 * quarter end and none known before it is accepted, unique accession numbers, and the same
 * answers whatever the order of the calls or the clock they are read at later.
 */

const EXAMPLE_TIME = "2026-11-23T15:00:00Z";
const DAY_MS = 86_400_000;
const COMPANIES = STOCKS.filter((stock) => stock.type === "Stock");

function sourceAt(iso: string | number) {
  const clock = pinnedClock(new Date(iso));
  const market = createSimulatedMarket(clock);
  return { market, source: createSimulatedInstitutions(market, clock) };
}

async function positionsOf(
  source: ReturnType<typeof sourceAt>["source"],
  symbol: string,
): Promise<InstitutionalPosition[]> {
  const positions = await source.positionsIn(symbol);
  if (!positions) throw new Error(`${symbol}: unknown`);
  return positions;
}

const sharesOf = (holding: InstitutionalHolding | null) => holding?.shares ?? 0;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Real institutional managers, banks, pensions and insurers no simulated filer may be named after. */
const REAL_MANAGERS = [
  "Vanguard",
  "BlackRock",
  "iShares",
  "State Street",
  "SSgA",
  "Fidelity",
  "Capital Group",
  "Capital Research",
  "T. Rowe",
  "Rowe Price",
  "JPMorgan",
  "J.P. Morgan",
  "Geode",
  "Northern Trust",
  "Invesco",
  "Wellington",
  "Bridgewater",
  "Citadel",
  "Renaissance",
  "Two Sigma",
  "Millennium",
  "Berkshire",
  "CalPERS",
  "CalSTRS",
  "Norges",
  "Goldman",
  "Morgan Stanley",
  "UBS",
  "Dimensional",
  "Schwab",
  "Franklin",
  "Templeton",
  "PIMCO",
  "Allianz",
  "Amundi",
  "Legal & General",
  "Nuveen",
  "TIAA",
  "Ameriprise",
  "Columbia Threadneedle",
  "Principal",
  "Prudential",
  "MetLife",
  "AllianceBernstein",
  "Janus",
  "Neuberger",
  "Dodge & Cox",
  "American Century",
  "MFS",
  "Putnam",
  "Lazard",
  "Federated",
  "Baillie Gifford",
  "Artisan",
  "Jennison",
  "Loomis",
  "ARK Invest",
  "Tiger Global",
  "Coatue",
  "Viking Global",
  "Lone Pine",
  "Pershing",
  "Elliott",
  "D. E. Shaw",
  "AQR",
  "Man Group",
  "Point72",
  "Balyasny",
  "Jane Street",
  "Susquehanna",
  "Mellon",
  "BNY",
  "Wells Fargo",
  "Bank of America",
  "Citigroup",
  "Barclays",
  "Deutsche",
  "HSBC",
  "Ontario Teachers",
  "Canada Pension",
  "Temasek",
  "Third Point",
  "Icahn",
  "Soros",
  "Baupost",
  "Greenlight",
  "ValueAct",
  "Trian",
  "Tudor",
  "Duquesne",
  "Sculptor",
  "Marshall Wace",
  "Arrowstreet",
  "Acadian",
  "Allstate",
  "Travelers",
  "Chubb",
  "AIG",
  "Hartford Financial",
  "New York Life",
  "MassMutual",
  "Northwestern Mutual",
  "State Farm",
  "Manulife",
  "Sun Life",
  "Aegon",
  "Zurich",
  "AXA",
  "Munich Re",
  "Swiss Re",
];

describe("the simulated 13F filers", () => {
  it("are about 40 fictional managers of every kind, with fictional CIKs 00093…", async () => {
    const { source } = sourceAt(EXAMPLE_TIME);
    const institutions = await source.institutions();
    expect(institutions.length).toBeGreaterThanOrEqual(35);
    expect(institutions.length).toBeLessThanOrEqual(45);
    const kinds = new Set(institutions.map((institution) => institution.kind));
    expect([...kinds].sort()).toEqual(
      ["asset-manager", "bank", "hedge-fund", "index-fund", "insurer", "pension"].sort(),
    );
    expect(new Set(institutions.map((i) => i.cik)).size).toBe(institutions.length);
    expect(new Set(institutions.map((i) => i.name)).size).toBe(institutions.length);
    for (const { cik, name, city } of institutions) {
      expect(cik).toMatch(/^00093\d{5}$/);
      expect(city).toMatch(/\S/);
      for (const real of REAL_MANAGERS) {
        expect(name.toLowerCase(), name).not.toContain(real.toLowerCase());
      }
    }
  });

  it("answer undefined for an unknown symbol and no positions for a fund", async () => {
    const { source } = sourceAt(EXAMPLE_TIME);
    expect(await source.positionsIn("AAPX")).toBeUndefined();
    expect(await source.positionsIn("SPY")).toEqual([]);
  });
});

describe("holdings", () => {
  const CLOCKS = [
    "2016-03-01T15:00:00Z",
    "2019-11-05T15:00:00Z",
    "2023-05-20T15:00:00Z",
    EXAMPLE_TIME,
  ];

  it.each(CLOCKS)("never add up to more than the shares outstanding (%s)", async (now) => {
    const { source } = sourceAt(now);
    for (const stock of COMPANIES) {
      const positions = await positionsOf(source, stock.symbol);
      const current = positions.reduce((sum, p) => sum + sharesOf(p.current), 0);
      const previous = positions.reduce((sum, p) => sum + sharesOf(p.previous), 0);
      expect(current, stock.symbol).toBeLessThanOrEqual(stock.sharesOutstanding);
      expect(previous, stock.symbol).toBeLessThanOrEqual(stock.sharesOutstanding);
      expect(current, stock.symbol).toBeGreaterThan(0.15 * stock.sharesOutstanding);
      for (const p of positions) {
        for (const line of [p.current, p.previous]) {
          if (line) expect(Number.isInteger(line.shares) && line.shares > 0).toBe(true);
        }
      }
    }
  });

  it("hold 55-85 % of a large company, less of founder-led ones", async () => {
    const { source } = sourceAt(EXAMPLE_TIME);
    const percentHeld = async (symbol: string) => {
      const stock = stockBySymbol(symbol);
      const positions = await positionsOf(source, symbol);
      const held = positions.reduce((sum, p) => sum + sharesOf(p.current), 0);
      return (100 * held) / (stock?.sharesOutstanding ?? Number.NaN);
    };
    const large = [
      "AAPL",
      "MSFT",
      "NVDA",
      "JPM",
      "V",
      "XOM",
      "JNJ",
      "PG",
      "HD",
      "KO",
      "UNH",
      "CVX",
    ];
    const percents = await Promise.all(large.map(percentHeld));
    for (const [i, percent] of percents.entries()) {
      expect(percent, large[i]).toBeGreaterThan(50);
      expect(percent, large[i]).toBeLessThan(90);
    }
    const sorted = [...percents].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    expect(median).toBeGreaterThan(55);
    expect(median).toBeLessThan(85);
    // Founders' and families' blocks and retail crowds leave institutions less.
    for (const symbol of ["WMT", "ORCL", "GME", "AMC"]) {
      expect(await percentHeld(symbol), symbol).toBeLessThan(50);
    }
  });

  it("of index funds are a stable share of each company's float, growing slowly", async () => {
    const indexFund = INSTITUTIONS.findIndex((i) => i.kind === "index-fund");
    // Shares not held by founders: index funds weigh companies by their float.
    const shareOfFloat = (quarter: number) =>
      COMPANIES.map(
        (stock) =>
          (new CompanyHoldings(stock).sharesAt(quarter)[indexFund] as number) /
          (stock.sharesOutstanding * (1 - (FOUNDER_HELD[stock.symbol] ?? 0))),
      );
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[values.length >> 1] as number;
    const early = shareOfFloat(0);
    const late = shareOfFloat(46);
    for (const [i, share] of late.entries()) {
      expect(share / median(late), COMPANIES[i]?.symbol).toBeGreaterThan(0.93);
      expect(share / median(late), COMPANIES[i]?.symbol).toBeLessThan(1.05);
    }
    expect(median(late)).toBeGreaterThan(median(early) * 1.1);
    expect(median(late)).toBeLessThan(median(early) * 1.3);
  });

  it("of active filers change: new, added, reduced, sold-out and unchanged positions every quarter", async () => {
    for (const now of CLOCKS) {
      const { source } = sourceAt(now);
      const seen = new Set<string>();
      for (const stock of COMPANIES) {
        for (const { current, previous } of await positionsOf(source, stock.symbol)) {
          const [shares, before] = [sharesOf(current), sharesOf(previous)];
          if (before === 0) seen.add("new");
          else if (shares === 0) seen.add("soldOut");
          else seen.add(shares > before ? "added" : shares < before ? "reduced" : "unchanged");
        }
      }
      expect([...seen].sort(), now).toEqual(["added", "new", "reduced", "soldOut", "unchanged"]);
    }
  });

  it("of hedge funds are concentrated, of pensions broad", () => {
    const latest = COMPANIES.map((stock) => new CompanyHoldings(stock).sharesAt(46));
    const namesHeld = (i: number) => latest.filter((row) => (row[i] as number) > 0).length;
    for (const [i, institution] of INSTITUTIONS.entries()) {
      if (institution.kind === "hedge-fund") {
        expect(namesHeld(i), institution.name).toBeLessThan(COMPANIES.length * 0.35);
      }
      if (institution.kind === "pension") {
        expect(namesHeld(i), institution.name).toBeGreaterThan(COMPANIES.length * 0.7);
      }
    }
  });

  it("are valued at shares × the close of the quarter's last trading day", async () => {
    const { market, source } = sourceAt(EXAMPLE_TIME);
    for (const symbol of ["AAPL", "F", "BRK.B", "GME"]) {
      const stock = stockBySymbol(symbol);
      if (!stock) throw new Error(symbol);
      for (const { current, previous } of await positionsOf(source, symbol)) {
        for (const line of [current, previous]) {
          if (!line) continue;
          // The quarter's daily bars, read independently: the last one is the quarter's close.
          const end = Date.parse(`${line.quarterEnd}T00:00:00Z`) / DAY_MS;
          const bars = await market.bars(contractCode(stock.symbol, stock.exchange), {
            period: 5,
            from: nyInstant(end - 20, 0),
            to: nyInstant(end + 1, 0),
            extended: false,
          });
          const close = bars?.at(-1)?.close as number;
          expect(Math.round(line.shares * (Math.round(close * 100) / 100)), symbol).toBe(
            line.valueUsd,
          );
        }
      }
    }
  });

  it("are deterministic: two worlds built apart answer the same", async () => {
    const one = sourceAt(EXAMPLE_TIME).source;
    const two = sourceAt(EXAMPLE_TIME).source;
    // Different call orders too: the second world reads another company first.
    await two.positionsIn("MSFT");
    for (const symbol of ["AAPL", "TSLA", "GME"]) {
      expect(await two.positionsIn(symbol), symbol).toEqual(await one.positionsIn(symbol));
    }
    // A warm call answers the same as the cold one.
    expect(await one.positionsIn("AAPL")).toEqual(await two.positionsIn("AAPL"));
  });

  it("are causal: a past quarter reads the same at later clocks, and chains do not look ahead", async () => {
    // 2024 Q4 is every filer's latest 13F in March 2025 and the previous one in June 2025.
    const march = sourceAt("2025-03-10T15:00:00Z").source;
    const june = sourceAt("2025-06-20T15:00:00Z").source;
    for (const symbol of ["AAPL", "NVDA", "KO"]) {
      const then = new Map(
        (await positionsOf(march, symbol)).map((p) => [p.institution.cik, p.current] as const),
      );
      const later = new Map(
        (await positionsOf(june, symbol)).map((p) => [p.institution.cik, p.previous] as const),
      );
      for (const cik of new Set([...then.keys(), ...later.keys()])) {
        const a = then.get(cik) ?? null;
        const b = later.get(cik) ?? null;
        expect(b, `${symbol} ${cik}`).toEqual(a);
        if (a) expect(a.quarterEnd).toBe("2024-12-31");
      }
    }
    // A chain read up to 2020 alone equals the same quarters of a chain read to 2026 first.
    const apple = stockBySymbol("AAPL");
    if (!apple) throw new Error("AAPL");
    const short = new CompanyHoldings(apple);
    const long = new CompanyHoldings(apple);
    long.sharesAt(46);
    for (let quarter = -1; quarter <= 20; quarter++) {
      expect(Array.from(short.sharesAt(quarter))).toEqual(Array.from(long.sharesAt(quarter)));
    }
  });
});

describe("13F filings", () => {
  it("come 20-45 days after the quarter end, on a business day, never after the clock", async () => {
    for (const now of ["2019-11-05T15:00:00Z", "2024-02-02T20:00:00Z", EXAMPLE_TIME]) {
      const { source } = sourceAt(now);
      const today = isoDate(nyWallClock(Date.parse(now)).day);
      for (const symbol of ["AAPL", "JPM", "SOFI"]) {
        for (const { current, previous } of await positionsOf(source, symbol)) {
          for (const line of [current, previous]) {
            if (!line) continue;
            const lag = daysBetween(line.quarterEnd, line.filingDate);
            expect(lag, line.accessionNumber).toBeGreaterThanOrEqual(20);
            expect(lag, line.accessionNumber).toBeLessThanOrEqual(45);
            expect(isTradingDay(Date.parse(line.filingDate) / DAY_MS)).toBe(true);
            expect(line.filingDate <= today, `${line.filingDate} after ${today}`).toBe(true);
          }
        }
      }
    }
  });

  it("are known from their acceptance after the close, so filers mix quarters in filing season", async () => {
    // Early November 2026: some filers have filed for Q3, the others' latest is Q2.
    const { source } = sourceAt("2026-11-02T15:00:00Z");
    const positions = await positionsOf(source, "AAPL");
    const periods = new Set(positions.map((p) => p.current?.quarterEnd).filter(Boolean));
    expect([...periods].sort()).toEqual(["2026-06-30", "2026-09-30"]);

    // One filer's Q3 13F: not known at 15:00 on its filing day, known at 22:00.
    const settled = await positionsOf(sourceAt(EXAMPLE_TIME).source, "AAPL");
    const line = settled.find((p) => p.current?.quarterEnd === "2026-09-30")?.current;
    if (!line) throw new Error("no Q3 line");
    const [y, m, d] = line.filingDate.split("-").map(Number) as [number, number, number];
    const day = dayNumber(y, m, d);
    const lineAt = async (minute: number) =>
      (await positionsOf(sourceAt(nyInstant(day, minute)).source, "AAPL")).find(
        (p) => p.institution.cik === line.institutionCik,
      );
    expect((await lineAt(15 * 60))?.current?.quarterEnd ?? "none").not.toBe("2026-09-30");
    expect((await lineAt(22 * 60))?.current).toEqual(line);
  });

  it("have unique accession numbers, the filer's CIK first, one per filer and quarter", async () => {
    const { source } = sourceAt(EXAMPLE_TIME);
    const filings = new Map<string, string>();
    for (const stock of COMPANIES) {
      for (const { current, previous } of await positionsOf(source, stock.symbol)) {
        for (const line of [current, previous]) {
          if (!line) continue;
          const yy = line.filingDate.slice(2, 4);
          expect(line.accessionNumber).toMatch(new RegExp(`^${line.institutionCik}-${yy}-\\d{6}$`));
          const filing = `${line.institutionCik} ${line.quarterEnd} ${line.filingDate}`;
          const known = filings.get(line.accessionNumber);
          if (known !== undefined) expect(known, line.accessionNumber).toBe(filing);
          filings.set(line.accessionNumber, filing);
        }
      }
    }
    // Two quarters of about 40 filers: one number per filing.
    expect(new Set(filings.values()).size).toBe(filings.size);
    expect(filings.size).toBeGreaterThan(60);
  });
});
