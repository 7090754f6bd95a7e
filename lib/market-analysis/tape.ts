/**
 * One instrument's daily history as the market-wide analyses read it: regular-session closes
 * and volumes, oldest first, the last one the session in progress when `inProgress`.
 */
export interface DailySeries {
  symbol: string;
  code: string;
  name: string;
  sector: string | null;
  /** yyyy-MM-dd (New York), oldest first. */
  dates: readonly string[];
  closes: readonly number[];
  volumes: readonly number[];
  /** Whether the last entry is a session still trading (its close is the last price). */
  inProgress: boolean;
}

/** close[t] / close[t − sessions] − 1 at the last entry; null without that history. */
export function returnOver(series: DailySeries, sessions: number): number | null {
  const last = series.closes.length - 1;
  const now = series.closes[last];
  const then = series.closes[last - sessions];
  return now === undefined || then === undefined || then <= 0 ? null : now / then - 1;
}

/** The return since the last close of the previous calendar year; null without it. */
export function yearToDateReturn(series: DailySeries): number | null {
  const lastDate = series.dates.at(-1);
  const now = series.closes.at(-1);
  if (!lastDate || now === undefined) return null;
  const yearStart = `${lastDate.slice(0, 4)}-01-01`;
  let index = -1;
  for (let i = series.dates.length - 1; i >= 0; i--) {
    if ((series.dates[i] as string) < yearStart) {
      index = i;
      break;
    }
  }
  const base = series.closes[index];
  return base === undefined || base <= 0 ? null : now / base - 1;
}

/** Mean volume of the `sessions` sessions before the last; null without them. */
export function averageVolumeBefore(series: DailySeries, sessions: number): number | null {
  const before = series.volumes.slice(0, -1).slice(-sessions);
  if (before.length < sessions) return null;
  return before.reduce((sum, volume) => sum + volume, 0) / before.length;
}
