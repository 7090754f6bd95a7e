import type { Clock, Logger } from "../deps";
import type { DocumentStore } from "../store/document-store";
import { createReadThroughCache } from "../store/read-through-cache";
import {
  type BarsRequest,
  type MarketDataProvider,
  MarketDataUnavailable,
  type Quote,
  type VolatilitySurface,
} from "./ports";

/**
 * A read-through cache in front of any provider (lib/store/read-through-cache.ts): a small
 * in-memory layer (per Lambda instance) over DynamoDB items that expire by TTL. Fresh entries are served without calling
 * the provider. When the provider is down, a quote up to an hour old is served marked
 * `isStale`; other kinds answer the outage (503) once their entry has expired. When DynamoDB
 * fails, the provider answers directly (logged); a cache never turns an answer into an error.
 *
 * Every capability of the port is stated here: cached (listings, quotes, bars, option chains,
 * the volatility surface) or forwarded as is (reference figures, daily closes, expirations:
 * static or read only by Nova, which caches its whole answer). An optional capability the
 * source lacks stays undefined behind the cache.
 */

/** Freshness per kind, in seconds. */
export const CACHE_TTL_SECONDS = {
  instruments: 3600,
  quote: 5,
  intradayBars: 60,
  dailyBars: 900,
  optionChain: 30,
} as const;

type Kind = keyof typeof CACHE_TTL_SECONDS;

/** How long past freshness a quote may still be served, marked stale, during an outage. */
export const STALE_QUOTE_SECONDS = 3600;
/** Re-exported: the size and memory limits are the shared read-through cache's. */
export { MAX_STORED_JSON_CHARS, MEMORY_BUDGET_JSON_CHARS } from "../store/read-through-cache";

export function createCachedProvider(
  inner: MarketDataProvider,
  options: {
    db: DocumentStore;
    tableName: string;
    clock: Clock;
    log?: Logger;
    memoryBudgetJsonChars?: number;
  },
): MarketDataProvider {
  const cache = createReadThroughCache({
    ...options,
    namespace: inner.name,
    label: "Market cache",
  });

  /** Fresh cache, else the provider (cached on success), else stale data if `serveStale` allows. */
  function readThrough<T>(
    kind: Kind,
    key: string,
    load: () => Promise<T>,
    serveStale?: (value: T, ageMs: number) => T | undefined,
  ): Promise<T> {
    const freshSeconds = CACHE_TTL_SECONDS[kind];
    const keepSeconds = freshSeconds + (kind === "quote" ? STALE_QUOTE_SECONDS : 0);
    return cache.readThrough(
      key,
      { freshSeconds, keepSeconds },
      load,
      serveStale &&
        ((error, value, ageMs) =>
          error instanceof MarketDataUnavailable ? serveStale(value, ageMs) : undefined),
    );
  }

  const markStale = (quote: Quote | undefined, ageMs: number) =>
    quote && ageMs <= STALE_QUOTE_SECONDS * 1000 ? { ...quote, isStale: true } : undefined;

  return {
    name: inner.name,
    instruments: () =>
      readThrough(
        "instruments",
        "instruments",
        () => inner.instruments(),
        (value) => value,
      ),
    instrument: (code) =>
      readThrough(
        "instruments",
        `instrument#${code}`,
        () => inner.instrument(code),
        (value) => value,
      ),
    quote: (code) => readThrough("quote", `quote#${code}`, () => inner.quote(code), markStale),
    bars: (code, request: BarsRequest) =>
      readThrough(
        request.period >= 5 ? "dailyBars" : "intradayBars",
        `bars#${code}#${request.period}#${request.extended}#${request.from}#${request.to}`,
        () => inner.bars(code, request),
      ),
    optionChain: (code, expiration, right) =>
      readThrough("optionChain", `chain#${code}#${expiration}#${right}`, () =>
        inner.optionChain(code, expiration, right),
      ),
    reference: (instrument) => inner.reference(instrument),
    dailyCloses: (code, days) => inner.dailyCloses(code, days),
    // Closes and ranges of finished sessions, read in long runs: passed through as dailyCloses.
    closeHistory: inner.closeHistory,
    optionExpirations: inner.optionExpirations,
    volatilitySurface: inner.volatilitySurface && cachedSurface(inner.volatilitySurface),
    earningsHistory: inner.earningsHistory,
    // Past sessions' activity is computed or fetched whole by the volume endpoint: passed through.
    optionActivity: inner.optionActivity,
    // The tape grows by the minute and is computed, not fetched: passed through uncached.
    optionTape: inner.optionTape,
  };

  /** The surface is cached as fresh as the chains it is read off. */
  function cachedSurface(source: VolatilitySurface): VolatilitySurface {
    return {
      atmImpliedVolatility30: (code) =>
        readThrough("optionChain", `atmIv30#${code}`, () => source.atmImpliedVolatility30(code)),
      // A year of history is computed, not fetched: passed through uncached.
      atmIvHistory: source.atmIvHistory?.bind(source),
    };
  }
}
