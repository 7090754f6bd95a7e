import type { Clock } from "../deps";
import { isoDate } from "../market/civil-date";
import { nyInstant, nyWallClock } from "../market/ny-time";
import type { Instrument, MarketDataProvider } from "../market/ports";
import { seedOf, uniform } from "../market/random";
import { dayOfIsoDate, isPublished, publishedSessionsBetween } from "./calendar";
import { keptDays } from "./kept-days";
import type { ShortVolumeDay, ShortVolumeRecord, ShortVolumeSource } from "./ports";

/**
 * Short-sale volume consistent with the simulated tape. For a stock or fund and a published
 * session, with V = the session's consolidated regular-hours volume as the market's daily bar
 * has it (period 5, the same number /market/stocks/{code}/chart serves):
 *
 * - totalVolume = round(V × offExchange): the part reported to FINRA's facilities, offExchange
 *   uniform in [35 %, 50 %) (FINRA's TRF volume is about that share of consolidated volume);
 * - shortVolume = round(totalVolume × short), short = uniform in [40 %, 55 %) plus a tilt
 *   towards heavily shorted names, 15 % × SI / (SI + 10) with SI = the universe's short
 *   interest, percent of float (1 % adds 1.4 points, 10 % adds 7.5, 40 % adds 12);
 * - shortExemptVolume = round(shortVolume × exempt), exempt uniform in [0, 1 %);
 * - facilities B, Q and N (every name trades on all three TRFs).
 *
 * The draws are pure functions of (symbol, date), so a record is the same whenever and
 * however it is read; sessions only, and none before its file would be out (18:00 New York).
 */

export const OFF_EXCHANGE_SHARE = { min: 0.35, max: 0.5 } as const;
export const BASE_SHORT_SHARE = { min: 0.4, max: 0.55 } as const;
/** The short share's tilt: at most 15 points, half of it at 10 % short interest. */
export const SHORT_INTEREST_TILT = { max: 0.15, halfAtPercent: 10 } as const;
export const SHORT_EXEMPT_MAX_SHARE = 0.01;

const FACILITIES = ["B", "Q", "N"];
/** Days of every symbol's records kept: a year and a half of sessions. */
const KEPT_DAYS = 400;

/** The shares a simulated record is drawn with (decimals of 1). */
export interface SimulatedShares {
  /** totalVolume / consolidated volume. */
  offExchange: number;
  /** shortVolume / totalVolume. */
  short: number;
  /** shortExemptVolume / shortVolume. */
  shortExempt: number;
}

const between = (range: { min: number; max: number }, u: number) =>
  range.min + (range.max - range.min) * u;

/** The shares of `symbol`'s record of `date`, given its short interest (percent of float). */
export function simulatedShares(
  symbol: string,
  date: string,
  shortInterestPercent: number,
): SimulatedShares {
  const seed = seedOf(`short-volume:${symbol}`);
  const day = dayOfIsoDate(date);
  const interest = Math.max(0, shortInterestPercent);
  const tilt =
    (SHORT_INTEREST_TILT.max * interest) / (interest + SHORT_INTEREST_TILT.halfAtPercent);
  return {
    offExchange: between(OFF_EXCHANGE_SHARE, uniform(seed, day, 0)),
    short: between(BASE_SHORT_SHARE, uniform(seed, day, 1)) + tilt,
    shortExempt: SHORT_EXEMPT_MAX_SHARE * uniform(seed, day, 2),
  };
}

/** The record of a session whose consolidated volume was `consolidatedVolume` shares. */
export function simulatedRecord(
  symbol: string,
  date: string,
  consolidatedVolume: number,
  shortInterestPercent: number,
): ShortVolumeRecord {
  const shares = simulatedShares(symbol, date, shortInterestPercent);
  const totalVolume = Math.round(consolidatedVolume * shares.offExchange);
  const shortVolume = Math.round(totalVolume * shares.short);
  return {
    date,
    symbol,
    shortVolume,
    shortExemptVolume: Math.round(shortVolume * shares.shortExempt),
    totalVolume,
    facilities: [...FACILITIES],
  };
}

const isEquity = (instrument: Instrument) =>
  instrument.contractType === "Stock" || instrument.contractType === "ETF";

/** Short volume drawn over `market`'s tape (the simulated market), at `clock`. */
export function createSimulatedShortVolume(
  market: MarketDataProvider,
  clock: Clock,
): ShortVolumeSource {
  const nowMs = () => clock.now().getTime();
  let equities: Promise<Map<string, Instrument>> | undefined;
  const shortInterest = new Map<string, Promise<number>>();
  const days = keptDays<ShortVolumeDay>(KEPT_DAYS);

  /** The world's stocks and funds by symbol (they never change: read once). */
  function equitiesBySymbol(): Promise<Map<string, Instrument>> {
    if (equities) return equities;
    const loading = market
      .instruments()
      .then(
        (all) => new Map(all.filter(isEquity).map((instrument) => [instrument.symbol, instrument])),
      );
    equities = loading;
    loading.catch(() => {
      if (equities === loading) equities = undefined;
    });
    return loading;
  }

  function shortInterestOf(instrument: Instrument): Promise<number> {
    let kept = shortInterest.get(instrument.symbol);
    if (!kept) {
      kept = market
        .reference(instrument)
        .then((reference) => (reference?.kind === "equity" ? reference.shortInterestPercent : 0));
      shortInterest.set(instrument.symbol, kept);
      kept.catch(() => shortInterest.delete(instrument.symbol));
    }
    return kept;
  }

  /** Consolidated regular-hours volume of each session dated `from` to `to`, by date. */
  async function sessionVolumes(code: string, from: string, to: string) {
    const bars = await market.bars(code, {
      period: 5,
      from: nyInstant(dayOfIsoDate(from), 0),
      to: nyInstant(dayOfIsoDate(to) + 1, 0),
      extended: false,
    });
    return new Map(
      (bars ?? []).map((bar) => [isoDate(nyWallClock(bar.timestamp).day), bar.volume]),
    );
  }

  async function recordsOf(instrument: Instrument, dates: readonly string[]) {
    const first = dates[0];
    const last = dates.at(-1);
    if (first === undefined || last === undefined) return [];
    const [volumes, interest] = await Promise.all([
      sessionVolumes(instrument.code, first, last),
      shortInterestOf(instrument),
    ]);
    return dates.flatMap((date) => {
      const volume = volumes.get(date);
      return volume === undefined
        ? []
        : [simulatedRecord(instrument.symbol, date, volume, interest)];
    });
  }

  async function dayOf(date: string): Promise<ShortVolumeDay> {
    const instruments = [...(await equitiesBySymbol()).values()];
    const records = await Promise.all(
      instruments.map((instrument) => recordsOf(instrument, [date])),
    );
    return new Map(records.flat().map((record) => [record.symbol, record]));
  }

  return {
    name: "sim",
    async dailyShortVolume(symbol, from, to) {
      const instrument = (await equitiesBySymbol()).get(symbol);
      if (!instrument) return undefined;
      return recordsOf(instrument, publishedSessionsBetween(from, to, nowMs()));
    },
    async day(date) {
      if (!isPublished(date, nowMs())) return undefined;
      return days(date, () => dayOf(date));
    },
  };
}
