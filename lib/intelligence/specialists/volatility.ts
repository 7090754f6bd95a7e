import { opinionOf, type SpecialistOpinion } from "../opinion";
import { IV_HV_RATIO_SCALE, IV_RANK_FLOOR, IV_RANK_SHARE } from "../rules";

/** The figures of GET /volatility/{code}/hv-iv (lib/api/hv-iv.ts) the volatility specialist reads. */
export interface VolatilityEvidence {
  /** Percent. */
  ivRank: number;
  ivPercentile: number;
  /** The 30-day ATM implied volatility, percent. */
  impliedVolatility30: number;
  /** Close-to-close realised volatility of the benchmark window, percent; null without the bars. */
  realisedVolatility: number | null;
  realisedSessions: number;
  /** IV / realised; null without a realised figure. */
  ivHvRatio: number | null;
}

/**
 * Sellers are paid for volatility: a high IV rank (rich premium against the year) and IV above
 * realised volatility (the variance risk premium) favour selling; an IV rank under the floor
 * vetoes.
 */
export function volatilityOpinion(evidence: VolatilityEvidence, source: string): SpecialistOpinion {
  const { ivRank, ivHvRatio } = evidence;
  const { low, high } = IV_HV_RATIO_SCALE;
  const premiumScore =
    ivHvRatio === null
      ? ivRank
      : Math.min(100, Math.max(0, ((ivHvRatio - low) / (high - low)) * 100));
  const score = IV_RANK_SHARE * ivRank + (1 - IV_RANK_SHARE) * premiumScore;
  const reasons = [
    `IV rank ${ivRank.toFixed(1)} (percentile ${evidence.ivPercentile.toFixed(1)}) of the past year`,
    evidence.realisedVolatility === null || ivHvRatio === null
      ? "no realised volatility to compare the IV with"
      : `30-day IV ${evidence.impliedVolatility30.toFixed(2)}% against ${evidence.realisedSessions}-session realised ${evidence.realisedVolatility.toFixed(2)}% (ratio ${ivHvRatio.toFixed(2)}): ${ivHvRatio >= 1 ? "options price more movement than the stock has shown" : "options price less movement than the stock has shown"}`,
  ];
  const veto =
    ivRank < IV_RANK_FLOOR
      ? `IV rank ${ivRank.toFixed(1)} is below the floor of ${IV_RANK_FLOOR}: the premium is too thin for the risk`
      : null;
  return opinionOf("volatility", source, score, reasons, { ...evidence }, veto);
}
