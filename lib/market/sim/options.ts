import { blackScholes, yearsFromDays } from "../../quant";
import { type DayNumber, isoDate, nthWeekday, weekday } from "../civil-date";
import { isTradingDay } from "../nyse-calendar";
import type { OptionQuote } from "../ports";
import { normal, seedOf } from "../random";

/**
 * Listed options of the simulated market: expirations (weeklies, monthlies, quarterlies, LEAPS),
 * strike grids by price level, and prices from one volatility surface per underlying (term
 * structure, skew and smile, extra variance before earnings) under Black-Scholes. Calls and puts
 * share each strike's volatility, so put-call parity holds exactly for the mid prices and
 * within the spread for bids and asks.
 */

const FRIDAY = 5;

/** Expiration days listed at `today`, ascending. A holiday Friday expires on the Thursday. */
export function listedExpirations(today: DayNumber): DayNumber[] {
  const days = new Set<DayNumber>();
  const fridayOnOrAfter = (day: DayNumber) => day + ((FRIDAY - weekday(day) + 7) % 7);
  let friday = fridayOnOrAfter(today);
  for (let i = 0; i < 6; i++, friday += 7) days.add(friday); // weeklies
  const start = new Date(today * 86_400_000);
  for (let m = 0; m < 12; m++) {
    const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + m) / 12);
    const month = ((start.getUTCMonth() + m) % 12) + 1;
    if (m < 6 || month % 3 === 0) days.add(nthWeekday(year, month, FRIDAY, 3)); // monthlies, quarterlies
  }
  for (let y = 1; y <= 2; y++) days.add(nthWeekday(start.getUTCFullYear() + y, 1, FRIDAY, 3)); // LEAPS
  return [...days]
    .map((day) => (isTradingDay(day) ? day : day - 1))
    .filter((day) => day >= today)
    .sort((a, b) => a - b);
}

/** Strike spacing by price level, as listed US equity options are. */
export function strikeStep(spot: number): number {
  if (spot < 25) return 0.5;
  if (spot < 100) return 1;
  if (spot < 250) return 2.5;
  if (spot < 1000) return 5;
  return 10;
}

/** Strikes around the spot: about ±(4 standard deviations, at least 10 %), at most 41 each side. */
export function strikesFor(spot: number, atmVol: number, years: number): number[] {
  const step = strikeStep(spot);
  const width = Math.max(0.1, 4 * atmVol * Math.sqrt(years));
  const lowest = Math.max(step, Math.ceil((spot * Math.exp(-width)) / step) * step);
  const highest = Math.floor((spot * Math.exp(width)) / step) * step;
  const center = Math.round(spot / step) * step;
  const strikes: number[] = [];
  for (
    let k = Math.max(lowest, center - 40 * step);
    k <= Math.min(highest, center + 40 * step);
    k += step
  ) {
    strikes.push(Math.round(k * 100) / 100);
  }
  return strikes;
}

export interface SurfaceInputs {
  symbol: string;
  /** The underlying's annualised volatility (the long-run ATM level). */
  volatility: number;
  /** Earnings days ahead, for the event variance. */
  earningsDays: DayNumber[];
}

/** Standard deviations of a normal day an earnings move is priced at. */
export const EARNINGS_MOVE_DAILY_SDS = 2.5;

/**
 * The standard deviation (log price) of one earnings move at a surface's ATM level: 2.5 daily
 * standard deviations. The price engine draws earnings reactions with this size, so realised
 * and implied earnings moves agree on average.
 */
export function earningsMoveStandardDeviation(atmVolatility: number): number {
  return EARNINGS_MOVE_DAILY_SDS * atmVolatility * Math.sqrt(1 / 252);
}

/**
 * Implied volatility (decimal) at log-moneyness ln(K/F) and `years`: a term structure that is
 * higher at the short end, event variance of one earnings move (2.5 daily standard deviations)
 * for expiries after an earnings day, and a skew with a mild smile in standardised moneyness.
 */
export function surfaceVol(
  surface: SurfaceInputs,
  today: DayNumber,
  expiry: DayNumber,
  logMoneyness: number,
) {
  const years = Math.max(1, expiry - today) / 365;
  const base = surface.volatility * (0.92 + 0.18 * Math.exp(-years / 0.15));
  const earningsMove = earningsMoveStandardDeviation(surface.volatility);
  const events = surface.earningsDays.filter((day) => day >= today && day <= expiry).length;
  const atm = Math.sqrt(base * base + (events * earningsMove * earningsMove) / years);
  const x = logMoneyness / (atm * Math.sqrt(years));
  return Math.max(0.05, atm * (1 - 0.08 * x + 0.02 * x * x));
}

/** Calendar days of the constant-maturity ATM implied volatility ("IV30"). */
export const ATM_IV_DAYS = 30;

/**
 * The surface's 30-day at-the-money implied volatility (decimal) on `today`: the at-the-forward
 * volatility of the listed expirations on either side of 30 calendar days, interpolated linearly
 * in total variance σ²·T (as VIX-style constant-maturity measures are); the nearest expiration's
 * when none lies on one side. Calendar time, as the chains are priced.
 */
export function atmImpliedVol30(
  surface: SurfaceInputs,
  today: DayNumber,
  expirations: readonly DayNumber[],
): number {
  const years = (expiry: DayNumber) => Math.max(1, expiry - today) / 365;
  const variance = (expiry: DayNumber) =>
    surfaceVol(surface, today, expiry, 0) ** 2 * years(expiry);
  const target = today + ATM_IV_DAYS;
  const below = expirations.filter((day) => day <= target).at(-1);
  const above = expirations.find((day) => day >= target);
  if (below === undefined || above === undefined || below === above) {
    return surfaceVol(surface, today, below ?? above ?? target, 0);
  }
  const targetYears = ATM_IV_DAYS / 365;
  const weight = (targetYears - years(below)) / (years(above) - years(below));
  const totalVariance = variance(below) + weight * (variance(above) - variance(below));
  return Math.sqrt(totalVariance / targetYears);
}

function occSymbol(
  underlying: string,
  expiry: DayNumber,
  right: "C" | "P",
  strike: number,
): string {
  const date = isoDate(expiry).replaceAll("-", "").slice(2);
  return `${underlying.replace(/[^A-Z]/g, "")}${date}${right}${String(Math.round(strike * 1000)).padStart(8, "0")}`;
}

const roundTick = (price: number) =>
  price < 3 ? Math.round(price * 100) / 100 : Math.round(price * 20) / 20;

/**
 * How active an underlying's options are on one session: the share volume their open interest
 * scales with, and the session (its day and the underlying's relative volume so far) their
 * traded volume belongs to.
 */
export interface OptionActivityInputs {
  /** Average daily share volume of the underlying (or its proxy for an index). */
  averageVolume: number;
  /** Whether the underlying is an exchange-traded fund (more open interest per share traded). */
  exchangeTradedFund: boolean;
  /** The session whose trading the contracts' volume counts (today's once it has opened). */
  session: DayNumber;
  /**
   * The underlying's regular-session volume of that session so far over its average daily
   * volume (about 0.8 on an ordinary full day: extended hours trade the rest); it rises with
   * the day's move, earnings and ex-dividend days, as the price engine makes share volume do.
   */
  relativeVolume: number;
}

/*
 * Calibration (approximate public figures, 2025, as the universe's; for simulation only): total
 * open interest over all expirations of about 0.1 contract per share of average daily volume
 * for a stock (AAPL ≈ 5 M contracts on ≈ 50 M shares a day, KO ≈ 1 M on 14 M; TSLA, ≈ 6 M on
 * 95 M, has fewer per share, which one figure cannot tell apart) and about twice that for an
 * ETF (SPY ≈ 17 M on 70 M, QQQ ≈ 11 M on 45 M), and a full day's option volume of 20-30 % of
 * open interest, most of it in the nearest expirations.
 */

/**
 * Open interest of one side (calls or puts) of one expiration, in contracts per share of the
 * underlying's average daily volume, before the per-contract noise (mean 0.92): with 13 or so
 * expirations listed, 26 sides × 0.0042 × 0.92 ≈ 0.1 contract per share in all.
 */
const OPEN_INTEREST_PER_SIDE_PER_SHARE = 0.0042;
/** An ETF's open interest per share traded over a stock's (dimensionless). */
const ETF_OPEN_INTEREST_MULTIPLE = 2;
/**
 * Contracts traded per open contract in a session of relative volume 1 by an expiration 30
 * calendar days out, before the per-contract noise (|normal|, mean 0.8). It scales with
 * 1/√(calendar days to expiry), so the nearest expiration trades about 30 % of the volume; over
 * the listed expirations (mean of √(30/days) ≈ 1) a full day trades about 0.35 × 0.8 × the
 * relative volume (≈ 0.8-1) ≈ 25 % of open interest.
 */
const TURNOVER_AT_30_DAYS = 0.35;
/** Calendar days of the expiration TURNOVER_AT_30_DAYS applies to. */
const TURNOVER_REFERENCE_DAYS = 30;
/** Day-to-day noise of an underlying's option activity beyond its share volume (log sd). */
const OPTION_DAY_NOISE = 0.25;
/** Day-to-day tilt between calls and puts (log sd per side). */
const SIDE_DAY_NOISE = 0.15;

/**
 * The multiple of open interest a session trades on one side, before each contract's own draw
 * and the expiration's term factor: turnover × the underlying's relative volume × a day factor
 * of the underlying's options and one of the side (both lognormal with mean 1), so option
 * volume follows share volume.
 */
function sessionTurnover(symbol: string, activity: OptionActivityInputs, right: "C" | "P") {
  const seed = seedOf(`option-volume:${symbol}`);
  const lognormal = (sd: number, lane: number) =>
    Math.exp(sd * normal(seed, activity.session, lane) - (sd * sd) / 2);
  return (
    TURNOVER_AT_30_DAYS *
    activity.relativeVolume *
    lognormal(OPTION_DAY_NOISE, 0) *
    lognormal(SIDE_DAY_NOISE, right === "C" ? 1 : 2)
  );
}

/** The draws and scales one side of one expiration's chain shares (see chainDraws). */
interface ChainDraws {
  /** Open contracts of an at-the-money contract before its own noise factor (mean 0.92). */
  openInterestScale: number;
  interestSeed: number;
  sessionSeed: number;
  /** Contracts traded per open contract this session, before the contract's own draw. */
  turnover: number;
}

/**
 * The chain's shared draws and scales. The side's open interest spreads over its strikes by a
 * normal density in standard deviations from the money, each strike taking its share of the
 * spacing (`strikeSpacingSds`), so a side holds the same open interest however fine its strike
 * grid (a short expiry's few strikes each hold more than a LEAPS's many).
 */
function chainDraws(
  symbol: string,
  activity: OptionActivityInputs,
  right: "C" | "P",
  daysToExpiry: number,
  strikeSpacingSds: number,
): ChainDraws {
  const sideOpenInterest =
    activity.averageVolume *
    OPEN_INTEREST_PER_SIDE_PER_SHARE *
    (activity.exchangeTradedFund ? ETF_OPEN_INTEREST_MULTIPLE : 1);
  const term = Math.sqrt(TURNOVER_REFERENCE_DAYS / Math.max(1, daysToExpiry));
  return {
    openInterestScale: (sideOpenInterest * strikeSpacingSds) / Math.sqrt(2 * Math.PI),
    interestSeed: seedOf(`options:${symbol}`),
    sessionSeed: seedOf(`option-volume:${symbol}:${activity.session}`),
    turnover: sessionTurnover(symbol, activity, right) * term,
  };
}

/** The distance between neighbouring strikes in standard deviations of log price to expiry. */
const strikeSpacingSds = (spot: number, atm: number, years: number) =>
  Math.log1p(strikeStep(spot) / spot) / (atm * Math.sqrt(years));

/**
 * A contract's open interest (by its distance from the money `away`, in standard deviations)
 * and its session's volume: open interest × the side's turnover × |a normal draw| of the
 * contract and session. key: the contract's stream index.
 */
function contractActivity(draws: ChainDraws, away: number, key: number) {
  const interest =
    Math.exp(-0.5 * away * away) * (0.6 + 0.4 * Math.abs(normal(draws.interestSeed, key, 0)));
  const openInterest = Math.round(draws.openInterestScale * interest);
  const volume = Math.round(
    openInterest * draws.turnover * Math.abs(normal(draws.sessionSeed, key, 0)),
  );
  return { openInterest, volume };
}

/** The stream index of a contract: its expiry, strike index and side. */
const contractKey = (expiry: DayNumber, strikeIndex: number, right: "C" | "P") =>
  expiry * 1000 + strikeIndex * 2 + (right === "C" ? 0 : 1);

/**
 * Volume and open interest of one side of one expiry's chain, summed: what optionChainAt's
 * contracts add up to, without pricing them.
 */
export function chainActivityAt(
  surface: SurfaceInputs,
  activity: OptionActivityInputs,
  spot: number,
  today: DayNumber,
  expiry: DayNumber,
  right: "C" | "P",
  rate: number,
): { volume: number; openInterest: number } {
  const days = Math.max(1, expiry - today);
  const years = yearsFromDays(days);
  const forward = spot * Math.exp(rate * years);
  const atm = surfaceVol(surface, today, expiry, 0);
  const spacing = strikeSpacingSds(spot, atm, years);
  const draws = chainDraws(surface.symbol, activity, right, days, spacing);
  let volume = 0;
  let openInterest = 0;
  strikesFor(spot, atm, years).forEach((strike, i) => {
    const away = Math.abs(Math.log(strike / forward)) / (atm * Math.sqrt(years));
    const contract = contractActivity(draws, away, contractKey(expiry, i, right));
    volume += contract.volume;
    openInterest += contract.openInterest;
  });
  return { volume, openInterest };
}

/** One side of one expiry's chain at spot `spot` on `today` (rate decimal). */
export function optionChainAt(
  surface: SurfaceInputs,
  activity: OptionActivityInputs,
  spot: number,
  today: DayNumber,
  expiry: DayNumber,
  right: "C" | "P",
  rate: number,
): OptionQuote[] {
  const days = Math.max(1, expiry - today);
  const years = yearsFromDays(days);
  const forward = spot * Math.exp(rate * years);
  const atm = surfaceVol(surface, today, expiry, 0);
  const seed = seedOf(`options:${surface.symbol}`);
  const spacing = strikeSpacingSds(spot, atm, years);
  const draws = chainDraws(surface.symbol, activity, right, days, spacing);
  return strikesFor(spot, atm, years).map((strike, i) => {
    const logMoneyness = Math.log(strike / forward);
    const sigma = surfaceVol(surface, today, expiry, logMoneyness);
    const greeks = blackScholes(spot, strike, years, sigma, rate, right === "C");
    const mid = greeks.price;
    const away = Math.abs(logMoneyness) / (atm * Math.sqrt(years));
    // Spreads widen away from the money and for cheap options.
    const halfSpread = Math.max(
      0.01,
      mid * (0.01 + 0.02 * Math.min(away, 4)),
      0.005 + 0.002 * spot * 0.01,
    );
    const bid = Math.max(0, roundTick(mid - halfSpread));
    const ask = Math.max(bid + 0.01, roundTick(mid + halfSpread));
    const key = contractKey(expiry, i, right);
    const { openInterest, volume } = contractActivity(draws, away, key);
    return {
      contract: occSymbol(surface.symbol, expiry, right, strike),
      underlying: surface.symbol,
      expiration: isoDate(expiry),
      strike,
      right,
      bid,
      ask,
      last: roundTick(Math.min(ask, Math.max(bid, mid + halfSpread * 0.5 * normal(seed, key, 1)))),
      volume,
      openInterest,
      impliedVolatility: sigma,
      delta: greeks.delta,
    };
  });
}
