import type { Deps } from "../deps";
import type { Bar, Quote } from "../market/ports";
import { roundDecimals, roundVolume } from "../market/precision";
import { calendarDaysHolding } from "../market/trading-days";
import { fromProvider, type MarketSource } from "./market-data";

/**
 * Figures derived from bars and the volatility surface that more than one reader serves
 * (/market/stocks/{code}/extended and /technicals, the alert evaluator): one computation, so an
 * alert fires on exactly the figure the API shows. Provider outages throw the envelope's 503
 * (`fromProvider`), as the other shared lookups (market-data.ts) do.
 */

/** What the figures read: the market-data source at the market's clock. */
export type FigureSource = MarketSource & Pick<Deps, "marketClock">;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
/** Completed sessions the average daily volume is taken over (about three months). */
export const AVERAGE_VOLUME_SESSIONS = 63;
/**
 * Calendar days of daily bars that hold the average's sessions and the one in progress, for a
 * reader that needs no more history than the average (the alert evaluator).
 */
export const AVERAGE_VOLUME_LOOKBACK_DAYS = calendarDaysHolding(AVERAGE_VOLUME_SESSIONS + 1);

/** 00:00 UTC `days` calendar days before the day of `nowMs`. */
export function utcDayStartBefore(nowMs: number, days: number): number {
  return Math.floor(nowMs / MS_PER_DAY) * MS_PER_DAY - days * MS_PER_DAY;
}

/**
 * Daily regular-session bars from 00:00 UTC `lookbackDays` ago to the end of the current minute
 * (the session in progress included). Whole days and minutes, so that requests within a minute
 * ask the provider (and its cache) the same question.
 */
export async function dailyBarsOf(
  deps: FigureSource,
  code: string,
  lookbackDays: number,
): Promise<Bar[]> {
  const nowMs = deps.marketClock.now().getTime();
  const from = utcDayStartBefore(nowMs, lookbackDays);
  const to = Math.floor(nowMs / MS_PER_MINUTE) * MS_PER_MINUTE + MS_PER_MINUTE;
  const bars = await fromProvider(() =>
    deps.market.bars(code, { period: 5, from, to, extended: false }),
  );
  return bars ?? [];
}

/**
 * Mean volume of the last 63 completed sessions, as served (whole shares; coins for crypto);
 * the session in progress (Regular) is left out. 0 without history. `bars`: daily bars holding
 * at least those sessions (dailyBarsOf), `quote`: the served quote at the same clock.
 */
export function averageDailyVolume(
  bars: readonly Bar[],
  quote: Pick<Quote, "marketSession">,
): number {
  const completed = quote.marketSession === "Regular" ? bars.slice(0, -1) : bars;
  const recent = completed.slice(-AVERAGE_VOLUME_SESSIONS);
  if (recent.length === 0) return 0;
  return roundVolume(recent.reduce((sum, bar) => sum + bar.volume, 0) / recent.length);
}

/**
 * The 30-day at-the-money implied volatility in percent, to the 2 decimals its display text
 * shows; undefined when the source has no option surface for the contract (crypto here, vendors).
 */
export async function atmIvPercent(deps: MarketSource, code: string): Promise<number | undefined> {
  const surface = deps.market.volatilitySurface;
  if (!surface) return undefined;
  const iv = await fromProvider(() => surface.atmImpliedVolatility30(code));
  return iv === undefined ? undefined : roundDecimals(iv * 100, 2);
}
