import type { FdaEvent } from "./ports";

/**
 * The selections the FDA endpoints make from a source's events, pure: what lies ahead, the
 * decisions, and a window's decision counts. Dates are yyyy-MM-dd (New York).
 */

const DECISIONS: ReadonlySet<FdaEvent["eventType"]> = new Set(["approval", "CRL"]);

/** Whether the row is an FDA decision (approval or complete response letter). */
export const isDecision = (event: FdaEvent) => DECISIONS.has(event.eventType);

/**
 * PDUFA dates and meetings dated today or later whose outcome is not known, optionally of one
 * type.
 */
export function upcomingEvents(
  events: readonly FdaEvent[],
  today: string,
  type?: "PDUFA" | "AdComm",
): FdaEvent[] {
  return events.filter(
    (event) =>
      (event.eventType === "PDUFA" || event.eventType === "AdComm") &&
      event.outcome === null &&
      event.date >= today &&
      (type === undefined || event.eventType === type),
  );
}

/** The decisions, optionally of one outcome. */
export function decisions(
  events: readonly FdaEvent[],
  outcome?: "approved" | "complete-response",
): FdaEvent[] {
  return events.filter(
    (event) => isDecision(event) && (outcome === undefined || event.outcome === outcome),
  );
}

export interface DecisionSummary {
  decisions: number;
  approvals: number;
  completeResponses: number;
  /** approvals / decisions × 100; null without decisions. */
  approvalRatePercent: number | null;
}

export function decisionSummary(events: readonly FdaEvent[]): DecisionSummary {
  const all = decisions(events);
  const approvals = all.filter((event) => event.outcome === "approved").length;
  return {
    decisions: all.length,
    approvals,
    completeResponses: all.length - approvals,
    approvalRatePercent:
      all.length === 0 ? null : Math.round((approvals / all.length) * 1_000_000) / 10_000,
  };
}

/** Days from `today` to `date` (both yyyy-MM-dd). */
export function daysBetween(today: string, date: string): number {
  return Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}
