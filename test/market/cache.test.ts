import { randomUUID } from "node:crypto";
import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, inject, it } from "vitest";
import type { Clock } from "../../lib/deps";
import {
  CACHE_TTL_SECONDS,
  createCachedProvider,
  MAX_STORED_JSON_CHARS,
  STALE_QUOTE_SECONDS,
} from "../../lib/market/cache";
import {
  type Instrument,
  type MarketDataProvider,
  MarketDataUnavailable,
  type Quote,
} from "../../lib/market/ports";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { serverErrorTransport, storeWith } from "../setup/faults";

/** The read-through cache on DynamoDB Local: hits, misses, expiry, outages. */

const db = createDocumentStore({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
/** The AWS SDK reads what the cache wrote, as an independent check of the stored item. */
const sdk = createDocumentClient(
  createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
);
const tableName = process.env.TABLE_NAME as string;

function quoteAt(lastPrice: number): Quote {
  return {
    symbol: "AAPL",
    lastPrice,
    bid: lastPrice - 0.01,
    ask: lastPrice + 0.01,
    markPrice: lastPrice,
    open: 1,
    close: 1,
    previousClose: 1,
    high: 1,
    low: 1,
    yearHigh: 1,
    yearLow: 1,
    volume: 1,
    marketSession: "Regular",
    isHalted: false,
    lastUpdated: 0,
  };
}

/** A provider that counts calls, answers a rising price, and can be switched off (fault injection). */
function countingProvider() {
  const state = { calls: 0, down: false };
  const answer = async <T>(value: T): Promise<T> => {
    state.calls++;
    if (state.down) throw new MarketDataUnavailable("fake", "vendor down");
    return value;
  };
  const provider: MarketDataProvider = {
    name: `fake-${randomUUID()}`,
    instruments: () => answer([]),
    instrument: () => answer(undefined),
    quote: () => answer(quoteAt(100 + state.calls)),
    bars: () => answer([{ timestamp: 0, open: 1, high: 1, low: 1, close: 1, volume: 1 }]),
    optionChain: () => answer(undefined),
    dailyCloses: () => answer([1, 2, 3]),
    reference: () => answer({ kind: "crypto", circulatingSupply: 100 + state.calls }),
    optionExpirations: undefined,
    volatilitySurface: undefined,
  };
  return { provider, state };
}

const BTC: Instrument = {
  symbol: "BTC",
  code: "BTC_COINBASE",
  name: "Bitcoin",
  exchange: "COINBASE",
  contractType: "Crypto",
  currency: "USD",
  hasOptions: false,
};

function movableClock(startMs: number): Clock & { advance(ms: number): void } {
  let now = startMs;
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

describe("read-through cache", () => {
  it("misses once, then hits in memory, then in DynamoDB from a new Lambda instance", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const first = createCachedProvider(provider, { db, tableName, clock });
    const quote = await first.quote("AAPL_NASDAQ");
    expect(state.calls).toBe(1);
    expect(await first.quote("AAPL_NASDAQ")).toEqual(quote);
    expect(state.calls).toBe(1);
    const coldInstance = createCachedProvider(provider, { db, tableName, clock });
    expect(await coldInstance.quote("AAPL_NASDAQ")).toEqual(quote);
    expect(state.calls).toBe(1);
  });

  it("keeps a source's volatility surface behind it, and adds none to a source without one", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const plain = createCachedProvider(provider, { db, tableName, clock });
    expect(plain.volatilitySurface).toBeUndefined();
    expect(plain.optionExpirations).toBeUndefined();
    const withSurface: MarketDataProvider = {
      ...provider,
      volatilitySurface: { atmImpliedVolatility30: async () => 0.25 + state.calls++ },
    };
    const surface = createCachedProvider(withSurface, { db, tableName, clock }).volatilitySurface;
    expect(await surface?.atmImpliedVolatility30("AAPL_NASDAQ")).toBe(0.25);
    expect(await surface?.atmImpliedVolatility30("AAPL_NASDAQ")).toBe(0.25);
    expect(state.calls).toBe(1);
  });

  it("forwards what it does not cache: reference figures, daily closes, expirations", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const listed: MarketDataProvider = {
      ...provider,
      optionExpirations: { expirations: async () => [`2026-12-0${++state.calls}`] },
    };
    const cached = createCachedProvider(listed, { db, tableName, clock });
    expect(await cached.reference(BTC)).toEqual({ kind: "crypto", circulatingSupply: 100 });
    expect(await cached.reference(BTC)).toEqual({ kind: "crypto", circulatingSupply: 101 });
    expect(await cached.dailyCloses("AAPL_NASDAQ", 3)).toEqual([1, 2, 3]);
    expect(await cached.optionExpirations?.expirations("AAPL_NASDAQ")).toEqual(["2026-12-04"]);
    expect(state.calls).toBe(4);
  });

  it("stores a DynamoDB TTL and reloads after the kind's freshness", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, { db, tableName, clock });
    const first = await cache.quote("MSFT_NASDAQ");
    const { Item } = await sdk.send(
      new GetCommand({
        TableName: tableName,
        Key: { pk: `CACHE#${provider.name}#quote#MSFT_NASDAQ`, sk: "CACHE" },
      }),
    );
    expect(Item?.expiresAt).toBe(
      clock.now().getTime() / 1000 + CACHE_TTL_SECONDS.quote + STALE_QUOTE_SECONDS,
    );
    clock.advance(CACHE_TTL_SECONDS.quote * 1000 - 1);
    expect(await cache.quote("MSFT_NASDAQ")).toEqual(first);
    clock.advance(2);
    const second = await cache.quote("MSFT_NASDAQ");
    expect(state.calls).toBe(2);
    expect(second?.lastPrice).not.toBe(first?.lastPrice);
  });

  it("serves a stale quote marked isStale while the provider is down, then gives up after an hour", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, { db, tableName, clock });
    const fresh = await cache.quote("JPM_NYSE");
    state.down = true;
    clock.advance(60_000);
    expect(await cache.quote("JPM_NYSE")).toEqual({ ...fresh, isStale: true });
    clock.advance(STALE_QUOTE_SECONDS * 1000);
    await expect(cache.quote("JPM_NYSE")).rejects.toBeInstanceOf(MarketDataUnavailable);
  });

  it("keeps an answer too large for a DynamoDB item in memory only, and still answers", async () => {
    const { provider, state } = countingProvider();
    const manyBars = Array.from({ length: 5000 }, (_, i) => ({
      timestamp: i * 60_000,
      open: 100.123456,
      high: 101.123456,
      low: 99.123456,
      close: 100.654321,
      volume: 123_456,
    }));
    provider.bars = async () => {
      state.calls++;
      return manyBars;
    };
    expect(JSON.stringify(manyBars).length).toBeGreaterThan(MAX_STORED_JSON_CHARS);
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, { db, tableName, clock });
    const request = { period: 1 as const, from: 0, to: 300_000_000, extended: true };
    expect(await cache.bars("AAPL_NASDAQ", request)).toHaveLength(5000);
    expect(await cache.bars("AAPL_NASDAQ", request)).toHaveLength(5000);
    expect(state.calls).toBe(1);
    const { Items = [] } = await sdk.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: {
          ":pk": `CACHE#${provider.name}#bars#AAPL_NASDAQ#1#true#0#300000000`,
        },
      }),
    );
    expect(Items).toHaveLength(0);
  });

  it("answers from the provider when DynamoDB fails, and logs it", async () => {
    const { provider, state } = countingProvider();
    const logged: string[] = [];
    const log = { info: () => {}, error: (message: string) => logged.push(message) };
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, {
      db: storeWith(serverErrorTransport),
      tableName,
      clock,
      log,
    });
    expect((await cache.quote("AAPL_NASDAQ"))?.lastPrice).toBe(100);
    expect(state.calls).toBe(1);
    // The failed read; the write is skipped with the table (read-through-cache.ts, TABLE_BYPASS_MS).
    expect(logged).toEqual(["Market cache unavailable"]);
  });

  it("drops the oldest entries from memory beyond its budget", async () => {
    const { provider, state } = countingProvider();
    const oneQuote = JSON.stringify(quoteAt(100)).length;
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, {
      db: storeWith(serverErrorTransport), // so that only the memory layer can answer
      tableName,
      clock,
      memoryBudgetJsonChars: oneQuote * 3.5,
    });
    for (const code of ["A_NYSE", "B_NYSE", "C_NYSE", "D_NYSE"]) await cache.quote(code);
    expect(state.calls).toBe(4);
    await cache.quote("D_NYSE");
    await cache.quote("B_NYSE");
    expect(state.calls).toBe(4); // the three newest are still held
    await cache.quote("A_NYSE");
    expect(state.calls).toBe(5); // the oldest was dropped
  });

  it("answers the outage for expired bars and for data never cached", async () => {
    const { provider, state } = countingProvider();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const cache = createCachedProvider(provider, { db, tableName, clock });
    const request = { period: 1 as const, from: 0, to: 60_000, extended: false };
    await cache.bars("AAPL_NASDAQ", request);
    state.down = true;
    expect(await cache.bars("AAPL_NASDAQ", request)).toHaveLength(1); // still fresh
    clock.advance(CACHE_TTL_SECONDS.intradayBars * 1000);
    await expect(cache.bars("AAPL_NASDAQ", request)).rejects.toBeInstanceOf(MarketDataUnavailable);
    await expect(cache.quote("NVDA_NASDAQ")).rejects.toBeInstanceOf(MarketDataUnavailable);
  });
});
