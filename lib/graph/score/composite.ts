/**
 * The composite graph score: seven components, each 0-100 (50 neutral, higher = more
 * favourable for the stock), combined with fixed weights. A component that cannot be computed
 * for a stock on a date (no listed supply partner, no options, a date before the news window,
 * no positive earnings) is null, and the weights of the others are scaled up to sum to 1: the
 * answer shows both the nominal and the effective weight, so the score can be recombined.
 */

export const SCORE_COMPONENTS = [
  "insiderActivity",
  "institutionalFlow",
  "supplyChainHealth",
  "newsSentiment",
  "technicalTrend",
  "optionsPositioning",
  "valuation",
] as const;

export type ScoreComponentName = (typeof SCORE_COMPONENTS)[number];

/** Nominal weights, summing to 1. */
export const SCORE_WEIGHTS: Readonly<Record<ScoreComponentName, number>> = Object.freeze({
  insiderActivity: 0.15,
  institutionalFlow: 0.15,
  supplyChainHealth: 0.1,
  newsSentiment: 0.15,
  technicalTrend: 0.2,
  optionsPositioning: 0.15,
  valuation: 0.1,
});

/** A named input of a component: a figure in the unit its name says, a date or a word. */
export type ComponentInputs = Record<string, number | string | null>;

/** One component on one date. */
export interface ComponentReading {
  /** 0-100, one decimal; null when it cannot be computed (`note` says why). */
  value: number | null;
  /** The date (yyyy-MM-dd) of the latest input it used; null when none. */
  asOf: string | null;
  inputs: ComponentInputs;
  note: string | null;
}

export interface WeightedComponent extends ComponentReading {
  name: ScoreComponentName;
  weight: number;
  /** The weight after renormalising over the components that have a value; 0 for a null one. */
  effectiveWeight: number;
}

export interface CompositeScore {
  /** 0-100, one decimal: Σ effectiveWeight × value over the components with a value. */
  score: number | null;
  components: WeightedComponent[];
}

/** 50 + 50·tanh(x), clamped to 0-100 and rounded to one decimal: the components' common scale. */
export function scaled(x: number): number {
  return round1(Math.min(100, Math.max(0, 50 + 50 * Math.tanh(x))));
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Combines the readings (by name) with the weights; null when no component has a value. */
export function combine(readings: Readonly<Record<ScoreComponentName, ComponentReading>>) {
  const available = SCORE_COMPONENTS.filter((name) => readings[name].value !== null);
  const total = available.reduce((sum, name) => sum + SCORE_WEIGHTS[name], 0);
  let weighted = 0;
  const components = SCORE_COMPONENTS.map((name): WeightedComponent => {
    const reading = readings[name];
    const effective = reading.value === null || total === 0 ? 0 : SCORE_WEIGHTS[name] / total;
    weighted += effective * (reading.value ?? 0);
    return { name, weight: SCORE_WEIGHTS[name], effectiveWeight: round4(effective), ...reading };
  });
  return { score: available.length === 0 ? null : round1(weighted), components };
}
