import type { DayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import { regularCloseMinute } from "../../market/sessions";
import { type EarningsReport, reportReleaseMs } from "../../market/sim/earnings";
import type { UniverseStock } from "../../market/sim/universe";
import { previousTradingDay, tradesOn } from "../../market/trading-days";
import type { Phase } from "./social-templates";

/**
 * How many messages a 5-minute slot of the simulated social feed (social.ts) gets: the stock's
 * attention, the phase of the day and its weight, the events at the slot's start and the
 * Poisson draw; with the New York time helpers and the stock's state they read.
 */

export const SLOT_MS = 5 * 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** New York wall-clock minutes. */
const PRE_MARKET_OPEN = 240;
const REGULAR_OPEN = 570;
export const OVERNIGHT_OPEN = 1200;

/** A session's daily figures, from finished sessions before it. */
export interface SessionFigures {
  /** The previous session's regular close: what the session's moves are measured against. */
  referenceClose: number;
  /** The previous session's close-to-close return (decimal). */
  previousReturn: number;
  /** Highest high and lowest low of the sessions of the year before. */
  yearHigh: number;
  yearLow: number;
}

/** What the feed knows about the stock in a call. */
export interface StockContext {
  stock: UniverseStock;
  code: string;
  seed: number;
  symbolHash: number;
  /** Daily σ of returns (decimal), from the universe's annualised volatility. */
  dailySigma: number;
  /** Messages per hour in a regular session without events. */
  baseRatePerHour: number;
  peers: readonly string[];
  reports: readonly EarningsReport[];
  exDividend: ReadonlySet<DayNumber>;
}

/** The stock's state at a slot's start: all its messages may know. */
export interface SlotState extends SessionFigures {
  session: DayNumber;
  day: DayNumber;
  minute: number;
  phase: Phase;
  price: number;
  /** Price over the reference close, minus 1. */
  move: number;
  latestReport: { report: EarningsReport; hoursSince: number } | undefined;
  nextReport: EarningsReport | undefined;
}

/**
 * How much a stock is talked about: share volume, and retail interest, which follows
 * volatility (funds count as 25 % volatile at least) and short interest. About 2 for a quiet
 * large cap, 40 for TSLA or PLTR, 70 for AMC.
 */
export function attentionOf(stock: UniverseStock): number {
  const volatility = stock.type === "ETF" ? Math.max(0.25, stock.volatility) : stock.volatility;
  const retail = (volatility / 0.25) ** 1.5 * (1 + stock.shortInterestPercent / 15);
  return Math.sqrt(stock.averageVolume / 1e6) * retail;
}

// ---------------------------------------------------------------------------------------------
// Sessions and time of day
// ---------------------------------------------------------------------------------------------

/** New York date and minute of an instant (cheap: nyInstant remembers each day's offset). */
export function nyDayMinute(ms: number): { day: DayNumber; minute: number } {
  let day = Math.floor((ms - 4 * HOUR_MS) / DAY_MS);
  if (ms < nyInstant(day, 0)) day -= 1;
  // From 03:00 on, the offset after a daylight-saving change.
  const three = nyInstant(day, 180);
  const minute =
    ms >= three
      ? 180 + Math.floor((ms - three) / 60_000)
      : Math.floor((ms - nyInstant(day, 0)) / 60_000);
  return { day, minute };
}

/** The trading day whose sessions are trading or last traded at `ms` (the quote's trading day). */
export function sessionDayAt(ms: number): DayNumber {
  const { day, minute } = nyDayMinute(ms);
  if (minute >= OVERNIGHT_OPEN && tradesOn("equity", day + 1)) return day + 1;
  return tradesOn("equity", day) ? day : previousTradingDay("equity", day);
}

export function phaseAt(day: DayNumber, minute: number, session: DayNumber): Phase {
  if (day < session) return "overnight";
  if (day > session) return "gap";
  if (minute < PRE_MARKET_OPEN) return "overnight";
  if (minute < REGULAR_OPEN) return "pre";
  const close = regularCloseMinute(session);
  if (minute < close) return "regular";
  return minute < close + 240 ? "after" : "gap";
}

/** Message rate over the regular session's, by time of day: a U in the session, little at night. */
export function phaseWeight(phase: Phase, minute: number, session: DayNumber): number {
  switch (phase) {
    case "regular": {
      const sinceOpen = minute - REGULAR_OPEN;
      if (sinceOpen < 30) return 1.8;
      if (sinceOpen < 60) return 1.35;
      if (regularCloseMinute(session) - minute <= 60) return 1.25;
      return minute >= 720 && minute < 840 ? 0.75 : 1;
    }
    case "pre":
      return minute >= 510 ? 0.5 : 0.22;
    case "after":
      return minute < regularCloseMinute(session) + 60 ? 0.45 : 0.2;
    case "overnight":
      return 0.06;
    default:
      return minute >= 540 && minute < 1320 ? 0.16 : 0.04;
  }
}

export function earningsAt(reports: readonly EarningsReport[], ms: number, day: DayNumber) {
  let latestReport: SlotState["latestReport"];
  let nextReport: EarningsReport | undefined;
  for (const report of reports) {
    const releaseMs = reportReleaseMs(report);
    if (releaseMs <= ms && report.epsActual !== null) {
      latestReport = { report, hoursSince: (ms - releaseMs) / HOUR_MS };
    } else if (!nextReport && releaseMs > ms && Date.parse(report.date) / DAY_MS - day <= 10) {
      nextReport = report;
    }
  }
  return { latestReport, nextReport };
}

// ---------------------------------------------------------------------------------------------
// Events and the draw
// ---------------------------------------------------------------------------------------------

/**
 * How much busier than usual the slot is: a move so far beyond 2 σ (or the previous session's),
 * earnings, an ex-dividend day, a new high or low.
 */
export function eventFactor(context: StockContext, state: SlotState): number {
  const z = Math.abs(state.move) / context.dailySigma;
  // 1.35 at 1 σ, 2.4 at 2 σ, 4.2 at 3 σ: talk picks up as the move builds.
  let factor = Math.min(6, 1 + 0.35 * z * z);
  if (Math.abs(state.previousReturn) > 2 * context.dailySigma) factor *= 1.4;
  const since = state.latestReport?.hoursSince;
  if (since !== undefined && since < 24) factor *= 3.2;
  else if (since !== undefined && since < 72) factor *= 1.8;
  else if (state.nextReport && Date.parse(state.nextReport.date) / DAY_MS - state.day <= 1) {
    factor *= 1.6;
  }
  if (context.exDividend.has(state.session)) factor *= 1.3;
  if (state.price > state.yearHigh || state.price < state.yearLow) factor *= 1.5;
  return Math.min(8, factor);
}

/** Poisson draw by inversion of one uniform (a normal approximation for large rates). */
export function poisson(rate: number, u: number): number {
  if (rate > 40) {
    // The logistic approximation of the normal quantile: enough for a count.
    return Math.max(0, Math.round(rate + (Math.sqrt(rate) * Math.log(u / (1 - u))) / 1.702));
  }
  let term = Math.exp(-rate);
  let cumulative = term;
  let k = 0;
  while (u > cumulative && k < 255) {
    k += 1;
    term *= rate / k;
    cumulative += term;
  }
  return k;
}
