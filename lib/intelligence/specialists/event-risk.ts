import { opinionOf, type SpecialistOpinion } from "../opinion";
import { EVENT_RISK } from "../rules";

/** The dated events inside the put's life, from the earnings calendar and the dividend schedule. */
export interface EventEvidence {
  /** Today and the target expiration's day (yyyy-MM-dd). */
  windowFrom: string;
  windowTo: string;
  /** The next earnings release if inside the window, else null. */
  earningsDate: string | null;
  earningsHour: "bmo" | "amc" | null;
  /** Usual ex-dividend dates inside the window. */
  exDividendDates: string[];
  /** USD per share per payment; null for non-payers. */
  dividendPerPaymentUsd: number | null;
}

/**
 * Events are gaps a put cannot be managed through: earnings inside the window veto (the stock
 * can gap through the strike overnight); an ex-dividend date lowers the price by the dividend.
 */
export function eventRiskOpinion(evidence: EventEvidence, source: string): SpecialistOpinion {
  const window = `${evidence.windowFrom} to ${evidence.windowTo}`;
  if (evidence.earningsDate !== null) {
    const veto = `earnings on ${evidence.earningsDate} (${evidence.earningsHour === "bmo" ? "before the open" : "after the close"}) fall inside the target window ${window}`;
    return opinionOf(
      "eventRisk",
      source,
      EVENT_RISK.earningsScore,
      [],
      { ...evidence, exDividendDates: evidence.exDividendDates.join(",") },
      veto,
    );
  }
  let score = EVENT_RISK.clearScore;
  const reasons = [`no earnings release scheduled in ${window}`];
  if (evidence.exDividendDates.length > 0) {
    score += EVENT_RISK.exDividendPoints;
    reasons.push(
      `ex-dividend on ${evidence.exDividendDates.join(", ")} ($${evidence.dividendPerPaymentUsd?.toFixed(2)} a share) lowers the price by the payment (${EVENT_RISK.exDividendPoints})`,
    );
  }
  return opinionOf("eventRisk", source, score, reasons, {
    ...evidence,
    exDividendDates: evidence.exDividendDates.join(","),
  });
}
