import { type DayNumber, isoDate } from "../market/civil-date";
import { nextEarnings } from "../market/company-data";
import { nyInstant, nyWallClock } from "../market/ny-time";
import type {
  EarningsReportRecord,
  EquityReference,
  Instrument,
  OptionQuote,
} from "../market/ports";
import { roundDecimals, roundPercent, roundPrice } from "../market/precision";
import { regularCloseMinute } from "../market/sessions";
import { nextTradingDay, previousTradingDay } from "../market/trading-days";
import { impliedVolatility, yearsFromDays } from "../quant";
import { apiError } from "./errors";
import { fromProvider } from "./market-data";
import {
  chainOf,
  daysTo,
  listedExpirations,
  noChainData,
  type OptionDataDeps,
  pricingInputsOf,
  todayOf,
} from "./option-data";

/**
 * The ATM straddle and the earnings analytics of an underlying's options: what
 * /options/{code}/expected-move, /earnings-straddle and /earnings-move-history serve, and what
 * /calendar/earnings/enhanced shows per report. One implementation, so the numbers are the same
 * by construction; outside the group folders so each function bundles only its own group. The
 * definitions are in the options routes' descriptions (options/routes/volatility.ts).
 */

/** Past quarters the earnings-move history covers at most. */
export const EARNINGS_HISTORY_QUARTERS = 12;

const DAY_MS = 86_400_000;

/** Option prices and USD moves: 4 decimals (a mid of cent quotes is exact). */
export const round4 = (value: number) => roundDecimals(value, 4);

/** 503 naming what the source lacks (the envelope logs the cause). */
function unavailable(what: string) {
  return apiError("MARKET_DATA_UNAVAILABLE", {
    lacking: what,
    cause: new Error(`the market-data source has no ${what}`),
  });
}

// ---------------------------------------------------------------------------------------------
// ATM straddle
// ---------------------------------------------------------------------------------------------

const midOf = (quote: OptionQuote) => (quote.bid + quote.ask) / 2;

/** The listed strike nearest `spot` with both a call and a put; the lower one on a tie. */
function atmPair(calls: readonly OptionQuote[], puts: readonly OptionQuote[], spot: number) {
  const putByStrike = new Map(puts.map((put) => [put.strike, put]));
  let best: { call: OptionQuote; put: OptionQuote } | undefined;
  for (const call of calls) {
    const put = putByStrike.get(call.strike);
    if (!put) continue;
    const distance = Math.abs(call.strike - spot);
    const bestDistance = best ? Math.abs(best.call.strike - spot) : Number.POSITIVE_INFINITY;
    if (
      distance < bestDistance ||
      (distance === bestDistance && best && call.strike < best.call.strike)
    ) {
      best = { call, put };
    }
  }
  return best;
}

/** The ATM contracts' IV (decimal): the mean of the source's, else the call mid's solved IV. */
function atmSigma(
  pair: { call: OptionQuote; put: OptionQuote },
  spot: number,
  years: number,
  rate: number,
): number | undefined {
  const given = [pair.call.impliedVolatility, pair.put.impliedVolatility].filter(
    (iv): iv is number => iv !== undefined,
  );
  if (given.length > 0) return given.reduce((sum, iv) => sum + iv, 0) / given.length;
  const solved = impliedVolatility(midOf(pair.call), spot, pair.call.strike, years, rate, true);
  return solved.ok ? solved.sigma : undefined;
}

/** The ATM straddle of one expiration at `spot`; 404 when no strike has both sides. */
export async function atmStraddle(
  deps: OptionDataDeps,
  code: string,
  expiration: string,
  spot: number,
) {
  const [calls, puts] = await Promise.all([
    chainOf(deps, code, expiration, "C"),
    chainOf(deps, code, expiration, "P"),
  ]);
  const pair = atmPair(calls, puts, spot);
  if (!pair) throw noChainData(code, `no strike of ${expiration} lists both a call and a put`);
  const days = Math.max(1, daysTo(deps, expiration));
  const sigma = atmSigma(pair, spot, yearsFromDays(days), deps.defaultRiskFreeRatePercent / 100);
  if (sigma === undefined) throw noChainData(code, `no implied volatility at ${expiration}`);
  const straddle = midOf(pair.call) + midOf(pair.put);
  return {
    days,
    sigma,
    fields: {
      atmStrike: pair.call.strike,
      callContract: pair.call.contract,
      putContract: pair.put.contract,
      callMid: round4(midOf(pair.call)),
      putMid: round4(midOf(pair.put)),
      straddlePrice: round4(straddle),
      straddleImpliedMove: round4(straddle),
      straddleImpliedMovePercent: roundPercent((straddle / spot) * 100),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Earnings
// ---------------------------------------------------------------------------------------------

const dayOfIso = (iso: string): DayNumber => Math.floor(Date.parse(iso) / DAY_MS);

/** The session that trades on a report: its own day (bmo) or the next session (amc). */
export function reactionDayOf(reportDay: DayNumber, hour: "bmo" | "amc"): DayNumber {
  return hour === "bmo" ? reportDay : nextTradingDay("equity", reportDay);
}

/** The equity reference figures of an instrument; 404 NO_DATA without an earnings schedule. */
async function earningsScheduleOf(deps: OptionDataDeps, instrument: Instrument) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  const equity: EquityReference | undefined = reference?.kind === "equity" ? reference : undefined;
  if (!equity?.earningsMonths || !equity.earningsHour) {
    throw apiError("NO_DATA", {
      what: "earnings",
      code: instrument.code,
      reason: "the contract reports no earnings",
    });
  }
  return { months: equity.earningsMonths, hour: equity.earningsHour };
}

/** What reading past reports needs: the market and its clock. */
type EarningsDeps = Pick<OptionDataDeps, "market" | "marketClock">;

/** Regular-session closes (rounded to the tick) by New York day, from `fromDay` to now. */
async function dailyClosesSince(deps: EarningsDeps, instrument: Instrument, fromDay: DayNumber) {
  const nowMs = deps.marketClock.now().getTime();
  const request = { period: 5 as const, from: fromDay * DAY_MS, to: nowMs + 1, extended: false };
  const bars = await fromProvider(() => deps.market.bars(instrument.code, request));
  if (!bars) throw unavailable("daily bars");
  return new Map(
    bars.map((bar) => [nyWallClock(bar.timestamp).day, roundPrice(bar.close, instrument)]),
  );
}

/** Whether the regular session of `day` has closed at `nowMs`. */
export function sessionClosed(day: DayNumber, nowMs: number): boolean {
  return nowMs >= nyInstant(day, regularCloseMinute(day));
}

/** (actual − estimate) / |estimate| × 100, unrounded; 0 for a zero estimate. */
export function surprisePercentOf(estimate: number, actual: number): number {
  return estimate === 0 ? 0 : ((actual - estimate) / Math.abs(estimate)) * 100;
}

/** One past quarter, or undefined when its reacting session has not closed or lacks bars. */
export function quarterOf(
  report: EarningsReportRecord,
  closes: ReadonlyMap<DayNumber, number>,
  nowMs: number,
) {
  if (report.epsActual === null) return undefined;
  const reportDay = dayOfIso(report.date);
  const reaction = reactionDayOf(reportDay, report.hour);
  if (!sessionClosed(reaction, nowMs)) return undefined;
  const beforeDay = report.hour === "bmo" ? previousTradingDay("equity", reportDay) : reportDay;
  const priceBefore = closes.get(beforeDay);
  const priceAfter = closes.get(reaction);
  if (priceBefore === undefined || priceAfter === undefined) return undefined;
  const move = ((priceAfter - priceBefore) / priceBefore) * 100;
  const surprise = surprisePercentOf(report.epsEstimate, report.epsActual);
  return {
    date: report.date,
    timing: report.hour,
    reactionDate: isoDate(reaction),
    epsEstimate: report.epsEstimate,
    epsActual: report.epsActual,
    beat: report.epsActual > report.epsEstimate,
    surprisePercent: roundPercent(surprise),
    priceBefore,
    priceAfter,
    movePercent: roundPercent(move),
    direction: move > 0 ? ("up" as const) : move < 0 ? ("down" as const) : ("flat" as const),
    impliedMovePercent:
      report.impliedMove === undefined ? null : roundPercent(report.impliedMove * 100),
  };
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Quarter statistics over the rounded per-quarter figures, as a client recomputes them. */
function earningsStatistics(
  quarters: readonly { movePercent: number; beat: boolean; impliedMovePercent: number | null }[],
) {
  const moves = quarters.map((quarter) => Math.abs(quarter.movePercent));
  const implied = quarters
    .map((quarter) => quarter.impliedMovePercent)
    .filter((value): value is number => value !== null);
  return {
    averageAbsoluteMovePercent: roundPercent(mean(moves)),
    medianAbsoluteMovePercent: roundPercent(median(moves)),
    averageImpliedMovePercent: implied.length === 0 ? null : roundPercent(mean(implied)),
    beatRate: roundPercent(
      (quarters.filter((quarter) => quarter.beat).length / quarters.length) * 100,
    ),
    quarterCount: quarters.length,
  };
}

/** Calendar days back that hold `quarters` quarters and the session before the oldest. */
export const earningsLookbackDays = (quarters: number) => Math.ceil((quarters + 1) * 91.5) + 10;

/**
 * The reports dated `fromDay` to `toDay` (oldest first; undefined: the instrument has none) and
 * the regular-session closes from `fromDay` to now. 503 when the source keeps no earnings
 * history or bars.
 */
export async function earningsReportsAndCloses(
  deps: EarningsDeps,
  instrument: Instrument,
  fromDay: DayNumber,
  toDay: DayNumber,
) {
  const source = deps.market.earningsHistory;
  if (!source) throw unavailable("earnings history");
  const [reports, closes] = await Promise.all([
    fromProvider(() => source.earningsReports(instrument.code, isoDate(fromDay), isoDate(toDay))),
    dailyClosesSince(deps, instrument, fromDay),
  ]);
  return { reports, closes };
}

/**
 * GET /options/{code}/earnings-straddle's answer: the ATM straddle of the first listed
 * expiration on or after the session trading on the next report. 404 NO_DATA without an
 * upcoming report, NO_CHAIN_DATA without an expiration after it.
 */
export async function earningsStraddleOf(deps: OptionDataDeps, instrument: Instrument) {
  const schedule = await earningsScheduleOf(deps, instrument);
  const nowMs = deps.marketClock.now().getTime();
  const earnings = nextEarnings(instrument.symbol, schedule.months, schedule.hour, nowMs);
  if (!earnings) {
    throw apiError("NO_DATA", {
      what: "earnings",
      code: instrument.code,
      reason: "no upcoming earnings report",
    });
  }
  const reaction = isoDate(reactionDayOf(dayOfIso(earnings.date), earnings.hour));
  const [inputs, expirations] = await Promise.all([
    pricingInputsOf(deps, instrument),
    listedExpirations(deps, instrument.code),
  ]);
  const expiration = expirations.find((listed) => listed >= reaction);
  if (!expiration) {
    throw noChainData(
      instrument.code,
      `no expiration is listed after earnings on ${earnings.date}`,
    );
  }
  const spot = inputs.underlyingLivePrice;
  const straddle = await atmStraddle(deps, instrument.code, expiration, spot);
  const { atmStrike, straddlePrice } = straddle.fields;
  return {
    ...inputs,
    symbol: instrument.symbol,
    earningsDate: earnings.date,
    earningsTiming: earnings.hour,
    reactionDate: reaction,
    expirationDate: expiration,
    daysToExpiration: straddle.days,
    atmImpliedVolatility: roundPercent(straddle.sigma * 100),
    ...straddle.fields,
    upperBreakEven: round4(atmStrike + straddlePrice),
    lowerBreakEven: round4(atmStrike - straddlePrice),
  };
}

/**
 * GET /options/{code}/earnings-move-history's answer: up to EARNINGS_HISTORY_QUARTERS past
 * reports, newest first, with the statistics. 404 NO_DATA without a past report; 503 when the
 * source keeps no earnings history or bars.
 */
export async function earningsMoveHistoryOf(deps: OptionDataDeps, instrument: Instrument) {
  await earningsScheduleOf(deps, instrument);
  const today = todayOf(deps);
  const fromDay = today - earningsLookbackDays(EARNINGS_HISTORY_QUARTERS);
  const { reports, closes } = await earningsReportsAndCloses(deps, instrument, fromDay, today);
  const nowMs = deps.marketClock.now().getTime();
  const quarters = (reports ?? [])
    .map((report) => quarterOf(report, closes, nowMs))
    .filter((quarter) => quarter !== undefined)
    .reverse()
    .slice(0, EARNINGS_HISTORY_QUARTERS);
  if (quarters.length === 0) {
    throw apiError("NO_DATA", {
      what: "earnings history",
      code: instrument.code,
      reason: "no past earnings report",
    });
  }
  return { symbol: instrument.symbol, quarters, ...earningsStatistics(quarters) };
}
