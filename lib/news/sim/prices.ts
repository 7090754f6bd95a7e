import type { DayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import type { MarketDataProvider } from "../../market/ports";
import { regularCloseMinute } from "../../market/sessions";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import { TRACKED } from "./world";

/**
 * The regular sessions the newsroom writes from, read through the market port's daily bars:
 * one bars call per instrument and run of consecutive sessions, kept once a session is over
 * (its figures never change). A session that is still trading only lends its open.
 */

export interface Session {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const MS_PER_DAY = 86_400_000;
const REGULAR_OPEN_MINUTE = 570;
/** Sessions kept per instrument before the oldest are dropped (about two years). */
const SESSIONS_KEPT = 520;

/** Whether the day's regular session is over at `nowMs` (its daily bar is final). */
export function sessionOver(day: DayNumber, nowMs: number): boolean {
  return nowMs >= nyInstant(day, regularCloseMinute(day)) + 60_000;
}

/** Whether the day's regular session has opened at `nowMs` (its open is known). */
export function sessionOpened(day: DayNumber, nowMs: number): boolean {
  return nowMs >= nyInstant(day, REGULAR_OPEN_MINUTE) + 60_000;
}

export class PriceBook {
  private readonly sessions = new Map<string, Map<DayNumber, Session>>();
  private readonly opens = new Map<string, Map<DayNumber, number>>();
  private readonly codes = new Map(TRACKED.map((t) => [t.symbol, t.code]));

  constructor(private readonly market: MarketDataProvider) {}

  /** Loads the sessions of the given trading days that are over at `nowMs`, for every instrument. */
  async loadSessions(days: Iterable<DayNumber>, nowMs: number): Promise<void> {
    const wanted = [...new Set(days)]
      .filter((day) => isTradingDay(day) && sessionOver(day, nowMs))
      .sort((a, b) => a - b);
    if (wanted.length === 0) return;
    await Promise.all(
      TRACKED.map(async ({ symbol, code }) => {
        const known = this.sessionsOf(symbol);
        const missing = wanted.filter((day) => !known.has(day));
        for (const [first, last] of runsOf(missing)) {
          await this.readSessions(symbol, code, first, last, nowMs);
        }
      }),
    );
  }

  /** Loads the opens of a trading day whose session has opened (every instrument). */
  async loadOpens(day: DayNumber, nowMs: number): Promise<void> {
    if (!isTradingDay(day) || !sessionOpened(day, nowMs)) return;
    await Promise.all(
      TRACKED.map(async ({ symbol, code }) => {
        if (this.open(symbol, day) !== undefined) return;
        const bars = await this.market.bars(code, {
          period: 5,
          from: nyInstant(day, 0),
          to: nyInstant(day + 1, 0),
          extended: false,
        });
        const bar = bars?.[0];
        if (bar) this.opensOf(symbol).set(day, bar.open);
      }),
    );
  }

  /** One instrument's close on one day, read on demand (an analyst's earlier target). */
  async closeOn(symbol: string, day: DayNumber, nowMs: number): Promise<number | undefined> {
    const known = this.session(symbol, day);
    if (known) return known.close;
    const code = this.codes.get(symbol);
    if (!code || !isTradingDay(day) || !sessionOver(day, nowMs)) return undefined;
    await this.readSessions(symbol, code, day, day, nowMs);
    return this.session(symbol, day)?.close;
  }

  session(symbol: string, day: DayNumber): Session | undefined {
    return this.sessions.get(symbol)?.get(day);
  }

  open(symbol: string, day: DayNumber): number | undefined {
    return this.session(symbol, day)?.open ?? this.opens.get(symbol)?.get(day);
  }

  close(symbol: string, day: DayNumber): number | undefined {
    return this.session(symbol, day)?.close;
  }

  /** The previous session's close (what a day's change is measured against). */
  previousClose(symbol: string, day: DayNumber): number | undefined {
    return this.close(symbol, previousTradingDay("equity", day));
  }

  /** Close-to-close change of the day (decimal); undefined without both sessions. */
  change(symbol: string, day: DayNumber): number | undefined {
    const close = this.close(symbol, day);
    const previous = this.previousClose(symbol, day);
    return close === undefined || previous === undefined ? undefined : close / previous - 1;
  }

  /** The open against the previous close (decimal); undefined before the open. */
  gap(symbol: string, day: DayNumber): number | undefined {
    const open = this.open(symbol, day);
    const previous = this.previousClose(symbol, day);
    return open === undefined || previous === undefined ? undefined : open / previous - 1;
  }

  /** Change from one session's close to a later one's (decimal). */
  changeBetween(symbol: string, fromDay: DayNumber, toDay: DayNumber): number | undefined {
    const from = this.close(symbol, fromDay);
    const to = this.close(symbol, toDay);
    return from === undefined || to === undefined ? undefined : to / from - 1;
  }

  private async readSessions(
    symbol: string,
    code: string,
    first: DayNumber,
    last: DayNumber,
    nowMs: number,
  ): Promise<void> {
    const bars = await this.market.bars(code, {
      period: 5,
      from: nyInstant(first, 0),
      to: nyInstant(last + 1, 0),
      extended: false,
    });
    const known = this.sessionsOf(symbol);
    for (const bar of bars ?? []) {
      // A daily bar starts at New York midnight, 04:00 or 05:00 UTC of the same date.
      const day = Math.floor(bar.timestamp / MS_PER_DAY);
      if (!sessionOver(day, nowMs)) continue;
      const { open, high, low, close, volume } = bar;
      known.set(day, { open, high, low, close, volume });
    }
    while (known.size > SESSIONS_KEPT) known.delete(known.keys().next().value as DayNumber);
  }

  private sessionsOf(symbol: string): Map<DayNumber, Session> {
    let known = this.sessions.get(symbol);
    if (!known) {
      known = new Map();
      this.sessions.set(symbol, known);
    }
    return known;
  }

  private opensOf(symbol: string): Map<DayNumber, number> {
    let opens = this.opens.get(symbol);
    if (!opens) {
      opens = new Map();
      this.opens.set(symbol, opens);
    }
    return opens;
  }
}

/** Runs of consecutive trading days in a sorted list, as [first, last] pairs. */
function runsOf(days: readonly DayNumber[]): [DayNumber, DayNumber][] {
  const runs: [DayNumber, DayNumber][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && nextTradingDay("equity", run[1]) === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}
