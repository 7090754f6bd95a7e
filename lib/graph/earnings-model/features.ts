import { quarterOf, sessionClosed, surprisePercentOf } from "../../api/earnings-moves";
import { type DayNumber, isoDate } from "../../market/civil-date";
import { nyInstant, nyWallClock } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import type { EarningsReportRecord } from "../../market/ports";
import { regularCloseMinute } from "../../market/sessions";
import { previousTradingDay } from "../../market/trading-days";
import { annualisedVolatility, logReturns, mean } from "../../quant/statistics";

/**
 * The earnings model's features for one report, from what was known before it: the company's
 * past reports (beat rate, surprises, reaction sizes), its closes and the option surface's 30-day
 * ATM implied volatility up to the anchor session (the last session closed at the clock and
 * before the report's day). Pure: the same inputs read at any later clock give the same features.
 */

/** Past reports the history features look at, at most. */
export const PAST_REPORTS = 8;
/** Sessions of the return and realised-volatility window. */
export const WINDOW_SESSIONS = 20;
/** Sessions of the IV rank's history (a trading year). */
export const IV_RANK_SESSIONS = 252;

/** Feature names, in the order of the vectors (units in the names). */
export const FEATURE_NAMES = [
  "pastBeatRate",
  "pastMeanSurprisePercent",
  "lastSurprisePercent",
  "pastMeanAbsMovePercent",
  "atmIv30Percent",
  "ivRank",
  "return20Percent",
  "realisedVol20Percent",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/** What the features are read from (loaded once per company at a clock). */
export interface EarningsInputs {
  /** The company's reports, oldest first (released ones with actuals and, when known, impliedMove). */
  reports: readonly EarningsReportRecord[];
  /** Regular-session closes by New York day, rounded to the tick. */
  closes: ReadonlyMap<DayNumber, number>;
  /** Daily 30-day ATM implied volatility (decimal), oldest first. */
  ivHistory: readonly { date: string; impliedVolatility: number }[];
}

export interface ReportRef {
  /** yyyy-MM-dd, New York. */
  date: string;
  hour: "bmo" | "amc";
}

const dayOfIso = (iso: string): DayNumber => Math.floor(Date.parse(iso) / 86_400_000);

/** Minute of its day (New York) a before-the-open report comes out. */
const BMO_RELEASE_MINUTE = 7 * 60;

/**
 * The instant a report comes out, epoch ms: 07:00 New York before the open (bmo), the regular
 * close after it (amc), as the simulated world releases them (lib/market/sim/earnings.ts).
 */
export function reportReleaseMs(report: ReportRef): number {
  const day = dayOfIso(report.date);
  return nyInstant(day, report.hour === "bmo" ? BMO_RELEASE_MINUTE : regularCloseMinute(day));
}

/** The last NYSE session whose regular close is at or before `nowMs`. */
export function lastClosedSession(nowMs: number): DayNumber {
  let day = nyWallClock(nowMs).day;
  while (!isTradingDay(day) || !sessionClosed(day, nowMs)) day = previousTradingDay("equity", day);
  return day;
}

/** The session the features stop at: the one before the report's day, or the last closed one. */
export function anchorSession(report: ReportRef, nowMs: number): DayNumber {
  return Math.min(previousTradingDay("equity", dayOfIso(report.date)), lastClosedSession(nowMs));
}

/** The closes of the `count` + 1 sessions ending at `anchor`, oldest first; undefined if any lacks. */
function closesEndingAt(closes: EarningsInputs["closes"], anchor: DayNumber, count: number) {
  const out: number[] = [];
  for (let day = anchor; out.length <= count; day = previousTradingDay("equity", day)) {
    const close = closes.get(day);
    if (close === undefined) return undefined;
    out.unshift(close);
  }
  return out;
}

/** Past released reports before `report` (known at the clock), newest last, at most PAST_REPORTS. */
function pastReports(inputs: EarningsInputs, report: ReportRef, nowMs: number) {
  return inputs.reports
    .filter(
      (past): past is EarningsReportRecord & { epsActual: number } =>
        past.date < report.date && past.epsActual !== null && reportReleaseMs(past) <= nowMs,
    )
    .slice(-PAST_REPORTS);
}

function ivFeatures(inputs: EarningsInputs, anchor: DayNumber) {
  const until = isoDate(anchor);
  const history = inputs.ivHistory.filter((point) => point.date <= until).slice(-IV_RANK_SESSIONS);
  const current = history.at(-1);
  if (!current || current.date !== until) return undefined;
  const ivs = history.map((point) => point.impliedVolatility);
  const low = Math.min(...ivs);
  const high = Math.max(...ivs);
  const rank = high > low ? ((current.impliedVolatility - low) / (high - low)) * 100 : 50;
  return { atmIv30Percent: current.impliedVolatility * 100, ivRank: rank };
}

/**
 * The features of `report` at `nowMs`, or undefined when a window lacks data (no past report, a
 * missing close or no surface at the anchor session).
 */
export function featuresOf(
  inputs: EarningsInputs,
  report: ReportRef,
  nowMs: number,
): Features | undefined {
  const anchor = anchorSession(report, nowMs);
  const past = pastReports(inputs, report, nowMs);
  const window = closesEndingAt(inputs.closes, anchor, WINDOW_SESSIONS);
  const iv = ivFeatures(inputs, anchor);
  if (past.length === 0 || !window || !iv) return undefined;
  const surprises = past.map((r) => surprisePercentOf(r.epsEstimate, r.epsActual));
  // Only reactions that traded by the anchor session: the same at any later clock.
  const moves = past
    .map((r) => quarterOf(r, inputs.closes, nowMs))
    .flatMap((move) =>
      move && move.reactionDate <= isoDate(anchor) ? [Math.abs(move.movePercent)] : [],
    );
  return {
    pastBeatRate: past.filter((r) => r.epsActual > r.epsEstimate).length / past.length,
    pastMeanSurprisePercent: mean(surprises),
    lastSurprisePercent: surprises.at(-1) as number,
    pastMeanAbsMovePercent: moves.length === 0 ? 0 : mean(moves),
    ...iv,
    return20Percent: ((window.at(-1) as number) / (window[0] as number) - 1) * 100,
    realisedVol20Percent: annualisedVolatility(logReturns(window)) * 100,
  };
}

/** The features as the model's vector (FEATURE_NAMES order). */
export const featureVector = (features: Features): number[] =>
  FEATURE_NAMES.map((name) => features[name]);
