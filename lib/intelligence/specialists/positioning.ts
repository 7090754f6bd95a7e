import { opinionOf, type SpecialistOpinion } from "../opinion";
import {
  NEUTRAL_SCORE,
  POSITIONING_POINTS,
  PUT_CALL_OPEN_INTEREST_HEAVY,
  PUT_CALL_VOLUME_BANDS,
} from "../rules";

/** The figures of GET /options/{code}/gex and /options/{code}/put-call-ratio it reads. */
export interface PositioningEvidence {
  gammaRegime: "positive" | "negative" | null;
  /** USD per 1% move; null without a GEX figure. */
  totalGammaExposure: number | null;
  zeroGammaDistancePercent: number | null;
  putCallVolumeRatio: number | null;
  putCallOpenInterestRatio: number | null;
}

/**
 * Dealers long gamma (positive regime) sell rallies and buy dips, damping moves: good for a
 * short put. Short gamma amplifies moves; heavy put buying is demand for protection.
 */
export function positioningOpinion(
  evidence: PositioningEvidence,
  source: string,
): SpecialistOpinion {
  const points = POSITIONING_POINTS;
  const readings: [number, string][] = [];
  if (evidence.gammaRegime === "positive")
    readings.push([points.positiveGamma, "dealers are long gamma: moves are damped"]);
  if (evidence.gammaRegime === "negative")
    readings.push([points.negativeGamma, "dealers are short gamma: moves are amplified"]);
  const volume = evidence.putCallVolumeRatio;
  if (volume !== null && volume > PUT_CALL_VOLUME_BANDS.heavy)
    readings.push([
      points.heavyPutVolume,
      `put/call volume ${volume.toFixed(2)}: heavy put buying`,
    ]);
  if (volume !== null && volume < PUT_CALL_VOLUME_BANDS.light)
    readings.push([
      points.lightPutVolume,
      `put/call volume ${volume.toFixed(2)}: little demand for protection`,
    ]);
  const openInterest = evidence.putCallOpenInterestRatio;
  if (openInterest !== null && openInterest > PUT_CALL_OPEN_INTEREST_HEAVY)
    readings.push([
      points.heavyPutOpenInterest,
      `put/call open interest ${openInterest.toFixed(2)}: protection already held`,
    ]);
  const score = readings.reduce((total, [value]) => total + value, NEUTRAL_SCORE);
  const reasons = readings.map(([value, reason]) => `${reason} (${value > 0 ? "+" : ""}${value})`);
  if (reasons.length === 0) reasons.push("no gamma or put/call reading either way");
  return opinionOf("optionsPositioning", source, score, reasons, { ...evidence });
}
