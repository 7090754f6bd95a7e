import { type DayNumber, dayNumber, isoDate } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import { normal, seedOf, uniform } from "../../market/random";
import type { SimulatedInstitution } from "./institutions-cast";

/**
 * Calendar quarters and the 13F-HR filings of the simulated institutions. Quarters are indexed
 * from 2015 Q1 (0); the record's first filing covers 2014 Q4 (index -1, filed early in 2015), so
 * 2015 Q1 has a previous quarter to compare with.
 *
 * Each filer files its 13F-HR for a quarter on a business day 20 to 45 calendar days after the
 * quarter end (Rule 13f-1 allows 45): around a lag of its habit (an early or a late filer),
 * drawn per quarter; accepted after the close, 16:05-21:30 New York. Accession numbers are
 * 0000000000-YY-NNNNNN with the filer's CIK as filer ID, YY the filing year and NNNNNN the
 * filer's own sequence in that year (increasing; other filings of the filer lie between), so
 * unique across the world.
 */

/** The record's first quarter: 2014 Q4 (filed in 2015). */
export const FIRST_RECORD_QUARTER = -1;
export const MIN_FILING_LAG_DAYS = 20;
export const MAX_FILING_LAG_DAYS = 45;
/** Acceptance window, minutes after New York midnight: 16:05-21:30. */
const FIRST_ACCEPT_MINUTE = 965;
const LAST_ACCEPT_MINUTE = 1290;

/** Calendar year and quarter (1-4) of a quarter index. */
export function quarterOf(index: number): { year: number; quarter: number } {
  const year = 2015 + Math.floor(index / 4);
  return { year, quarter: index - (year - 2015) * 4 + 1 };
}

/** The quarter's last calendar day (the 13F's period of report). */
export function quarterEndDay(index: number): DayNumber {
  const { year, quarter } = quarterOf(index);
  return dayNumber(year, quarter * 3 + 1, 1) - 1;
}

/** The latest quarter that ended before `day`. */
export function lastQuarterBefore(day: DayNumber): number {
  let index = (new Date(day * 86_400_000).getUTCFullYear() - 2015) * 4 + 4;
  while (quarterEndDay(index) >= day) index--;
  return index;
}

/** The last trading day of the quarter: the day whose close values the 13F. */
export function quarterEndTradingDay(index: number): DayNumber {
  let day = quarterEndDay(index);
  while (!isTradingDay(day)) day--;
  return day;
}

export interface QuarterFiling {
  filingDay: DayNumber;
  filingDate: string;
  /** The acceptance instant, epoch ms: the filing is known from then. */
  acceptedMs: number;
  accessionNumber: string;
}

const filings = new Map<string, QuarterFiling>();

/** The filer's 13F-HR for the quarter (memoised: it never changes). */
export function filingOf(institution: SimulatedInstitution, index: number): QuarterFiling {
  const key = `${institution.cik}:${index}`;
  let filing = filings.get(key);
  if (!filing) {
    filing = Object.freeze(newFiling(institution, index));
    filings.set(key, filing);
  }
  return filing;
}

function newFiling(institution: SimulatedInstitution, index: number): QuarterFiling {
  const seed = seedOf(`13f:${institution.cik}`);
  const filingDay = filingDayOf(seed, index);
  const minute =
    FIRST_ACCEPT_MINUTE +
    Math.floor(uniform(seed, index + 1000, 2) * (LAST_ACCEPT_MINUTE - FIRST_ACCEPT_MINUTE));
  return {
    filingDay,
    filingDate: isoDate(filingDay),
    acceptedMs: nyInstant(filingDay, minute),
    accessionNumber: accessionOf(institution.cik, seed, index, filingDay),
  };
}

/** A business day 20-45 days after the quarter end, around the filer's habitual lag. */
function filingDayOf(seed: number, index: number): DayNumber {
  const habit = 24 + 18 * uniform(seed, 0, 0);
  const wanted = Math.round(habit + 4 * normal(seed, index + 1000, 0));
  const lag = Math.min(MAX_FILING_LAG_DAYS, Math.max(MIN_FILING_LAG_DAYS, wanted));
  const end = quarterEndDay(index);
  // The next business day if it is still in the window, else the previous one.
  let day = end + lag;
  while (!isTradingDay(day) && day < end + MAX_FILING_LAG_DAYS) day++;
  while (!isTradingDay(day)) day--;
  return day;
}

/**
 * The filer's sequence in the filing year: its 13F-HRs are its 1st to 4th of the year (Q4 of
 * the year before in February, then Q1, Q2, Q3), each a drawn number of other filings later.
 */
function accessionOf(cik: string, seed: number, index: number, filingDay: DayNumber): string {
  const year = new Date(filingDay * 86_400_000).getUTCFullYear();
  const rank = (quarterOf(index).quarter % 4) + 1;
  let sequence = 0;
  for (let k = 1; k <= rank; k++) sequence += 1 + Math.floor(uniform(seed, year * 8 + k, 3) * 40);
  const yy = String(year % 100).padStart(2, "0");
  return `${cik}-${yy}-${String(sequence).padStart(6, "0")}`;
}
