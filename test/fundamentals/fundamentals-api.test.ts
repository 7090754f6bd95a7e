import { describe, expect, it } from "vitest";
import { FUNDAMENTALS_EXAMPLES } from "../../lib/api/examples/fundamentals";
import { fundamentalsRoutes as routes } from "../../lib/api/groups/fundamentals/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { CompanyDataUnavailable } from "../../lib/company/ports";
import type { Deps } from "../../lib/deps";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * GET /fundamentals/{code}/financials and /ratios on the simulated world at EXAMPLE_TIME
 * (Monday 2026-11-23): spec fact 2's window, statements that balance and tie to the reported
 * EPS, quarters that sum to their years, every ratio recomputed here from the served quarters
 * and price, and the refusals.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);
const AAPL = "AAPL_NASDAQ";
const financials = (code: string, query: Record<string, string> = {}, with_: Deps = deps) =>
  callRoute(routes.financials, { params: { code }, query }, with_);

describe("GET /fundamentals/{code}/financials: the window of spec fact 2", () => {
  it("starts at the current year minus years, inclusive (default 5)", async () => {
    const answer = await financials(AAPL);
    expect(answer.window).toEqual({ fromYear: 2021, toYear: 2026 });
    // Fiscal 2026 ends in December: until its Q4 report it is the year to date.
    expect(answer.statements.map((s) => s.fiscalYear)).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(answer.yearToDate).toMatchObject({
      fiscalYear: 2026,
      quarters: ["2026Q1", "2026Q2", "2026Q3"],
    });
  });

  it("years=0 is the current year alone, years=12 reaches back to the first simulated year", async () => {
    const none = await financials(AAPL, { years: "0" });
    expect(none.window).toEqual({ fromYear: 2026, toYear: 2026 });
    expect(none.statements).toEqual([]);
    expect(none.yearToDate?.fiscalYear).toBe(2026);
    const quarters = await financials(AAPL, { years: "0", period: "quarter" });
    expect(quarters.statements.map((q) => q.fiscalQuarter)).toEqual([3, 2, 1]);
    const twelve = await financials(AAPL, { years: "12" });
    expect(twelve.window.fromYear).toBe(2014);
    // The simulated history starts in fiscal 2015.
    expect(twelve.statements.at(-1)?.fiscalYear).toBe(2015);
    expect(twelve.statements).toHaveLength(11);
    const huge = await financials(AAPL, { years: "100000" });
    expect(huge.statements).toHaveLength(11);
  });

  it("refuses a negative or fractional years, and what is no company", async () => {
    await expectInvalid(() => financials(AAPL, { years: "-1" }), "years");
    await expectInvalid(() => financials(AAPL, { years: "2.5" }), "years");
    await expectInvalid(() => financials(AAPL, { period: "monthly" }), "period");
    expect(await refusal(() => financials("SPY_ARCA"))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
  });
});

describe("GET /fundamentals/{code}/financials: the statements", () => {
  it("balance, tie net income to EPS × shares, and sum their quarters into years", async () => {
    for (const code of [AAPL, "JPM_NYSE", "DUK_NYSE", "AMC_NYSE"]) {
      const [years, quarters] = await Promise.all([
        financials(code, { years: "3" }),
        financials(code, { years: "3", period: "quarter" }),
      ]);
      for (const s of [...years.statements, ...quarters.statements]) {
        expect(s.totalAssetsUsd, `${code} ${s.periodEnd}`).toBe(
          s.totalLiabilitiesUsd + s.equityUsd,
        );
        expect(s.grossProfitUsd).toBe(s.revenueUsd - s.costOfRevenueUsd);
        expect(s.freeCashFlowUsd).toBe(s.operatingCashFlowUsd - s.capexUsd);
      }
      for (const q of quarters.statements) {
        expect(q.netIncomeUsd).toBe(Math.round(q.dilutedEps * q.dilutedShares));
      }
      for (const year of years.statements) {
        const ofYear = quarters.statements.filter((q) => q.fiscalYear === year.fiscalYear);
        expect(ofYear).toHaveLength(4);
        expect(year.revenueUsd).toBe(ofYear.reduce((sum, q) => sum + q.revenueUsd, 0));
        expect(year.netIncomeUsd).toBe(ofYear.reduce((sum, q) => sum + q.netIncomeUsd, 0));
        expect(year.equityUsd).toBe(ofYear.find((q) => q.fiscalQuarter === 4)?.equityUsd);
      }
    }
  });

  it("answers 503 naming the company data when the statements' source is down", async () => {
    const down: Deps = {
      ...deps,
      fundamentals: {
        name: "down",
        quarterStatements: () => Promise.reject(new CompanyDataUnavailable("down", "HTTP 503")),
      },
    };
    expect(await refusal(() => financials(AAPL, {}, down))).toMatchObject({
      status: 503,
      code: "COMPANY_DATA_UNAVAILABLE",
    });
  });
});

describe("GET /fundamentals/{code}/ratios", () => {
  it("recomputes every ratio from the served quarters and price", async () => {
    const [ratios, quarters, quote] = await Promise.all([
      callRoute(routes.ratios, { params: { code: AAPL } }, deps),
      financials(AAPL, { years: "1", period: "quarter" }),
      deps.market.quote(AAPL),
    ]);
    const last4 = quarters.statements.slice(0, 4);
    const latest = last4[0];
    if (!latest || !quote) throw new Error("AAPL has quarters and a quote");
    const sum = (pick: (q: (typeof last4)[number]) => number) =>
      last4.reduce((total, q) => total + pick(q), 0);
    const price = quote.lastPrice;
    const cap = price * latest.dilutedShares;
    const eps = sum((q) => q.netIncomeUsd) / latest.dilutedShares;
    const near = (value: number | null, expected: number) => expect(value).toBeCloseTo(expected, 3);
    expect(ratios.price).toBe(price);
    expect(ratios.statementPeriod.periodEnd).toBe(latest.periodEnd);
    near(ratios.valuation.peTrailing, price / eps);
    near(ratios.valuation.priceToBook, cap / latest.equityUsd);
    near(ratios.valuation.priceToSales, cap / sum((q) => q.revenueUsd));
    const ebitda = sum((q) => q.operatingIncomeUsd + q.depreciationAmortizationUsd);
    near(ratios.valuation.evToEbitda, (cap + latest.totalDebtUsd - latest.cashUsd) / ebitda);
    near(
      ratios.profitability.netMarginPercent,
      (sum((q) => q.netIncomeUsd) / sum((q) => q.revenueUsd)) * 100,
    );
    near(ratios.profitability.roePercent, (sum((q) => q.netIncomeUsd) / latest.equityUsd) * 100);
    near(
      ratios.liquidity.quickRatio,
      (latest.currentAssetsUsd - latest.inventoryUsd) / latest.currentLiabilitiesUsd,
    );
    near(
      ratios.leverage.interestCoverage,
      sum((q) => q.operatingIncomeUsd) / sum((q) => q.interestExpenseUsd),
    );
    near(ratios.cashFlow.fcfYieldPercent, (sum((q) => q.freeCashFlowUsd) / cap) * 100);
    expect(ratios.valuation.peForward).not.toBeNull();
    expect(FUNDAMENTALS_EXAMPLES["fundamentals.ratios"]?.data).toMatchObject({
      statementPeriod: ratios.statementPeriod,
    });
  });
});
