import type { PriceRange } from "./score";

/**
 * The 52-week range on a trade day: the lowest low and the highest high of the regular-session
 * daily bars dated from one year before (exclusive: day − 365 < bar day) through the trade day
 * itself (inclusive), so the trade's own session, whose range holds the trade price, is part of
 * it. Pure.
 */

export const RANGE_DAYS = 365;

/** A daily bar keyed by its New York date (days since 1970-01-01). */
export interface DayBar {
  day: number;
  low: number;
  high: number;
}

const MS_PER_DAY = 86_400_000;

export const dayOfIsoDate = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY;

/**
 * The range for each of `isoDates` from `bars` (oldest first); a date with no bar in its year
 * is left out of the map.
 */
export function fiftyTwoWeekRanges(
  bars: readonly DayBar[],
  isoDates: Iterable<string>,
): Map<string, PriceRange> {
  const ranges = new Map<string, PriceRange>();
  for (const date of new Set(isoDates)) {
    const day = dayOfIsoDate(date);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const bar of bars) {
      if (bar.day <= day - RANGE_DAYS) continue;
      if (bar.day > day) break;
      low = Math.min(low, bar.low);
      high = Math.max(high, bar.high);
    }
    if (high >= low) ranges.set(date, { low, high });
  }
  return ranges;
}
