import type { Group } from "./route";

/**
 * What each function may touch in AWS, declared once: the CDK stack grants exactly this (and
 * refuses to synthesize a group missing here), `test/infra/group-access.test.ts` checks it
 * against the DynamoDB calls the handlers really make. No zod here: the stack imports it.
 */

/**
 * DynamoDB IAM actions, without the `dynamodb:` prefix. A TransactWriteItems call is
 * authorized per contained action (Put → PutItem, Update → UpdateItem, Delete → DeleteItem,
 * ConditionCheck → ConditionCheckItem); there is no separate transaction permission.
 */
export type TableAction =
  | "GetItem"
  | "PutItem"
  | "UpdateItem"
  | "DeleteItem"
  | "Query"
  | "BatchGetItem"
  | "ConditionCheckItem";

export interface GroupAccess {
  /** Actions on the single table (its items only: no function queries the index). */
  table: readonly TableAction[];
  /** Hands contact-form messages to SES (the configured sender identity only). */
  sendsMail: boolean;
}

/** Every metered request is counted by one conditional UpdateItem (store/rate-limiter.ts). */
const LIMITER: readonly TableAction[] = ["UpdateItem"];

export const GROUP_ACCESS: Record<Group | "fallback", GroupAccess> = {
  // GET /v1 (the descriptor) is metered; nothing else.
  meta: { table: LIMITER, sendsMail: false },
  // Unversioned documentation routes are not metered and read only bundled files.
  docs: { table: [], sendsMail: false },
  // Accounts and keys (store/accounts.ts): login reads the email and profile items (GetItem)
  // and stores a token (PutItem); register and createKey bump the id counter (UpdateItem) and
  // write their items in a transaction of Puts; revokeKey reads the key reference (GetItem)
  // and runs a transaction of Update (the key) and Delete (its name); listKeys is a Query
  // and BatchGetItem. The contact form's daily quota is another limiter UpdateItem.
  account: {
    table: [...LIMITER, "GetItem", "PutItem", "DeleteItem", "Query", "BatchGetItem"],
    sendsMail: true,
  },
  // The contact intake: IP bucket and daily quota (UpdateItem); the preflight is unmetered.
  corporate: { table: LIMITER, sendsMail: true },
  // Nova's response cache (store/response-cache.ts) and the market cache in front of a
  // vendor (market/cache.ts, MARKET_CACHE=on) read and write whole items.
  market: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // The calculators are pure maths; the chain analytics read market data through the market
  // cache in front of a vendor (whole items, as market).
  options: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // Company data reads market data as options does (through the market cache in front of a
  // vendor, whole items).
  company: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // Webhook subscriptions (store/account-items.ts): create and delete are transactions of a
  // Put or Delete and the account's count (UpdateItem); list is a Query; the delivery log
  // reads the subscription (GetItem, its owner) and Queries its attempts.
  webhooks: { table: [...LIMITER, "GetItem", "PutItem", "DeleteItem", "Query"], sendsMail: false },
  // Alert subscriptions (store/account-items.ts, as webhooks), the webhook they name read
  // (GetItem), and market data to validate the code through the market cache (Get/PutItem).
  alerts: { table: [...LIMITER, "GetItem", "PutItem", "DeleteItem", "Query"], sendsMail: false },
  // `$default` answers 404/405 from the route table without metering.
  fallback: { table: [], sendsMail: false },
};
