import { beforeAll, describe, expect, it } from "vitest";
import type { FilingRecord } from "../../lib/company/ports";
import { createSimulatedCompanyData, createWorldFilings } from "../../lib/company/sim";
import { corporateCalendar } from "../../lib/company/sim/filings-calendar";
import { pinnedClock } from "../../lib/deps";
import {
  annualOf,
  type FundamentalsSource,
  type QuarterStatement,
  trailingTwelveMonths,
} from "../../lib/fundamentals/ports";
import { createSimulatedFundamentals } from "../../lib/fundamentals/sim";
import { altmanZ } from "../../lib/graph/fragility";
import { isoDate } from "../../lib/market/civil-date";
import { nyInstant } from "../../lib/market/ny-time";
import type { EarningsReportRecord, MarketDataProvider } from "../../lib/market/ports";
import { reportReleaseMs } from "../../lib/market/sim/earnings";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { STOCKS, stockBySymbol, type UniverseStock } from "../../lib/market/sim/universe";

/**
 * The simulated statements against the rest of the world: the market's earnings reports (EPS
 * and revenue actuals, when they are out), the company data's 10-Qs and 10-Ks (read through a
 * separate instance of the company source), the universe's shares and dividends; and against
 * accounting identities (balance sheets balance, the income statement adds up, retained
 * earnings roll forward).
 */

const SIM_NOW = "2026-11-23T15:00:00Z";
const EQUITIES = STOCKS.filter((stock) => stock.type === "Stock");
const FLOWS_AND_BALANCES = [
  "revenueUsd",
  "costOfRevenueUsd",
  "grossProfitUsd",
  "operatingIncomeUsd",
  "interestExpenseUsd",
  "pretaxIncomeUsd",
  "incomeTaxUsd",
  "netIncomeUsd",
  "dilutedShares",
  "depreciationAmortizationUsd",
  "operatingCashFlowUsd",
  "capexUsd",
  "freeCashFlowUsd",
  "dividendsPaidUsd",
  "cashUsd",
  "inventoryUsd",
  "currentAssetsUsd",
  "totalAssetsUsd",
  "currentLiabilitiesUsd",
  "totalDebtUsd",
  "totalLiabilitiesUsd",
  "retainedEarningsUsd",
  "equityUsd",
] as const satisfies readonly (keyof QuarterStatement)[];

function world(instant: string | number) {
  const clock = pinnedClock(new Date(instant));
  const market = createSimulatedMarket(clock);
  const fundamentals = createSimulatedFundamentals({
    clock,
    filings: createWorldFilings(market, clock),
  });
  return { clock, market, fundamentals };
}

async function statementsOf(source: FundamentalsSource, symbol: string, to = 2026) {
  const quarters = await source.quarterStatements(symbol, 2015, to);
  if (!quarters) throw new Error(`no statements for ${symbol}`);
  return quarters;
}

const codeOf = (stock: UniverseStock) => `${stock.symbol}_${stock.exchange}`;
const label = (q: { fiscalYear: number; fiscalQuarter: number }) =>
  `${q.fiscalYear}Q${q.fiscalQuarter}`;

/** The market's reports out at its clock, by the quarter they report on (fiscal ≥ 2015). */
async function releasedReports(market: MarketDataProvider, stock: UniverseStock) {
  const reports = await market.earningsHistory?.earningsReports(
    codeOf(stock),
    "2015-01-01",
    "2027-12-31",
  );
  if (!reports) throw new Error(`no earnings for ${stock.symbol}`);
  const byQuarter = new Map<string, EarningsReportRecord>();
  for (const report of reports) {
    if (report.epsActual === null || (report.year ?? 0) < 2015) continue;
    byQuarter.set(`${report.year}Q${report.quarter}`, report);
  }
  return byQuarter;
}

describe("simulated statements at SIM_NOW", () => {
  const { clock, market, fundamentals } = world(SIM_NOW);
  const all = new Map<string, QuarterStatement[]>();

  beforeAll(async () => {
    for (const stock of EQUITIES)
      all.set(stock.symbol, await statementsOf(fundamentals, stock.symbol));
  });
  const quartersOf = (symbol: string) => all.get(symbol) as QuarterStatement[];

  it("answers undefined for an unknown symbol and nothing for a fund", async () => {
    expect(fundamentals.name).toBe("sim");
    expect(await fundamentals.quarterStatements("NOPE", 2015, 2026)).toBeUndefined();
    expect(await fundamentals.quarterStatements("SPY", 2015, 2026)).toEqual([]);
  });

  it("goes back to fiscal 2015 for every stock, one statement a quarter, oldest first", () => {
    for (const stock of EQUITIES) {
      const quarters = quartersOf(stock.symbol);
      expect(label(quarters[0] as QuarterStatement), stock.symbol).toBe("2015Q1");
      quarters.forEach((q, i) => {
        expect(q.fiscalYear * 4 + q.fiscalQuarter - 1, stock.symbol).toBe(2015 * 4 + i);
      });
    }
  });

  it("balances every balance sheet to the dollar, in whole dollars", () => {
    for (const stock of EQUITIES) {
      for (const q of quartersOf(stock.symbol)) {
        const where = `${stock.symbol} ${label(q)}`;
        for (const key of FLOWS_AND_BALANCES)
          expect(Number.isSafeInteger(q[key]), where).toBe(true);
        expect(q.totalAssetsUsd, where).toBe(q.totalLiabilitiesUsd + q.equityUsd);
        expect(q.currentAssetsUsd, where).toBeLessThanOrEqual(q.totalAssetsUsd);
        expect(q.cashUsd + q.inventoryUsd, where).toBeLessThanOrEqual(q.currentAssetsUsd);
        expect(q.currentLiabilitiesUsd, where).toBeLessThanOrEqual(q.totalLiabilitiesUsd);
        expect(q.totalDebtUsd, where).toBeLessThanOrEqual(q.totalLiabilitiesUsd);
        expect(
          Math.min(q.cashUsd, q.inventoryUsd, q.totalDebtUsd, q.totalAssetsUsd),
          where,
        ).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("serves the market's reports out at the clock: net income = EPS × shares, revenue = revenueActual", async () => {
    for (const stock of EQUITIES) {
      const reports = await releasedReports(market, stock);
      const quarters = quartersOf(stock.symbol);
      expect(quarters.map(label), stock.symbol).toEqual([...reports.keys()]);
      for (const q of quarters) {
        const report = reports.get(label(q)) as EarningsReportRecord;
        const eps = report.epsActual as number;
        const where = `${stock.symbol} ${label(q)}`;
        expect(q.dilutedEps, where).toBe(eps);
        expect(q.dilutedShares, where).toBe(stock.sharesOutstanding);
        // Exact in cents × shares (every share count is a multiple of 100).
        expect(q.netIncomeUsd, where).toBe((Math.round(eps * 100) * stock.sharesOutstanding) / 100);
        expect(Math.abs(q.netIncomeUsd - eps * stock.sharesOutstanding), where).toBeLessThan(1);
        expect(q.revenueUsd, where).toBe(report.revenueActual);
      }
    }
  });

  it("carries the 10-Q or 10-K the company data lists for each period", async () => {
    // A separate company source: its own filings history, numbered independently.
    const company = createSimulatedCompanyData(market, clock);
    for (const stock of EQUITIES) {
      const listed = new Map<string, FilingRecord>();
      for (const form of ["10-Q", "10-K"]) {
        const records = await company.filings.filings(stock.symbol, { form, limit: 1_000 });
        for (const record of records ?? [])
          listed.set(`${record.form} ${record.reportDate}`, record);
      }
      for (const q of quartersOf(stock.symbol)) {
        const where = `${stock.symbol} ${label(q)}`;
        expect(q.form, where).toBe(q.fiscalQuarter === 4 ? "10-K" : "10-Q");
        const record = listed.get(`${q.form} ${q.periodEnd}`);
        if (!record) {
          expect(q.accessionNumber, where).toBeNull();
          expect(q.filingDate, where).toBeNull();
          continue;
        }
        expect(q.accessionNumber, where).toBe(record.accessionNumber);
        expect(q.filingDate, where).toBe(record.filingDate);
      }
    }
    // At SIM_NOW every served quarter's form is filed (none is between release and filing).
    expect([...all.values()].flat().filter((q) => q.accessionNumber === null)).toEqual([]);
  });

  it("adds up: tax about 21 %, pretax = net income + tax, EBIT = pretax + interest, gross profit ≥ EBIT, FCF = OCF − capex", () => {
    for (const stock of EQUITIES) {
      for (const q of quartersOf(stock.symbol)) {
        const where = `${stock.symbol} ${label(q)}`;
        expect(q.pretaxIncomeUsd, where).toBe(q.netIncomeUsd + q.incomeTaxUsd);
        expect(q.operatingIncomeUsd, where).toBe(q.pretaxIncomeUsd + q.interestExpenseUsd);
        expect(q.grossProfitUsd, where).toBeGreaterThanOrEqual(q.operatingIncomeUsd);
        expect(q.revenueUsd, where).toBe(q.grossProfitUsd + q.costOfRevenueUsd);
        expect(q.costOfRevenueUsd, where).toBeGreaterThanOrEqual(0);
        expect(q.freeCashFlowUsd, where).toBe(q.operatingCashFlowUsd - q.capexUsd);
        // A penny stock's early EPS can round to 0.00: no income, no tax.
        if (q.pretaxIncomeUsd === 0) continue;
        const taxRate = q.incomeTaxUsd / q.pretaxIncomeUsd;
        expect(taxRate, where).toBeGreaterThan(0.11);
        expect(taxRate, where).toBeLessThan(0.31);
      }
    }
  });

  it("rolls retained earnings forward by net income less dividends paid", () => {
    for (const stock of EQUITIES) {
      const quarters = quartersOf(stock.symbol);
      for (let i = 1; i < quarters.length; i++) {
        const [before, q] = [quarters[i - 1], quarters[i]] as [QuarterStatement, QuarterStatement];
        expect(q.retainedEarningsUsd, `${stock.symbol} ${label(q)}`).toBe(
          before.retainedEarningsUsd + q.netIncomeUsd - q.dividendsPaidUsd,
        );
      }
    }
  });

  it("pays the universe's dividends: ten years of payments = ten years of the annual amount × shares", () => {
    for (const stock of EQUITIES) {
      const paid = quartersOf(stock.symbol)
        .filter((q) => q.fiscalYear >= 2016 && q.fiscalYear <= 2025)
        .reduce((sum, q) => sum + q.dividendsPaidUsd, 0);
      if (!stock.dividend) {
        expect(paid, stock.symbol).toBe(0);
        continue;
      }
      const perPayment =
        (stock.dividend.annualAmount * stock.sharesOutstanding) /
        stock.dividend.exDividendMonthDay.length;
      // A December ex-date can be paid in either January: one payment of slack at each end.
      const tenYears = 10 * stock.dividend.annualAmount * stock.sharesOutstanding;
      expect(Math.abs(paid - tenYears), stock.symbol).toBeLessThanOrEqual(perPayment + 10);
    }
  });

  it("keeps operating cash flow near net income + D&A over a year", () => {
    for (const stock of EQUITIES) {
      const ttm = trailingTwelveMonths(quartersOf(stock.symbol));
      if (!ttm) throw new Error(stock.symbol);
      const accrualBasis = ttm.netIncomeUsd + ttm.depreciationAmortizationUsd;
      expect(ttm.operatingCashFlowUsd / accrualBasis, stock.symbol).toBeGreaterThan(0.5);
      expect(ttm.operatingCashFlowUsd / accrualBasis, stock.symbol).toBeLessThan(1.6);
    }
  });

  it("spreads the ratios: a few in Altman's distress zone, most above it; some thin coverage and liquidity", async () => {
    const zs: number[] = [];
    let thinCoverage = 0;
    let currentRatioBelowOne = 0;
    for (const stock of EQUITIES) {
      const ttm = trailingTwelveMonths(quartersOf(stock.symbol));
      const quote = await market.quote(codeOf(stock));
      if (!ttm || !quote) throw new Error(stock.symbol);
      const z = altmanZ(ttm, quote.lastPrice * stock.sharesOutstanding);
      if (!z) throw new Error(stock.symbol);
      zs.push(z.z);
      if (ttm.operatingIncomeUsd < 3 * ttm.interestExpenseUsd) thinCoverage++;
      if (ttm.currentAssetsUsd < ttm.currentLiabilitiesUsd) currentRatioBelowOne++;
    }
    const distressed = zs.filter((z) => z < 1.81).length;
    expect(distressed).toBeGreaterThanOrEqual(5);
    expect(zs.filter((z) => z > 1.81).length).toBeGreaterThan(0.7 * zs.length);
    expect(thinCoverage).toBeGreaterThanOrEqual(3);
    expect(thinCoverage).toBeLessThan(0.3 * zs.length);
    expect(currentRatioBelowOne).toBeGreaterThanOrEqual(5);
    expect(currentRatioBelowOne).toBeLessThan(0.5 * zs.length);
  });
});

describe("simulated statements over time", () => {
  const AAPL = stockBySymbol("AAPL") as UniverseStock;
  /** AAPL's report of fiscal 2026 Q3, and the 10-Q after it. */
  const period = corporateCalendar(AAPL).reports.find((r) => r.year === 2026 && r.quarter === 3);
  if (!period) throw new Error("no AAPL 2026 Q3 report");
  const releaseMs = reportReleaseMs({ date: isoDate(period.reportDay), hour: period.hour });

  it("shows a quarter from its earnings release on, and its 10-Q from the filing on", async () => {
    const before = await statementsOf(world(releaseMs - 60_000).fundamentals, "AAPL");
    expect(before.map(label)).not.toContain("2026Q3");
    const released = await statementsOf(world(releaseMs).fundamentals, "AAPL");
    const fresh = released.at(-1) as QuarterStatement;
    expect(label(fresh)).toBe("2026Q3");
    expect(fresh.filingDate).toBeNull();
    expect(fresh.accessionNumber).toBeNull();
    // The 10-Q is accepted during its filing day (New York): filed by that evening.
    const filed = await statementsOf(
      world(nyInstant(period.filingDay, 23 * 60)).fundamentals,
      "AAPL",
    );
    const withFiling = filed.find((q) => label(q) === "2026Q3") as QuarterStatement;
    expect(withFiling.filingDate).toBe(isoDate(period.filingDay));
    expect(withFiling.accessionNumber).toMatch(/^\d{10}-26-\d{6}$/);
    expect({ ...withFiling, filingDate: null, accessionNumber: null }).toEqual(fresh);
  });

  it("never rewrites the past: the same figures at a later clock, from another instance", async () => {
    const now = await statementsOf(world(SIM_NOW).fundamentals, "AAPL", 2025);
    const later = await statementsOf(world("2027-06-01T15:00:00Z").fundamentals, "AAPL", 2025);
    expect(later).toEqual(now);
    expect(now.at(-1)?.fiscalYear).toBe(2025);
  });
});

describe("annualOf and trailingTwelveMonths", () => {
  const { fundamentals } = world(SIM_NOW);

  it("sums a fiscal year's flows and takes the Q4 balance sheet and 10-K", async () => {
    const quarters = await statementsOf(fundamentals, "MSFT");
    const years = annualOf(quarters);
    expect(years.map((y) => y.fiscalYear)).toEqual([
      2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025,
    ]);
    const fy2024 = years.find((y) => y.fiscalYear === 2024);
    const ofYear = quarters.filter((q) => q.fiscalYear === 2024);
    const q4 = ofYear.find((q) => q.fiscalQuarter === 4) as QuarterStatement;
    const sum = (key: "revenueUsd" | "netIncomeUsd" | "freeCashFlowUsd") =>
      ofYear.reduce((total, q) => total + q[key], 0);
    expect(fy2024).toMatchObject({
      periodEnd: "2024-12-31",
      form: "10-K",
      filingDate: q4.filingDate,
      accessionNumber: q4.accessionNumber,
      revenueUsd: sum("revenueUsd"),
      netIncomeUsd: sum("netIncomeUsd"),
      freeCashFlowUsd: sum("freeCashFlowUsd"),
      totalAssetsUsd: q4.totalAssetsUsd,
      retainedEarningsUsd: q4.retainedEarningsUsd,
      dilutedShares: q4.dilutedShares,
    });
    // Constant shares: the year's EPS × shares is its net income, to the cent.
    expect(
      Math.abs((fy2024?.dilutedEps ?? 0) * q4.dilutedShares - sum("netIncomeUsd")),
    ).toBeLessThan(1);
  });

  it("takes the last four consecutive quarters, or nothing", async () => {
    const quarters = await statementsOf(fundamentals, "MSFT");
    const ttm = trailingTwelveMonths(quarters);
    const last4 = quarters.slice(-4);
    expect(ttm?.quarters).toEqual(last4.map(label));
    expect(ttm?.periodEnd).toBe(last4[3]?.periodEnd);
    expect(ttm?.revenueUsd).toBe(last4.reduce((t, q) => t + q.revenueUsd, 0));
    expect(ttm?.equityUsd).toBe(last4[3]?.equityUsd);
    expect(trailingTwelveMonths(quarters.slice(0, 3))).toBeUndefined();
    const gap = [...quarters.slice(-5, -3), ...quarters.slice(-2)];
    expect(trailingTwelveMonths(gap)).toBeUndefined();
  });
});
