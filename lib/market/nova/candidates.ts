import { rsi } from "../../quant";
import type { DailyCloseHistory, OptionChains, OptionExpirations, QuotesAndBars } from "../ports";
import {
  type Candidate,
  daysBetween,
  earningsBetween,
  isCandidateOption,
  NOVA_UNIVERSE,
  nyDay,
  realizedVolatility,
} from "./features";

/** The core capabilities Nova reads besides the listed expirations: quotes, closes, chains. */
export type NovaMarket = QuotesAndBars & DailyCloseHistory & OptionChains;

/** Every candidate option of Nova's universe expiring within [minDte, maxDte] days of `nowMs`. */
export async function candidatesAt(
  market: NovaMarket,
  listings: OptionExpirations,
  nowMs: number,
  minDte: number,
  maxDte: number,
): Promise<Candidate[]> {
  const today = nyDay(nowMs);
  const perStock = await Promise.all(
    NOVA_UNIVERSE.map(async (stock) => {
      const code = `${stock.symbol}_${stock.exchange}`;
      const [quote, expirations, closes] = await Promise.all([
        market.quote(code),
        listings.expirations(code),
        market.dailyCloses(code, 40),
      ]);
      if (!quote || !expirations || !closes || closes.length < 21) return [];
      const spot = quote.markPrice ?? quote.lastPrice;
      const rsiSeries = rsi(closes, 14);
      const rsi14 = rsiSeries.at(-1) ?? 50;
      const realizedVol = realizedVolatility(closes);
      const found: Candidate[] = [];
      for (const expiration of expirations) {
        const daysToExpiration = daysBetween(today, expiration);
        if (daysToExpiration < minDte || daysToExpiration > maxDte) continue;
        const earningsBeforeExpiry = earningsBetween(stock, today, today + daysToExpiration);
        for (const right of ["P", "C"] as const) {
          for (const option of (await market.optionChain(code, expiration, right)) ?? []) {
            if (!isCandidateOption(option, spot)) continue;
            found.push({
              symbol: stock.symbol,
              code,
              option,
              daysToExpiration,
              spot,
              premium: (option.bid + option.ask) / 2,
              realizedVol,
              rsi14: rsi14 ?? 50,
              earningsBeforeExpiry,
            });
          }
        }
      }
      return found;
    }),
  );
  return perStock.flat();
}
