import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../lib/account/api-keys";
import { demoAccountOf } from "../../lib/account/demo-account";
import { loadConfig } from "../../lib/config";
import {
  announceDemoAccount,
  ensureDemoAccount,
  START_KEY_NAME,
  startKeyForDemoAccount,
} from "../../local/demo-account";
import { testDeps } from "../setup/deps";

/**
 * The demo account on DynamoDB Local: who it is (DEMO_ACCOUNT_EMAIL), how `npm start` creates
 * it and prints a key on every start (replacing the previous start's key), and how the feed's
 * check recognises its keys.
 */

const deps = testDeps();
const now = () => new Date().toISOString();
const freshEmail = () => `demo-${randomUUID()}@example.com`;

async function admitted(apiKey: string): Promise<boolean> {
  return deps.limiter.consumeKey(hashApiKey(apiKey), Date.now()).then(
    () => true,
    () => false,
  );
}

describe("DEMO_ACCOUNT_EMAIL", () => {
  it("names the demo account, lower-cased; demo@example.com against DynamoDB Local; none in AWS", () => {
    expect(loadConfig({ DEMO_ACCOUNT_EMAIL: " Ops@Example.com " }).demoAccountEmail).toBe(
      "ops@example.com",
    );
    expect(loadConfig({ DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }).demoAccountEmail).toBe(
      "demo@example.com",
    );
    expect(loadConfig({}).demoAccountEmail).toBeUndefined();
    const off = { DYNAMODB_ENDPOINT: "http://127.0.0.1:8000", DEMO_ACCOUNT_EMAIL: "" };
    expect(loadConfig(off).demoAccountEmail).toBeUndefined();
  });
});

describe("npm start's demo key", () => {
  it("registers the account on the first start and replaces the start key on each restart", async () => {
    const email = freshEmail();
    const first = await startKeyForDemoAccount(deps.accounts, email, now());
    const account = await deps.accounts.findAccountByEmail(email);
    if (!account) throw new Error("the demo account was not registered");
    const second = await startKeyForDemoAccount(deps.accounts, email, now());
    const third = await startKeyForDemoAccount(deps.accounts, email, now());
    expect(new Set([first, second, third]).size).toBe(3);

    const keys = await deps.accounts.listKeys(account.userId);
    const state = (apiKey: string) => keys.find((key) => key.keyHash === hashApiKey(apiKey));
    expect(state(first)).toMatchObject({ name: "default", isActive: true });
    expect(state(second)).toMatchObject({ name: START_KEY_NAME, isActive: false });
    expect(state(third)).toMatchObject({ name: START_KEY_NAME, isActive: true });
    expect(keys).toHaveLength(3);
    expect(await admitted(third)).toBe(true);
    expect(await admitted(second)).toBe(false);
  });

  it("uses the account when it exists already", async () => {
    const email = freshEmail();
    const created = await ensureDemoAccount(deps.accounts, email, now());
    expect(created.registrationKey).toMatch(/^mdk_/);
    const again = await ensureDemoAccount(deps.accounts, email, now());
    expect(again).toEqual({ userId: created.userId });
  });

  it("prints the account and its key, or that none is configured", async () => {
    const email = freshEmail();
    const lines: string[] = [];
    const env = { ...process.env, DEMO_ACCOUNT_EMAIL: email };
    await announceDemoAccount(env, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    const key = /X-Api-Key: (mdk_\w+)$/.exec(lines[0] ?? "")?.[1] as string;
    expect(lines[0]).toContain(email);
    expect(await admitted(key)).toBe(true);
    const account = await deps.accounts.findAccountByEmail(email);
    expect(await demoAccountOf(deps.accounts, email).isDemoAccount(account?.userId ?? -1)).toBe(
      true,
    );

    const none: string[] = [];
    await announceDemoAccount({ ...process.env, DEMO_ACCOUNT_EMAIL: "" }, (line) =>
      none.push(line),
    );
    expect(none).toEqual([
      "No demo account (DEMO_ACCOUNT_EMAIL is empty): the premium-selling feed refuses every key",
    ]);
  });
});

describe("the feed's check", () => {
  it("recognises the demo account's keys only", async () => {
    const email = freshEmail();
    const demo = await ensureDemoAccount(deps.accounts, email, now());
    const other = await ensureDemoAccount(deps.accounts, freshEmail(), now());
    const check = demoAccountOf(deps.accounts, email);
    expect(await check.isDemoAccount(demo.userId)).toBe(true);
    expect(await check.isDemoAccount(other.userId)).toBe(false);
    expect(await demoAccountOf(deps.accounts, undefined).isDemoAccount(demo.userId)).toBe(false);
    // Not registered yet: nobody; once registered, its keys.
    const later = freshEmail();
    const pending = demoAccountOf(deps.accounts, later);
    expect(await pending.isDemoAccount(demo.userId)).toBe(false);
    const registered = await ensureDemoAccount(deps.accounts, later, now());
    expect(await pending.isDemoAccount(registered.userId)).toBe(true);
  });
});
