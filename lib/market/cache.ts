import type { Clock, Logger } from "../deps";
import type { DocumentStore } from "../store/document-store";
import {
  type BarsRequest,
  type MarketDataProvider,
  MarketDataUnavailable,
  type Quote,
  type VolatilitySurface,
} from "./ports";

/**
 * A read-through cache in front of any provider: a small in-memory layer (per Lambda
 * instance) over DynamoDB items that expire by TTL. Fresh entries are served without calling
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
/** DynamoDB refuses items over 400 KB; larger answers (a vendor's asset list) stay in memory. */
export const MAX_STORED_JSON_CHARS = 350_000;
/** The memory layer's budget in JSON characters (the parsed objects take a few times more). */
export const MEMORY_BUDGET_JSON_CHARS = 20_000_000;

interface Entry<T> {
  value: T;
  freshUntilMs: number;
  jsonChars: number;
}

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
  const { db, tableName, clock, log } = options;
  const memoryBudget = options.memoryBudgetJsonChars ?? MEMORY_BUDGET_JSON_CHARS;
  const memory = new Map<string, Entry<unknown>>();
  let memoryJsonChars = 0;

  const itemKey = (key: string) => ({ pk: `CACHE#${inner.name}#${key}`, sk: "CACHE" });

  /** The cache is an optimisation: when DynamoDB fails, answer from the provider instead. */
  function cacheFailed(operation: string, key: string, error: unknown) {
    log?.error("Market cache unavailable", { operation, key, error: String(error) });
  }

  async function stored<T>(key: string): Promise<Entry<T> | undefined> {
    const remembered = memory.get(key) as Entry<T> | undefined;
    if (remembered) return remembered;
    try {
      const { Item } = await db.get({ TableName: tableName, Key: itemKey(key) });
      if (!Item) return undefined;
      const json = String(Item.value);
      const entry = {
        value: JSON.parse(json) as T,
        freshUntilMs: Number(Item.freshUntilMs),
        jsonChars: json.length,
      };
      remember(key, entry);
      return entry;
    } catch (error) {
      cacheFailed("read", key, error);
      return undefined;
    }
  }

  /** Oldest entries leave first once the memory layer is over its budget. */
  function remember(key: string, entry: Entry<unknown>) {
    memoryJsonChars -= memory.get(key)?.jsonChars ?? 0;
    memory.delete(key);
    memory.set(key, entry);
    memoryJsonChars += entry.jsonChars;
    for (const [oldKey, old] of memory) {
      if (memoryJsonChars <= memoryBudget || oldKey === key) break;
      memory.delete(oldKey);
      memoryJsonChars -= old.jsonChars;
    }
  }

  async function store<T>(key: string, kind: Kind, value: T, nowMs: number) {
    const json = JSON.stringify(value);
    const entry = {
      value,
      freshUntilMs: nowMs + CACHE_TTL_SECONDS[kind] * 1000,
      jsonChars: json.length,
    };
    remember(key, entry);
    if (json.length > MAX_STORED_JSON_CHARS) return;
    const keepSeconds = CACHE_TTL_SECONDS[kind] + (kind === "quote" ? STALE_QUOTE_SECONDS : 0);
    try {
      await db.put(
        {
          TableName: tableName,
          Item: {
            ...itemKey(key),
            value: json,
            freshUntilMs: entry.freshUntilMs,
            expiresAt: Math.ceil(nowMs / 1000) + keepSeconds,
          },
        },
        { repeatable: true },
      );
    } catch (error) {
      cacheFailed("write", key, error);
    }
  }

  /** Fresh cache, else the provider (cached on success), else stale data if `serveStale` allows. */
  async function readThrough<T>(
    kind: Kind,
    key: string,
    load: () => Promise<T>,
    serveStale?: (value: T, ageMs: number) => T | undefined,
  ): Promise<T> {
    const nowMs = clock.now().getTime();
    const cached = await stored<T>(key);
    if (cached && cached.freshUntilMs > nowMs) return cached.value;
    try {
      const value = await load();
      if (value !== undefined) await store(key, kind, value, nowMs);
      return value;
    } catch (error) {
      const stale =
        error instanceof MarketDataUnavailable &&
        cached &&
        serveStale?.(cached.value, nowMs - cached.freshUntilMs);
      if (stale) return stale;
      throw error;
    }
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
