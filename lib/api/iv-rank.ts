import { isoDate } from "../market/civil-date";
import type { Instrument } from "../market/ports";
import { roundDecimals, roundPercent } from "../market/precision";
import { apiError } from "./errors";
import { fromProvider } from "./market-data";
import { noChainData, type OptionDataDeps, todayOf } from "./option-data";

/**
 * IV rank and percentile of the 30-day ATM implied volatility: one computation that
 * /options/{code}/iv-rank and /volatility/{code}/hv-iv both serve, so their numbers are the
 * same by construction. Outside the group folders so each function bundles only its own group.
 */

/** Sessions of the IV rank's history: one year of trading days. */
export const IV_HISTORY_SESSIONS = 252;

/** One session's 30-day ATM IV. */
export interface IvPoint {
  date: string;
  /** Percent, 2 decimals: the precision /market/stocks/{code}/extended shows. */
  iv: number;
}

/** What /options/{code}/iv-rank answers (every figure from the 2-decimal IVs). */
export interface IvRankReport {
  symbol: string;
  currentImpliedVolatility: number;
  yearHigh: number;
  yearHighDate: string;
  yearLow: number;
  yearLowDate: string;
  ivRank: number;
  ivPercentile: number;
  historyLength: number;
  historyFrom: string;
  historyTo: string;
  asOf: string;
}

/** A decimal volatility as the rank reads it: percent, 2 decimals. */
export const ivPercentOf = (decimal: number) => roundDecimals(decimal * 100, 2);

/**
 * IV rank and percentile of `current` against `history` (non-empty): rank = (current − low) /
 * (high − low) × 100 (50 when equal), high and low over the history and the current value;
 * percentile = share of history sessions strictly below the current × 100. Percents, 4 decimals.
 */
export function ivRankOf(current: IvPoint, history: readonly IvPoint[]) {
  const all = [...history, current];
  const high = all.reduce((best, point) => (point.iv > best.iv ? point : best));
  const low = all.reduce((best, point) => (point.iv < best.iv ? point : best));
  const range = high.iv - low.iv;
  const below = history.filter((point) => point.iv < current.iv).length;
  return {
    high,
    low,
    ivRank: roundPercent(range === 0 ? 50 : ((current.iv - low.iv) / range) * 100),
    ivPercentile: roundPercent((below / history.length) * 100),
  };
}

/** 503 naming what the source lacks (the envelope logs the cause). */
function unavailable(what: string) {
  return apiError("MARKET_DATA_UNAVAILABLE", {
    lacking: what,
    cause: new Error(`the market-data source has no ${what}`),
  });
}

/**
 * The IV rank report of an optionable instrument at the market clock: the surface's 30-day ATM
 * IV now against its last IV_HISTORY_SESSIONS sessions. 503 when the source keeps no surface or
 * history; 404 NO_CHAIN_DATA when the surface has no IV for the contract.
 */
export async function ivRankReport(
  deps: OptionDataDeps,
  instrument: Instrument,
): Promise<IvRankReport> {
  const surface = deps.market.volatilitySurface;
  const historyOf = surface?.atmIvHistory?.bind(surface);
  if (!surface || !historyOf) throw unavailable("implied-volatility history");
  const [now, history] = await Promise.all([
    fromProvider(() => surface.atmImpliedVolatility30(instrument.code)),
    fromProvider(() => historyOf(instrument.code, IV_HISTORY_SESSIONS)),
  ]);
  if (now === undefined) throw noChainData(instrument.code, "no implied volatility");
  if (!history || history.length === 0) throw unavailable("implied-volatility history");
  const points = history.map((point) => ({
    date: point.date,
    iv: ivPercentOf(point.impliedVolatility),
  }));
  const current = { date: isoDate(todayOf(deps)), iv: ivPercentOf(now) };
  const rank = ivRankOf(current, points);
  return {
    symbol: instrument.symbol,
    currentImpliedVolatility: current.iv,
    yearHigh: rank.high.iv,
    yearHighDate: rank.high.date,
    yearLow: rank.low.iv,
    yearLowDate: rank.low.date,
    ivRank: rank.ivRank,
    ivPercentile: rank.ivPercentile,
    historyLength: points.length,
    historyFrom: (points[0] as IvPoint).date,
    historyTo: (points.at(-1) as IvPoint).date,
    asOf: deps.marketClock.now().toISOString(),
  };
}
