import { type DayNumber, dayNumber } from "../civil-date";
import { earningsDay } from "../company-data";
import { nyWallClock } from "../ny-time";
import type { OptionQuote } from "../ports";
import { STOCKS, type UniverseStock } from "../sim/universe";

/**
 * Nova's candidates and features: short-dated out-of-the-money options an option seller might
 * write, described the same way when training on the simulated market's history and when
 * ranking the live chain.
 */

export const FEATURE_NAMES = [
  "absDelta",
  "ivOverRealized",
  "daysToExpiration",
  "strikeAwayPercent",
  "annualizedYieldPercent",
  "rsi14",
  "earningsBeforeExpiry",
  "isPut",
] as const;

export interface Candidate {
  symbol: string;
  code: string;
  option: OptionQuote;
  daysToExpiration: number;
  spot: number;
  /** Mid price per share. */
  premium: number;
  /** Annualised, decimal, from the last 20 daily log returns. */
  realizedVol: number;
  rsi14: number;
  earningsBeforeExpiry: boolean;
}

/** The underlyings Nova ranks: the 25 most traded optionable stocks (ETFs have no earnings). */
export const NOVA_UNIVERSE: readonly UniverseStock[] = [...STOCKS]
  .filter((stock) => stock.optionable && stock.type === "Stock")
  .sort((a, b) => b.averageVolume - a.averageVolume || a.symbol.localeCompare(b.symbol))
  .slice(0, 25);

/** Options worth considering: out of the money, 5-50 delta, at least 5 cents of premium. */
export function isCandidateOption(option: OptionQuote, spot: number): boolean {
  const outOfTheMoney = option.right === "P" ? option.strike < spot : option.strike > spot;
  const absDelta = Math.abs(option.delta ?? 0);
  return (
    outOfTheMoney && absDelta >= 0.05 && absDelta <= 0.5 && (option.bid + option.ask) / 2 >= 0.05
  );
}

export function featureVector(candidate: Candidate): number[] {
  const { option, spot, premium, daysToExpiration } = candidate;
  const margin = option.right === "P" ? option.strike : spot;
  return [
    Math.abs(option.delta ?? 0),
    (option.impliedVolatility ?? 0) / Math.max(0.01, candidate.realizedVol),
    daysToExpiration,
    (Math.abs(option.strike - spot) / spot) * 100,
    (premium / margin) * (365 / Math.max(1, daysToExpiration)) * 100,
    candidate.rsi14,
    candidate.earningsBeforeExpiry ? 1 : 0,
    option.right === "P" ? 1 : 0,
  ];
}

/** Whether the stock reports earnings from today up to the expiry day. */
export function earningsBetween(
  stock: UniverseStock,
  fromDay: DayNumber,
  toDay: DayNumber,
): boolean {
  const year = new Date(fromDay * 86_400_000).getUTCFullYear();
  return [year, year + 1].some((y) =>
    (stock.earningsMonths ?? []).some((month) => {
      const day = earningsDay(stock.symbol, y, month);
      return day >= fromDay && day <= toDay;
    }),
  );
}

/** Annualised realised volatility of daily closes (last 20 returns). */
export function realizedVolatility(closes: readonly number[]): number {
  const recent = closes.slice(-21);
  const returns = recent.slice(1).map((close, i) => Math.log(close / (recent[i] as number)));
  if (returns.length < 2) return 0;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * 252);
}

export function nyDay(nowMs: number): DayNumber {
  return nyWallClock(nowMs).day;
}

export function daysBetween(fromDay: DayNumber, expiration: string): number {
  const [y, m, d] = expiration.split("-").map(Number) as [number, number, number];
  return dayNumber(y, m, d) - fromDay;
}
