import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import type { Transport } from "../../lib/store/document-store";
import { createReadThroughCache, TABLE_BYPASS_MS } from "../../lib/store/read-through-cache";
import { storeWith, throttledTransport } from "../setup/faults";

/**
 * Regression (issue 21, found by the fault matrix): with MARKET_CACHE=on and DynamoDB throttled,
 * every key a scan read went to the table first, each read retried three times, so universe
 * scans (/market-analysis/sectors, /options/unusual, screener presets, graph screens) outlasted
 * the function and answered 500. A failed table call now makes the cache skip the table for
 * TABLE_BYPASS_MS: memory and the source answer, and the table is asked again afterwards.
 */

const { tableName } = loadConfig(process.env);

function movableClock(startMs: number) {
  let nowMs = startMs;
  return { now: () => new Date(nowMs), advance: (ms: number) => (nowMs += ms) };
}

/** A throttled table that counts what is sent to it. */
function countedThrottle() {
  let sent = 0;
  const throttled = throttledTransport();
  const transport: Transport = (request, timeoutMs) => {
    sent++;
    return throttled(request, timeoutMs);
  };
  return { transport, sent: () => sent };
}

describe("the read-through cache with DynamoDB failing", () => {
  it("asks the table once, then answers from the source without it until the bypass ends", async () => {
    const table = countedThrottle();
    const clock = movableClock(Date.UTC(2026, 10, 24, 16));
    const logged: string[] = [];
    const cache = createReadThroughCache({
      db: storeWith(table.transport, 3),
      tableName,
      namespace: "bypass-test",
      clock,
      label: "Test cache",
      log: { info() {}, error: (message) => logged.push(message) },
    });
    let loads = 0;
    const load = async () => ++loads;
    for (let key = 0; key < 50; key++) {
      expect(await cache.readThrough(`k${key}`, { freshSeconds: 60 }, load)).toBe(key + 1);
    }
    // The first key's read, with its three attempts; nothing else reached the table.
    expect(table.sent()).toBe(3);
    expect(logged).toEqual(["Test cache unavailable"]);
    // Memory still serves what the source answered.
    expect(await cache.readThrough("k0", { freshSeconds: 60 }, load)).toBe(1);

    clock.advance(TABLE_BYPASS_MS);
    expect(await cache.readThrough("k-new", { freshSeconds: 60 }, load)).toBe(51);
    expect(table.sent()).toBe(6);
  });
});
