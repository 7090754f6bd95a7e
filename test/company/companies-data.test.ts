import { describe, expect, it } from "vitest";
import { isValidIsin } from "../../lib/company/isin";
import {
  assertCompanies,
  COMPANY_RECORDS,
  companyRecordOf,
  type SimulatedCompanyRecord,
} from "../../lib/company/sim/companies";
import raw from "../../lib/company/sim/companies.json";
import { STOCKS } from "../../lib/market/sim/universe";

const ETF_SYMBOLS = new Set(STOCKS.filter((s) => s.type === "ETF").map((s) => s.symbol));
const isFund = (record: SimulatedCompanyRecord) => ETF_SYMBOLS.has(record.symbol);
const COMPANIES = COMPANY_RECORDS.filter((r) => !isFund(r));
const FUNDS = COMPANY_RECORDS.filter(isFund);

/** Sentences: split after . ! ? followed by a space and a capital or digit ("Booking.com" stays whole). */
function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9])/).length;
}

function duplicates(values: (string | null)[]): (string | null)[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe("coverage", () => {
  it("has one record per universe stock and ETF, in the universe's order, and no other", () => {
    expect(COMPANY_RECORDS.map((r) => r.symbol)).toEqual(STOCKS.map((s) => s.symbol));
    expect(COMPANIES).toHaveLength(130);
    expect(FUNDS).toHaveLength(25);
  });

  it("looks records up by the universe's symbol", () => {
    expect(companyRecordOf("BRK.B")?.cik).toBe("0001067983");
    expect(companyRecordOf("AAPL")?.isin).toBe("US0378331005");
    expect(companyRecordOf("BRK-B")).toBeUndefined();
    expect(companyRecordOf("NOPE")).toBeUndefined();
  });
});

describe("identifiers", () => {
  it("gives every company a 10-digit CIK, each its own", () => {
    for (const r of COMPANIES) expect(r.cik, r.symbol).toMatch(/^\d{10}$/);
    expect(duplicates(COMPANIES.map((r) => r.cik))).toEqual([]);
  });

  it("gives funds a 10-digit CIK or null (series trusts are not in EDGAR's tickers file)", () => {
    for (const r of FUNDS) if (r.cik !== null) expect(r.cik, r.symbol).toMatch(/^\d{10}$/);
    expect(companyRecordOf("SPY")?.cik).toBe("0000884394");
    expect(companyRecordOf("VOO")?.cik).toBeNull();
  });

  it("has well-formed ISINs with valid check digits, each its own", () => {
    const isins = COMPANY_RECORDS.map((r) => r.isin).filter((i) => i !== null);
    expect(isins.length).toBeGreaterThan(0);
    for (const isin of isins) {
      expect(isin).toMatch(/^[A-Z]{2}[A-Z0-9]{9}\d$/);
      expect(isValidIsin(isin), isin).toBe(true);
    }
    expect(duplicates(isins)).toEqual([]);
  });

  it("uses the home ISIN of issuers domiciled abroad", () => {
    expect(companyRecordOf("MDT")?.isin).toBe("IE00BTN1Y115");
    expect(companyRecordOf("LIN")?.isin).toBe("IE000S9YS762");
    expect(companyRecordOf("SLB")?.isin).toBe("AN8068571086");
  });
});

describe("isValidIsin", () => {
  it("accepts valid ISINs", () => {
    for (const isin of ["US0378331005", "US0846707026", "IE00BTN1Y115", "AN8068571086"]) {
      expect(isValidIsin(isin), isin).toBe(true);
    }
  });

  it("rejects a wrong check digit, swapped characters and malformed strings", () => {
    expect(isValidIsin("US0378331006")).toBe(false); // check digit off by one
    expect(isValidIsin("US0378331050")).toBe(false); // last two characters swapped
    expect(isValidIsin("US0387331005")).toBe(false); // adjacent digits swapped
    expect(isValidIsin("us0378331005")).toBe(false); // lower case
    expect(isValidIsin("US037833100")).toBe(false); // too short
    expect(isValidIsin("US03783310055")).toBe(false); // too long
    expect(isValidIsin("0US378331005")).toBe(false); // no country code
    expect(isValidIsin("US037833100X")).toBe(false); // letter as check digit
  });

  it("rejects every record's ISIN once its check digit is changed", () => {
    for (const r of COMPANY_RECORDS) {
      if (r.isin === null) continue;
      const digit = Number(r.isin.at(-1));
      const corrupted = `${r.isin.slice(0, 11)}${(digit + 1) % 10}`;
      expect(isValidIsin(corrupted), corrupted).toBe(false);
    }
  });
});

describe("facts", () => {
  it("gives companies their own site's https address without a path", () => {
    for (const r of COMPANIES) {
      const url = new URL(r.website);
      expect(url.protocol, r.symbol).toBe("https:");
      expect(`${url.pathname}${url.search}${url.hash}`, r.symbol).toBe("/");
      expect(r.website, r.symbol).toBe(url.origin);
    }
  });

  it("gives funds an https address on the issuer's site", () => {
    for (const r of FUNDS) expect(new URL(r.website).protocol, r.symbol).toBe("https:");
  });

  it('places headquarters as "City, State" or "City, Country" with the country code', () => {
    for (const r of COMPANY_RECORDS) {
      expect(r.country, r.symbol).toMatch(/^[A-Z]{2}$/);
      if (r.headquarters !== null) expect(r.headquarters, r.symbol).toMatch(/^[^,]+, [^,]+$/);
    }
    expect(companyRecordOf("AAPL")?.headquarters).toBe("Cupertino, California");
    expect(companyRecordOf("MDT")).toMatchObject({
      headquarters: "Dublin, Ireland",
      country: "IE",
    });
    expect(companyRecordOf("LULU")?.country).toBe("CA");
  });

  it("gives employee counts as positive integers or null", () => {
    for (const r of COMPANIES) {
      if (r.employees !== null) expect(Number.isInteger(r.employees) && r.employees > 0).toBe(true);
    }
    expect(companyRecordOf("WMT")?.employees).toBeGreaterThan(1_000_000);
  });

  it("gives fiscal year ends as real month-days", () => {
    for (const r of COMPANY_RECORDS) {
      if (r.fiscalYearEnd === null) continue;
      const [month, day] = r.fiscalYearEnd.split("-").map(Number) as [number, number];
      const daysInMonth = new Date(Date.UTC(2025, month, 0)).getUTCDate();
      expect(day, r.symbol).toBeLessThanOrEqual(daysInMonth);
    }
    expect(companyRecordOf("AAPL")?.fiscalYearEnd).toBe("09-30");
    expect(companyRecordOf("MSFT")?.fiscalYearEnd).toBe("06-30");
  });
});

describe("texts", () => {
  it("has one-sentence summaries of at most 200 characters", () => {
    for (const r of COMPANY_RECORDS) {
      expect(r.summary.length, r.symbol).toBeLessThanOrEqual(200);
      expect(r.summary, r.symbol).toMatch(/\.$/);
    }
  });

  it("has descriptions of 3-5 sentences and 400-900 characters", () => {
    for (const r of COMPANY_RECORDS) {
      expect(r.description.length, r.symbol).toBeGreaterThanOrEqual(400);
      expect(r.description.length, r.symbol).toBeLessThanOrEqual(900);
      const sentences = sentenceCount(r.description);
      expect(sentences, r.symbol).toBeGreaterThanOrEqual(3);
      expect(sentences, r.symbol).toBeLessThanOrEqual(5);
    }
  });

  it("writes a distinct description for every instrument", () => {
    expect(duplicates(COMPANY_RECORDS.map((r) => r.description))).toEqual([]);
  });
});

describe("funds", () => {
  it("gives every ETF an issuer, a benchmark or null, and no employee count", () => {
    for (const r of FUNDS) {
      expect(r.issuer, r.symbol).toMatch(/\S/);
      expect(r.benchmark === null || typeof r.benchmark === "string", r.symbol).toBe(true);
      expect(r.employees, r.symbol).toBeNull();
    }
    expect(companyRecordOf("SPY")).toMatchObject({
      issuer: "State Street Global Advisors",
      benchmark: "S&P 500 Index",
    });
    expect(companyRecordOf("ARKK")?.benchmark).toBeNull();
  });

  it("gives companies no fund fields", () => {
    for (const r of COMPANIES) {
      expect(r.issuer, r.symbol).toBeUndefined();
      expect(r.benchmark, r.symbol).toBeUndefined();
    }
  });
});

describe("load-time shape check", () => {
  it("accepts the shipped data", () => {
    expect(() => assertCompanies(raw)).not.toThrow();
  });

  it("names the first malformed field", () => {
    const badIsin = structuredClone(raw) as any;
    badIsin.companies[0].isin = "US0378331006";
    expect(() => assertCompanies(badIsin)).toThrow("companies.json: companies[0].isin");
    const badCik = structuredClone(raw) as any;
    badCik.companies[3].cik = "1018724";
    expect(() => assertCompanies(badCik)).toThrow("companies[3].cik must be null or 10 digits");
    const badWebsite = structuredClone(raw) as any;
    badWebsite.companies[1].website = "http://www.microsoft.com";
    expect(() => assertCompanies(badWebsite)).toThrow("companies[1].website");
    const fundWithStaff = structuredClone(raw) as any;
    fundWithStaff.companies[130].employees = 10;
    expect(() => assertCompanies(fundWithStaff)).toThrow("companies[130].employees");
    const badFiscalYearEnd = structuredClone(raw) as any;
    badFiscalYearEnd.companies[2].fiscalYearEnd = "13-01";
    expect(() => assertCompanies(badFiscalYearEnd)).toThrow("companies[2].fiscalYearEnd");
    const duplicate = structuredClone(raw) as any;
    duplicate.companies[5].symbol = "AAPL";
    expect(() => assertCompanies(duplicate)).toThrow("companies[5].symbol must be unique");
    expect(() => assertCompanies({ ...raw, companies: [] })).toThrow("companies");
  });
});
