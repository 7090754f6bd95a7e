import { nyInstant, nyWallClock } from "../market/ny-time";
import type { Bar, Instrument, QuoteSession } from "../market/ports";
import { beta, logReturns } from "../quant/statistics";
import { fromProvider } from "./market-data";
import { dailyBarsOf, type FigureSource } from "./market-figures";

/**
 * Realised beta to the S&P 500 ETF, one computation for every reader: /market/stocks/{code}/
 * technicals and /extended (252 sessions) and the hedge group's beta-weighted deltas (60
 * sessions). Outside the group folders so a function bundles only its own group, and so the
 * figures agree by construction.
 */

/** The market beta is measured against: the S&P 500 ETF, found by symbol in the listings. */
export const BETA_BENCHMARK_SYMBOL = "SPY";
/** Fewer paired daily returns than this answer beta 0 rather than noise. */
export const MIN_BETA_RETURNS = 20;

/** The benchmark as the source lists it (a stock or ETF with symbol SPY); undefined when it does not. */
export async function benchmarkInstrument(deps: FigureSource): Promise<Instrument | undefined> {
  const listings = await fromProvider(() => deps.market.instruments());
  return listings.find(
    (listed) =>
      listed.symbol === BETA_BENCHMARK_SYMBOL &&
      (listed.contractType === "ETF" || listed.contractType === "Stock"),
  );
}

/**
 * The benchmark's daily bars over `lookbackDays` (dailyBarsOf); the instrument's own when it is
 * the benchmark (one fetch), none when the source does not list it.
 */
export async function benchmarkBarsOf(
  deps: FigureSource,
  instrument: Instrument,
  instrumentBars: Promise<Bar[]>,
  lookbackDays: number,
): Promise<Bar[]> {
  const benchmark = await benchmarkInstrument(deps);
  if (!benchmark) return [];
  if (benchmark.code === instrument.code) return instrumentBars;
  return dailyBarsOf(deps, benchmark.code, lookbackDays);
}

/**
 * Start of the session in progress (New York midnight of its day), before which daily bars are
 * complete; +∞ outside the regular session, when the latest bar is complete too.
 */
export function completedBeforeMs(quote: { marketSession: QuoteSession }, nowMs: number): number {
  if (quote.marketSession !== "Regular") return Number.POSITIVE_INFINITY;
  return nyInstant(nyWallClock(nowMs).day, 0);
}

/**
 * Realised beta to the benchmark: cov/var of the daily log returns between the last `sessions`
 * completed sessions on which both have a close (so up to `sessions` − 1 returns), paired by the
 * bars' timestamps so that a bar missing on either side cannot shift the pairing.
 * `completedBefore`: epoch ms before which bars are complete. 0 with fewer than 20 returns or a
 * flat benchmark.
 */
export function realisedBeta(
  bars: readonly Bar[],
  benchmarkBars: readonly Bar[],
  completedBefore: number,
  sessions: number,
): number {
  const benchmarkCloses = new Map<number, number>();
  for (const bar of benchmarkBars) {
    if (bar.timestamp < completedBefore) benchmarkCloses.set(bar.timestamp, bar.close);
  }
  const paired = bars
    .filter((bar) => bar.timestamp < completedBefore && benchmarkCloses.has(bar.timestamp))
    .slice(-sessions);
  const returns = logReturns(paired.map((bar) => bar.close));
  if (returns.length < MIN_BETA_RETURNS) return 0;
  const benchmarkReturns = logReturns(
    paired.map((bar) => benchmarkCloses.get(bar.timestamp) as number),
  );
  const value = beta(returns, benchmarkReturns);
  // A flat benchmark (zero variance) has no beta to give.
  return Number.isFinite(value) ? value : 0;
}
