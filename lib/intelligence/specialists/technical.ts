import { opinionOf, type SpecialistOpinion } from "../opinion";
import { NEUTRAL_SCORE, SUPPORT_NEAR_PERCENT, TECHNICAL_POINTS } from "../rules";

/** The figures of GET /graph/{code}/technicals (lib/api/technical-figures.ts) it reads. */
export interface TechnicalEvidence {
  close: number;
  /** uptrend, downtrend, mixed; null under 200 sessions. */
  trend: "uptrend" | "downtrend" | "mixed" | null;
  sma50Slope: "rising" | "falling" | "flat" | null;
  macd: "bullish" | "bearish" | "neutral" | null;
  rsi14: number | null;
  rsiState: "overbought" | "oversold" | "neutral" | null;
  /** The nearest swing support below the close, and how far (percent, negative). */
  nearestSupport: number | null;
  nearestSupportDistancePercent: number | null;
  lastSession: string;
}

/**
 * A put seller wants the stock to hold up: an uptrend with a rising 50-day average and a
 * support not far under the price favour selling; a downtrend, a falling average or an oversold
 * slide (a falling knife) count against it.
 */
export function technicalOpinion(evidence: TechnicalEvidence, source: string): SpecialistOpinion {
  const points = TECHNICAL_POINTS;
  const readings: [number, string][] = [];
  if (evidence.trend === "uptrend")
    readings.push([points.uptrend, "uptrend: close > SMA50 > SMA200"]);
  if (evidence.trend === "downtrend")
    readings.push([points.downtrend, "downtrend: close < SMA50 < SMA200"]);
  if (evidence.sma50Slope === "rising")
    readings.push([points.sma50Rising, "the 50-day average is rising"]);
  if (evidence.sma50Slope === "falling")
    readings.push([points.sma50Falling, "the 50-day average is falling"]);
  if (evidence.macd === "bullish") readings.push([points.macdBullish, "MACD histogram positive"]);
  if (evidence.macd === "bearish") readings.push([points.macdBearish, "MACD histogram negative"]);
  if (evidence.rsiState === "oversold")
    readings.push([points.oversold, `RSI 14 at ${evidence.rsi14}: oversold, still sliding`]);
  if (evidence.rsiState === "overbought")
    readings.push([points.overbought, `RSI 14 at ${evidence.rsi14}: overbought, stretched`]);
  const distance = evidence.nearestSupportDistancePercent;
  if (distance !== null && -distance <= SUPPORT_NEAR_PERCENT) {
    readings.push([
      points.supportNear,
      `support at ${evidence.nearestSupport} is ${(-distance).toFixed(2)}% below the close`,
    ]);
  }
  const score = readings.reduce((total, [value]) => total + value, NEUTRAL_SCORE);
  const reasons = readings.map(([value, reason]) => `${reason} (${value > 0 ? "+" : ""}${value})`);
  if (reasons.length === 0) reasons.push("no trend, momentum or support reading either way");
  return opinionOf("technical", source, score, reasons, { ...evidence });
}
