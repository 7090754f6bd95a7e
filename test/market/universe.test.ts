import { describe, expect, it } from "vitest";
import {
  assertUniverse,
  CRYPTO,
  contractCode,
  FUTURE_ROOTS,
  INDICES,
  STOCKS,
  type UniverseStock,
  universeInstruments,
} from "../../lib/market/sim/universe";
import raw from "../../lib/market/sim/universe.json";

const ETFS = STOCKS.filter((s) => s.type === "ETF");
const EQUITIES = STOCKS.filter((s) => s.type === "Stock");

const STOCK_EXCHANGES = ["NASDAQ", "NYSE", "ARCA", "BATS"];
const FUTURES_EXCHANGES = ["CME", "CBOT", "NYMEX", "COMEX"];

const PAYMENTS_PER_YEAR = { monthly: 12, quarterly: 4, semiannual: 2, annual: 1 } as const;

function stock(symbol: string): UniverseStock {
  const found = STOCKS.find((s) => s.symbol === symbol);
  if (!found) throw new Error(`${symbol} is not in the universe`);
  return found;
}

function duplicates(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** Days in a month of a leap year, so 02-29 counts as a valid month-day. */
function daysInMonth(month: number): number {
  return new Date(Date.UTC(2024, month, 0)).getUTCDate();
}

describe("universe counts", () => {
  it("has at least 100 stocks and ETFs, 15 of them ETFs", () => {
    expect(STOCKS.length).toBeGreaterThanOrEqual(100);
    expect(ETFS.length).toBeGreaterThanOrEqual(15);
    expect(EQUITIES.length).toBeGreaterThanOrEqual(85);
  });

  it("has the major indices", () => {
    expect(INDICES.length).toBeGreaterThanOrEqual(5);
    const symbols = INDICES.map((i) => i.symbol);
    for (const s of ["SPX", "NDX", "DJI", "RUT", "VIX"]) expect(symbols).toContain(s);
  });

  it("has futures roots spanning equity index, energy, metals and rates", () => {
    expect(FUTURE_ROOTS.length).toBeGreaterThanOrEqual(8);
    const sectors = new Set(FUTURE_ROOTS.map((f) => f.sector));
    for (const s of ["Equity Index", "Energy", "Metals", "Rates"]) expect(sectors).toContain(s);
    const roots = FUTURE_ROOTS.map((f) => f.root);
    for (const r of ["ES", "NQ", "YM", "RTY", "CL", "NG", "GC", "SI", "ZN", "ZB", "6E"]) {
      expect(roots).toContain(r);
    }
  });

  it("has at least 10 crypto assets", () => {
    expect(CRYPTO.length).toBeGreaterThanOrEqual(10);
    for (const s of ["BTC", "ETH", "SOL"]) expect(CRYPTO.map((c) => c.symbol)).toContain(s);
  });

  it("includes the named large caps and ETFs", () => {
    const symbols = STOCKS.map((s) => s.symbol);
    const expected = [
      ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "BRK.B", "JPM", "V", "UNH"],
      ["XOM", "JNJ", "WMT", "PG", "MA", "HD", "CVX", "ABBV", "KO", "PEP", "AVGO", "COST"],
      ["MRK", "ORCL", "AMD", "NFLX", "CRM", "ADBE", "INTC", "CSCO", "DIS", "BA", "CAT", "GS"],
      ["SPY", "QQQ", "IWM", "DIA", "GLD", "SLV", "TLT", "XLF", "XLE", "XLK", "XLV", "EEM"],
      ["EFA", "HYG", "VTI", "ARKK", "SMH"],
    ].flat();
    for (const s of expected) expect(symbols).toContain(s);
  });
});

describe("identity", () => {
  it("has unique symbols per category", () => {
    expect(duplicates(STOCKS.map((s) => s.symbol))).toEqual([]);
    expect(duplicates(INDICES.map((i) => i.symbol))).toEqual([]);
    expect(duplicates(FUTURE_ROOTS.map((f) => f.root))).toEqual([]);
    expect(duplicates(CRYPTO.map((c) => c.symbol))).toEqual([]);
  });

  it("uses the allowed exchanges", () => {
    for (const s of STOCKS) expect(STOCK_EXCHANGES, s.symbol).toContain(s.exchange);
    for (const i of INDICES) expect(i.exchange, i.symbol).toBe("INDEX");
    for (const f of FUTURE_ROOTS) expect(FUTURES_EXCHANGES, f.root).toContain(f.exchange);
    for (const c of CRYPTO) expect(c.exchange, c.symbol).toBe("COINBASE");
  });

  it("builds codes as SYMBOL_EXCHANGE", () => {
    expect(contractCode("AAPL", "NASDAQ")).toBe("AAPL_NASDAQ");
  });

  it("maps every stock, ETF, index and crypto asset to a unique instrument", () => {
    const instruments = universeInstruments();
    expect(instruments).toHaveLength(STOCKS.length + INDICES.length + CRYPTO.length);
    expect(duplicates(instruments.map((i) => i.code))).toEqual([]);
    for (const i of instruments) {
      expect(i.code).toBe(`${i.symbol}_${i.exchange}`);
      expect(i.code).toMatch(/^[A-Z0-9.]+_[A-Z]+$/);
      expect(i.currency).toBe("USD");
    }
    const byCode = new Map(instruments.map((i) => [i.code, i]));
    expect(byCode.get("AAPL_NASDAQ")).toMatchObject({
      contractType: "Stock",
      hasOptions: true,
      sector: "Information Technology",
      sharesOutstanding: stock("AAPL").sharesOutstanding,
    });
    expect(byCode.get("SPY_ARCA")).toMatchObject({ contractType: "ETF", sector: "ETF" });
    expect(byCode.get("BRK.B_NYSE")?.contractType).toBe("Stock");
    for (const s of ["SPX", "NDX", "RUT", "VIX"]) {
      expect(byCode.get(`${s}_INDEX`), s).toMatchObject({
        contractType: "Index",
        hasOptions: true,
      });
    }
    expect(byCode.get("DJI_INDEX")?.hasOptions).toBe(false);
    expect(byCode.get("BTC_COINBASE")).toMatchObject({ contractType: "Crypto", hasOptions: false });
    expect(instruments.some((i) => i.contractType === "Future")).toBe(false);
  });

  it("returns a fresh array of frozen records each call", () => {
    const a = universeInstruments();
    const b = universeInstruments();
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(Object.isFrozen(a[0])).toBe(true);
  });
});

describe("numbers", () => {
  it("keeps stock and ETF figures positive, finite and realistic", () => {
    for (const s of STOCKS) {
      const at = s.symbol;
      for (const v of [s.price, s.sharesOutstanding, s.averageVolume]) {
        expect(Number.isFinite(v) && v > 0, at).toBe(true);
      }
      expect(Number.isInteger(s.sharesOutstanding), at).toBe(true);
      expect(Number.isInteger(s.averageVolume), at).toBe(true);
      expect(s.volatility, at).toBeGreaterThan(0);
      expect(s.volatility, at).toBeLessThan(2);
      expect(s.beta, at).toBeGreaterThan(-1);
      expect(s.beta, at).toBeLessThan(4);
      expect(s.shortInterestPercent, at).toBeGreaterThanOrEqual(0);
      expect(s.shortInterestPercent, at).toBeLessThanOrEqual(100);
      expect(s.borrowFeePercent, at).toBeGreaterThan(0);
      expect(s.borrowFeePercent, at).toBeLessThan(50);
      expect(s.sector.length, at).toBeGreaterThan(0);
      expect(s.industry.length, at).toBeGreaterThan(0);
      if (s.type === "ETF") expect(s.sector, at).toBe("ETF");
    }
  });

  it("keeps index, futures and crypto figures positive, finite and realistic", () => {
    const all = [
      ...INDICES.map((i) => [i.symbol, i.price, i.volatility] as const),
      ...FUTURE_ROOTS.map((f) => [f.root, f.price, f.volatility] as const),
      ...CRYPTO.map((c) => [c.symbol, c.price, c.volatility] as const),
    ];
    for (const [at, price, volatility] of all) {
      expect(Number.isFinite(price) && price > 0, at).toBe(true);
      expect(volatility, at).toBeGreaterThan(0);
      expect(volatility, at).toBeLessThan(2);
    }
    for (const f of FUTURE_ROOTS) {
      for (const v of [f.multiplier, f.tickSize, f.rollDaysBeforeExpiry]) {
        expect(Number.isFinite(v) && v > 0, f.root).toBe(true);
      }
      expect(f.tickSize, f.root).toBeLessThan(f.price / 100);
    }
    for (const c of CRYPTO) {
      expect(Number.isFinite(c.circulatingSupply) && c.circulatingSupply > 0, c.symbol).toBe(true);
      expect(c.volatility, c.symbol).toBeGreaterThanOrEqual(0.4);
    }
  });

  it("has the exchange contract sizes", () => {
    const multipliers = Object.fromEntries(FUTURE_ROOTS.map((f) => [f.root, f.multiplier]));
    expect(multipliers).toMatchObject({
      ES: 50,
      NQ: 20,
      YM: 5,
      RTY: 50,
      CL: 1000,
      NG: 10000,
      GC: 100,
      SI: 5000,
      ZN: 1000,
      ZB: 1000,
      "6E": 125000,
    });
  });

  it("puts known market caps in sane ranges", () => {
    const cap = (symbol: string) => stock(symbol).sharesOutstanding * stock(symbol).price;
    for (const s of ["AAPL", "MSFT", "NVDA"]) {
      expect(cap(s), s).toBeGreaterThan(1e12);
      expect(cap(s), s).toBeLessThan(6e12);
    }
    for (const s of ["AMZN", "GOOGL", "META", "AVGO", "TSLA", "BRK.B"]) {
      expect(cap(s), s).toBeGreaterThan(5e11);
      expect(cap(s), s).toBeLessThan(5e12);
    }
    for (const s of ["JPM", "V", "WMT", "LLY", "ORCL", "XOM", "MA", "COST"]) {
      expect(cap(s), s).toBeGreaterThan(1e11);
      expect(cap(s), s).toBeLessThan(2e12);
    }
    for (const s of EQUITIES) {
      expect(cap(s.symbol), s.symbol).toBeGreaterThan(5e8);
      expect(cap(s.symbol), s.symbol).toBeLessThan(6e12);
    }
    const spy = stock("SPY");
    expect(spy.sharesOutstanding * spy.price).toBeGreaterThan(2e11);
  });

  it("keeps ETF prices consistent with their indices and futures", () => {
    const index = (s: string) => INDICES.find((i) => i.symbol === s)?.price ?? Number.NaN;
    const future = (r: string) => FUTURE_ROOTS.find((f) => f.root === r)?.price ?? Number.NaN;
    const near = (actual: number, expected: number) => Math.abs(actual / expected - 1) < 0.05;
    expect(near(stock("SPY").price * 10, index("SPX"))).toBe(true);
    expect(near(stock("DIA").price * 100, index("DJI"))).toBe(true);
    expect(near(stock("IWM").price * 10, index("RUT"))).toBe(true);
    expect(near(future("ES"), index("SPX"))).toBe(true);
    expect(near(future("NQ"), index("NDX"))).toBe(true);
    expect(near(future("YM"), index("DJI"))).toBe(true);
    expect(near(future("RTY"), index("RUT"))).toBe(true);
  });
});

describe("dividends", () => {
  const payers = STOCKS.filter((s) => s.dividend !== null);

  it("has both payers and non-payers", () => {
    expect(payers.length).toBeGreaterThan(50);
    expect(STOCKS.length - payers.length).toBeGreaterThan(10);
    expect(stock("TSLA").dividend).toBeNull();
    expect(stock("O").dividend?.frequency).toBe("monthly");
  });

  it("keeps yields between 0 and 15 %", () => {
    for (const s of payers) {
      const yieldPct = ((s.dividend?.annualAmount ?? 0) / s.price) * 100;
      expect(yieldPct, s.symbol).toBeGreaterThan(0);
      expect(yieldPct, s.symbol).toBeLessThan(15);
    }
  });

  it("lists one valid, ordered ex-date per payment", () => {
    for (const s of payers) {
      const dividend = s.dividend;
      if (!dividend) continue;
      const dates = dividend.exDividendMonthDay;
      expect(dates, s.symbol).toHaveLength(PAYMENTS_PER_YEAR[dividend.frequency]);
      expect([...dates].sort(), s.symbol).toEqual(dates);
      expect(duplicates(dates), s.symbol).toEqual([]);
      for (const d of dates) {
        const match = /^(\d\d)-(\d\d)$/.exec(d);
        expect(match, `${s.symbol} ${d}`).not.toBeNull();
        const month = Number(match?.[1]);
        const day = Number(match?.[2]);
        expect(month >= 1 && month <= 12, `${s.symbol} ${d}`).toBe(true);
        expect(day >= 1 && day <= daysInMonth(month), `${s.symbol} ${d}`).toBe(true);
      }
    }
  });
});

describe("earnings", () => {
  it("gives stocks four quarterly report months and an hour; ETFs none", () => {
    for (const s of STOCKS) {
      if (s.type === "ETF") {
        expect(s.earningsMonths, s.symbol).toBeNull();
        expect(s.earningsHour, s.symbol).toBeNull();
        continue;
      }
      const months = s.earningsMonths ?? [];
      expect(months, s.symbol).toHaveLength(4);
      expect(new Set(months).size, s.symbol).toBe(4);
      expect(
        [...months].sort((a, b) => a - b),
        s.symbol,
      ).toEqual(months);
      for (const m of months) expect(Number.isInteger(m) && m >= 1 && m <= 12, s.symbol).toBe(true);
      const gaps = months.map((m, i) => {
        const next = months[(i + 1) % months.length] ?? m;
        return (next - m + 12) % 12;
      });
      for (const gap of gaps) {
        expect(gap, `${s.symbol} ${months.join(",")}`).toBeGreaterThanOrEqual(2);
        expect(gap, `${s.symbol} ${months.join(",")}`).toBeLessThanOrEqual(4);
      }
      expect(["bmo", "amc"], s.symbol).toContain(s.earningsHour);
    }
  });
});

describe("futures", () => {
  it("uses only month letters FGHJKMNQUVXZ, in calendar order", () => {
    const letters = "FGHJKMNQUVXZ";
    for (const f of FUTURE_ROOTS) {
      expect(f.contractMonths, f.root).toMatch(/^[FGHJKMNQUVXZ]+$/);
      const positions = [...f.contractMonths].map((c) => letters.indexOf(c));
      expect(
        [...positions].sort((a, b) => a - b),
        f.root,
      ).toEqual(positions);
      expect(new Set(positions).size, f.root).toBe(positions.length);
    }
    const cycle = Object.fromEntries(FUTURE_ROOTS.map((f) => [f.root, f.contractMonths]));
    expect(cycle).toMatchObject({ ES: "HMUZ", CL: letters, GC: "GJMQVZ", ZN: "HMUZ" });
  });

  it("uses the named expiry rules", () => {
    const rules = Object.fromEntries(FUTURE_ROOTS.map((f) => [f.root, f.expiryRule]));
    expect(rules).toMatchObject({
      ES: "third-friday",
      CL: "cl",
      GC: "third-last-business-day",
      SI: "third-last-business-day",
      ZN: "business-day-7-before-last",
      ZB: "business-day-7-before-last",
    });
  });
});

describe("load-time shape check", () => {
  it("accepts the shipped data", () => {
    expect(() => assertUniverse(raw)).not.toThrow();
  });

  it("names the first malformed field", () => {
    const copy = structuredClone(raw) as any;
    copy.stocks[1].price = -1;
    expect(() => assertUniverse(copy)).toThrow("universe.json: stocks[1].price");
    const bad = structuredClone(raw) as any;
    bad.futures[0].contractMonths = "HMUA";
    expect(() => assertUniverse(bad)).toThrow("futures[0].contractMonths");
    const noDividendDates = structuredClone(raw) as any;
    noDividendDates.stocks[0].dividend.exDividendMonthDay = "02-10";
    expect(() => assertUniverse(noDividendDates)).toThrow("stocks[0].dividend");
    expect(() => assertUniverse({ ...raw, crypto: [] })).toThrow("crypto");
  });
});
