import type { DayNumber } from "../civil-date";
import { isoDate } from "../civil-date";
import { earningsDay } from "../company-data";
import { nyInstant, nyWallClock } from "../ny-time";
import { normal, seedOf } from "../random";
import { regularCloseMinute } from "../sessions";
import { nextTradingDay } from "../trading-days";
import type { UniverseStock } from "./universe";

/**
 * Quarterly earnings reports of the simulated market with estimates and actuals: EPS grows
 * with the price level, analysts' estimates are noisy, and companies beat them about 70 % of the
 * time (as US companies do). Actuals are null until the report is out: 07:00 New York for a
 * report before the open (bmo), the close for one after it (amc). Deterministic per symbol.
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
  const { day: today, hour, minute } = nyWallClock(nowMs);
  const minuteOfDay = hour * 60 + minute;
  const first = new Date(fromDay * 86_400_000).getUTCFullYear();
  const last = new Date(toDay * 86_400_000).getUTCFullYear();
  const reports: EarningsReport[] = [];
  for (let year = first; year <= last + 1; year++) {
    for (const { day, report } of reportsOfYear(stock, year)) {
      if (day < fromDay || day > toDay) continue;
      const reported =
        day < today || (day === today && minuteOfDay >= releaseMinute(day, report.hour));
      reports.push(reported ? report : { ...report, epsActual: null, revenueActual: null });
    }
  }
  return reports.sort((a, b) => a.date.localeCompare(b.date));
}

/** Before the open (bmo) reports come out at 07:00 New York; after the close (amc) at the close. */
export const BMO_RELEASE_MINUTE = 7 * 60;

/** The minute of its day (New York) a report comes out: what it is known from. */
export function releaseMinute(day: DayNumber, hour: EarningsReport["hour"]): number {
  return hour === "bmo" ? BMO_RELEASE_MINUTE : regularCloseMinute(day);
}

/** The instant a report comes out (and its actuals are known), epoch ms. */
export function reportReleaseMs(report: Pick<EarningsReport, "date" | "hour">): number {
  const day = Date.parse(`${report.date}T00:00:00Z`) / 86_400_000;
  return nyInstant(day, releaseMinute(day, report.hour));
}

/** A year's reports with their actuals (whether they are out yet is the caller's question). */
function reportsOfYear(
  stock: UniverseStock,
  year: number,
): { day: DayNumber; report: EarningsReport }[] {
  const hour = stock.earningsHour;
  if (!stock.earningsMonths || !hour) return [];
  const seed = seedOf(`earnings:${stock.symbol}`);
  const months = [...stock.earningsMonths].sort((a, b) => a - b);
  return months.map((month, index) => {
    const day = earningsDay(stock.symbol, year, month);
    const key = year * 4 + index;
    // Quarterly EPS of about 1.2 % of the price (a P/E near 20), growing ~8 % a year.
    const eps =
      stock.price * 0.012 * (1 + 0.08 * (year - 2026)) * (1 + 0.05 * normal(seed, key, 0));
    const estimate = round(eps * (1 - 0.03 * normal(seed, key, 1) ** 2), 2);
    const beat = normal(seed, key, 2) > -0.52; // P(Z > -0.52) ≈ 0.70
    const surprise = Math.abs(0.04 * normal(seed, key, 3)) * (beat ? 1 : -1);
    const revenue = stock.sharesOutstanding * stock.price * 0.06;
    return {
      day,
      report: {
        date: isoDate(day),
        // A report covers the calendar quarter before the one it comes out in.
        quarter: Math.floor((month - 1) / 3) || 4,
        year: Math.floor((month - 1) / 3) === 0 ? year - 1 : year,
        hour,
        epsEstimate: estimate,
        epsActual: round(estimate * (1 + surprise), 2),
        revenueEstimate: Math.round(revenue * (1 + 0.01 * normal(seed, key, 4))),
        revenueActual: Math.round(revenue * (1 + surprise / 2)),
      },
    };
  });
}

/**
 * The session that trades on a report: its own day before the open (bmo), the next session
 * after the close (amc).
 */
export function reactionDay(reportDay: DayNumber, hour: EarningsReport["hour"]): DayNumber {
  return hour === "bmo" ? reportDay : nextTradingDay("equity", reportDay);
}

/** The EPS surprise a report shows, percent of the estimate (0 for a zero estimate). */
export function surprisePercent(report: EarningsReport): number {
  if (report.epsActual === null || report.epsEstimate === 0) return 0;
  return ((report.epsActual - report.epsEstimate) / Math.abs(report.epsEstimate)) * 100;
}

/**
 * The stock's EPS surprises by the session that reacts to them (percent of the estimate): what
 * the price engine moves the stock on. Memoised per year.
 */
export function earningsReactions(stock: UniverseStock): (day: DayNumber) => number | undefined {
  const byYear = new Map<number, Map<DayNumber, number>>();
  const reactionsOf = (year: number) => {
    let reactions = byYear.get(year);
    if (!reactions) {
      reactions = new Map();
      // A report late in the year before can trade in this one.
      for (const y of [year - 1, year]) {
        for (const { day, report } of reportsOfYear(stock, y)) {
          const reaction = reactionDay(day, report.hour);
          if (new Date(reaction * 86_400_000).getUTCFullYear() === year) {
            reactions.set(reaction, surprisePercent(report));
          }
        }
      }
      byYear.set(year, reactions);
    }
    return reactions;
  };
  return (day) => reactionsOf(new Date(day * 86_400_000).getUTCFullYear()).get(day);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
