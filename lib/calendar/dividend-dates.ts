import { type DayNumber, dayNumber } from "../market/civil-date";
import { isTradingDay } from "../market/nyse-calendar";
import { seedOf } from "../market/random";
import { nextTradingDay, previousTradingDay } from "../market/trading-days";

/**
 * The dates around an ex-dividend date, by the settlement rules and a company's habits:
 * - record date: US equities settle T+1 since 2024-05-28 (SEC Rule 15c6-1 as amended), so the
 *   ex-date IS the record date; before, under T+2, the ex-date was one business day before it.
 * - pay date: 14 to 28 calendar days after the record date (each company keeps one lag, from a
 *   hash of its symbol), on a trading day (the next one when it falls on a weekend or holiday).
 * - declaration date: 21 to 35 calendar days before the ex-date (a hash of the symbol again),
 *   on a trading day (the one before when it falls on a weekend or holiday).
 */

export const T1_SETTLEMENT_SINCE: DayNumber = dayNumber(2024, 5, 28);

export function recordDay(exDay: DayNumber): DayNumber {
  return exDay >= T1_SETTLEMENT_SINCE ? exDay : nextTradingDay("equity", exDay);
}

const onOrAfterTrading = (day: DayNumber) =>
  isTradingDay(day) ? day : nextTradingDay("equity", day);
const onOrBeforeTrading = (day: DayNumber) =>
  isTradingDay(day) ? day : previousTradingDay("equity", day);

export function payDay(symbol: string, exDay: DayNumber): DayNumber {
  const lag = 14 + (seedOf(`dividend-pay:${symbol}`) % 15);
  return onOrAfterTrading(recordDay(exDay) + lag);
}

export function declarationDay(symbol: string, exDay: DayNumber): DayNumber {
  const lead = 21 + (seedOf(`dividend-declared:${symbol}`) % 15);
  return onOrBeforeTrading(exDay - lead);
}
