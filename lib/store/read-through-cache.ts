import type { Clock, Logger } from "../deps";
import type { DocumentStore } from "./document-store";

/**
 * A read-through cache in front of a slow or rate-limited source: a memory layer per Lambda
 * instance (a budget in JSON characters, oldest entries out first) over DynamoDB items
 * `{pk: CACHE#<namespace>#<key>, sk: CACHE, value: <JSON>, freshUntilMs, expiresAt}` that the
 * table's TTL (`expiresAt`, epoch seconds) removes. Values whose JSON exceeds
 * MAX_STORED_JSON_CHARS stay in memory only. `undefined` is never cached (a source's "none");
 * a caller that wants a "none" remembered stores `null`.
 *
 * When DynamoDB fails, the source answers directly (logged): a cache never turns an answer
 * into an error. After a failure the cache leaves DynamoDB alone for TABLE_BYPASS_MS (memory
 * and the source answer), so a throttled or unreachable table costs one call's attempts, not
 * every key's: a scan of the universe reads hundreds of keys, and with each read retried and
 * timing out it outlasted the function (found by test/faults). Sources' own failures are the
 * caller's to handle (`serveStale`).
 */

/** DynamoDB refuses items over 400 KB; larger values (a vendor's asset list) stay in memory. */
export const MAX_STORED_JSON_CHARS = 350_000;
/** The memory layer's budget in JSON characters (the parsed objects take a few times more). */
export const MEMORY_BUDGET_JSON_CHARS = 20_000_000;
/** How long the cache skips DynamoDB after a failed read or write, in ms. */
export const TABLE_BYPASS_MS = 30_000;

export interface Freshness {
  /** How long a value is served without asking the source, in seconds. */
  freshSeconds: number;
  /** How long DynamoDB keeps the item, in seconds (≥ freshSeconds); freshSeconds by default. */
  keepSeconds?: number;
}

/** A value's freshness: fixed, or by value (e.g. a source's "none" believed for less long). */
export type FreshnessOf<T> = Freshness | ((value: T) => Freshness);

/** What to answer instead of the source's error, from a cached value `ageMs` past its freshness. */
export type ServeStale<T> = (error: unknown, value: T, ageMs: number) => T | undefined;

export interface ReadThroughCache {
  /** A fresh cached value, else the source's (then cached), else `serveStale`'s, else its error. */
  readThrough<T>(
    key: string,
    freshness: FreshnessOf<T>,
    load: () => Promise<T>,
    serveStale?: ServeStale<T>,
  ): Promise<T>;
}

export interface ReadThroughCacheOptions {
  db: DocumentStore;
  tableName: string;
  /** Names the source in item keys: `CACHE#<namespace>#<key>`. */
  namespace: string;
  clock: Clock;
  log?: Logger;
  /** Starts the log line of a DynamoDB failure: "<label> unavailable". */
  label: string;
  memoryBudgetJsonChars?: number;
}

interface Entry<T> {
  value: T;
  freshUntilMs: number;
  jsonChars: number;
}

export function createReadThroughCache(options: ReadThroughCacheOptions): ReadThroughCache {
  const { db, tableName, namespace, clock, log, label } = options;
  const memory = memoryLayer(options.memoryBudgetJsonChars ?? MEMORY_BUDGET_JSON_CHARS);
  const itemKey = (key: string) => ({ pk: `CACHE#${namespace}#${key}`, sk: "CACHE" });

  /** Until when DynamoDB is skipped (clock ms) after a failure. */
  let bypassUntilMs = Number.NEGATIVE_INFINITY;
  const tableBypassed = () => clock.now().getTime() < bypassUntilMs;

  /**
   * The cache is an optimisation: when DynamoDB fails, answer from the source instead, and skip
   * the table for a while (logged once per failure, the calls already under way included).
   */
  function cacheFailed(operation: string, key: string, error: unknown) {
    bypassUntilMs = clock.now().getTime() + TABLE_BYPASS_MS;
    log?.error(`${label} unavailable`, {
      operation,
      key,
      error: String(error),
      bypassSeconds: TABLE_BYPASS_MS / 1000,
    });
  }

  async function stored<T>(key: string): Promise<Entry<T> | undefined> {
    const remembered = memory.get(key) as Entry<T> | undefined;
    if (remembered) return remembered;
    if (tableBypassed()) return undefined;
    try {
      const { Item } = await db.get({ TableName: tableName, Key: itemKey(key) });
      if (!Item) return undefined;
      const json = String(Item.value);
      const entry = {
        value: JSON.parse(json) as T,
        freshUntilMs: Number(Item.freshUntilMs),
        jsonChars: json.length,
      };
      memory.remember(key, entry);
      return entry;
    } catch (error) {
      cacheFailed("read", key, error);
      return undefined;
    }
  }

  async function store<T>(key: string, freshness: Freshness, value: T, nowMs: number) {
    const json = JSON.stringify(value);
    const entry = {
      value,
      freshUntilMs: nowMs + freshness.freshSeconds * 1000,
      jsonChars: json.length,
    };
    memory.remember(key, entry);
    if (json.length > MAX_STORED_JSON_CHARS || tableBypassed()) return;
    const keepSeconds = freshness.keepSeconds ?? freshness.freshSeconds;
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

  return {
    async readThrough<T>(
      key: string,
      freshness: FreshnessOf<T>,
      load: () => Promise<T>,
      serveStale?: ServeStale<T>,
    ): Promise<T> {
      const nowMs = clock.now().getTime();
      const cached = await stored<T>(key);
      if (cached && cached.freshUntilMs > nowMs) return cached.value;
      try {
        const value = await load();
        if (value !== undefined) {
          await store(
            key,
            typeof freshness === "function" ? freshness(value) : freshness,
            value,
            nowMs,
          );
        }
        return value;
      } catch (error) {
        const stale = cached && serveStale?.(error, cached.value, nowMs - cached.freshUntilMs);
        if (stale) return stale;
        throw error;
      }
    },
  };
}

/** Entries by key in insertion order; the oldest leave first once over `budgetJsonChars`. */
function memoryLayer(budgetJsonChars: number) {
  const entries = new Map<string, Entry<unknown>>();
  let jsonChars = 0;
  return {
    get: (key: string) => entries.get(key),
    remember(key: string, entry: Entry<unknown>) {
      jsonChars -= entries.get(key)?.jsonChars ?? 0;
      entries.delete(key);
      entries.set(key, entry);
      jsonChars += entry.jsonChars;
      for (const [oldKey, old] of entries) {
        if (jsonChars <= budgetJsonChars || oldKey === key) break;
        entries.delete(oldKey);
        jsonChars -= old.jsonChars;
      }
    },
  };
}
