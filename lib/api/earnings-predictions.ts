/**
 * The earnings model's predictions for a company's next report (lib/graph/earnings-model): what
 * GET /graph/{code}/earnings-prediction, /graph/earnings-predictions/upcoming and the stock
 * screener's earnings predictions serve, computed here once for all of them.
 */
import {
  anchorSession,
  FEATURE_NAMES,
  type Features,
  featuresOf,
  IV_RANK_SESSIONS,
  type ReportRef,
  reportReleaseMs,
} from "../graph/earnings-model/features";
import { INPUT_LOOKBACK_DAYS, loadEarningsInputs } from "../graph/earnings-model/inputs";
import {
  beatProbability,
  earningsModel,
  predictedAbsMovePercent,
} from "../graph/earnings-model/model";
import { type DayNumber, isoDate } from "../market/civil-date";
import { upcomingEarnings } from "../market/company-data";
import { nyWallClock } from "../market/ny-time";
import type { Instrument } from "../market/ports";
import { roundDecimals, roundPercent } from "../market/precision";
import { earningsStraddleOf, reactionDayOf } from "./earnings-moves";
import { apiError } from "./errors";
import { fromProvider } from "./market-data";
import type { OptionDataDeps } from "./option-data";

const DAY_MS = 86_400_000;
const dayOfIso = (iso: string): DayNumber => Math.floor(Date.parse(iso) / DAY_MS);
const round4 = (value: number) => roundDecimals(value, 4);

/** The next report not yet released at the clock, if one is scheduled within `horizonDays`. */
export async function nextReport(
  deps: OptionDataDeps,
  instrument: Instrument,
  horizonDays: number,
) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") return undefined;
  const nowMs = deps.marketClock.now().getTime();
  const today = nyWallClock(nowMs).day;
  const { earningsMonths, earningsHour } = reference;
  const next = upcomingEarnings(instrument.symbol, earningsMonths, earningsHour, nowMs, 2).find(
    (earnings) => reportReleaseMs(earnings) > nowMs,
  );
  return next && dayOfIso(next.date) - today <= horizonDays ? next : undefined;
}

/** The straddle's implied move at the clock (percent), null when the chain lacks one. */
async function impliedMoveOf(deps: OptionDataDeps, instrument: Instrument) {
  try {
    return (await earningsStraddleOf(deps, instrument)).straddleImpliedMovePercent;
  } catch {
    return null;
  }
}

const roundedFeatures = (features: Features) =>
  Object.fromEntries(FEATURE_NAMES.map((name) => [name, round4(features[name])])) as Features;

/** The prediction for `report`, or undefined when a feature lacks data. */
export async function predictionOf(
  deps: OptionDataDeps,
  instrument: Instrument,
  report: ReportRef,
) {
  const nowMs = deps.marketClock.now().getTime();
  const today = nyWallClock(nowMs).day;
  const reportDay = dayOfIso(report.date);
  // The anchor is the last closed session: a year of IV before it suffices for the rank.
  const inputs = await loadEarningsInputs(
    deps,
    instrument,
    today - INPUT_LOOKBACK_DAYS,
    reportDay,
    IV_RANK_SESSIONS + 5,
  );
  const features = featuresOf(inputs, report, nowMs);
  if (!features) return undefined;
  const model = earningsModel();
  const record = inputs.reports.find((r) => r.date === report.date);
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    name: instrument.name,
    report: {
      date: report.date,
      hour: report.hour,
      reactionDate: isoDate(reactionDayOf(reportDay, report.hour)),
      daysUntil: reportDay - today,
      epsEstimate: record?.epsEstimate ?? null,
    },
    beatProbability: round4(beatProbability(model, features)),
    predictedAbsMovePercent: roundPercent(predictedAbsMovePercent(model, features)),
    impliedMovePercent: await impliedMoveOf(deps, instrument),
    anchorSession: isoDate(anchorSession(report, nowMs)),
    features: roundedFeatures(features),
  };
}

/** The model's version, windows and out-of-sample quality, as the answers show them. */
export function modelSummary() {
  const { modelVersion, training } = earningsModel();
  const { beat, move } = training.outOfSample;
  return {
    modelVersion,
    trainReports: training.trainReports,
    testReports: training.testReports,
    quality: {
      auc: beat.auc,
      brier: beat.brier,
      baseRate: beat.baseRate,
      baseRateBrier: beat.baseRateBrier,
      calibration: beat.calibration,
      moveMeanAbsoluteErrorPercent: move.meanAbsoluteErrorPercent,
      naiveMoveMeanAbsoluteErrorPercent: move.naiveMeanAbsoluteErrorPercent,
    },
  };
}

export function noPrediction(code: string, reason: string) {
  return apiError("NO_DATA", { what: "earnings prediction", code, reason });
}
