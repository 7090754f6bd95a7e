import { randomUUID } from "node:crypto";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWellFormedApiKey } from "../../lib/account/api-keys";
import { responseForThrown } from "../../lib/api/envelope";
import { loadConfig } from "../../lib/config";
import { createAccountStore } from "../../lib/store/accounts";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import type { LocalRuntime } from "../../local/runtime";
import { registerAccount } from "../setup/accounts";
import { storeWith, throttledTransport } from "../setup/faults";
import { fetchFrom } from "../setup/http";
import { startTestApi } from "../setup/local-api";

/** The Account endpoints end to end, on DynamoDB Local. */

let api: LocalRuntime;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

/** Each call comes from its own loopback address: a distinct client for the per-IP limits. */
function call(
  path: string,
  init: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
) {
  return fetchFrom(`${api.apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.key ? { "x-api-key": init.key } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function json(response: Response) {
  return (await response.json()) as { success: boolean; data: any; error: any };
}

describe("POST /account/register", () => {
  it("creates a Free account and returns a well-formed key once", async () => {
    const email = `New-${randomUUID()}@Example.COM`;
    const response = await call("/account/register", {
      body: { email: `  ${email} `, password: "longenough" },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({ email: email.toLowerCase(), tier: "Free" });
    expect(Number.isInteger(data.userId)).toBe(true);
    expect(isWellFormedApiKey(data.apiKey)).toBe(true);
    const keys = await json(await call("/account/keys", { key: data.apiKey }));
    expect(keys.data).toHaveLength(1);
    expect(keys.data[0]).toMatchObject({
      name: "default",
      isActive: true,
      lastUsedAt: expect.any(String),
    });
    expect(data.apiKey.startsWith(keys.data[0].keyPrefix)).toBe(true);
    expect(JSON.stringify(keys.data)).not.toContain(data.apiKey);
  });

  it.each([
    ["a missing email", { password: "longenough" }, "email"],
    ["an invalid email", { email: "not-an-email", password: "longenough" }, "email"],
    [
      "a line break in the email",
      { email: "a@b.com\r\nBcc: x@y.com", password: "longenough" },
      "email",
    ],
    ["a short password", { email: "a@example.com", password: "short" }, "password"],
    ["a long password", { email: "a@example.com", password: "x".repeat(129) }, "password"],
    ["a numeric password", { email: "a@example.com", password: 12345678 }, "password"],
  ])("refuses %s with 400 naming the field", async (_label, body, field) => {
    const response = await call("/account/register", { body });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain(`'${field}'`);
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    const first = await registerAccount(api.apiUrl);
    const response = await call("/account/register", {
      body: { email: first.email.toUpperCase(), password: "another password" },
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error.code).toBe("EMAIL_ALREADY_REGISTERED");
  });

  it("creates exactly one account under 50 identical concurrent registrations", async () => {
    const email = `race-${randomUUID()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call("/account/register", { body: { email, password: "longenough" } }),
      ),
    );
    // The invariant, not the machine's speed: one account whatever happens. Every other
    // answer is 409, or 503 if DynamoDB Local could not keep up (a 503 may even hide the
    // one success), never a second 200 and never another 5xx.
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    const db = createDocumentClient(
      createDynamoClient({
        region: "us-east-1",
        endpoint: api.dynamoEndpoint,
        requestTimeoutMs: loadConfig(process.env).dynamoTimeoutMs,
      }),
    );
    const owner = await db.send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `EMAIL#${email}` },
      }),
    );
    expect(owner.Items).toHaveLength(1);
  });

  it("ignores privileged fields in the body (no mass assignment)", async () => {
    const response = await call("/account/register", {
      body: {
        email: `mass-${randomUUID()}@example.com`,
        password: "longenough",
        tier: "Enterprise",
        tierId: 4,
        userId: 1,
        isActive: false,
        perMinuteLimit: 100000,
        dailyLimit: null,
      },
    });
    const { data } = await json(response);
    expect(data.tier).toBe("Free");
    const usage = await json(await call("/account/usage", { key: data.apiKey }));
    expect(usage.data).toEqual({ tier: "Free", rateLimit: 60, dailyLimit: 1000, isActive: true });
  });
});

describe("POST /account/login", () => {
  it("returns an account token with its lifetime for the right password", async () => {
    const account = await registerAccount(api.apiUrl);
    const response = await call("/account/login", {
      body: { email: account.email, password: account.password },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({ userId: account.userId, email: account.email });
    expect(data.token).toMatch(/^mdt_[A-Za-z0-9_-]{43}$/);
    const lifetimeMs = Date.parse(data.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(23.9 * 3600_000);
    expect(lifetimeMs).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("answers 401 alike for a wrong password and an unknown email", async () => {
    const account = await registerAccount(api.apiUrl);
    for (const body of [
      { email: account.email, password: "wrong password" },
      { email: `nobody-${randomUUID()}@example.com`, password: "whatever1" },
    ]) {
      const response = await call("/account/login", { body });
      expect(response.status).toBe(401);
      expect((await json(response)).error).toMatchObject({
        code: "INVALID_CREDENTIALS",
        message: "Invalid email or password.",
      });
    }
  });

  it("issues a token that no endpoint accepts", async () => {
    const account = await registerAccount(api.apiUrl);
    const { data } = await json(
      await call("/account/login", { body: { email: account.email, password: account.password } }),
    );
    for (const path of ["/account/keys", "/account/usage", "/market/status"]) {
      const response = await call(path, { headers: { authorization: `Bearer ${data.token}` } });
      expect(response.status, path).toBe(401);
      expect((await json(response)).error.code).toBe("MISSING_API_KEY");
    }
  });
});

describe("keys", () => {
  it("creates, lists and revokes keys; a revoked key is refused on the very next request", async () => {
    const account = await registerAccount(api.apiUrl);
    const created = await json(
      await call("/account/keys", { key: account.apiKey, body: { name: "backtester" } }),
    );
    expect(created.data).toMatchObject({ name: "backtester", id: expect.any(Number) });
    expect(isWellFormedApiKey(created.data.apiKey)).toBe(true);
    const second = created.data.apiKey as string;
    expect((await call("/market/status", { key: second })).status).toBe(200);

    const revoked = await call(`/account/keys/${created.data.id}`, {
      method: "DELETE",
      key: account.apiKey,
    });
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data).toBeNull();

    const after = await call("/market/status", { key: second });
    expect(after.status).toBe(403);
    expect((await json(after)).error.code).toBe("KEY_REVOKED");

    const list = await json(await call("/account/keys", { key: account.apiKey }));
    expect(list.data.map((k: { name: string; isActive: boolean }) => [k.name, k.isActive])).toEqual(
      [
        ["default", true],
        ["backtester", false],
      ],
    );
    // Revoking again is harmless; the key stays revoked.
    expect(
      (await call(`/account/keys/${created.data.id}`, { method: "DELETE", key: account.apiKey }))
        .status,
    ).toBe(200);
    expect((await call("/market/status", { key: second })).status).toBe(403);
  });

  it("refuses to revoke the key that authenticates the request, but another key of the account may", async () => {
    const account = await registerAccount(api.apiUrl);
    const keys = await json(await call("/account/keys", { key: account.apiKey }));
    const ownId = keys.data[0].id;
    const self = await call(`/account/keys/${ownId}`, { method: "DELETE", key: account.apiKey });
    expect(self.status).toBe(409);
    expect((await json(self)).error.code).toBe("KEY_IN_USE");
    const other = await json(
      await call("/account/keys", { key: account.apiKey, body: { name: "admin" } }),
    );
    const byOther = await call(`/account/keys/${ownId}`, {
      method: "DELETE",
      key: other.data.apiKey,
    });
    expect(byOther.status).toBe(200);
    expect((await call("/account/usage", { key: account.apiKey })).status).toBe(403);
  });

  it("answers 404 KEY_NOT_FOUND for another account's key and an absent one", async () => {
    const mine = await registerAccount(api.apiUrl);
    const theirs = await registerAccount(api.apiUrl);
    const theirKeys = await json(await call("/account/keys", { key: theirs.apiKey }));
    for (const id of [theirKeys.data[0].id, 999_999_999]) {
      const response = await call(`/account/keys/${id}`, { method: "DELETE", key: mine.apiKey });
      expect(response.status).toBe(404);
      expect((await json(response)).error.code).toBe("KEY_NOT_FOUND");
    }
    expect((await call("/account/usage", { key: theirs.apiKey })).status).toBe(200);
  });

  it.each(["abc", "0", "-1", "1.5"])("refuses key id %s with 400 naming keyId", async (id) => {
    const account = await registerAccount(api.apiUrl);
    const response = await call(`/account/keys/${id}`, { method: "DELETE", key: account.apiKey });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toContain("'keyId'");
  });

  it("creates exactly one key under 50 identical concurrent requests", async () => {
    const account = await registerAccount(api.apiUrl);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call("/account/keys", { key: account.apiKey, body: { name: "same" } }),
      ),
    );
    // As for registrations: exactly one key, other answers 409 or (overloaded) 503.
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    const keys = await json(await call("/account/keys", { key: account.apiKey }));
    expect(keys.data.filter((k: { name: string }) => k.name === "same")).toHaveLength(1);
  });

  it("refuses a missing or blank key name", async () => {
    const account = await registerAccount(api.apiUrl);
    for (const body of [{}, { name: "  " }, { name: "a\nb" }]) {
      const response = await call("/account/keys", { key: account.apiKey, body });
      expect(response.status).toBe(400);
      expect((await json(response)).error.message).toContain("'name'");
    }
  });
});

describe("GET /account/usage", () => {
  it("reports the key's effective limits", async () => {
    const account = await registerAccount(api.apiUrl);
    const response = await call("/account/usage", { key: account.apiKey });
    expect((await json(response)).data).toEqual({
      tier: "Free",
      rateLimit: 60,
      dailyLimit: 1000,
      isActive: true,
    });
  });
});

describe("rate limits over HTTP", () => {
  it("answers the 61st request in a minute with the spec's 429", async () => {
    const account = await registerAccount(api.apiUrl);
    // Registration used no key; the key's first 60 requests go through.
    for (let i = 0; i < 60; i++) {
      const response = await call("/market/status", { key: account.apiKey });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-minute-remaining")).toBe(String(59 - i));
      expect(response.headers.get("x-ratelimit-remaining")).toBe(String(999 - i));
    }
    const refused = await call("/market/status", { key: account.apiKey });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(62);
    const body = (await refused.json()) as Record<string, any>;
    expect(Object.keys(body)).not.toContain("data");
    expect(body.error).toEqual({
      code: "RATE_LIMIT_EXCEEDED",
      message: "Per-minute rate limit exceeded.",
      details: `Free: retry in ${retryAfter} seconds.`,
    });
    expect(refused.headers.get("x-ratelimit-tier")).toBe("Free");
    expect(refused.headers.get("x-ratelimit-minute-remaining")).toBe("0");
  });

  it("counts a keyed request on a keyless route against the key, and refuses a bad key there", async () => {
    const account = await registerAccount(api.apiUrl);
    const withKey = await call("/account/tiers", { key: account.apiKey });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("x-ratelimit-tier")).toBe("Free");
    expect(withKey.headers.get("x-ratelimit-minute-remaining")).toBe("59");
    const keyless = await call("/account/tiers");
    expect(keyless.headers.get("x-ratelimit-tier")).toBe("Keyless");
    expect(keyless.headers.get("x-ratelimit-minute-limit")).toBe("30");
    expect(keyless.headers.get("x-ratelimit-limit")).toBe("500");
    expect((await call("/account/tiers", { key: "not-a-key" })).status).toBe(401);
  });
});

describe("when the table is unavailable", () => {
  it("answers 503 DATABASE_UNAVAILABLE with Retry-After, and logs the cause", async () => {
    const unreachable = storeWith(throttledTransport(), 2);
    const accounts = createAccountStore(unreachable, process.env.TABLE_NAME as string);
    let thrown: unknown;
    try {
      await accounts.register(`u-${randomUUID()}@example.com`, "-", new Date().toISOString());
    } catch (error) {
      thrown = error;
    }
    const logged: Record<string, unknown>[] = [];
    const response = responseForThrown(thrown, "req-db", (entry) =>
      logged.push(entry as Record<string, unknown>),
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("1");
    expect(JSON.parse(response.body).error.code).toBe("DATABASE_UNAVAILABLE");
    expect(logged[0]).toMatchObject({
      level: "error",
      requestId: "req-db",
      code: "DATABASE_UNAVAILABLE",
    });
    expect(String(logged[0]?.cause)).toContain("ThrottlingException");
  });
});
