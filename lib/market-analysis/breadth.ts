import { ema, sma } from "../quant";
import type { DailySeries } from "./tape";

/**
 * Market breadth over a set of stocks' daily series (tape.ts): for each session, how many rose,
 * fell or were unchanged against their previous close, with their volumes, and from those the
 * advance/decline line, TRIN and the McClellan oscillator and summation index. Pure.
 */

export const MCCLELLAN_FAST = 19;
export const MCCLELLAN_SLOW = 39;
export const NEW_HIGH_LOW_SESSIONS = 252;

export interface SessionBreadth {
  date: string;
  advancers: number;
  decliners: number;
  unchanged: number;
  upVolume: number;
  downVolume: number;
  unchangedVolume: number;
}

/** Each date's counts over the stocks that traded that date and the one before. */
export function sessionBreadth(series: readonly DailySeries[], dates: readonly string[]) {
  const rows = new Map<string, SessionBreadth>(
    dates.map((date) => [
      date,
      {
        date,
        advancers: 0,
        decliners: 0,
        unchanged: 0,
        upVolume: 0,
        downVolume: 0,
        unchangedVolume: 0,
      },
    ]),
  );
  for (const stock of series) {
    for (let i = 1; i < stock.dates.length; i++) {
      const row = rows.get(stock.dates[i] as string);
      if (!row) continue;
      const change = (stock.closes[i] as number) - (stock.closes[i - 1] as number);
      const volume = stock.volumes[i] as number;
      if (change > 0) {
        row.advancers++;
        row.upVolume += volume;
      } else if (change < 0) {
        row.decliners++;
        row.downVolume += volume;
      } else {
        row.unchanged++;
        row.unchangedVolume += volume;
      }
    }
  }
  return dates.map((date) => rows.get(date) as SessionBreadth);
}

/** (A/D) / (up volume / down volume); null when a term is zero. */
export function trin(row: SessionBreadth): number | null {
  if (row.decliners === 0 || row.downVolume === 0 || row.upVolume === 0) return null;
  return row.advancers / row.decliners / (row.upVolume / row.downVolume);
}

/**
 * Net advances per session with their running sum (the A/D line, from 0 at the first session),
 * the McClellan oscillator EMA19 − EMA39 of net advances (EMAs seeded with the simple mean, as
 * TA-Lib; null until the slow one has a value) and the summation index, the oscillator's
 * running sum from its first value.
 */
export function breadthLines(rows: readonly SessionBreadth[]) {
  const net = rows.map((row) => row.advancers - row.decliners);
  const fast = ema(net, MCCLELLAN_FAST);
  const slow = ema(net, MCCLELLAN_SLOW);
  let adLine = 0;
  let summation = 0;
  return rows.map((row, i) => {
    adLine += net[i] as number;
    const f = fast[i] ?? null;
    const s = slow[i] ?? null;
    const oscillator = f === null || s === null ? null : f - s;
    if (oscillator !== null) summation += oscillator;
    return {
      date: row.date,
      netAdvances: net[i] as number,
      adLine,
      mcclellanOscillator: oscillator,
      mcclellanSummation: oscillator === null ? null : summation,
    };
  });
}

/** New 52-week closing highs and lows at the last session, and the share above their SMAs. */
export function latestExtremes(series: readonly DailySeries[], lastDate: string) {
  let newHighs = 0;
  let newLows = 0;
  let above50 = 0;
  let with50 = 0;
  let above200 = 0;
  let with200 = 0;
  for (const stock of series) {
    const last = stock.closes.length - 1;
    if (stock.dates[last] !== lastDate) continue;
    const close = stock.closes[last] as number;
    const prior = stock.closes.slice(Math.max(0, last - NEW_HIGH_LOW_SESSIONS + 1), last);
    if (prior.length >= NEW_HIGH_LOW_SESSIONS - 1) {
      if (close > Math.max(...prior)) newHighs++;
      if (close < Math.min(...prior)) newLows++;
    }
    const sma50 = sma(stock.closes, 50)[last] ?? null;
    const sma200 = sma(stock.closes, 200)[last] ?? null;
    if (sma50 !== null) {
      with50++;
      if (close > sma50) above50++;
    }
    if (sma200 !== null) {
      with200++;
      if (close > sma200) above200++;
    }
  }
  return {
    newHighs,
    newLows,
    percentAbove50Day: with50 === 0 ? null : (above50 / with50) * 100,
    percentAbove200Day: with200 === 0 ? null : (above200 / with200) * 100,
  };
}
