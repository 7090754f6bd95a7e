import { opinionOf, type SpecialistOpinion } from "../opinion";
import {
  INSIDER_CLUSTER_POINTS,
  INSIDER_NET_POINTS,
  INSIDER_SALE_FACTOR,
  NEUTRAL_SCORE,
} from "../rules";

/** The figures of GET /graph/{code}/insiders/summary (its last 90 days) it reads. */
export interface InsiderEvidence {
  purchasesValueUsd: number;
  salesValueUsd: number;
  buyers: number;
  sellers: number;
  /** The last purchase of a cluster of insiders buying together inside the 90 days, else null. */
  clusterLastDate: string | null;
  windowFrom: string;
}

/**
 * Insiders buying in the open market is the strongest signal that they expect the price to
 * hold; selling a weak one (they sell for many reasons), so sales count a quarter: the score is
 * 50 + 40 × (purchases − 0.25 × sales) / (purchases + sales); a cluster of buyers adds 10.
 */
export function insiderOpinion(evidence: InsiderEvidence, source: string): SpecialistOpinion {
  const gross = evidence.purchasesValueUsd + evidence.salesValueUsd;
  const net = evidence.purchasesValueUsd - INSIDER_SALE_FACTOR * evidence.salesValueUsd;
  const reasons: string[] = [];
  let score = NEUTRAL_SCORE;
  if (gross === 0) {
    reasons.push(`no open-market insider purchase or sale since ${evidence.windowFrom}`);
  } else {
    score += INSIDER_NET_POINTS * (net / gross);
    reasons.push(
      `${evidence.buyers} buyer(s) for $${Math.round(evidence.purchasesValueUsd).toLocaleString("en-US")} and ${evidence.sellers} seller(s) for $${Math.round(evidence.salesValueUsd).toLocaleString("en-US")} since ${evidence.windowFrom}`,
    );
  }
  if (evidence.clusterLastDate !== null) {
    score += INSIDER_CLUSTER_POINTS;
    reasons.push(
      `a cluster of insiders bought together, the last on ${evidence.clusterLastDate} (+${INSIDER_CLUSTER_POINTS})`,
    );
  }
  return opinionOf("insiderActivity", source, score, reasons, { ...evidence });
}
