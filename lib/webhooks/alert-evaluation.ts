import type { AlertRecord, AlertType } from "../store/alerts";

/**
 * What the alert evaluator decides for one alert at one observation, kept pure so the rules are
 * tested on their own: the value an alert type watches, whether its condition holds, and the
 * alert's next state. An alert fires once per crossing: `armed` and the condition starts to
 * hold → it fires and becomes `fired`; it stays `fired` (no repeat) while the condition holds,
 * and re-arms when it clears. A missing value (no IV for the contract, no average volume yet)
 * neither fires nor re-arms.
 */

/** What the evaluator reads for a contract at the clock (the figures the API serves). */
export interface Observation {
  /** USD, the quote's livePrice. */
  livePrice: number;
  /** Percent, the quote's changePercent (against the prior settlement). */
  changePercent: number;
  /** Percent, the 30-day ATM IV as /extended shows it; undefined without an option surface. */
  ivPercent: number | undefined;
  /** Shares traded in the session so far. */
  volume: number;
  /** Shares, the 63-session average; undefined or 0 while there is no history. */
  averageDailyVolume: number | undefined;
}

/** The figure an alert type compares with its threshold, in the threshold's unit. */
export function watchedValue(type: AlertType, observation: Observation): number | undefined {
  switch (type) {
    case "price_above":
    case "price_below":
      return observation.livePrice;
    case "percent_change":
      return observation.changePercent;
    case "iv_above":
    case "iv_below":
      return observation.ivPercent;
    case "volume_above_average": {
      const average = observation.averageDailyVolume;
      return average === undefined || average <= 0 ? undefined : observation.volume / average;
    }
  }
}

/** Whether the condition holds: ≥ for above and volume, ≤ for below, by sign for percent_change. */
export function conditionHolds(type: AlertType, threshold: number, value: number): boolean {
  switch (type) {
    case "price_above":
    case "iv_above":
    case "volume_above_average":
      return value >= threshold;
    case "price_below":
    case "iv_below":
      return value <= threshold;
    case "percent_change":
      return threshold > 0 ? value >= threshold : value <= threshold;
  }
}

export interface Decision {
  status: AlertRecord["status"];
  /** Send the alert's event now (the condition has just started to hold). */
  fire: boolean;
  /** The value observed; undefined when the contract has none (nothing changes then). */
  value: number | undefined;
}

/** The alert's next state at this observation. */
export function evaluateAlert(
  alert: Pick<AlertRecord, "type" | "threshold" | "status">,
  observation: Observation,
): Decision {
  const value = watchedValue(alert.type, observation);
  if (value === undefined) return { status: alert.status, fire: false, value };
  const holds = conditionHolds(alert.type, alert.threshold, value);
  if (holds && alert.status === "armed") return { status: "fired", fire: true, value };
  if (!holds && alert.status === "fired") return { status: "armed", fire: false, value };
  return { status: alert.status, fire: false, value };
}
