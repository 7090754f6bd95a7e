import { randomUUID } from "node:crypto";
import type { AccountStore } from "../../lib/store/accounts";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { fetchFrom } from "./http";

/** Registers a fresh account through the API and returns its first key. */
export async function registerAccount(apiUrl: string, email = `u-${randomUUID()}@example.com`) {
  const response = await fetchFrom(`${apiUrl}/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  const body = (await response.json()) as { data: { apiKey: string; userId: number } };
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { email, password: "correct horse battery", ...body.data };
}

/**
 * A fresh account's first key as the handler resolves it, straight from the store (no HTTP):
 * pass it as `context.apiKey` to callRoute.
 */
export async function newCallerKey(accounts: AccountStore, label: string): Promise<KeyRecord> {
  const email = `${label}-${randomUUID()}@example.com`;
  return (await accounts.register(email, "unused-hash", new Date().toISOString())).record;
}
