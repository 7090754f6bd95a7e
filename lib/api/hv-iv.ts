import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Bar, Instrument } from "../market/ports";
import { roundBar, roundPercent, roundRatio } from "../market/precision";
import { calendarDaysHolding } from "../market/trading-days";
import { realisedVolatilities } from "../quant/realised-volatility";
import { SESSIONS_PER_YEAR } from "../quant/statistics";
import { apiError } from "./errors";
import { ivRankReport } from "./iv-rank";
import { dailyBarsOf } from "./market-figures";
import { marketOf } from "./option-analytics/smile";
import { type OptionDataDeps, optionableInstrument } from "./option-data";

/**
 * GET /volatility/{code}/hv-iv: realised volatility by five estimators against the 30-day IV.
 * Outside the group folders: the intelligence committee's volatility specialist cites it.
 */

/** Sessions of the realised-volatility windows. */
export const HV_WINDOWS = [10, 20, 30, 60, 90, 252] as const;
/** The window compared with the 30-day IV: 20 sessions ≈ 30 calendar days (30 × 252 / 365 = 20.7). */
export const HV_BENCHMARK_SESSIONS = 20;

const LONGEST_WINDOW = Math.max(...HV_WINDOWS);
/** The bars of the longest window and the close before it, and today's session in progress. */
const LOOKBACK_DAYS = calendarDaysHolding(LONGEST_WINDOW + 2);
const SHORTEST_WINDOW = Math.min(...HV_WINDOWS);

const sessionOf = (bar: Bar) => isoDate(nyWallClock(bar.timestamp).day);

/** The completed sessions' bars as served (to the tick): the session in progress left out. */
function completedBars(bars: readonly Bar[], instrument: Instrument, inProgress: boolean) {
  const completed = inProgress ? bars.slice(0, -1) : bars;
  return completed.slice(-(LONGEST_WINDOW + 1)).map((bar) => roundBar(bar, instrument));
}

/** One window's estimators, compared with the 30-day IV (percent). */
function windowOf(bars: readonly Bar[], sessions: number, iv30: number) {
  if (bars.length < sessions + 1) {
    return {
      sessions,
      from: null,
      to: null,
      closeToClose: null,
      parkinson: null,
      garmanKlass: null,
      rogersSatchell: null,
      yangZhang: null,
      ivMinusHv: null,
      ivToHvRatio: null,
    };
  }
  const window = bars.slice(-(sessions + 1));
  const figures = realisedVolatilities(window);
  const closeToClose = roundPercent(figures.closeToClose);
  return {
    sessions,
    from: sessionOf(window[1] as Bar),
    to: sessionOf(window.at(-1) as Bar),
    closeToClose,
    parkinson: roundPercent(figures.parkinson),
    garmanKlass: roundPercent(figures.garmanKlass),
    rogersSatchell: roundPercent(figures.rogersSatchell),
    yangZhang: roundPercent(figures.yangZhang),
    ivMinusHv: roundPercent(iv30 - closeToClose),
    ivToHvRatio: closeToClose > 0 ? roundRatio(iv30 / closeToClose) : null,
  };
}

export async function hvIv(code: string, deps: OptionDataDeps) {
  const instrument = await optionableInstrument(deps, code);
  const [market, rank, daily] = await Promise.all([
    marketOf(deps, instrument),
    ivRankReport(deps, instrument),
    dailyBarsOf(deps, instrument.code, LOOKBACK_DAYS),
  ]);
  const bars = completedBars(daily, instrument, market.quote.marketSession === "Regular");
  if (bars.length < SHORTEST_WINDOW + 1) {
    throw apiError("NO_DATA", {
      what: "price history",
      code: instrument.code,
      reason: `${bars.length} completed daily bars, ${SHORTEST_WINDOW + 1} needed`,
    });
  }
  const iv30 = rank.currentImpliedVolatility;
  const windows = HV_WINDOWS.map((sessions) => windowOf(bars, sessions, iv30));
  const benchmark = windows.find((window) => window.sessions === HV_BENCHMARK_SESSIONS);
  return {
    ...market.inputs,
    symbol: instrument.symbol,
    annualisationSessions: SESSIONS_PER_YEAR,
    sessionsAvailable: bars.length,
    windows,
    impliedVolatility30: iv30,
    benchmarkSessions: HV_BENCHMARK_SESSIONS,
    ivHvSpread: benchmark?.ivMinusHv ?? null,
    ivHvRatio: benchmark?.ivToHvRatio ?? null,
    ivRank: rank.ivRank,
    ivPercentile: rank.ivPercentile,
    ivYearHigh: rank.yearHigh,
    ivYearLow: rank.yearLow,
    ivHistoryLength: rank.historyLength,
  };
}
