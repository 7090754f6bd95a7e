import { type DayNumber, dayNumber, isoDate, nthWeekday } from "../civil-date";
import { isTradingDay } from "../nyse-calendar";
import type { Instrument } from "../ports";
import { FUTURE_ROOTS, FUTURES_MONTH_CODES, type UniverseFuture } from "./universe";

/**
 * Dated futures contracts from the universe's roots: listed months, expiry dates by each root's
 * rule (business days approximated by NYSE trading days), and the front contract by the root's
 * roll convention. Each root lists its front and next contract, e.g. ESZ26_CME and ESH27_CME.
 */

export interface FutureContract {
  root: UniverseFuture;
  /** e.g. ESZ26. */
  symbol: string;
  /** Contract month and year. */
  month: number;
  year: number;
  expiry: DayNumber;
  /** The root's front month until this day (exclusive). */
  rollDay: DayNumber;
}

const FRIDAY = 5;
const WEDNESDAY = 3;

function businessDaysBefore(day: DayNumber, count: number): DayNumber {
  let d = day;
  for (let n = 0; n < count; ) {
    d--;
    if (isTradingDay(d)) n++;
  }
  return d;
}

function lastBusinessDay(year: number, month: number): DayNumber {
  let d = dayNumber(year, month + 1, 1) - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

/** Expiry (last trading day) of a root's contract for a month, by its rule. */
export function expiryOf(root: UniverseFuture, year: number, month: number): DayNumber {
  switch (root.expiryRule) {
    case "third-friday":
      return nthWeekday(year, month, FRIDAY, 3);
    case "fx-third-wednesday":
      return businessDaysBefore(nthWeekday(year, month, WEDNESDAY, 3), 2);
    case "cl": {
      const twentyFifth = dayNumber(year, month - 1, 25);
      return businessDaysBefore(twentyFifth, isTradingDay(twentyFifth) ? 3 : 4);
    }
    case "ng":
      return businessDaysBefore(dayNumber(year, month, 1), 3);
    case "third-last-business-day":
      return businessDaysBefore(lastBusinessDay(year, month) + 1, 3);
    case "business-day-7-before-last":
      return businessDaysBefore(lastBusinessDay(year, month), 7);
  }
}

/** The root's listed contracts whose roll day is after `day`, soonest first. */
export function contractsAfter(
  root: UniverseFuture,
  day: DayNumber,
  count: number,
): FutureContract[] {
  const start = new Date(day * 86_400_000);
  const contracts: FutureContract[] = [];
  for (let offset = 0; contracts.length < count && offset < 36; offset++) {
    const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + offset) / 12);
    const month = ((start.getUTCMonth() + offset) % 12) + 1;
    const letter = FUTURES_MONTH_CODES[month - 1] as string;
    if (!root.contractMonths.includes(letter)) continue;
    const expiry = expiryOf(root, year, month);
    const rollDay = expiry - root.rollDaysBeforeExpiry;
    if (rollDay <= day) continue;
    contracts.push({
      root,
      symbol: `${root.root}${letter}${String(year).slice(-2)}`,
      month,
      year,
      expiry,
      rollDay,
    });
  }
  return contracts;
}

/** Front and next contract of every root at `day`. */
export function listedContracts(day: DayNumber): FutureContract[] {
  return FUTURE_ROOTS.flatMap((root) => contractsAfter(root, day, 2));
}

export function contractInstrument(contract: FutureContract): Instrument {
  return {
    symbol: contract.symbol,
    code: `${contract.symbol}_${contract.root.exchange}`,
    name: `${contract.root.name} ${isoDate(contract.expiry).slice(0, 7)}`,
    exchange: contract.root.exchange,
    contractType: "Future",
    currency: "USD",
    hasOptions: false,
    tickSize: contract.root.tickSize,
  };
}

/** Annual cost of carry by sector: the calendar spread between a root's contracts. */
const CARRY_PER_YEAR: Record<UniverseFuture["sector"], number> = {
  "Equity Index": 0.025,
  Energy: 0.03,
  Metals: 0.04,
  Rates: -0.01,
  FX: 0.015,
};

/** The contract's level relative to the root's reference price: carry to expiry from the anchor. */
export function basisFactor(contract: FutureContract, anchorDay: DayNumber): number {
  return Math.exp(
    CARRY_PER_YEAR[contract.root.sector] * Math.max(0, (contract.expiry - anchorDay) / 365),
  );
}
