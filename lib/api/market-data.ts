import type { Deps } from "../deps";
import { type Instrument, MarketDataUnavailable, type Quote } from "../market/ports";
import {
  type PricedInstrument,
  roundPercent,
  roundPriceChange,
  roundQuote,
} from "../market/precision";
import { type ApiError, apiError } from "./errors";

/**
 * Lookups every market-data handler shares, whatever its group (market, options): provider
 * errors as the envelope's 503, contracts and quotes as served. Outside the group folders so a
 * function bundles only its own group.
 */

/** What the lookups need: only the market-data source. */
export type MarketSource = Pick<Deps, "market">;

/** Helpers every market-data handler shares: provider errors, lookups, the served quote. */

export function symbolNotFound(code: string): ApiError {
  return apiError("SYMBOL_NOT_FOUND", { code });
}

/** Vendor outages answer 503 with the subsystem named, never 500 and never invented data. */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MarketDataUnavailable) {
      throw apiError("MARKET_DATA_UNAVAILABLE", { cause: error });
    }
    throw error;
  }
}

export async function instrumentOf(deps: MarketSource, code: string): Promise<Instrument> {
  const instrument = await fromProvider(() => deps.market.instrument(code));
  if (!instrument) throw symbolNotFound(code);
  return instrument;
}

/**
 * A company's shares (a stock): 404 SYMBOL_NOT_FOUND for an unknown code, 404 NO_DATA naming
 * `what` for a fund, an index, a future or a crypto asset (none has a company's statements or
 * graph).
 */
export async function companyStockOf(
  deps: MarketSource,
  code: string,
  what: string,
  /** Appended to the reason, e.g. " of the graph". */
  scope = "",
): Promise<Instrument> {
  const instrument = await instrumentOf(deps, code);
  if (instrument.contractType !== "Stock") {
    throw apiError("NO_DATA", {
      what,
      code: instrument.code,
      reason: `${ARTICLE[instrument.contractType]} is no company${scope}`,
    });
  }
  return instrument;
}

/** "a stock", "a fund", ...: a contract type as a reason names it. */
export const ARTICLE: Record<Instrument["contractType"], string> = {
  Stock: "a stock",
  ETF: "a fund",
  Index: "an index",
  Future: "a future",
  Crypto: "a crypto asset",
};

export async function quoteOf(deps: MarketSource, code: string): Promise<Quote> {
  const quote = await fromProvider(() => deps.market.quote(code));
  if (!quote) throw symbolNotFound(code);
  return quote;
}

/** A quote as served: prices to the tick, and the live figures derived from those. */
export interface ServedQuote extends Quote {
  /** markPrice when present, else lastPrice. */
  livePrice: number;
  /** livePrice − previousClose (the prior settlement), exact in the tick's decimals. */
  change: number;
  /** change / previousClose × 100, percent units. */
  changePercent: number;
}

/**
 * Rounds a quote by lib/market/precision.ts and derives livePrice, change and changePercent from
 * the rounded prices, so that a client recomputing change from the answer gets it to the tick.
 */
export function servedQuote(quote: Quote, instrument: PricedInstrument): ServedQuote {
  const rounded = roundQuote(quote, instrument);
  const livePrice = rounded.markPrice ?? rounded.lastPrice;
  const change = roundPriceChange(livePrice, rounded.previousClose, instrument);
  const changePercent = roundPercent((change / rounded.previousClose) * 100);
  return { ...rounded, livePrice, change, changePercent };
}

export async function servedQuoteOf(
  deps: MarketSource,
  instrument: Instrument,
): Promise<ServedQuote> {
  return servedQuote(await quoteOf(deps, instrument.code), instrument);
}
