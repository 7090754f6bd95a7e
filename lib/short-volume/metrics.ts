import type { ShortVolumeRecord } from "./ports";

/**
 * The figures the dark-pool endpoints compute from short-volume records, unrounded: the short
 * ratio and its averages, the ranking by short ratio, and the dollar-weighted dark-pool index.
 * Ratios are percents (55 = 55 %).
 */

/** short / total × 100; null when nothing traded. */
export function shortRatioPercent(shortVolume: number, totalVolume: number): number | null {
  return totalVolume > 0 ? (shortVolume / totalVolume) * 100 : null;
}

/** A window of one symbol's records summed and averaged. */
export interface WindowSummary {
  /** Records in the window. */
  sessions: number;
  shortVolume: number;
  shortExemptVolume: number;
  totalVolume: number;
  /** Mean of the daily short ratios (sessions with volume), percent; null without any. */
  averageShortRatioPercent: number | null;
  /** Σ shortVolume / Σ totalVolume × 100: each session weighted by its volume; null without volume. */
  volumeWeightedShortRatioPercent: number | null;
  /** totalVolume / sessions; 0 without sessions. */
  averageDailyVolume: number;
}

export function windowSummary(records: readonly ShortVolumeRecord[]): WindowSummary {
  let shortVolume = 0;
  let shortExemptVolume = 0;
  let totalVolume = 0;
  const ratios: number[] = [];
  for (const record of records) {
    shortVolume += record.shortVolume;
    shortExemptVolume += record.shortExemptVolume;
    totalVolume += record.totalVolume;
    const ratio = shortRatioPercent(record.shortVolume, record.totalVolume);
    if (ratio !== null) ratios.push(ratio);
  }
  return {
    sessions: records.length,
    shortVolume,
    shortExemptVolume,
    totalVolume,
    averageShortRatioPercent:
      ratios.length > 0 ? ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length : null,
    volumeWeightedShortRatioPercent: shortRatioPercent(shortVolume, totalVolume),
    averageDailyVolume: records.length > 0 ? totalVolume / records.length : 0,
  };
}

/** A candidate of the short-ratio ranking: its window, and the ratio as it is served. */
export interface RankingCandidate<T> {
  code: string;
  summary: WindowSummary;
  /** The served (rounded) volume-weighted ratio the ranking compares. */
  servedRatioPercent: number;
  item: T;
}

/**
 * The candidates whose average daily volume reaches `minVolume` (shares), highest short ratio
 * first, ties by code; at most `limit`. Candidates without volume are left out.
 */
export function rankByShortRatio<T>(
  candidates: readonly RankingCandidate<T>[],
  minVolume: number,
  limit: number,
): { matched: number; ranked: RankingCandidate<T>[] } {
  const eligible = candidates.filter(
    (candidate) =>
      candidate.summary.volumeWeightedShortRatioPercent !== null &&
      candidate.summary.averageDailyVolume >= minVolume,
  );
  eligible.sort(
    (a, b) =>
      b.servedRatioPercent - a.servedRatioPercent ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  return { matched: eligible.length, ranked: eligible.slice(0, limit) };
}

/** One constituent's session: its close (USD) and its short and total volume (shares). */
export interface IndexInput {
  symbol: string;
  close: number;
  shortVolume: number;
  totalVolume: number;
}

export interface IndexContribution extends IndexInput {
  /** close × shortVolume, USD. */
  dollarShortVolume: number;
  /** close × totalVolume, USD. */
  dollarTotalVolume: number;
  /** dollarShortVolume / Σ dollarShortVolume × 100. */
  dollarShortSharePercent: number;
  /** dollarShortVolume / Σ dollarTotalVolume × 100: the points it adds; they sum to the index. */
  contributionPoints: number;
}

export interface DarkIndexDay {
  /** Σ close·shortVolume / Σ close·totalVolume × 100; null when nothing traded. */
  indexPercent: number | null;
  dollarShortVolume: number;
  dollarTotalVolume: number;
  contributions: IndexContribution[];
}

/**
 * The dollar-weighted dark-pool index of one session (the DIX idea): every constituent's short
 * and total volume valued at its close, short over total. Equal to the constituents' short
 * ratios averaged with their dollar volumes as weights.
 */
export function darkIndexOf(inputs: readonly IndexInput[]): DarkIndexDay {
  let dollarShortVolume = 0;
  let dollarTotalVolume = 0;
  for (const input of inputs) {
    dollarShortVolume += input.close * input.shortVolume;
    dollarTotalVolume += input.close * input.totalVolume;
  }
  const contributions = inputs.map((input) => {
    const dollarShort = input.close * input.shortVolume;
    return {
      ...input,
      dollarShortVolume: dollarShort,
      dollarTotalVolume: input.close * input.totalVolume,
      dollarShortSharePercent: dollarShortVolume > 0 ? (dollarShort / dollarShortVolume) * 100 : 0,
      contributionPoints: dollarTotalVolume > 0 ? (dollarShort / dollarTotalVolume) * 100 : 0,
    };
  });
  return {
    indexPercent: shortRatioPercent(dollarShortVolume, dollarTotalVolume),
    dollarShortVolume,
    dollarTotalVolume,
    contributions,
  };
}
