import { ApiError } from "../api/errors";
import { instrumentOf, servedQuoteOf } from "../api/market-data";
import {
  AVERAGE_VOLUME_LOOKBACK_DAYS,
  atmIvPercent,
  averageDailyVolume,
  dailyBarsOf,
} from "../api/market-figures";
import type { Clock } from "../deps";
import { type MarketDataProvider, MarketDataUnavailable } from "../market/ports";
import type { Observation } from "./alert-evaluation";

/**
 * What the alert evaluator reads for a contract at the market's clock, computed by the code
 * that serves the same figures (so an alert fires on what a client sees): livePrice and
 * changePercent of the served quote (/quote), the 30-day ATM IV in percent and the 63-session
 * average daily volume as /market/stocks/{code}/extended shows them, and the quote's session
 * volume.
 *
 * Undefined for a code the market no longer knows (its alerts wait, nothing changes); a
 * source that cannot answer now throws `MarketDataUnavailable`.
 */
export async function observeContract(
  market: MarketDataProvider,
  marketClock: Clock,
  code: string,
): Promise<Observation | undefined> {
  const source = { market, marketClock };
  try {
    const instrument = await instrumentOf(source, code);
    const [quote, bars, ivPercent] = await Promise.all([
      servedQuoteOf(source, instrument),
      dailyBarsOf(source, instrument.code, AVERAGE_VOLUME_LOOKBACK_DAYS),
      atmIvPercent(source, instrument.code),
    ]);
    return {
      livePrice: quote.livePrice,
      changePercent: quote.changePercent,
      ivPercent,
      volume: quote.volume,
      averageDailyVolume: averageDailyVolume(bars, quote),
    };
  } catch (error) {
    return unlessUnknown(error, market.name);
  }
}

/**
 * The shared lookups answer as the API does; here an unknown code is no observation and an
 * outage is the provider's error again (the evaluator skips that code this minute).
 */
function unlessUnknown(error: unknown, provider: string): undefined {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === "SYMBOL_NOT_FOUND") return undefined;
  if (error.code === "MARKET_DATA_UNAVAILABLE") {
    throw error.cause instanceof MarketDataUnavailable
      ? error.cause
      : new MarketDataUnavailable(provider, error.message);
  }
  throw error;
}
