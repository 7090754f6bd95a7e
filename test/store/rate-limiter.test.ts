import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { hashApiKey } from "../../lib/account/api-keys";
import { responseForThrown } from "../../lib/api/envelope";
import type { ApiError } from "../../lib/api/errors";
import { apiErrorOfStore, rateLimitHeaders } from "../../lib/api/store-errors";
import { type AccountStore, createAccountStore } from "../../lib/store/accounts";
import { createDocumentStore, type Transport } from "../../lib/store/document-store";
import {
  createRateLimiter,
  KEYLESS_LIMITS,
  keyItemKey,
  type RateLimiter,
} from "../../lib/store/rate-limiter";
import { answersLost, storeWith, throttledTransport } from "../setup/faults";

/** The limiter against DynamoDB Local: exact admission counts under concurrency, headers, faults. */

const tableName = process.env.TABLE_NAME as string;
// 1000 requests in flight at once from one process queue for sockets: allow for that here.
const db = createDocumentStore({
  region: "us-east-1",
  endpoint: inject("dynamoEndpoint"),
  requestTimeoutMs: 30_000,
});
let accounts: AccountStore;
let limiter: RateLimiter;

beforeAll(() => {
  accounts = createAccountStore(db, tableName);
  limiter = createRateLimiter(db, tableName);
});

/** A Free account's first key (60 per minute, 1000 per day). */
async function freeKey() {
  const created = await accounts.register(
    `rl-${randomUUID()}@example.com`,
    "$argon2id$unused",
    new Date().toISOString(),
  );
  return {
    apiKey: created.apiKey,
    hash: hashApiKey(created.apiKey),
    userId: created.record.userId,
  };
}

/** 10:00:00 UTC on a fixed day, so tests never straddle midnight. */
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

/** "admitted", or the API error the refusal becomes (the mapping lib/api applies). */
async function outcome(promise: Promise<unknown>): Promise<"admitted" | ApiError> {
  try {
    await promise;
    return "admitted";
  } catch (error) {
    const apiError = apiErrorOfStore(error);
    if (apiError) return apiError;
    throw error;
  }
}

describe("per-minute sliding window", () => {
  it("admits exactly 60 of 200 concurrent clients × 5 requests on one Free key", async () => {
    const key = await freeKey();
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, client) => {
        const mine: ("admitted" | ApiError)[] = [];
        for (let i = 0; i < 5; i++)
          mine.push(await outcome(limiter.consumeKey(key.hash, T0 + client)));
        return mine;
      }),
    );
    const all = results.flat();
    expect(all.filter((r) => r === "admitted")).toHaveLength(60);
    const refused = all.filter((r): r is ApiError => r !== "admitted");
    expect(refused).toHaveLength(940);
    for (const error of refused) {
      expect(error.status).toBe(429);
      expect(error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(error.message).toBe("Per-minute rate limit exceeded.");
      expect(error.details).toMatch(/^Free: retry in \d+ seconds\.$/);
    }
    // 1000 writes to one item: minutes on a loaded machine, and no test asserts speed.
  }, 600_000);

  it("reports the wait in Retry-After, and the window clears exactly then", async () => {
    const key = await freeKey();
    for (let i = 0; i < 60; i++) await limiter.consumeKey(key.hash, T0 + i * 100);
    const refused = (await outcome(limiter.consumeKey(key.hash, T0 + 10_000))) as ApiError;
    const retryAfter = Number(refused.headers["retry-after"]);
    // The first request (t = 0) leaves the 1-second-slot window 61 s after its slot opened.
    expect(retryAfter).toBe(51);
    expect(refused.details).toBe("Free: retry in 51 seconds.");
    expect(refused.headers["x-ratelimit-minute-remaining"]).toBe("0");
    const early = await outcome(
      limiter.consumeKey(key.hash, T0 + 10_000 + (retryAfter - 2) * 1000),
    );
    expect((early as ApiError).status).toBe(429);
    expect(await outcome(limiter.consumeKey(key.hash, T0 + 10_000 + retryAfter * 1000))).toBe(
      "admitted",
    );
  });

  it("never admits more than the limit in any rolling 60 s, and refusals do not eat the next window", async () => {
    const key = await freeKey();
    const admittedAt: number[] = [];
    // Two requests per second for five minutes: twice the Free limit.
    for (let t = 0; t < 300_000; t += 500) {
      if ((await outcome(limiter.consumeKey(key.hash, T0 + t))) === "admitted") admittedAt.push(t);
    }
    let maxRolling = 0;
    for (const start of admittedAt) {
      maxRolling = Math.max(
        maxRolling,
        admittedAt.filter((t) => t >= start && t < start + 60_000).length,
      );
    }
    expect(maxRolling).toBeLessThanOrEqual(60);
    for (let minute = 1; minute < 5; minute++) {
      const inMinute = admittedAt.filter(
        (t) => t >= minute * 60_000 && t < (minute + 1) * 60_000,
      ).length;
      expect(inMinute).toBeGreaterThanOrEqual(57);
      expect(inMinute).toBeLessThanOrEqual(60);
    }
  });

  it("counts two keys of one account separately", async () => {
    const key = await freeKey();
    const second = await accounts.createKey(key.userId, "second", new Date().toISOString());
    const secondHash = hashApiKey(second.apiKey);
    for (let i = 0; i < 60; i++) await limiter.consumeKey(key.hash, T0);
    expect(((await outcome(limiter.consumeKey(key.hash, T0))) as ApiError).status).toBe(429);
    for (let i = 0; i < 60; i++)
      expect(await outcome(limiter.consumeKey(secondHash, T0))).toBe("admitted");
  });
});

describe("daily quota", () => {
  it("admits exactly 1000 requests in a UTC day on a Free key, then refuses until 00:00 UTC", async () => {
    const key = await freeKey();
    let admitted = 0;
    let last: "admitted" | ApiError = "admitted";
    // 59 requests every 63 s stay under the minute limit; the day limit is what stops them.
    for (let minute = 0; minute < 18; minute++) {
      for (let i = 0; i < 59; i++) {
        last = await outcome(limiter.consumeKey(key.hash, T0 + minute * 63_000 + i * 10));
        if (last === "admitted") admitted++;
      }
    }
    expect(admitted).toBe(1000);
    const refused = last as ApiError;
    expect(refused.message).toBe("Daily rate limit exceeded.");
    const now = T0 + 17 * 63_000 + 58 * 10;
    const midnight = Date.UTC(2026, 10, 24) / 1000;
    expect(Number(refused.headers["retry-after"])).toBe(Math.ceil(midnight - now / 1000));
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused.headers["x-ratelimit-reset"]).toBe(String(midnight));
    expect(await outcome(limiter.consumeKey(key.hash, Date.UTC(2026, 10, 24, 0, 0, 1)))).toBe(
      "admitted",
    );
  });
});

describe("headers", () => {
  it("carry the daily and minute figures after each request", async () => {
    const key = await freeKey();
    await limiter.consumeKey(key.hash, T0);
    const { usage } = await limiter.consumeKey(key.hash, T0 + 1000);
    expect(rateLimitHeaders(usage)).toEqual({
      "x-ratelimit-limit": "1000",
      "x-ratelimit-remaining": "998",
      "x-ratelimit-reset": String(Date.UTC(2026, 10, 24) / 1000),
      "x-ratelimit-tier": "Free",
      "x-ratelimit-minute-limit": "60",
      "x-ratelimit-minute-remaining": "58",
    });
  });
});

describe("key state", () => {
  it("refuses an unknown key with 401 and a revoked one with 403 on the next request", async () => {
    const unknown = await outcome(limiter.consumeKey(hashApiKey("mdk_unknown"), T0));
    expect(unknown).toMatchObject({ status: 401 });
    const key = await freeKey();
    const second = await accounts.createKey(key.userId, "doomed", new Date().toISOString());
    await limiter.consumeKey(hashApiKey(second.apiKey), T0);
    await accounts.revokeKey(key.userId, second.record.keyId, key.hash, new Date().toISOString());
    expect(await outcome(limiter.consumeKey(hashApiKey(second.apiKey), T0 + 1))).toMatchObject({
      status: 403,
      code: "KEY_REVOKED",
    });
  });
});

describe("keyless requests", () => {
  it("are limited per IP bucket at 30 per minute", async () => {
    const bucket = `test-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 45 }, () => outcome(limiter.consumeIp(bucket, T0))),
    );
    expect(results.filter((r) => r === "admitted")).toHaveLength(KEYLESS_LIMITS.perMinute);
    expect(await outcome(limiter.consumeIp(`other-${randomUUID()}`, T0))).toBe("admitted");
  });

  it("are limited per IP bucket at 500 per UTC day", async () => {
    const bucket = `test-${randomUUID()}`;
    let admitted = 0;
    for (let minute = 0; minute < 18; minute++) {
      for (let i = 0; i < 30; i++) {
        if ((await outcome(limiter.consumeIp(bucket, T0 + minute * 63_000 + i))) === "admitted")
          admitted++;
      }
    }
    expect(admitted).toBe(500);
  });
});

describe("faults", () => {
  /** A limiter whose every DynamoDB call fails the way `fault` does (fault injection). */
  const faultyLimiter = (fault: Transport) => createRateLimiter(storeWith(fault), tableName);
  const throttled = throttledTransport();
  const timedOut: Transport = async () => {
    throw Object.assign(new Error("DynamoDB did not answer within 2000 ms"), {
      name: "TimeoutError",
    });
  };

  it.each([
    ["throttling", throttled],
    ["a timeout", timedOut],
  ])("answers %s with 503 and Retry-After, never an unlimited pass", async (_label, fault) => {
    const faulty = faultyLimiter(fault);
    for (const attempt of [faulty.consumeKey("abc", T0), faulty.consumeIp("1.2.3.4", T0)]) {
      const error = (await outcome(attempt)) as ApiError;
      expect(error.status).toBe(503);
      expect(error.code).toBe("RATE_LIMITER_UNAVAILABLE");
      expect(error.headers["retry-after"]).toBe("1");
    }
  });
});

describe("a counting write whose answer is lost", () => {
  /** DynamoDB applies every write, but the answers to the first `lost` are lost (a timeout). */
  const lossyLimiter = (lost: number) =>
    createRateLimiter(storeWith(answersLost(lost).transport, 3), tableName);

  const counted = async (hash: string) =>
    (await db.get({ TableName: tableName, Key: keyItemKey(hash), ConsistentRead: true })).Item?.n;

  it("is counted once and answered 503 saying so, never counted again by a retry", async () => {
    const key = await freeKey();
    let thrown: unknown;
    try {
      await lossyLimiter(1).consumeKey(key.hash, T0);
    } catch (error) {
      thrown = error;
    }
    const logged: Record<string, unknown>[] = [];
    const response = responseForThrown(thrown, "req-lost", (entry) =>
      logged.push(entry as Record<string, unknown>),
    );
    expect(response.statusCode).toBe(503);
    const { error } = JSON.parse(response.body);
    expect(error.code).toBe("RATE_LIMITER_UNAVAILABLE");
    expect(error.details).toBe("This request may have counted once against its rate limits.");
    expect(await counted(key.hash)).toBe(1);
    // The log line says why, not just that the service was unavailable.
    expect(logged[0]).toMatchObject({ requestId: "req-lost", code: "RATE_LIMITER_UNAVAILABLE" });
    expect(String(logged[0]?.cause)).toContain("TimeoutError: DynamoDB did not answer");
  });

  it("leaves the window exact: the lost one plus 59 admitted fill the minute", async () => {
    const key = await freeKey();
    await outcome(lossyLimiter(1).consumeKey(key.hash, T0));
    const results = [];
    for (let i = 0; i < 61; i++) results.push(await outcome(limiter.consumeKey(key.hash, T0 + i)));
    expect(results.filter((r) => r === "admitted")).toHaveLength(59);
  });
});

describe("custom limits", () => {
  it("override the tier for every key of the account and lift the daily limit", async () => {
    const key = await freeKey();
    await limiter.consumeKey(key.hash, T0);
    await accounts.setCustomLimits(key.userId, { perMinute: 5, daily: null });
    const later = T0 + 120_000;
    const { usage, key: record } = await limiter.consumeKey(key.hash, later);
    const headers = rateLimitHeaders(usage);
    expect(record?.limits).toEqual({ perMinute: 5, daily: null });
    expect(headers["x-ratelimit-limit"]).toBe("unlimited");
    expect(headers["x-ratelimit-remaining"]).toBe("unlimited");
    expect(headers["x-ratelimit-minute-limit"]).toBe("5");
    for (let i = 0; i < 4; i++) await limiter.consumeKey(key.hash, later + 1);
    expect(await outcome(limiter.consumeKey(key.hash, later + 2))).toMatchObject({ status: 429 });
    const next = await accounts.createKey(key.userId, "after", new Date().toISOString());
    expect(next.record.limits).toEqual({ perMinute: 5, daily: null });
  });
});
