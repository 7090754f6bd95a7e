import { describe, expect, it } from "vitest";
import { dayNumber } from "../../lib/market/civil-date";
import { nextEarnings } from "../../lib/market/company-data";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import { earningsReports } from "../../lib/market/sim/earnings";
import { STOCKS } from "../../lib/market/sim/universe";

/** Earnings estimates and actuals agree with the earnings dates the extended endpoint shows. */

const NOW = Date.parse("2026-11-24T16:00:00Z");
const stock = (symbol: string) => {
  const found = STOCKS.find((s) => s.symbol === symbol);
  if (!found) throw new Error(symbol);
  return found;
};

describe("earnings reports", () => {
  it("come four a year on trading days, actuals only once reported", () => {
    const aapl = stock("AAPL");
    const reports = earningsReports(aapl, dayNumber(2025, 1, 1), dayNumber(2027, 12, 31), NOW);
    expect(reports).toHaveLength(12);
    for (const report of reports) {
      const [y, m, d] = report.date.split("-").map(Number) as [number, number, number];
      expect(isTradingDay(dayNumber(y, m, d))).toBe(true);
      const past = report.date < "2026-11-24";
      expect(report.epsActual === null).toBe(!past);
      expect(report.revenueActual === null).toBe(!past);
      expect(report.epsEstimate).toBeGreaterThan(0);
      expect(report.quarter).toBeGreaterThanOrEqual(1);
      expect(report.quarter).toBeLessThanOrEqual(4);
    }
    const next = reports.find((r) => r.epsActual === null);
    expect(next?.date).toBe(
      nextEarnings("AAPL", aapl.earningsMonths, aapl.earningsHour, NOW)?.date,
    );
  });

  it("beat estimates about 70 % of the time across the universe", () => {
    const reported = STOCKS.flatMap((s) =>
      earningsReports(s, dayNumber(2024, 1, 1), dayNumber(2026, 10, 31), NOW),
    );
    const beats =
      reported.filter((r) => (r.epsActual ?? 0) >= r.epsEstimate).length / reported.length;
    expect(reported.length).toBeGreaterThan(1000);
    expect(beats).toBeGreaterThan(0.6);
    expect(beats).toBeLessThan(0.8);
  });

  it("answer none for ETFs", () => {
    expect(
      earningsReports(stock("SPY"), dayNumber(2025, 1, 1), dayNumber(2026, 12, 31), NOW),
    ).toEqual([]);
  });
});
