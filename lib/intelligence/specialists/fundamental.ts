import { opinionOf, type SpecialistOpinion } from "../opinion";
import { FUNDAMENTAL_POINTS, HIGH_DEBT_TO_EQUITY, NEUTRAL_SCORE } from "../rules";

/** The figures of GET /graph/{code}/fragility and /fundamentals/{code}/ratios it reads. */
export interface FundamentalEvidence {
  /** 0-100, higher is more fragile; null without statements. */
  fragility: number | null;
  altmanZone: "distress" | "grey" | "safe" | null;
  netMarginPercent: number | null;
  debtToEquity: number | null;
  /** The trailing-twelve-month statements' last period end. */
  statementPeriodEnd: string | null;
}

/**
 * Selling a put is agreeing to own the company: a sound balance sheet (low fragility), profits
 * and moderate leverage favour it; losses, Altman distress and heavy debt count against it.
 */
export function fundamentalOpinion(
  evidence: FundamentalEvidence,
  source: string,
): SpecialistOpinion {
  const points = FUNDAMENTAL_POINTS;
  const base = evidence.fragility === null ? NEUTRAL_SCORE : 100 - evidence.fragility;
  const reasons = [
    evidence.fragility === null
      ? "no fragility figure (no statements): starts neutral"
      : `fragility ${evidence.fragility.toFixed(1)} of 100: starts at ${base.toFixed(1)}`,
  ];
  let score = base;
  if (evidence.netMarginPercent !== null && evidence.netMarginPercent <= 0) {
    score += points.loss;
    reasons.push(
      `net margin ${evidence.netMarginPercent.toFixed(2)}%: a loss over the trailing year (${points.loss})`,
    );
  }
  if (evidence.altmanZone === "distress") {
    score += points.altmanDistress;
    reasons.push(`Altman Z in the distress zone (${points.altmanDistress})`);
  }
  if (evidence.debtToEquity !== null && evidence.debtToEquity > HIGH_DEBT_TO_EQUITY) {
    score += points.highLeverage;
    reasons.push(
      `debt/equity ${evidence.debtToEquity.toFixed(2)} above ${HIGH_DEBT_TO_EQUITY} (${points.highLeverage})`,
    );
  }
  return opinionOf("fundamental", source, score, reasons, { ...evidence });
}
