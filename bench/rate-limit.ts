import { hashApiKey } from "../lib/account/api-keys";
import { createAccountStore } from "../lib/store/accounts";
import { createDynamoClient } from "../lib/store/client";
import { createDocumentStore, type DocumentStore } from "../lib/store/document-store";
import { LimiterUnavailable, LimitReached } from "../lib/store/errors";
import { createRateLimiter, keyItemKey } from "../lib/store/rate-limiter";
import { ensureTable } from "../lib/store/table";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { median } from "./stats";

/**
 * The sliding window under a client sending at twice its Free limit (2 requests per second)
 * for 30 simulated minutes, against DynamoDB Local: admitted per minute (target: 60 ± 5 %)
 * and the largest count in any rolling 60 s (target ≤ 1.2 × 60). Also the median latency of
 * the hot path (one conditional UpdateItem) on this machine. Then a burst, 200 concurrent
 * clients × 5 requests on a fresh 60/min key with the deployed 2 s DynamoDB timeout: how many
 * were served, refused and unavailable, and how many the key's counter holds (exactly once:
 * served ≤ counted ≤ served + the 503s that say they may have counted, and counted ≤ 60).
 */
const LIMIT = 60;
const MINUTES = 30;
const INTERVAL_MS = 500;

export async function runRateLimitBench(): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  const client = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
  try {
    await ensureTable(client, "bench");
    const db = createDocumentStore({ region: "us-east-1", endpoint: dynamo.endpoint });
    const accounts = createAccountStore(db, "bench");
    const created = await accounts.register("bench@example.com", "-", new Date().toISOString());
    // 60 per minute with no daily limit, so the day quota never hides the minute window.
    await accounts.setCustomLimits(created.record.userId, { perMinute: LIMIT, daily: null });
    const limiter = createRateLimiter(db, "bench");
    const keyHash = hashApiKey(created.apiKey);
    const start = Date.UTC(2026, 10, 23, 9, 0, 0);
    const admitted: number[] = [];
    const latencies: number[] = [];
    for (let t = 0; t < MINUTES * 60_000; t += INTERVAL_MS) {
      const began = performance.now();
      try {
        await limiter.consumeKey(keyHash, start + t);
        admitted.push(t);
      } catch (error) {
        if (!(error instanceof LimitReached)) throw error;
      }
      latencies.push(performance.now() - began);
    }
    const perMinute = Array.from(
      { length: MINUTES },
      (_, m) => admitted.filter((t) => t >= m * 60_000 && t < (m + 1) * 60_000).length,
    );
    let maxRolling = 0;
    let first = 0;
    for (let last = 0; last < admitted.length; last++) {
      while ((admitted[last] ?? 0) - (admitted[first] ?? 0) >= 60_000) first++;
      maxRolling = Math.max(maxRolling, last - first + 1);
    }
    const steady = perMinute.slice(1);
    console.log(
      `Rate limiter (key at ${LIMIT}/min, no daily limit; client at 2× for ${MINUTES} simulated minutes; DynamoDB Local)`,
    );
    console.log(
      `  admitted per minute: mean ${(steady.reduce((a, b) => a + b, 0) / steady.length).toFixed(1)}, median ${median(steady)}, min ${Math.min(...steady)}, max ${Math.max(...steady)} ` +
        `(target ${LIMIT} ± 5 %: ${Math.ceil(LIMIT * 0.95)}-${Math.floor(LIMIT * 1.05)})`,
    );
    console.log(`  largest count in any rolling 60 s: ${maxRolling} (target ≤ ${LIMIT * 1.2})`);
    console.log(
      `  hot path (one conditional UpdateItem), median latency: ${median(latencies).toFixed(2)} ms`,
    );
    await burst(db, accounts);
  } finally {
    client.destroy();
    await dynamo.stop();
  }
}

const CLIENTS = 200;
const REQUESTS_PER_CLIENT = 5;

async function burst(db: DocumentStore, accounts: ReturnType<typeof createAccountStore>) {
  const created = await accounts.register("burst@example.com", "-", new Date().toISOString());
  const keyHash = hashApiKey(created.apiKey);
  const limiter = createRateLimiter(db, "bench");
  const counts = { served: 0, limited: 0, unavailable: 0, mayHaveCounted: 0 };
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        try {
          await limiter.consumeKey(keyHash, Date.now());
          counts.served++;
        } catch (error) {
          if (error instanceof LimitReached) counts.limited++;
          else if (!(error instanceof LimiterUnavailable)) throw error;
          else {
            counts.unavailable++;
            if (error.mayHaveCounted) counts.mayHaveCounted++;
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const { Item } = await db.get({ TableName: "bench", Key: keyItemKey(keyHash) });
  console.log(
    `  burst of ${CLIENTS} clients × ${REQUESTS_PER_CLIENT} on a Free key (2 s timeout): ` +
      `${counts.served} served (target ${LIMIT}), ${counts.limited} × 429, ` +
      `${counts.unavailable} × 503 (${counts.mayHaveCounted} may have counted); ` +
      `counter ${Item?.n} (target: served ≤ counter ≤ served + may-have-counted, ≤ ${LIMIT}); ` +
      `${seconds.toFixed(1)} s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runRateLimitBench();
