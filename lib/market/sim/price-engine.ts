import { type DayNumber, isoDate } from "../civil-date";
import { normal, quickNormal, seedOf, uniform } from "../random";
import { regularCloseMinute } from "../sessions";
import {
  instantOf,
  nextTradingDay,
  previousTradingDay,
  type SessionKind,
  tradesOn,
} from "../trading-days";
import type { Exposure } from "./exposures";
import {
  clearFactorCaches,
  type Factor,
  type FactorCalendar,
  factorNamed,
  jumpyNormal,
  regimeScale,
} from "./factors";
import { atmImpliedVol } from "./option-flow";
import { earningsMoveStandardDeviation } from "./options";

/**
 * The simulated market's price process. Minute bars are the ground truth; every other period
 * is aggregated from them. Deterministic: a bar depends only on the instrument and its time.
 *
 * Daily level (one draw set per trading day d, counted from an anchor day at which the price
 * is the instrument's reference price): the log return is a factor model, the instrument's
 * loadings on the common factors' shocks (market, sector, size, basket, crypto, commodities:
 * factors.ts, exposures.ts) plus its own regime-switching move (15-day regimes: calm, normal,
 * stressed) with rare jumps, plus an earnings move on the session that reacts to a report (sized
 * as the option surface prices it, leaning with the EPS surprise). The regular-session open gaps
 * from the prior close and after-hours drifts from the close, with the same factor mix.
 * Minute level: Brownian bridges in log price between those daily anchors (pre-market from the
 * previous after-hours end to the open, regular from open to close, after-hours from the close
 * to its end), so the minute path hits the daily figures exactly; the bridges' minute shocks
 * mix the factors' minute shocks (keyed by the epoch minute, so a market-wide drop at 10:15
 * shows in every stock at 10:15) with the instrument's own. Daily volume rises with the day's
 * absolute return, on earnings reactions and ex-dividend days; intraday it follows a U shape.
 */

export interface SimInstrument {
  symbol: string;
  /** Instruments with the same seed name share one random path (a futures root's contracts). */
  seedName?: string;
  /** Price on the anchor day. */
  anchorPrice: number;
  /** Annualised volatility, decimal: all of it the instrument's own when it has no exposure. */
  volatility: number;
  /** Factor loadings and own volatility (exposures.ts); they replace `volatility` when given. */
  exposure?: Exposure;
  averageVolume: number;
  kind: SessionKind;
  /** Scheduled events that move a stock's price and volume. */
  events?: InstrumentEvents;
}

export interface InstrumentEvents {
  /**
   * The EPS surprise (percent of the estimate) of the report the stock reacts to on `day` (the
   * report's day before the open, the next session after the close), undefined on other days.
   */
  earningsSurprisePercent(day: DayNumber): number | undefined;
  isExDividend(day: DayNumber): boolean;
}

/** 2026-01-02, the first trading day of 2026: prices there are the universe's reference levels. */
export const ANCHOR_DAY: DayNumber = 20_455;
const DRIFT_PER_YEAR = 0.06;
/** Share of days with a jump in an instrument's own moves, sized as in factors.ts. */
const OWN_JUMP_PROBABILITY = 0.01;
/** Daily volume: its lognormal noise, and how much a day's move and events add. */
const VOLUME_NOISE = 0.35;
const EARNINGS_VOLUME_FACTOR = 2;
const EX_DIVIDEND_VOLUME_FACTOR = 1.3;
/** E|Z| of a standard normal: the typical absolute return is this × the standard deviation. */
const MEAN_ABS_NORMAL = Math.sqrt(2 / Math.PI);
/** Minutes from the trading day's midnight: the overnight session opens at 20:00 the day before. */
const OVERNIGHT_OPEN = -240;
const PRE_MARKET_OPEN = 240;
const REGULAR_OPEN = 570;
const AFTER_HOURS_LENGTH = 240;
const MINUTES_PER_DAY = 1440;
/** A futures trade date's session, in minutes from its midnight: 18:00 the day before to 17:00. */
export const FUTURES_OPEN = -360;
export const FUTURES_CLOSE = 1020;

export interface MinuteBars {
  /** Minute of day (New York for equities and indices, UTC for crypto) of each bar's start. */
  minute: Int16Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Index of the first regular-session bar and one past the last. */
  regularStart: number;
  regularEnd: number;
}

export interface DailyFigures {
  day: DayNumber;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type DailyRange = Omit<DailyFigures, "volume">;

/** A factor loading resolved for one instrument. */
interface ResolvedLoading {
  factor: Factor;
  volatility: number;
}

/**
 * How a day's moves between the daily anchors (minutes, gaps, after-hours) split between the
 * factors and the instrument's own: weights with Σ w² = 1. Only the instrument's two largest
 * factors (for a stock: the market and its sector) are shared, and only with a weight of
 * MIN_SHARED_WEIGHT or more; the rest (a basket's slivers of minor sectors) fold into the own
 * part. Each shared factor costs a draw per minute, and a scan's first 52-week ranges walk
 * 15 million minutes. The daily returns use every loading.
 */
interface DayMix {
  /** Annualised volatility of the day's regimes. */
  volatility: number;
  ownWeight: number;
  /** The shared factors' streams and weights: the first `sharedCount` entries. */
  sharedCount: number;
  sharedSeeds: number[];
  sharedWeights: number[];
}

const MIN_SHARED_WEIGHT = 0.15;
const MAX_SHARED_FACTORS = 2;

class InstrumentPath {
  private readonly seed: number;
  private readonly yearFraction: number;
  private readonly calendar: FactorCalendar;
  private readonly loadings: ResolvedLoading[];
  /** The loadings' factor streams, for the minute shocks. */
  private readonly factorSeeds: number[];
  private readonly ownVolatility: number;
  /** Total annualised volatility in a normal regime (the volume model's yardstick). */
  private readonly baseVolatility: number;
  /**
   * The mix of the day last asked for, rewritten in place for another day (read it before the
   * next call): recomputing costs a few hashes, keeping one per day cost the heap more.
   */
  private readonly mix: DayMix = {
    volatility: 0,
    ownWeight: 1,
    sharedCount: 0,
    sharedSeeds: new Array(MAX_SHARED_FACTORS).fill(0),
    sharedWeights: new Array(MAX_SHARED_FACTORS).fill(0),
  };
  private mixDay = Number.NaN;
  /** Log close by trading day, filled outward from the anchor as needed. */
  private readonly logClose = new Map<DayNumber, number>();
  private earliest = ANCHOR_DAY;
  private latest = ANCHOR_DAY;
  /** Regular-session ranges by trading day (dailyRange). */
  readonly ranges = new Map<DayNumber, DailyRange>();

  constructor(readonly spec: SimInstrument) {
    this.seed = seedOf(`sim:${spec.seedName ?? spec.symbol}`);
    this.yearFraction = spec.kind === "crypto" ? 1 / 365 : 1 / 252;
    this.calendar = spec.kind === "crypto" ? "crypto" : "exchange";
    // Largest first: the day's mix shares the first MAX_SHARED_FACTORS minute by minute.
    this.loadings = (spec.exposure?.loadings ?? [])
      .map((loading) => ({ factor: factorNamed(loading.factor), volatility: loading.volatility }))
      .sort((a, b) => Math.abs(b.volatility) - Math.abs(a.volatility));
    this.factorSeeds = this.loadings.map((loading) => loading.factor.seed);
    this.ownVolatility = spec.exposure ? spec.exposure.ownVolatility : spec.volatility;
    this.baseVolatility = Math.sqrt(
      this.loadings.reduce((sum, l) => sum + l.volatility ** 2, this.ownVolatility ** 2),
    );
    const anchor = tradesOn(spec.kind, ANCHOR_DAY)
      ? ANCHOR_DAY
      : nextTradingDay(spec.kind, ANCHOR_DAY);
    this.earliest = anchor;
    this.latest = anchor;
    this.logClose.set(anchor, Math.log(spec.anchorPrice));
  }

  /** Whether a factor moves on the instrument's day (an exchange factor rests on crypto weekends). */
  private factorActive(loading: ResolvedLoading, day: DayNumber): boolean {
    return (
      loading.factor.calendar === this.calendar ||
      loading.factor.calendar === "crypto" ||
      tradesOn("equity", day)
    );
  }

  /** The day's regimes: its volatility and how its moves split between factors and own. */
  private dayMix(day: DayNumber): DayMix {
    const mix = this.mix;
    if (day === this.mixDay) return mix;
    const own = this.ownVolatility * regimeScale(this.seed, day);
    let variance = own * own;
    for (const loading of this.loadings) {
      if (!this.factorActive(loading, day)) continue;
      const part = loading.volatility * loading.factor.regime(day);
      variance += part * part;
    }
    const volatility = Math.sqrt(variance);
    const scale = volatility > 0 ? 1 / volatility : 0;
    let ownShare = own * own * scale * scale;
    mix.sharedCount = 0;
    // Loadings are sorted largest first, so the first ones are the ones to share.
    for (let j = 0; j < this.loadings.length; j++) {
      const loading = this.loadings[j] as ResolvedLoading;
      if (!this.factorActive(loading, day)) continue;
      const weight = loading.volatility * loading.factor.regime(day) * scale;
      if (mix.sharedCount < MAX_SHARED_FACTORS && Math.abs(weight) >= MIN_SHARED_WEIGHT) {
        mix.sharedSeeds[mix.sharedCount] = this.factorSeeds[j] as number;
        mix.sharedWeights[mix.sharedCount] = weight;
        mix.sharedCount++;
      } else {
        ownShare += weight * weight;
      }
    }
    mix.volatility = volatility;
    mix.ownWeight = volatility > 0 ? Math.sqrt(ownShare) : 1;
    this.mixDay = day;
    return mix;
  }

  /** Daily volatility of day d: its regimes' annualised volatility per trading day. */
  dailyVol(day: DayNumber): number {
    return this.dayMix(day).volatility * Math.sqrt(this.yearFraction);
  }

  /** Log return from the previous trading day's close to day d's close. */
  private logReturn(day: DayNumber): number {
    const vol = this.dailyVol(day);
    const drift = (DRIFT_PER_YEAR - (0.5 * (vol * vol)) / this.yearFraction) * this.yearFraction;
    const ownVol = this.ownVolatility * regimeScale(this.seed, day) * Math.sqrt(this.yearFraction);
    let value =
      drift +
      ownVol * jumpyNormal(this.seed, day, OWN_JUMP_PROBABILITY, false) +
      this.earningsMove(day);
    for (const loading of this.loadings)
      value += loading.volatility * this.factorMove(loading, day);
    return value;
  }

  /**
   * The factor's shocks over the instrument's day: its own day's when the calendars agree; for
   * an exchange-traded instrument on a crypto factor, every calendar day since the last session.
   */
  private factorMove(loading: ResolvedLoading, day: DayNumber): number {
    if (!this.factorActive(loading, day)) return 0;
    if (loading.factor.calendar === this.calendar || loading.factor.calendar === "exchange") {
      return loading.factor.shock(day);
    }
    let sum = 0;
    for (let d = previousTradingDay(this.spec.kind, day) + 1; d <= day; d++) {
      sum += loading.factor.shock(d);
    }
    return sum;
  }

  /**
   * The earnings reaction in log price: the event's standard deviation as the option surface
   * prices it the session before, its direction up with a probability that rises with the EPS
   * surprise (0.5 + 0.3 · tanh(surprise % / 2): about 78 % after a typical beat).
   */
  private earningsMove(day: DayNumber): number {
    const surprise = this.spec.events?.earningsSurprisePercent(day);
    if (surprise === undefined) return 0;
    const before = previousTradingDay(this.spec.kind, day);
    const regimeVol = this.dailyVol(before) / Math.sqrt(this.yearFraction);
    const size = earningsMoveStandardDeviation(atmImpliedVol(this.spec.symbol, regimeVol, before));
    const up = uniform(this.seed, day, 95) < 0.5 + 0.3 * Math.tanh(surprise / 2);
    return size * Math.abs(normal(this.seed, day, 48)) * (up ? 1 : -1);
  }

  /** A unit normal of the day with the day's factor mix (lane ≥ 1: gaps, after-hours drifts). */
  private mixedNormal(day: DayNumber, lane: number): number {
    const mix = this.dayMix(day);
    let value = mix.ownWeight * normal(this.seed, day, lane);
    for (let j = 0; j < mix.sharedCount; j++) {
      value += (mix.sharedWeights[j] as number) * normal(mix.sharedSeeds[j] as number, day, lane);
    }
    return value;
  }

  closeOf(day: DayNumber): number {
    const kind = this.spec.kind;
    while (day > this.latest) {
      const next = nextTradingDay(kind, this.latest);
      this.logClose.set(next, (this.logClose.get(this.latest) as number) + this.logReturn(next));
      this.latest = next;
    }
    while (day < this.earliest) {
      const previous = previousTradingDay(kind, this.earliest);
      this.logClose.set(
        previous,
        (this.logClose.get(this.earliest) as number) - this.logReturn(this.earliest),
      );
      this.earliest = previous;
    }
    const value = this.logClose.get(day);
    if (value === undefined)
      throw new Error(`${this.spec.symbol} does not trade on ${isoDate(day)}`);
    return Math.exp(value);
  }

  /** Regular-session open: the prior close plus an overnight gap (none for crypto). */
  openOf(day: DayNumber): number {
    const prior = this.closeOf(previousTradingDay(this.spec.kind, day));
    if (this.spec.kind === "crypto") return prior;
    return prior * Math.exp(0.3 * this.dailyVol(day) * this.mixedNormal(day, 1));
  }

  /** Price at the end of after-hours (20:00). */
  afterHoursEndOf(day: DayNumber): number {
    return this.closeOf(day) * Math.exp(0.15 * this.dailyVol(day) * this.mixedNormal(day, 2));
  }

  /**
   * The day's volume: the average with lognormal noise, × (0.6 + 0.4 × the day's absolute
   * return over a typical day's), × 2 on an earnings reaction, × 1.3 on an ex-dividend day.
   */
  dailyVolume(day: DayNumber): number {
    if (this.spec.kind === "index") return 0;
    const move = Math.abs(
      Math.log(this.closeOf(day) / this.closeOf(previousTradingDay(this.spec.kind, day))),
    );
    const typicalMove = this.baseVolatility * Math.sqrt(this.yearFraction) * MEAN_ABS_NORMAL;
    const moveFactor = 0.6 + 0.4 * (typicalMove > 0 ? move / typicalMove : 1);
    const events = this.spec.events;
    const eventFactor =
      (events?.earningsSurprisePercent(day) !== undefined ? EARNINGS_VOLUME_FACTOR : 1) *
      (events?.isExDividend(day) ? EX_DIVIDEND_VOLUME_FACTOR : 1);
    const noise = Math.exp(VOLUME_NOISE * normal(this.seed, day, 3) - VOLUME_NOISE ** 2 / 2);
    return Math.round(this.spec.averageVolume * noise * moveFactor * eventFactor);
  }

  /**
   * The day's minute bars: extended sessions included for equities unless `regularOnly`.
   * Each segment draws from its own minutes' streams, so the regular bars are the same either way.
   */
  minuteBars(day: DayNumber, regularOnly = false): MinuteBars {
    const segments = this.segmentsOf(day, regularOnly);
    const count = segments.reduce((n, s) => n + s.to - s.from, 0);
    const bars: MinuteBars = {
      minute: new Int16Array(count),
      open: new Float64Array(count),
      high: new Float64Array(count),
      low: new Float64Array(count),
      close: new Float64Array(count),
      volume: new Float64Array(count),
      regularStart: 0,
      regularEnd: count,
    };
    const dailyVolume = this.dailyVolume(day);
    let index = 0;
    for (const segment of segments) {
      if (segment.from === REGULAR_OPEN) bars.regularStart = index;
      index = this.fillSegment(bars, index, day, segment, dailyVolume);
      if (segment.from === REGULAR_OPEN) bars.regularEnd = index;
    }
    const halt = this.haltWindow(day);
    if (halt) freezeDuringHalt(bars, halt);
    return bars;
  }

  /** The day's bridge segments in time order; with `regularOnly`, one for every kind. */
  private segmentsOf(day: DayNumber, regularOnly: boolean): Segment[] {
    const kind = this.spec.kind;
    if (kind === "future") {
      // Trade date D runs from 18:00 the evening before to 17:00 (minutes -360 to 1020).
      return [
        {
          from: FUTURES_OPEN,
          to: FUTURES_CLOSE,
          start: this.openOf(day),
          end: this.closeOf(day),
          volShare: 1,
        },
      ];
    }
    if (kind === "crypto") {
      return [
        {
          from: 0,
          to: MINUTES_PER_DAY,
          start: this.openOf(day),
          end: this.closeOf(day),
          volShare: 1,
        },
      ];
    }
    const segments: Segment[] = [];
    const close = regularCloseMinute(day);
    if (kind === "equity" && !regularOnly) {
      // The overnight session (20:00 the evening before to 04:00) belongs to the next trading day.
      const afterHours = this.afterHoursEndOf(previousTradingDay(kind, day));
      const overnightEnd =
        afterHours * Math.exp(0.1 * this.dailyVol(day) * this.mixedNormal(day, 8));
      segments.push({
        from: OVERNIGHT_OPEN,
        to: PRE_MARKET_OPEN,
        start: afterHours,
        end: overnightEnd,
        volShare: 0.005,
      });
      segments.push({
        from: PRE_MARKET_OPEN,
        to: REGULAR_OPEN,
        start: overnightEnd,
        end: this.openOf(day),
        volShare: 0.03,
      });
    }
    segments.push({
      from: REGULAR_OPEN,
      to: close,
      start: this.openOf(day),
      end: this.closeOf(day),
      volShare: 0.93,
    });
    if (kind === "equity" && !regularOnly) {
      const end = this.afterHoursEndOf(day);
      segments.push({
        from: close,
        to: close + AFTER_HOURS_LENGTH,
        start: this.closeOf(day),
        end,
        volShare: 0.04,
      });
    }
    return segments;
  }

  /**
   * A trading halt (e.g. a volatility pause) on about 1 % of a stock's trading days: 5 to 15
   * minutes at a seeded time of the regular session. Indices, futures and crypto do not halt.
   */
  haltWindow(day: DayNumber): { from: number; to: number } | undefined {
    if (this.spec.kind !== "equity" || uniform(this.seed, day, 92) >= 0.01) return undefined;
    const from = REGULAR_OPEN + 30 + Math.floor(uniform(this.seed, day, 93) * 300);
    return { from, to: from + 5 + Math.floor(uniform(this.seed, day, 94) * 11) };
  }

  /**
   * The regular session's open, high, low and close: what aggregating minuteBars(day, true) gives,
   * to the bit, without building the bars (a quote's 52-week range needs a year of days, and a
   * scan quotes every stock). Only the log path is walked minute by minute. A bar's high is at
   * most its body's top times the largest possible wick factor, so only bars whose body comes
   * that close to the path's top can hold the day's high; of those, bars whose own wick cannot
   * beat the best high so far are skipped, and the rest are computed as fillSegment computes them.
   * Likewise the low. Undefined on a halt day (frozen bars, 1 %): aggregate the bars then.
   */
  sessionRange(day: DayNumber): DailyRange | undefined {
    if (this.haltWindow(day)) return undefined;
    const [segment] = this.segmentsOf(day, true) as [Segment];
    const n = segment.to - segment.from;
    const minuteVol = this.minuteVolOf(day, segment);
    const x = this.logPath(day, segment, minuteVol);
    let top = x[0] as number;
    let bottom = top;
    for (let i = 1; i <= n; i++) {
      const xi = x[i] as number;
      if (xi > top) top = xi;
      else if (xi < bottom) bottom = xi;
    }
    // In log price, a wick w adds log(1 + w + w²/2) ≤ w to the body's top and log(1 − w + w²/2)
    // ≥ −w to its bottom, and w ≤ WICK_PER_MINUTE_VOL · minuteVol · 3.46 (|quickNormal| ≤ 3.451).
    // The 1e-9 margins dwarf the rounding of exp and log, and of the first open and last close,
    // which are `start` and `end` rather than exp of the path.
    const maxWick = WICK_PER_MINUTE_VOL * minuteVol * 3.46;
    const highFrom = top - maxWick - 1e-9;
    const lowTo = bottom + maxWick + 1e-9;
    const firstKey = day * MINUTES_PER_DAY + segment.from;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let logHigh = high;
    let logLow = low;
    for (let i = 0; i < n; i++) {
      const xOpen = x[i] as number;
      const xClose = x[i + 1] as number;
      // Plain comparisons: Math.max and Math.min cost more here (NaN and −0 checks).
      if (xOpen < highFrom && xClose < highFrom && xOpen > lowTo && xClose > lowTo) continue;
      const bodyTop = xOpen > xClose ? xOpen : xClose;
      const bodyBottom = xOpen > xClose ? xClose : xOpen;
      const key = firstKey + i;
      const up = this.upWick(key, minuteVol);
      const down = this.downWick(key, minuteVol);
      const mayRaiseHigh = bodyTop + up + 1e-9 >= logHigh;
      const mayLowerLow = bodyBottom - down - 1e-9 <= logLow;
      if (!mayRaiseHigh && !mayLowerLow) continue;
      const open = i === 0 ? segment.start : Math.exp(xOpen);
      const close = i === n - 1 ? segment.end : Math.exp(xClose);
      if (mayRaiseHigh && barHigh(open, close, up) > high) {
        high = barHigh(open, close, up);
        logHigh = Math.log(high);
      }
      if (mayLowerLow && barLow(open, close, down) < low) {
        low = barLow(open, close, down);
        logLow = Math.log(low);
      }
    }
    return { day, open: segment.start, high, low, close: segment.end };
  }

  private minuteVolOf(day: DayNumber, segment: Segment): number {
    const quiet = segment.volShare < 0.5 ? 0.5 : 1;
    return (quiet * this.dailyVol(day)) / Math.sqrt(390);
  }

  /**
   * A Brownian bridge in log price from `start` to `end` over the segment's minutes: x[0] is
   * log(start), x[i + 1] minute i's log close (the bars pin the last close to `end` itself).
   * Written over the previous call's path: read it before the next.
   */
  private logPath(day: DayNumber, segment: Segment, minuteVol: number): Float64Array {
    const n = segment.to - segment.from;
    const bridgeScale = segmentShape(n).bridgeScale;
    const firstKey = day * MINUTES_PER_DAY + segment.from;
    const mix = this.dayMix(day);
    const ownWeight = mix.ownWeight;
    const weights = mix.sharedWeights;
    const seeds = mix.sharedSeeds;
    const factors = mix.sharedCount;
    const target = Math.log(segment.end);
    let x = Math.log(segment.start);
    logPathScratch[0] = x;
    if (factors === 0) {
      const ownVol = minuteVol * ownWeight;
      for (let i = 0; i < n; i++) {
        x +=
          (target - x) / (n - i) +
          ownVol * (bridgeScale[i] as number) * quickNormal(this.seed, firstKey + i, 4);
        logPathScratch[i + 1] = x;
      }
      return logPathScratch;
    }
    const firstEpochMinute = instantOf(this.spec.kind, day, segment.from) / 60_000;
    for (let i = 0; i < n; i++) {
      // The factors' shocks are keyed by the epoch minute: every instrument draws the same ones.
      let shock = ownWeight * quickNormal(this.seed, firstKey + i, 4);
      for (let j = 0; j < factors; j++) {
        shock += (weights[j] as number) * quickNormal(seeds[j] as number, firstEpochMinute + i, 4);
      }
      x += (target - x) / (n - i) + minuteVol * (bridgeScale[i] as number) * shock;
      logPathScratch[i + 1] = x;
    }
    return logPathScratch;
  }

  /** A minute's upper wick (a fraction of the price). */
  private upWick(key: number, minuteVol: number): number {
    return WICK_PER_MINUTE_VOL * minuteVol * Math.abs(quickNormal(this.seed, key, 5));
  }

  /** A minute's lower wick (a fraction of the price). */
  private downWick(key: number, minuteVol: number): number {
    return WICK_PER_MINUTE_VOL * minuteVol * Math.abs(quickNormal(this.seed, key, 6));
  }

  /** The segment's minute bars, written from `index` on; returns the index after them. */
  private fillSegment(
    bars: MinuteBars,
    index: number,
    day: DayNumber,
    segment: Segment,
    dailyVolume: number,
  ): number {
    const n = segment.to - segment.from;
    const shape = segmentShape(n);
    const minuteVol = this.minuteVolOf(day, segment);
    const firstKey = day * MINUTES_PER_DAY + segment.from;
    const weights = new Float64Array(n);
    let weightSum = 0;
    for (let i = 0; i < n; i++) {
      // A positive, right-skewed multiplier with mean 1.06 (a cheap stand-in for a lognormal).
      const z = quickNormal(this.seed, firstKey + i, 7);
      const noise = 1 + 0.3 * z + 0.06 * z * z;
      weights[i] = (shape.volumeSmile[i] as number) * noise;
      weightSum += weights[i] as number;
    }
    const x = this.logPath(day, segment, minuteVol);
    let open = segment.start;
    for (let i = 0; i < n; i++) {
      const key = firstKey + i;
      const close = i === n - 1 ? segment.end : Math.exp(x[i + 1] as number);
      bars.minute[index] = segment.from + i;
      bars.open[index] = open;
      bars.close[index] = close;
      bars.high[index] = barHigh(open, close, this.upWick(key, minuteVol));
      bars.low[index] = barLow(open, close, this.downWick(key, minuteVol));
      bars.volume[index] = Math.round(
        (dailyVolume * segment.volShare * (weights[i] as number)) / weightSum,
      );
      open = close;
      index++;
    }
    return index;
  }
}

/** A Brownian bridge of the day: minutes [from, to) of the day, from price `start` to `end`. */
interface Segment {
  from: number;
  to: number;
  start: number;
  end: number;
  /** The segment's share of the day's volume. */
  volShare: number;
}

/**
 * A bar's high: its body's top and an upper wick w, exp(w) to second order: the wick exponents
 * are below 1e-2, so this is exact to 1e-7.
 */
function barHigh(open: number, close: number, up: number): number {
  return Math.max(open, close) * (1 + up + 0.5 * up * up);
}

/** A bar's low: its body's bottom and a lower wick, exp(−w) to second order. */
function barLow(open: number, close: number, down: number): number {
  return Math.min(open, close) * (1 - down + 0.5 * down * down);
}

/** A minute's wick size per unit of minute volatility (before the |normal| draw). */
const WICK_PER_MINUTE_VOL = 0.6;
/** Room for the longest segment's log path (a crypto day), reused: one path at a time. */
const logPathScratch = new Float64Array(MINUTES_PER_DAY + 1);

const paths = new Map<string, InstrumentPath>();
const minuteCache = new Map<string, MinuteBars>();
const dailyCache = new Map<string, DailyFigures>();
/**
 * Entries kept per cache, oldest dropped first. A stock's day of minute bars retains about
 * 64 KB, so 2,000 stay near 130 MB of a 1,024 MB Lambda (20,000 would not fit); a day's
 * figures are about 150 bytes, so 100,000 (every stock's last two years) stay near 15 MB.
 */
export const MINUTE_CACHE_LIMIT = 2_000;
const DAILY_CACHE_LIMIT = 100_000;

function pathOf(spec: SimInstrument): InstrumentPath {
  let path = paths.get(spec.symbol);
  if (!path) {
    path = new InstrumentPath(spec);
    paths.set(spec.symbol, path);
  }
  return path;
}

function remember<T>(cache: Map<string, T>, limit: number, key: string, value: T): T {
  if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** The day's minute bars (cached). The day must be a trading day of the instrument. */
export function minuteBarsOf(spec: SimInstrument, day: DayNumber): MinuteBars {
  const key = `${spec.symbol}:${day}`;
  return (
    minuteCache.get(key) ??
    remember(minuteCache, MINUTE_CACHE_LIMIT, key, pathOf(spec).minuteBars(day))
  );
}

/** The regular session's aggregate of the day's minute bars (cached). */
export function dailyFigures(spec: SimInstrument, day: DayNumber): DailyFigures {
  const key = `${spec.symbol}:${day}`;
  const cached = dailyCache.get(key);
  if (cached) return cached;
  const bars = minuteCache.get(key) ?? pathOf(spec).minuteBars(day, true);
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  let volume = 0;
  for (let i = bars.regularStart; i < bars.regularEnd; i++) {
    high = Math.max(high, bars.high[i] as number);
    low = Math.min(low, bars.low[i] as number);
    volume += bars.volume[i] as number;
  }
  return remember(dailyCache, DAILY_CACHE_LIMIT, key, {
    day,
    open: bars.open[bars.regularStart] as number,
    high,
    low,
    close: bars.close[bars.regularEnd - 1] as number,
    volume,
  });
}

/**
 * The regular session's open, high, low and close: dailyFigures without the volume, for a
 * fraction of the cost (see sessionRange). Kept with the instrument's path, like its closes:
 * quotes ask for the trailing year's days, so that is what it holds.
 */
export function dailyRange(spec: SimInstrument, day: DayNumber): DailyRange {
  const path = pathOf(spec);
  let range = path.ranges.get(day);
  if (!range) {
    range = path.sessionRange(day) ?? dailyFigures(spec, day);
    path.ranges.set(day, range);
  }
  return range;
}

/**
 * The regular session's close of a trading day, without the day's intraday path: the same
 * number dailyFigures and dailyRange end on (the path is pinned to it), for a fraction of the
 * cost (a daily log return, memoised with the instrument's path).
 */
export function dailyClose(spec: SimInstrument, day: DayNumber): number {
  return pathOf(spec).closeOf(day);
}

/** The instrument's annualised volatility in force on a day (its regime's level). */
export function regimeVolatility(spec: SimInstrument, day: DayNumber): number {
  const yearFraction = spec.kind === "crypto" ? 1 / 365 : 1 / 252;
  return pathOf(spec).dailyVol(day) / Math.sqrt(yearFraction);
}

/** No trades while halted: flat bars at the last price and no volume; trading resumes after. */
function freezeDuringHalt(bars: MinuteBars, halt: { from: number; to: number }): void {
  let frozen: number | undefined;
  for (let i = 0; i < bars.minute.length; i++) {
    const minute = bars.minute[i] as number;
    if (minute < halt.from) continue;
    if (minute >= halt.to) {
      if (frozen !== undefined) {
        bars.open[i] = frozen;
        bars.high[i] = Math.max(bars.high[i] as number, frozen);
        bars.low[i] = Math.min(bars.low[i] as number, frozen);
      }
      return;
    }
    frozen ??= bars.open[i] as number;
    bars.open[i] = frozen;
    bars.high[i] = frozen;
    bars.low[i] = frozen;
    bars.close[i] = frozen;
    bars.volume[i] = 0;
  }
}

/** The day's halt window (minutes of the day, end exclusive), if the instrument halts that day. */
export function haltWindowOf(
  spec: SimInstrument,
  day: DayNumber,
): { from: number; to: number } | undefined {
  return pathOf(spec).haltWindow(day);
}

/** How many days of minute bars and of daily figures are cached (tests of the bounds). */
export function simCacheSizes(): { minuteDays: number; dailyFigures: number } {
  return { minuteDays: minuteCache.size, dailyFigures: dailyCache.size };
}

/** Forgets cached bars (tests of determinism). */
export function clearSimCaches(): void {
  paths.clear();
  minuteCache.clear();
  dailyCache.clear();
  clearFactorCaches();
}

/** Per segment length: the U-shaped intraday volume profile and the bridge's step scale. */
interface SegmentShape {
  volumeSmile: Float64Array;
  bridgeScale: Float64Array;
}

const shapes = new Map<number, SegmentShape>();

function segmentShape(n: number): SegmentShape {
  let shape = shapes.get(n);
  if (!shape) {
    const volumeSmile = new Float64Array(n);
    const bridgeScale = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // Heavy at both ends of the segment, as intraday volume is.
      volumeSmile[i] = 1 + 2.5 * (Math.exp(-i / 25) + Math.exp(-(n - 1 - i) / 25));
      bridgeScale[i] = Math.sqrt((n - i - 1) / (n - i));
    }
    shape = { volumeSmile, bridgeScale };
    shapes.set(n, shape);
  }
  return shape;
}
