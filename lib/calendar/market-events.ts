import { civilDate, type DayNumber, nthWeekday } from "../market/civil-date";
import { earlyClosesOfYear, holidaysOfYear, isTradingDay } from "../market/nyse-calendar";

/**
 * Scheduled market events the calendars list beside reports and releases: the standard monthly
 * option expirations and the NYSE's full holidays and early closes (lib/market/nyse-calendar.ts).
 */

const FRIDAY = 5;

export interface MarketEvent {
  kind: "option-expiration" | "market-holiday" | "early-close";
  day: DayNumber;
  title: string;
}

/** The standard monthly expiration: the third Friday, the Thursday before when it is a holiday. */
export function monthlyExpirationDay(year: number, month: number): DayNumber {
  const third = nthWeekday(year, month, FRIDAY, 3);
  return isTradingDay(third) ? third : third - 1;
}

const dayOfIso = (iso: string): DayNumber =>
  Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/** The market events dated fromDay..toDay (inclusive), by day. */
export function marketEvents(fromDay: DayNumber, toDay: DayNumber): MarketEvent[] {
  const events: MarketEvent[] = [];
  const inWindow = (day: DayNumber) => day >= fromDay && day <= toDay;
  for (let year = civilDate(fromDay).year; year <= civilDate(toDay).year; year++) {
    for (let month = 1; month <= 12; month++) {
      const day = monthlyExpirationDay(year, month);
      if (inWindow(day)) {
        events.push({ kind: "option-expiration", day, title: "Monthly options expiration" });
      }
    }
    for (const holiday of holidaysOfYear(year)) {
      const day = dayOfIso(holiday.date);
      if (inWindow(day)) {
        events.push({ kind: "market-holiday", day, title: `NYSE closed: ${holiday.name}` });
      }
    }
    for (const date of earlyClosesOfYear(year)) {
      const day = dayOfIso(date);
      if (inWindow(day)) {
        events.push({ kind: "early-close", day, title: "NYSE early close (13:00 New York)" });
      }
    }
  }
  return events.sort((a, b) => a.day - b.day);
}
