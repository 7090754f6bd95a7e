/**
 * Compound annual growth and calendar-year returns of a value series.
 */

/** Calendar days per year for CAGR's year count (the Julian year: leap years included). */
export const DAYS_PER_YEAR = 365.25;

/** (end / start)^(1 / years) − 1, years = calendar days / 365.25; decimal. */
export function cagr(startValue: number, endValue: number, calendarDays: number): number {
  return (endValue / startValue) ** (DAYS_PER_YEAR / calendarDays) - 1;
}

export interface YearReturn {
  year: number;
  /** Decimal. */
  return: number;
  /**
   * The year is not measured from the previous year's last session to its own last session:
   * the series starts inside it (after the previous year's last session) or ends before its
   * last session.
   */
  partial: boolean;
}

/**
 * The return of each calendar year the series has returns in: from the year's base (the last
 * value of the previous year in the series, or the series' first value) to its last value.
 * `dates` are yyyy-MM-dd, ascending, one per value; `isYearsLastSession(date)` tells whether a
 * date is the last session of its year (the trading calendar's, so the module stays pure).
 */
export function calendarYearReturns(
  dates: readonly string[],
  values: readonly number[],
  isYearsLastSession: (date: string) => boolean,
): YearReturn[] {
  const yearOf = (i: number) => Number((dates[i] as string).slice(0, 4));
  const out: YearReturn[] = [];
  let base = 0;
  for (let i = 1; i < dates.length; i++) {
    const year = yearOf(i);
    const last = i === dates.length - 1 || yearOf(i + 1) !== year;
    if (!last) continue;
    const startsInside = yearOf(base) === year;
    const endsEarly = !isYearsLastSession(dates[i] as string);
    out.push({
      year,
      return: (values[i] as number) / (values[base] as number) - 1,
      partial: startsInside || endsEarly,
    });
    base = i;
  }
  return out;
}
