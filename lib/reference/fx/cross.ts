import type { FxDay } from "./ports";

/**
 * Cross rates from one day's euro reference rates. E_X is units of X per euro (E_EUR = 1), so
 * one unit of A buys E_B / E_A units of B. The inverse is the same two figures the other way
 * round (E_A / E_B), never 1 / rate rounded, so rate(A, B) × rate(B, A) = 1 to within two units
 * in the last place of a double (about 4e-16). Rates are served unrounded for that reason.
 */

export const EURO = "EUR";

/** Units of `code` per euro on the day; 1 for the euro; undefined when not quoted. */
export function eurRate(day: FxDay, code: string): number | undefined {
  return code === EURO ? 1 : day.rates.get(code);
}

/** The currencies the day quotes, the euro included, sorted. */
export function quotedCurrencies(day: FxDay): string[] {
  return [EURO, ...day.rates.keys()].sort();
}

export interface CrossRate {
  /** Units of `to` per unit of `from`: E_to / E_from. */
  rate: number;
  /** Units of `from` per unit of `to`: E_from / E_to. */
  inverse: number;
  /** The two euro reference rates the cross is made of. */
  eurFrom: number;
  eurTo: number;
}

/** The cross of two quoted currencies on the day; undefined when either is not quoted. */
export function crossRate(day: FxDay, from: string, to: string): CrossRate | undefined {
  const eurFrom = eurRate(day, from);
  const eurTo = eurRate(day, to);
  if (eurFrom === undefined || eurTo === undefined) return undefined;
  return { rate: eurTo / eurFrom, inverse: eurFrom / eurTo, eurFrom, eurTo };
}

/** Every quoted currency against `base` on the day (base itself excluded), by code. */
export function ratesAgainst(day: FxDay, base: string): Record<string, number> | undefined {
  const eurBase = eurRate(day, base);
  if (eurBase === undefined) return undefined;
  const rates: Record<string, number> = {};
  for (const code of quotedCurrencies(day)) {
    if (code !== base) rates[code] = (eurRate(day, code) as number) / eurBase;
  }
  return rates;
}

export interface RatePoint {
  date: string;
  rate: number;
}

export interface SeriesSummary {
  first: RatePoint;
  last: RatePoint;
  min: RatePoint;
  max: RatePoint;
  /** (last / first − 1) × 100. */
  changePercent: number;
}

/** First, last, lowest and highest points (the earliest on ties) and the change; null when empty. */
export function summarize(points: readonly RatePoint[]): SeriesSummary | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  let min = first;
  let max = first;
  for (const point of points) {
    if (point.rate < min.rate) min = point;
    if (point.rate > max.rate) max = point;
  }
  return { first, last, min, max, changePercent: (last.rate / first.rate - 1) * 100 };
}
