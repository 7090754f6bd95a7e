import type { DayNumber } from "../civil-date";
import { isoDate } from "../civil-date";
import { earningsDay, nyDayOf } from "../company-data";
import { normal, seedOf } from "../random";
import type { UniverseStock } from "./universe";

/**
 * Quarterly earnings reports of the simulated market with estimates and actuals: EPS grows
 * with the price level, analysts' estimates are noisy, and companies beat them about 70 % of the
 * time (as US companies do). Actuals are null until the report is out. Deterministic per symbol.
 */

export interface EarningsReport {
  /** yyyy-MM-dd, New York. */
  date: string;
  quarter: number;
  year: number;
  hour: "bmo" | "amc";
  epsEstimate: number;
  epsActual: number | null;
  revenueEstimate: number;
  revenueActual: number | null;
}

/** The stock's reports from `fromDay` to `toDay` (inclusive), oldest first. */
export function earningsReports(
  stock: UniverseStock,
  fromDay: DayNumber,
  toDay: DayNumber,
  nowMs: number,
): EarningsReport[] {
  const hour = stock.earningsHour;
  if (!stock.earningsMonths || !hour) return [];
  const seed = seedOf(`earnings:${stock.symbol}`);
  const today = nyDayOf(nowMs);
  const first = new Date(fromDay * 86_400_000).getUTCFullYear();
  const last = new Date(toDay * 86_400_000).getUTCFullYear();
  const reports: EarningsReport[] = [];
  for (let year = first; year <= last + 1; year++) {
    const months = [...stock.earningsMonths].sort((a, b) => a - b);
    months.forEach((month, index) => {
      const day = earningsDay(stock.symbol, year, month);
      if (day < fromDay || day > toDay) return;
      const key = year * 4 + index;
      // Quarterly EPS of about 1.2 % of the price (a P/E near 20), growing ~8 % a year.
      const eps =
        stock.price * 0.012 * (1 + 0.08 * (year - 2026)) * (1 + 0.05 * normal(seed, key, 0));
      const estimate = round(eps * (1 - 0.03 * normal(seed, key, 1) ** 2), 2);
      const beat = normal(seed, key, 2) > -0.52; // P(Z > -0.52) ≈ 0.70
      const surprise = Math.abs(0.04 * normal(seed, key, 3)) * (beat ? 1 : -1);
      const revenue = stock.sharesOutstanding * stock.price * 0.06;
      const reported = day < today || (day === today && hour === "bmo");
      reports.push({
        date: isoDate(day),
        // A report covers the calendar quarter before the one it comes out in.
        quarter: Math.floor((month - 1) / 3) || 4,
        year: Math.floor((month - 1) / 3) === 0 ? year - 1 : year,
        hour,
        epsEstimate: estimate,
        epsActual: reported ? round(estimate * (1 + surprise), 2) : null,
        revenueEstimate: Math.round(revenue * (1 + 0.01 * normal(seed, key, 4))),
        revenueActual: reported ? Math.round(revenue * (1 + surprise / 2)) : null,
      });
    });
  }
  return reports.sort((a, b) => a.date.localeCompare(b.date));
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
