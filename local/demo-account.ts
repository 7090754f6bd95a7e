import { randomBytes } from "node:crypto";
import { hashPassword } from "../lib/account/passwords";
import { type Env, loadConfig } from "../lib/config";
import type { AccountStore } from "../lib/store/accounts";
import { StoreRefusal } from "../lib/store/errors";
import { wiringOf } from "../lib/wiring/core";
import { accountStore } from "../lib/wiring/stores";

/**
 * The demo account on the local runtime (DEMO_ACCOUNT_EMAIL, see lib/account/demo-account.ts):
 * `npm start` creates it when missing and prints a key for it; tests take keys of their own.
 */

/** The key `npm start` prints on a restart: each start revokes the previous one's and makes another. */
export const START_KEY_NAME = "npm-start";

/** The account's id, and the key registration issued when this call created the account. */
export interface DemoAccountState {
  userId: number;
  /** Set only when this call registered the account (its first key, named "default"). */
  registrationKey?: string;
}

/**
 * Registers the demo account unless it exists. Its password is random and never shown: the
 * account is used through its keys, nobody logs in to it.
 */
export async function ensureDemoAccount(
  accounts: AccountStore,
  email: string,
  nowIso: string,
): Promise<DemoAccountState> {
  const existing = await accounts.findAccountByEmail(email);
  if (existing) return { userId: existing.userId };
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    const created = await accounts.register(email, passwordHash, nowIso);
    return { userId: created.record.userId, registrationKey: created.apiKey };
  } catch (error) {
    // Registered meanwhile (two starts, or tests, racing): use that account.
    if (!(error instanceof StoreRefusal && error.kind === "email-taken")) throw error;
    const raced = await accounts.findAccountByEmail(email);
    if (!raced) throw error;
    return { userId: raced.userId };
  }
}

/**
 * A key for the demo account as `npm start` prints it: the registration key when the account
 * was just created, else a fresh key named `npm-start` that replaces (revokes) the one the
 * previous start printed. Keys are stored hashed, so a lost key cannot be shown again; keys
 * made with POST /v1/account/keys are left alone.
 */
export async function startKeyForDemoAccount(
  accounts: AccountStore,
  email: string,
  nowIso: string,
): Promise<string> {
  const account = await ensureDemoAccount(accounts, email, nowIso);
  if (account.registrationKey) return account.registrationKey;
  const previous = (await accounts.listKeys(account.userId)).find(
    (key) => key.isActive && key.name === START_KEY_NAME,
  );
  if (previous) await accounts.revokeKey(account.userId, previous.keyId, "", nowIso);
  return (await accounts.createKey(account.userId, START_KEY_NAME, nowIso)).apiKey;
}

/**
 * `npm start`'s lines about the demo account: its email and a key for it. A failure is reported
 * and the service keeps running (only the feed needs the account).
 */
export async function announceDemoAccount(env: Env, log = console.log): Promise<void> {
  const config = loadConfig(env);
  const email = config.demoAccountEmail;
  if (!email) {
    log(
      "No demo account (DEMO_ACCOUNT_EMAIL is empty): the premium-selling feed refuses every key",
    );
    return;
  }
  try {
    const accounts = accountStore(wiringOf(config));
    const key = await startKeyForDemoAccount(accounts, email, new Date().toISOString());
    log(`Demo account ${email} (GET /v1/options/premium-sell/*), X-Api-Key: ${key}`);
  } catch (error) {
    log(`The demo account could not be prepared: ${String(error)}`);
  }
}

/** A new key, named `name`, of the demo account (registered when missing): for tests and tools. */
export async function newDemoAccountKey(
  accounts: AccountStore,
  email: string,
  name: string,
  nowIso: string,
): Promise<string> {
  const { userId } = await ensureDemoAccount(accounts, email, nowIso);
  return (await accounts.createKey(userId, name, nowIso)).apiKey;
}
