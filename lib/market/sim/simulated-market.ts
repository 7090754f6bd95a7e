import { type DayNumber, isoDate } from "../civil-date";
import { earningsDay, exDividendDays } from "../company-data";
import { nyWallClock } from "../ny-time";
import type {
  Bar,
  BarsRequest,
  ChartPeriod,
  Instrument,
  MarketDataProvider,
  OptionActivityHistory,
  OptionExpirations,
  OptionQuote,
  OptionSessionActivity,
  OptionTape,
  Quote,
  QuoteSession,
  VolatilitySurface,
} from "../ports";
import { priceTick, roundToTick } from "../precision";
import { equitySessionAt } from "../quote-session";
import { normal, seedOf } from "../random";
import { DEFAULT_RISK_FREE_RATE_PERCENT } from "../rates";
import {
  calendarDaysHolding,
  instantOf,
  nextTradingDay,
  previousTradingDay,
  type SessionKind,
  tradesOn,
} from "../trading-days";
import { earningsReactions, earningsReports, reactionDay } from "./earnings";
import { coinExposure, equityExposure, futuresExposure, indexExposureOf } from "./exposures";
import { basisFactor, contractInstrument, listedContracts } from "./futures";
import { atmImpliedVol, type OptionTrade, tradeTape } from "./option-flow";
import {
  atmImpliedVol30,
  chainActivityAt,
  earningsMoveStandardDeviation,
  listedExpirations,
  type OptionActivityInputs,
  optionChainAt,
} from "./options";
import {
  ANCHOR_DAY,
  dailyClose,
  dailyFigures,
  dailyRange,
  haltWindowOf,
  type InstrumentEvents,
  minuteBarsOf,
  regimeVolatility,
  type SimInstrument,
} from "./price-engine";
import {
  cryptoBySymbol,
  indexBySymbol,
  stockBySymbol,
  type UniverseStock,
  universeInstruments,
  universeReferenceData,
} from "./universe";

/**
 * The simulated market as a MarketDataProvider, on a clock (pinned by SIM_NOW, or real time).
 * Quotes are the last minute bar at the clock; charts never show bars after it. It offers
 * every capability of the ports: reference figures come from the universe file, expirations
 * and the volatility surface from its option model.
 */
export interface SimulatedMarket extends MarketDataProvider {
  readonly optionExpirations: OptionExpirations;
  readonly volatilitySurface: VolatilitySurface;
  readonly optionActivity: OptionActivityHistory;
  /** Daily 30-day ATM implied volatility (decimal) of the last `days` trading days, oldest first. */
  atmIvHistory(
    code: string,
    days: number,
  ): Promise<{ date: string; impliedVolatility: number }[] | undefined>;
  /** Today's options trades up to now, from expirations within 60 days. */
  optionTrades(code: string): Promise<OptionTrade[] | undefined>;
  /** The same tape as the port's capability (flow reads it there). */
  readonly optionTape: OptionTape;
}

interface Listed {
  instrument: Instrument;
  spec: SimInstrument;
}

/** Everything listed on a day: the universe, plus each futures root's front and next contract. */
function listings(day: DayNumber): Map<string, Listed> {
  const byCode = new Map<string, Listed>();
  for (const instrument of universeInstruments()) {
    const spec = simSpecOf(instrument);
    if (spec) byCode.set(instrument.code, { instrument, spec });
  }
  for (const contract of listedContracts(day)) {
    const instrument = contractInstrument(contract);
    byCode.set(instrument.code, {
      instrument,
      spec: {
        symbol: contract.symbol,
        seedName: contract.root.root,
        anchorPrice: contract.root.price * basisFactor(contract, ANCHOR_DAY),
        volatility: contract.root.volatility,
        exposure: futuresExposure(contract.root),
        averageVolume: FUTURES_DAILY_VOLUME,
        kind: "future",
      },
    });
  }
  return byCode;
}

/** Contracts per trade date of a front month; the simulation does not model open interest. */
const FUTURES_DAILY_VOLUME = 250_000;

function simSpecOf(instrument: Instrument): SimInstrument | undefined {
  const kind: SessionKind =
    instrument.contractType === "Crypto"
      ? "crypto"
      : instrument.contractType === "Index"
        ? "index"
        : "equity";
  if (kind === "equity") {
    const stock = stockBySymbol(instrument.symbol);
    return stock && stockSpec(stock);
  }
  if (kind === "index") {
    const index = indexBySymbol(instrument.symbol);
    return (
      index && {
        symbol: index.symbol,
        anchorPrice: index.price,
        volatility: index.volatility,
        exposure: indexExposureOf(index.symbol),
        averageVolume: 0,
        kind,
      }
    );
  }
  const coin = cryptoBySymbol(instrument.symbol);
  return (
    coin && {
      symbol: coin.symbol,
      anchorPrice: coin.price,
      volatility: coin.volatility,
      exposure: coinExposure(coin),
      averageVolume: Math.round(coin.circulatingSupply * 0.002),
      kind,
    }
  );
}

/** A stock's price-engine spec (the simulated newsroom reads its halt windows with it). */
export function stockSpec(stock: UniverseStock): SimInstrument {
  return {
    symbol: stock.symbol,
    anchorPrice: stock.price,
    volatility: stock.volatility,
    exposure: equityExposure(stock),
    averageVolume: stock.averageVolume,
    kind: "equity",
    events: stockEvents(stock),
  };
}

/** A stock's earnings reactions and ex-dividend days, for the price engine. */
function stockEvents(stock: UniverseStock): InstrumentEvents {
  const exDividendByYear = new Map<number, Set<DayNumber>>();
  const dividend = stock.dividend;
  return {
    earningsSurprisePercent: earningsReactions(stock),
    isExDividend(day) {
      if (!dividend) return false;
      const year = new Date(day * 86_400_000).getUTCFullYear();
      let days = exDividendByYear.get(year);
      if (!days) {
        days = new Set(exDividendDays(dividend, year, year));
        exDividendByYear.set(year, days);
      }
      return days.has(day);
    },
  };
}

/** The trading day whose regular session is the latest to have opened at `nowMs`, and how far it got. */
interface SessionPosition {
  day: DayNumber;
  /** Minute of day (exchange time) now, or past the end when the day is over. */
  minute: number;
}

function positionAt(kind: SessionKind, nowMs: number): SessionPosition {
  if (kind === "future") return futuresPosition(nowMs);
  if (kind === "crypto") {
    const day = Math.floor(nowMs / 86_400_000);
    return { day, minute: Math.floor((nowMs - day * 86_400_000) / 60_000) };
  }
  const clock = nyWallClock(nowMs);
  const minute = clock.hour * 60 + clock.minute;
  // From 20:00 the overnight session of the next trading day is trading.
  if (kind === "equity" && minute >= 20 * 60 && tradesOn(kind, clock.day + 1)) {
    return { day: clock.day + 1, minute: minute - 24 * 60 };
  }
  if (tradesOn(kind, clock.day)) return { day: clock.day, minute };
  return { day: previousTradingDay(kind, clock.day), minute: 24 * 60 };
}

export function createSimulatedMarket(clock: { now(): Date }): SimulatedMarket {
  let listedDay: DayNumber | undefined;
  let listed = new Map<string, Listed>();
  /** The day's listings (futures roll), rebuilt when the market clock's date changes. */
  const byCodeToday = () => {
    const day = Math.floor(clock.now().getTime() / 86_400_000);
    if (day !== listedDay) {
      listed = listings(day);
      listedDay = day;
    }
    return listed;
  };

  /** Minute bars of a day with start ≤ now (all of them on past days). */
  function minuteBarsUntil(
    spec: SimInstrument,
    day: DayNumber,
    nowMs: number,
    extended: boolean,
  ): Bar[] {
    const bars = minuteBarsOf(spec, day);
    const out: Bar[] = [];
    const from = extended ? 0 : bars.regularStart;
    const to = extended ? bars.minute.length : bars.regularEnd;
    for (let i = from; i < to; i++) {
      const timestamp = instantOf(spec.kind, day, bars.minute[i] as number);
      if (timestamp > nowMs) break;
      out.push({
        timestamp,
        open: bars.open[i] as number,
        high: bars.high[i] as number,
        low: bars.low[i] as number,
        close: bars.close[i] as number,
        volume: bars.volume[i] as number,
      });
    }
    return out;
  }

  /** The regular session of `day` aggregated up to now (the whole session once it is over). */
  function dailyBarUntil(spec: SimInstrument, day: DayNumber, nowMs: number): Bar | undefined {
    if (dayOver(spec, day, nowMs)) {
      const f = dailyFigures(spec, day);
      return {
        timestamp: instantOf(spec.kind, day, 0),
        open: f.open,
        high: f.high,
        low: f.low,
        close: f.close,
        volume: f.volume,
      };
    }
    const minutes = minuteBarsUntil(spec, day, nowMs, false);
    const aggregate = aggregateBars(minutes);
    return aggregate && { ...aggregate, timestamp: instantOf(spec.kind, day, 0) };
  }

  function dailyBars(spec: SimInstrument, from: number, to: number, nowMs: number): Bar[] {
    const bars: Bar[] = [];
    for (const day of tradingDaysIn(spec.kind, from, Math.min(to, nowMs + 1))) {
      const bar = dailyBarUntil(spec, day, nowMs);
      if (bar) bars.push(bar);
    }
    return bars;
  }

  /**
   * The highest high and lowest low of the daily bars from `from` to now, as dailyBars gives
   * them; finished days come from dailyRange, which skips the volumes (a scan's first call
   * computes the 52-week range of every stock).
   */
  function rangeSince(
    spec: SimInstrument,
    from: number,
    nowMs: number,
  ): { high: number; low: number } {
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (const day of tradingDaysIn(spec.kind, from, nowMs + 1)) {
      const bar = dayOver(spec, day, nowMs)
        ? dailyRange(spec, day)
        : dailyBarUntil(spec, day, nowMs);
      if (!bar) continue;
      high = Math.max(high, bar.high);
      low = Math.min(low, bar.low);
    }
    return { high, low };
  }

  /** Daily 30-day ATM implied volatility of the last `days` sessions (the market and its surface). */
  async function atmIvHistory(code: string, days: number) {
    const listed = byCodeToday().get(code);
    if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
    let day = nyWallClock(clock.now().getTime()).day;
    if (!tradesOn(listed.spec.kind, day)) day = previousTradingDay(listed.spec.kind, day);
    const history: { date: string; impliedVolatility: number }[] = [];
    for (let n = 0; n < days; n++, day = previousTradingDay(listed.spec.kind, day)) {
      history.push({ date: isoDate(day), impliedVolatility: atmIv30Of(listed, day) });
    }
    return history.reverse();
  }

  const pricedChains = boundedMemo<OptionQuote[]>(PRICED_CHAINS_LIMIT);

  /**
   * The session option volume counts at `nowMs` (today's once its regular session has opened,
   * else the latest) and the underlying's relative volume in it so far.
   */
  function activityInputsAt(spec: SimInstrument, nowMs: number): OptionActivityInputs {
    const clockDay = nyWallClock(nowMs).day;
    const opened =
      tradesOn(spec.kind, clockDay) && instantOf(spec.kind, clockDay, REGULAR_OPEN_MINUTE) <= nowMs;
    const session = opened ? clockDay : previousTradingDay(spec.kind, clockDay);
    return {
      averageVolume: optionActivityOf(spec),
      exchangeTradedFund: stockBySymbol(spec.symbol)?.type === "ETF",
      session,
      relativeVolume: relativeVolumeOf(spec, session, nowMs),
    };
  }

  /**
   * The underlying's regular-session share volume of `day` up to `nowMs` over its average
   * daily volume. An index trades no shares: its proxy follows the price engine's volume rule
   * (0.6 + 0.4 × the day's absolute return over a typical day's), pro rata of the session elapsed.
   */
  function relativeVolumeOf(spec: SimInstrument, day: DayNumber, nowMs: number): number {
    const bar = dailyBarUntil(spec, day, nowMs);
    if (!bar) return 0;
    if (spec.kind !== "index") return bar.volume / Math.max(1, spec.averageVolume);
    const previousClose = dailyRange(spec, previousTradingDay(spec.kind, day)).close;
    const move = Math.abs(Math.log(bar.close / previousClose));
    const typicalMove = spec.volatility * Math.sqrt(1 / 252) * Math.sqrt(2 / Math.PI);
    const elapsed =
      (nowMs - instantOf(spec.kind, day, REGULAR_OPEN_MINUTE)) / (REGULAR_SESSION_MINUTES * 60_000);
    return (0.6 + 0.4 * (move / typicalMove)) * Math.min(1, Math.max(0, elapsed));
  }

  /**
   * A completed session's option volume and open interest: every expiration listed that day,
   * both sides, at the session's close (spot = the close), summed without pricing the contracts
   * (chainActivityAt). Cached per symbol and day, a bounded number of entries.
   */
  function sessionActivity(listed: Listed, day: DayNumber): OptionSessionActivity {
    const key = `${listed.instrument.symbol}:${day}`;
    return (
      sessionActivities.get(key) ??
      sessionActivities.remember(key, () => sessionActivityOf(listed, day))
    );
  }

  function sessionActivityOf(listed: Listed, day: DayNumber): OptionSessionActivity {
    const { spec } = listed;
    const surface = surfaceOf(listed, day);
    const spot = dailyRange(spec, day).close;
    const dayEnd = instantOf(spec.kind, day + 1, 0);
    const activity = activityInputsAt(spec, dayEnd);
    const side = (expiry: DayNumber, right: "C" | "P") =>
      chainActivityAt(surface, activity, spot, day, expiry, right, OPTIONS_RATE);
    const byExpiration = listedExpirations(day).map((expiry) => ({
      expiration: isoDate(expiry),
      calls: side(expiry, "C"),
      puts: side(expiry, "P"),
    }));
    const total = (pick: "calls" | "puts") => ({
      volume: byExpiration.reduce((sum, row) => sum + row[pick].volume, 0),
      openInterest: byExpiration.reduce((sum, row) => sum + row[pick].openInterest, 0),
    });
    return { date: isoDate(day), calls: total("calls"), puts: total("puts"), byExpiration };
  }

  return {
    name: "sim",
    async instruments() {
      return [...byCodeToday().values()].map((listed) => listed.instrument);
    },
    async instrument(code) {
      return byCodeToday().get(code)?.instrument;
    },

    reference: universeReferenceData.reference,

    async quote(code) {
      const listed = byCodeToday().get(code);
      if (!listed) return undefined;
      const { spec, instrument } = listed;
      const nowMs = clock.now().getTime();
      const position = positionAt(spec.kind, nowMs);
      let day = position.day;
      let minutes = minuteBarsUntil(spec, day, nowMs, spec.kind === "equity");
      if (minutes.length === 0) {
        day = previousTradingDay(spec.kind, day);
        minutes = minuteBarsUntil(spec, day, nowMs, spec.kind === "equity");
      }
      const last = minutes.at(-1) as Bar;
      const today = dailyBarUntil(spec, day, nowMs);
      const regularStarted = today !== undefined;
      const sessionDay = regularStarted ? day : previousTradingDay(spec.kind, day);
      const session = regularStarted
        ? (today as Bar)
        : (dailyBarUntil(spec, sessionDay, nowMs) as Bar);
      // The settlement before the quote's trading day, `day` (the latest one, `close`, during
      // its overnight session and pre-market): change is measured against it all day and evening.
      const previousClose = dailyRange(spec, previousTradingDay(spec.kind, day)).close;
      const year = rangeSince(spec, nowMs - 365 * 86_400_000, nowMs);
      const { bid, ask, mark } = bookAround(
        spec,
        instrument,
        last,
        spec.kind === "equity" && !isRegularMinute(spec, last),
      );
      return {
        symbol: instrument.symbol,
        lastPrice: last.close,
        bid,
        ask,
        markPrice: mark,
        open: session.open,
        close: session.close,
        previousClose,
        high: session.high,
        low: session.low,
        yearHigh: year.high,
        yearLow: year.low,
        volume: session.volume,
        marketSession: sessionOf(spec.kind, clock.now()),
        isHalted: isHaltedAt(spec, position, nowMs),
        lastUpdated: Math.min(nowMs, last.timestamp + 60_000),
      } satisfies Quote;
    },

    async bars(code, request: BarsRequest) {
      const listed = byCodeToday().get(code);
      if (!listed) return undefined;
      return barsOf(listed.spec, request, clock.now().getTime());
    },

    async optionChain(code, expiration, right) {
      const listed = byCodeToday().get(code);
      if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
      const nowMs = clock.now().getTime();
      const today = nyWallClock(nowMs).day;
      const expiry = listedExpirations(today).find((day) => isoDate(day) === expiration);
      if (expiry === undefined) return undefined;
      const quote = await this.quote(code);
      if (!quote) return undefined;
      const spot = quote.markPrice ?? quote.lastPrice;
      const activity = activityInputsAt(listed.spec, nowMs);
      // Every input of the chain is in the key: analytics read each expiration's sides per request.
      const key = [
        code,
        expiry,
        right,
        today,
        spot,
        activity.session,
        activity.relativeVolume,
      ].join("|");
      const chain =
        pricedChains.get(key) ??
        pricedChains.remember(key, () =>
          optionChainAt(
            surfaceOf(listed, today),
            activity,
            spot,
            today,
            expiry,
            right,
            OPTIONS_RATE,
          ),
        );
      return [...chain];
    },

    volatilitySurface: {
      /** The 30-day ATM implied volatility (decimal) of the surface the chains are priced off now. */
      async atmImpliedVolatility30(code: string) {
        const listed = byCodeToday().get(code);
        if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
        return atmIv30Of(listed, nyWallClock(clock.now().getTime()).day);
      },
      atmIvHistory,
    },

    earningsHistory: {
      /** The universe stock's reports (sim/earnings.ts), reported ones with their implied move. */
      async earningsReports(code: string, from: string, to: string) {
        const symbol = byCodeToday().get(code)?.instrument.symbol;
        const stock = symbol === undefined ? undefined : stockBySymbol(symbol);
        if (!stock?.earningsMonths) return undefined;
        const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
        const reports = earningsReports(stock, day(from), day(to), clock.now().getTime());
        return reports.map((report) => {
          if (report.epsActual === null) return report;
          const move = impliedEarningsMove(
            stock.symbol,
            reactionDay(day(report.date), report.hour),
          );
          return move === undefined ? report : { ...report, impliedMove: move };
        });
      },
    },

    atmIvHistory,

    optionActivity: {
      async history(code: string, sessions: number) {
        const listed = byCodeToday().get(code);
        if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
        const current = activityInputsAt(listed.spec, clock.now().getTime()).session;
        const days: DayNumber[] = [];
        for (let day = current; days.length < sessions; ) {
          day = previousTradingDay(listed.spec.kind, day);
          days.unshift(day);
        }
        return {
          currentSession: isoDate(current),
          sessions: days.map((day) => sessionActivity(listed, day)),
        };
      },
    },

    async optionTrades(code: string) {
      const listed = byCodeToday().get(code);
      if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
      const nowMs = clock.now().getTime();
      const today = nyWallClock(nowMs).day;
      const contracts = [];
      for (const expiry of listedExpirations(today).filter((day) => day - today <= 60)) {
        for (const right of ["C", "P"] as const) {
          contracts.push(...((await this.optionChain(code, isoDate(expiry), right)) ?? []));
        }
      }
      // The latest session's tape: today's once its regular session has opened, else the
      // previous session's (a weekend shows Friday's), priced off the chains at the clock.
      const { kind } = listed.spec;
      const opened = tradesOn(kind, today) && instantOf(kind, today, 570) <= nowMs;
      const session = opened ? today : previousTradingDay(kind, today);
      return tradeTape(listed.instrument.symbol, session, contracts).filter(
        (t) => t.timestamp <= nowMs,
      );
    },

    /** optionTrades above, as the port's capability (a getter: it calls the market's method). */
    get optionTape(): OptionTape {
      return { optionTrades: (code) => this.optionTrades(code) };
    },

    optionExpirations: {
      /** The listed expirations (yyyy-MM-dd) of an optionable instrument. */
      async expirations(code: string) {
        const listed = byCodeToday().get(code);
        if (!listed?.instrument.hasOptions || listed.spec.kind === "crypto") return undefined;
        return listedExpirations(nyWallClock(clock.now().getTime()).day).map(isoDate);
      },
    },

    /**
     * The last `days` regular-session closes, oldest first (for technicals): finished sessions'
     * closes without their intraday paths (dailyClose), today's so far from its minutes.
     */
    async dailyCloses(code, days) {
      const listed = byCodeToday().get(code);
      if (!listed) return undefined;
      const nowMs = clock.now().getTime();
      const { spec } = listed;
      const from = nowMs - calendarDaysHolding(days) * 86_400_000;
      const closes: number[] = [];
      for (const day of tradingDaysIn(spec.kind, from, nowMs + 1)) {
        const close = dayOver(spec, day, nowMs)
          ? dailyClose(spec, day)
          : dailyBarUntil(spec, day, nowMs)?.close;
        if (close !== undefined) closes.push(close);
      }
      return closes.slice(-days);
    },

    closeHistory: {
      async sessionCloses(code, from, to) {
        const listed = byCodeToday().get(code);
        if (!listed) return undefined;
        const nowMs = clock.now().getTime();
        const { spec } = listed;
        const days = tradingDaysIn(spec.kind, Date.parse(from), Date.parse(to) + 86_400_000);
        return days
          .filter((day) => dayOver(spec, day, nowMs))
          .map((day) => ({ date: isoDate(day), close: dailyClose(spec, day) }));
      },
      async sessionRange(code, date) {
        const listed = byCodeToday().get(code);
        if (!listed) return undefined;
        const day = Date.parse(date) / 86_400_000;
        const { spec } = listed;
        if (!tradesOn(spec.kind, day) || !dayOver(spec, day, clock.now().getTime()))
          return undefined;
        const { low, high, close } = dailyRange(spec, day);
        return { low, high, close };
      },
    },
  };

  function barsOf(spec: SimInstrument, request: BarsRequest, nowMs: number): Bar[] {
    const { period, from, to, extended } = request;
    if (period >= 5) {
      const daily = dailyBars(spec, from, to, nowMs);
      if (period === 5) return daily;
      return groupBars(daily, (bar) =>
        period === 6 ? weekStart(spec.kind, bar.timestamp) : monthStart(spec.kind, bar.timestamp),
      );
    }
    const size = BUCKET_MINUTES[period];
    const out: Bar[] = [];
    let day = Math.floor(from / 86_400_000) - 1;
    if (!tradesOn(spec.kind, day)) day = nextTradingDay(spec.kind, day);
    const end = Math.min(to, nowMs + 1);
    // A futures trade date, and an equity's overnight session, open the evening before midnight.
    const sessionStart =
      spec.kind === "future" ? -360 : spec.kind === "equity" && extended ? -240 : 0;
    while (instantOf(spec.kind, day, sessionStart) < end) {
      const minutes = minuteBarsUntil(spec, day, nowMs, extended && spec.kind === "equity").filter(
        (bar) => bar.timestamp >= from && bar.timestamp < to,
      );
      out.push(
        ...(size === 1
          ? minutes
          : groupBars(minutes, (bar) => bar.timestamp - (bar.timestamp % (size * 60_000)))),
      );
      day = nextTradingDay(spec.kind, day);
    }
    return out;
  }
}

const BUCKET_MINUTES: Record<ChartPeriod, number> = {
  1: 1,
  2: 5,
  3: 15,
  4: 60,
  5: 1440,
  6: 0,
  7: 0,
};

function nextCalendarDay(day: DayNumber): DayNumber {
  return day + 1;
}

/** Whether the day is over at `nowMs` (its regular session's figures are final). */
function dayOver(spec: SimInstrument, day: DayNumber, nowMs: number): boolean {
  return instantOf(spec.kind, nextCalendarDay(day), 0) <= nowMs;
}

/** The trading days whose midnight (exchange time) is in [from, end), epoch ms. */
function tradingDaysIn(kind: SessionKind, from: number, end: number): DayNumber[] {
  const days: DayNumber[] = [];
  let day = Math.floor(from / 86_400_000) - 1;
  if (!tradesOn(kind, day)) day = nextTradingDay(kind, day);
  while (instantOf(kind, day, 0) < end) {
    if (instantOf(kind, day, 0) >= from) days.push(day);
    day = nextTradingDay(kind, day);
  }
  return days;
}

function isRegularMinute(spec: SimInstrument, bar: Bar): boolean {
  const clock = nyWallClock(bar.timestamp);
  const minute = clock.hour * 60 + clock.minute;
  return spec.kind !== "equity" || (minute >= 570 && minute < 960);
}

/** Futures trade date D opens at 18:00 on the evening before and closes at 17:00. */
function futuresPosition(nowMs: number): SessionPosition {
  const clock = nyWallClock(nowMs);
  const minute = clock.hour * 60 + clock.minute;
  if (minute >= 18 * 60 && tradesOn("future", clock.day + 1)) {
    return { day: clock.day + 1, minute: minute - 1440 };
  }
  if (tradesOn("future", clock.day)) return { day: clock.day, minute };
  return { day: previousTradingDay("future", clock.day), minute: 24 * 60 };
}

function sessionOf(kind: SessionKind, now: Date): QuoteSession {
  if (kind === "crypto") return "Regular";
  if (kind === "future") {
    const { minute } = futuresPosition(now.getTime());
    return minute >= -360 && minute < 17 * 60 ? "Regular" : "Closed";
  }
  const session = equitySessionAt(now);
  return kind === "index" && session !== "Regular" ? "Closed" : session;
}

/**
 * A two-sided market around the last trade: wider for thin names and outside regular hours, at
 * least one tick wide, on the instrument's tick (a sub-cent coin quotes in fractions of a cent).
 */
function bookAround(
  spec: SimInstrument,
  instrument: Instrument,
  last: Bar,
  extendedHours: boolean,
) {
  if (spec.kind === "index") return { bid: last.close, ask: last.close, mark: undefined };
  const tick = priceTick(instrument, last.close);
  const liquidity = Math.log10(Math.max(10, spec.averageVolume));
  const spreadFraction = (Math.max(0.5, 9 - liquidity) / 10_000) * (extendedHours ? 4 : 1);
  const spread = Math.max(tick, last.close * spreadFraction);
  const seed = seedOf(`book:${spec.symbol}`);
  const key = Math.floor(last.timestamp / 60_000);
  const bid = roundToTick(
    last.close - spread * (0.5 + 0.3 * Math.tanh(normal(seed, key, 0))),
    tick,
  );
  const ask = roundToTick(Math.max(bid + tick, bid + spread), tick);
  const fair = (bid + ask) / 2 + spread * 0.4 * normal(seed, key, 1);
  return { bid, ask, mark: Math.min(ask, Math.max(bid, fair)) };
}

/** OHLCV of consecutive bars; undefined for none. */
export function aggregateBars(bars: readonly Bar[]): Bar | undefined {
  const first = bars[0];
  const last = bars.at(-1);
  if (!first || !last) return undefined;
  let high = first.high;
  let low = first.low;
  let volume = 0;
  for (const bar of bars) {
    if (bar.high > high) high = bar.high;
    if (bar.low < low) low = bar.low;
    volume += bar.volume;
  }
  return { timestamp: first.timestamp, open: first.open, high, low, close: last.close, volume };
}

/** Groups consecutive bars by a bucket key (its start time) and aggregates each group. */
export function groupBars(bars: readonly Bar[], bucketOf: (bar: Bar) => number): Bar[] {
  const out: Bar[] = [];
  let group: Bar[] = [];
  let key: number | undefined;
  for (const bar of bars) {
    const bucket = bucketOf(bar);
    if (key !== undefined && bucket !== key) {
      out.push({ ...(aggregateBars(group) as Bar), timestamp: key });
      group = [];
    }
    key = bucket;
    group.push(bar);
  }
  if (key !== undefined) out.push({ ...(aggregateBars(group) as Bar), timestamp: key });
  return out;
}

/** Midnight (exchange time) of the Monday of the bar's week. */
function weekStart(kind: SessionKind, timestamp: number): number {
  const day = dayOf(kind, timestamp);
  const weekday = (((day + 4) % 7) + 7) % 7;
  return instantOf(kind, day - ((weekday + 6) % 7), 0);
}

function monthStart(kind: SessionKind, timestamp: number): number {
  const day = dayOf(kind, timestamp);
  const date = new Date(day * 86_400_000);
  return instantOf(kind, Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000, 0);
}

function dayOf(kind: SessionKind, timestamp: number): DayNumber {
  return kind === "crypto" ? Math.floor(timestamp / 86_400_000) : nyWallClock(timestamp).day;
}

/**
 * The share volume an underlying's option open interest and volume scale with: its own, or for
 * an index (which trades no shares) a proxy as active as a large ETF's, since SPX, NDX and RUT
 * options are among the most traded.
 */
const INDEX_OPTION_ACTIVITY = 50_000_000;

function optionActivityOf(spec: SimInstrument): number {
  return spec.kind === "index" ? INDEX_OPTION_ACTIVITY : spec.averageVolume;
}

/** The regular session: 09:30 New York, 390 minutes. */
const REGULAR_OPEN_MINUTE = 570;
const REGULAR_SESSION_MINUTES = 390;

/** Chains kept priced per market: every side of every expiration of a few underlyings. */
const PRICED_CHAINS_LIMIT = 400;

/** A map that forgets its oldest entry past `limit` entries. */
function boundedMemo<T>(limit: number) {
  const entries = new Map<string, T>();
  return {
    get: (key: string) => entries.get(key),
    remember(key: string, compute: () => T): T {
      const value = compute();
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** Sessions of option activity kept (symbol × day; a few KB each): 50 underlyings × 60 sessions. */
const SESSION_ACTIVITY_CACHE_LIMIT = 3_000;
const sessionActivities = boundedMemo<OptionSessionActivity>(SESSION_ACTIVITY_CACHE_LIMIT);

/** Forgets the past sessions' option activity (cold benchmarks, tests of determinism). */
export function clearOptionActivityCache(): void {
  sessionActivities.clear();
}

/** The rate options are priced at (decimal). */
const OPTIONS_RATE = DEFAULT_RISK_FREE_RATE_PERCENT / 100;

/** Earnings days of the next two years (for the surface's event variance). */
function earningsDaysOf(symbol: string, today: DayNumber): DayNumber[] {
  const stock = stockBySymbol(symbol);
  if (!stock?.earningsMonths) return [];
  const year = new Date(today * 86_400_000).getUTCFullYear();
  return [year, year + 1, year + 2].flatMap((y) =>
    (stock.earningsMonths ?? []).map((month) => earningsDay(symbol, y, month)),
  );
}

/** The underlying's volatility surface on a day: its ATM level follows the price regime. */
function surfaceOf(listed: Listed, day: DayNumber) {
  const symbol = listed.instrument.symbol;
  return {
    symbol,
    volatility: atmImpliedVol(symbol, regimeVolatility(listed.spec, day), day),
    earningsDays: earningsDaysOf(symbol, day),
  };
}

/**
 * The earnings move the option surface prices for a session that reacts to a report, as an
 * expected absolute log return of that session (√(2/π) · √(event variance + a day's variance),
 * what a straddle over the session costs per unit of spot), read from the surface of the
 * session before. Undefined for a symbol that is not a stock of the universe.
 */
export function impliedEarningsMove(symbol: string, reactionDay: DayNumber): number | undefined {
  const stock = stockBySymbol(symbol);
  if (stock?.type !== "Stock") return undefined;
  const before = previousTradingDay("equity", reactionDay);
  const atm = atmImpliedVol(symbol, regimeVolatility(stockSpec(stock), before), before);
  const event = earningsMoveStandardDeviation(atm);
  const day = atm * Math.sqrt(1 / 252);
  return Math.sqrt(2 / Math.PI) * Math.sqrt(event * event + day * day);
}

/** The 30-day ATM implied volatility of the underlying's surface on a day (see atmImpliedVol30). */
function atmIv30Of(listed: Listed, day: DayNumber): number {
  return atmImpliedVol30(surfaceOf(listed, day), day, listedExpirations(day));
}

/** Whether the instrument is inside today's halt window at the clock. */
function isHaltedAt(spec: SimInstrument, position: SessionPosition, nowMs: number): boolean {
  const halt = haltWindowOf(spec, position.day);
  if (!halt || !tradesOn(spec.kind, position.day)) return false;
  const started = instantOf(spec.kind, position.day, halt.from);
  return started <= nowMs && nowMs < instantOf(spec.kind, position.day, halt.to);
}
