import { blackScholes, DAYS_PER_YEAR, rsi } from "../quant";
import { type DayNumber, dayNumber, isoDate, weekday } from "./civil-date";
import { nyInstant, nyWallClock } from "./ny-time";
import { isTradingDay } from "./nyse-calendar";
import type { DividendFrequency, DividendSchedule, EarningsHour } from "./ports";
import { seedOf } from "./random";
import { regularCloseMinute } from "./sessions";

/**
 * Company reference figures derived from a stock's or ETF's reference record at an instant (the
 * market clock): dividend dates and amounts, the next earnings date, borrow availability, the
 * at-the-money greeks, RSIs, and the display texts of the extended contract data. Pure and
 * deterministic: the same record and instant give the same answer on every machine.
 *
 * Dates are New York calendar dates, `yyyy-MM-dd`. Percent figures are in percent units.
 */

const MS_PER_DAY = 86_400_000;
const REGULAR_OPEN_MINUTE = 9 * 60 + 30;

/** Payments per year by frequency. */
export const PAYMENTS_PER_YEAR: Record<DividendFrequency, number> = {
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
};

/** The New York calendar date of an instant. */
export function nyDayOf(nowMs: number): DayNumber {
  return nyWallClock(nowMs).day;
}

/** The day itself when the NYSE trades on it, else the next trading day. */
export function onOrAfterTradingDay(day: DayNumber): DayNumber {
  let next = day;
  while (!isTradingDay(next)) next += 1;
  return next;
}

// ---------------------------------------------------------------------------------------------
// Dividends
// ---------------------------------------------------------------------------------------------

/**
 * The ex-dividend dates of the schedule in the given years, soonest first. Each "MM-DD" of the
 * schedule recurs every year; one falling on a weekend or NYSE holiday moves to the next trading
 * day (ex-dates are business days).
 */
export function exDividendDays(
  dividend: DividendSchedule,
  fromYear: number,
  toYear: number,
): DayNumber[] {
  const days: DayNumber[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const monthDay of dividend.exDividendMonthDay) {
      const [month, day] = monthDay.split("-").map(Number) as [number, number];
      days.push(onOrAfterTradingDay(dayNumber(year, month, day)));
    }
  }
  return days.sort((a, b) => a - b);
}

export interface DividendFigures {
  /** USD per share per payment: annualAmount / payments per year; 0 for non-payers. */
  dividendAmount: number;
  /** Forward yield: annualAmount / livePrice × 100; 0 for non-payers. */
  dividendYieldPercent: number;
  /**
   * Trailing twelve months, USD per share: the sum of the last N payments gone ex on or before
   * today, N being the payments per year of the frequency (12, 4, 2 or 1); 0 for non-payers.
   */
  dividendsTTM: number;
  /** The most recent ex-dividend date on or before today (New York), `yyyy-MM-dd`; "" for non-payers. */
  exDividendDate: string;
  /** The first ex-dividend date after today, `yyyy-MM-dd`; "" for non-payers. */
  nextExDividendDate: string;
}

export const NO_DIVIDEND: DividendFigures = Object.freeze({
  dividendAmount: 0,
  dividendYieldPercent: 0,
  dividendsTTM: 0,
  exDividendDate: "",
  nextExDividendDate: "",
});

/** Dividend figures at `nowMs` for a security paying `dividend` (null: none) and trading at `livePrice`. */
export function dividendFigures(
  dividend: DividendSchedule | null,
  livePrice: number,
  nowMs: number,
): DividendFigures {
  if (!dividend || dividend.exDividendMonthDay.length === 0) return NO_DIVIDEND;
  const today = nyDayOf(nowMs);
  const year = new Date(today * MS_PER_DAY).getUTCFullYear();
  const days = exDividendDays(dividend, year - 2, year + 1);
  const past = days.filter((day) => day <= today);
  const next = days.find((day) => day > today);
  const perYear = PAYMENTS_PER_YEAR[dividend.frequency];
  const dividendAmount = dividend.annualAmount / perYear;
  // Every payment of a schedule is the same amount, so the sum is a count of payments times
  // the amount; written from annualAmount so that a full year sums to it exactly.
  const dividendsTTM = (dividend.annualAmount * Math.min(perYear, past.length)) / perYear;
  const last = past.at(-1);
  return {
    dividendAmount,
    dividendYieldPercent: (dividend.annualAmount / livePrice) * 100,
    dividendsTTM,
    exDividendDate: last === undefined ? "" : isoDate(last),
    nextExDividendDate: next === undefined ? "" : isoDate(next),
  };
}

// ---------------------------------------------------------------------------------------------
// Earnings
// ---------------------------------------------------------------------------------------------

/**
 * The day a symbol reports in a given month. Companies keep a habit, so each symbol has a fixed
 * weekday (Tuesday, Wednesday or Thursday) and a fixed earliest day (the 20th to the 23rd), both
 * from a hash of the symbol: the report falls on the first such weekday on or after that day
 * (the 20th to the 29th), moved to the next trading day when it is an NYSE holiday.
 */
export function earningsDay(symbol: string, year: number, month: number): DayNumber {
  const hash = seedOf(`earnings:${symbol}`);
  const dow = 2 + (hash % 3);
  const earliest = dayNumber(year, month, 20 + ((hash >>> 8) % 4));
  return onOrAfterTradingDay(earliest + ((dow - weekday(earliest) + 7) % 7));
}

export interface EarningsDate {
  /** `yyyy-MM-dd`, New York. */
  date: string;
  hour: EarningsHour;
  /**
   * Until when the report counts as upcoming, epoch ms: the regular open for a report before
   * the open (bmo), the regular close (13:00 on early-close days) for one after the close (amc).
   */
  untilMs: number;
}

/**
 * The next quarterly report at `nowMs`: in one of `months` (1-12) on `earningsDay`, still
 * upcoming until the open (bmo) or the close (amc) of that day. Undefined without a schedule.
 */
export function nextEarnings(
  symbol: string,
  months: readonly number[] | null,
  hour: EarningsHour | null,
  nowMs: number,
): EarningsDate | undefined {
  return upcomingEarnings(symbol, months, hour, nowMs, 1)[0];
}

/**
 * The next `count` quarterly reports at `nowMs`, soonest first, each upcoming as `nextEarnings`
 * defines it (the first is nextEarnings'). Empty without a schedule.
 */
export function upcomingEarnings(
  symbol: string,
  months: readonly number[] | null,
  hour: EarningsHour | null,
  nowMs: number,
  count: number,
): EarningsDate[] {
  if (!months || months.length === 0 || !hour) return [];
  const year = new Date(nyDayOf(nowMs) * MS_PER_DAY).getUTCFullYear();
  const sorted = [...months].sort((a, b) => a - b);
  const upcoming: EarningsDate[] = [];
  for (let y = year - 1; upcoming.length < count && y <= year + 1 + count / 4; y++) {
    for (const month of sorted) {
      const day = earningsDay(symbol, y, month);
      const untilMs = nyInstant(
        day,
        hour === "bmo" ? REGULAR_OPEN_MINUTE : regularCloseMinute(day),
      );
      if (untilMs > nowMs && upcoming.length < count) {
        upcoming.push({ date: isoDate(day), hour, untilMs });
      }
    }
  }
  return upcoming;
}

/** "2027-01-28 AMC": the date and BMO (before the open) or AMC (after the close). */
export function earningsText(earnings: EarningsDate | undefined): string {
  return earnings ? `${earnings.date} ${earnings.hour.toUpperCase()}` : "";
}

// ---------------------------------------------------------------------------------------------
// Short selling
// ---------------------------------------------------------------------------------------------

/** Share of the shares not already sold short that lenders make available to borrow. */
export const BORROWABLE_FRACTION = 0.05;

export interface ShortFigures {
  /** Whether any shares can be borrowed (shortableShares ≥ 1). */
  shortable: boolean;
  /** floor(sharesOutstanding × (1 − shortInterestPercent / 100) × BORROWABLE_FRACTION). */
  shortableShares: number;
  /** Annual borrow fee, percent units. */
  feeRatePercent: number;
}

export function shortFigures(stock: {
  sharesOutstanding: number;
  shortInterestPercent: number;
  borrowFeePercent: number;
}): ShortFigures {
  const notShort = Math.max(0, 1 - stock.shortInterestPercent / 100);
  const shortableShares = Math.floor(stock.sharesOutstanding * notShort * BORROWABLE_FRACTION);
  return {
    shortable: shortableShares >= 1,
    shortableShares,
    feeRatePercent: stock.borrowFeePercent,
  };
}

// ---------------------------------------------------------------------------------------------
// Technicals
// ---------------------------------------------------------------------------------------------

/** The latest Wilder RSI over `closes` (oldest first); undefined with n closes or fewer. */
export function latestRsi(closes: readonly number[], n: number): number | undefined {
  return rsi(closes, n).at(-1) ?? undefined;
}

/** "Overbought" above 70, "Oversold" below 30, "Neutral" otherwise; "" without an RSI. */
export function rsiStatus(value: number | undefined): "Overbought" | "Oversold" | "Neutral" | "" {
  if (value === undefined) return "";
  if (value > 70) return "Overbought";
  if (value < 30) return "Oversold";
  return "Neutral";
}

/** Days to expiry of the reference option whose greeks the extended data shows. */
export const ATM_OPTION_DAYS = 30;

/**
 * Greeks of the 30-day at-the-money call (strike = spot), European Black-Scholes without
 * dividends: theta per calendar day, vega per volatility point, gamma per dollar.
 * `volatility` is a decimal (0.25 = 25 %), `ratePercent` continuously compounded, percent.
 */
export function atmCallGreeks(spot: number, volatility: number, ratePercent: number) {
  const greeks = blackScholes(
    spot,
    spot,
    ATM_OPTION_DAYS / DAYS_PER_YEAR,
    volatility,
    ratePercent / 100,
    true,
  );
  return { theta: greeks.thetaPerDay, gamma: greeks.gamma, vega: greeks.vegaPerVolPoint };
}

// ---------------------------------------------------------------------------------------------
// Display texts
// ---------------------------------------------------------------------------------------------

const SUFFIXES = ["", "K", "M", "B", "T"] as const;

/**
 * A compact display of a large figure: thousands K, millions M, billions B, trillions T, with 2
 * decimals below 10 of the unit and 1 decimal from 10 ("3.45T", "812.3B", "45.6M", "12.3K");
 * below 1000 the number itself rounded to 2 decimals ("950", "12.5"). A value that rounds up to
 * 1000 of its unit moves to the next one ("999.96B" → "1.00T"). Beyond 1000T it stays in T.
 * Negative values keep their sign; a non-finite value gives "".
 */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return "";
  const abs = Math.abs(n);
  const small = Math.round(abs * 100) / 100;
  const sign = n < 0 && small !== 0 ? "-" : "";
  if (small < 1000) return `${sign}${small}`;
  let unit = 1;
  // Near 1000 of a unit there is 1 decimal: 999.96 → "1000.0" belongs to the next unit.
  while (unit < SUFFIXES.length - 1 && Number((abs / 1000 ** unit).toFixed(1)) >= 1000) unit += 1;
  const scaled = abs / 1000 ** unit;
  const decimals = scaled < 10 && Number(scaled.toFixed(2)) < 10 ? 2 : 1;
  return `${sign}${scaled.toFixed(decimals)}${SUFFIXES[unit]}`;
}

/** A percent figure (percent units) as display text with 2 decimals: 24.3125 → "24.31%". */
export function formatPercent(percent: number): string {
  return Number.isFinite(percent) ? `${percent.toFixed(2)}%` : "";
}
