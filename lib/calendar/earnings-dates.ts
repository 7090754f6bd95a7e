import { civilDate, type DayNumber } from "../market/civil-date";
import { earningsDay } from "../market/company-data";

/**
 * A company's report days in a window: the days lib/market/company-data.ts `earningsDay` gives
 * for its report months (the function `upcomingEarnings`, and so /company/{code}/events, the
 * options earnings endpoints and /market/stocks/{code}/extended, build on), past ones included.
 */
export function earningsDaysBetween(
  symbol: string,
  months: readonly number[],
  fromDay: DayNumber,
  toDay: DayNumber,
): DayNumber[] {
  const days: DayNumber[] = [];
  // A report day can fall early the next month (the 29th moved past a holiday): look a year back.
  for (let year = civilDate(fromDay).year - 1; year <= civilDate(toDay).year; year++) {
    for (const month of months) {
      const day = earningsDay(symbol, year, month);
      if (day >= fromDay && day <= toDay) days.push(day);
    }
  }
  return days.sort((a, b) => a - b);
}
