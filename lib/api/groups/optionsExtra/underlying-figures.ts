import { type DayNumber, isoDate } from "../../../market/civil-date";
import { nextEarnings } from "../../../market/company-data";
import type { Bar, Instrument, OptionQuote } from "../../../market/ports";
import { roundBar, roundDecimals, roundPercent, roundRatio } from "../../../market/precision";
import { calendarDaysHolding, nextTradingDay } from "../../../market/trading-days";
import { annualisedPercent, closeToCloseVariance } from "../../../quant/realised-volatility";
import { mean } from "../../../quant/statistics";
import { fromProvider } from "../../market-data";
import { dailyBarsOf } from "../../market-figures";
import { type OptionDataDeps, todayOf } from "../../option-data";
import type { ScannedChain } from "../../premium-scanner";
import { LIQUIDITY_BAND_PERCENT } from "./score-model";

/**
 * What the ripeness score measures besides IV rank and the scanner's candidates: realised
 * volatility and trend from the completed daily sessions, the next earnings report, and the
 * chain's bid-ask spreads.
 */

/** Sessions of the historical volatility compared with the 30-day IV (about 30 calendar days). */
export const HV_SESSIONS = 20;
/** Sessions of the trend's simple moving average. */
export const SMA_SESSIONS = 50;
/** Calendar days of daily bars holding the SMA's sessions and the session in progress. */
const LOOKBACK_DAYS = calendarDaysHolding(SMA_SESSIONS + 2);

const MS_PER_DAY = 86_400_000;

/**
 * The completed sessions' daily bars as GET /market/stocks/{code}/chart serves them (to the
 * tick): the session in progress (a Regular quote) left out, as /volatility/{code}/hv-iv does.
 */
export async function completedDailyBars(
  deps: OptionDataDeps,
  instrument: Instrument,
  sessionInProgress: boolean,
): Promise<Bar[]> {
  const bars = await dailyBarsOf(deps, instrument.code, LOOKBACK_DAYS);
  const completed = sessionInProgress ? bars.slice(0, -1) : bars;
  return completed.map((bar) => roundBar(bar, instrument));
}

/** 20-session close-to-close HV (annualised, percent, 4 decimals); null with too few bars. */
export function historicalVolatility20(bars: readonly Bar[]): number | null {
  if (bars.length < HV_SESSIONS + 1) return null;
  return roundPercent(annualisedPercent(closeToCloseVariance(bars.slice(-(HV_SESSIONS + 1)))));
}

/** IV30 / HV20 of the served figures, 6 decimals; null without an HV above 0. */
export function ivHvRatioOf(iv30: number, hv20: number | null): number | null {
  return hv20 === null || !(hv20 > 0) ? null : roundRatio(iv30 / hv20);
}

/** Mean of the last 50 completed closes (USD, 4 decimals); null with fewer sessions. */
export function sma50(bars: readonly Bar[]): number | null {
  if (bars.length < SMA_SESSIONS) return null;
  return roundDecimals(mean(bars.slice(-SMA_SESSIONS).map((bar) => bar.close)), 4);
}

/** (live price − SMA50) / SMA50 × 100, 4 decimals. */
export function trendPercentOf(livePrice: number, sma: number | null): number | null {
  return sma === null ? null : roundPercent(((livePrice - sma) / sma) * 100);
}

/** The next report and the session that trades on it; `known` false without a schedule source. */
export interface EarningsOutlook {
  known: boolean;
  date: string | null;
  timing: "bmo" | "amc" | null;
  reactionDate: string | null;
  /** Calendar days from today (New York) to reactionDate. */
  daysToReaction: number | null;
}

/**
 * The next earnings report as /market/stocks/{code}/extended and the earnings straddle date it,
 * with its reacting session: the report day (bmo) or the next session (amc). Funds report none.
 */
export async function earningsOutlook(
  deps: OptionDataDeps,
  instrument: Instrument,
): Promise<EarningsOutlook> {
  const none = { date: null, timing: null, reactionDate: null, daysToReaction: null };
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") return { known: false, ...none };
  const nowMs = deps.marketClock.now().getTime();
  const next = nextEarnings(
    instrument.symbol,
    reference.earningsMonths,
    reference.earningsHour,
    nowMs,
  );
  if (!next) return { known: true, ...none };
  const reportDay: DayNumber = Math.floor(Date.parse(next.date) / MS_PER_DAY);
  const reaction = next.hour === "bmo" ? reportDay : nextTradingDay("equity", reportDay);
  return {
    known: true,
    date: next.date,
    timing: next.hour,
    reactionDate: isoDate(reaction),
    daysToReaction: reaction - todayOf(deps),
  };
}

/**
 * The liquidity sample: the scanned side's contracts (every expiration in the scan's window)
 * with a bid and a strike within 10 % of the live price; each one's (ask − bid) / mid × 100.
 */
export function relativeSpreadsPercent(
  chains: readonly ScannedChain[],
  livePrice: number,
): number[] {
  const band = (LIQUIDITY_BAND_PERCENT / 100) * livePrice;
  const quoted = (contract: OptionQuote) =>
    contract.bid > 0 &&
    contract.ask >= contract.bid &&
    Math.abs(contract.strike - livePrice) <= band;
  return chains.flatMap(({ contracts }) =>
    contracts
      .filter(quoted)
      .map(
        (contract) => ((contract.ask - contract.bid) / ((contract.ask + contract.bid) / 2)) * 100,
      ),
  );
}

/** The middle value (mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
