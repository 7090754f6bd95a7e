import { ApiError } from "../api/errors";
import type { Deps } from "../deps";
import { type Instrument, MarketDataUnavailable, type Quote } from "../market/ports";

/** Helpers every market-data handler shares: provider errors, lookups, live figures. */

export function symbolNotFound(code: string): ApiError {
  return new ApiError(
    404,
    "SYMBOL_NOT_FOUND",
    `No contract with code ${code}.`,
    "See GET /v1/market/exchanges/{symbol}.",
  );
}

/** Vendor outages answer 503 with the subsystem named, never 500 and never invented data. */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MarketDataUnavailable) {
      const message = "Market data is temporarily unavailable.";
      throw new ApiError(
        503,
        "MARKET_DATA_UNAVAILABLE",
        message,
        null,
        { "retry-after": "5" },
        error,
      );
    }
    throw error;
  }
}

export async function instrumentOf(deps: Deps, code: string): Promise<Instrument> {
  const instrument = await fromProvider(() => deps.market.instrument(code));
  if (!instrument) throw symbolNotFound(code);
  return instrument;
}

export async function quoteOf(deps: Deps, code: string): Promise<Quote> {
  const quote = await fromProvider(() => deps.market.quote(code));
  if (!quote) throw symbolNotFound(code);
  return quote;
}

/** livePrice and the change against the prior settlement (percent units). */
export function liveFigures(quote: Quote) {
  const livePrice = quote.markPrice ?? quote.lastPrice;
  const change = livePrice - quote.priorSettlement;
  return { livePrice, change, changePercent: (change / quote.priorSettlement) * 100 };
}
