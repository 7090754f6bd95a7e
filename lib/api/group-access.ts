import type { Group } from "./route";

/**
 * What each function may touch in AWS, declared once: the CDK stack grants exactly this (and
 * refuses to synthesize a function missing here), `test/infra/group-access.test.ts` checks the
 * API groups' declarations against the DynamoDB calls their handlers really make. No zod
 * here: the stack imports it.
 */

/** The functions outside the HTTP API: the webhook queue's consumer and the alert evaluator. */
export const WEBHOOK_FUNCTIONS = ["webhook-consumer", "alert-evaluator"] as const;
export type WebhookFunction = (typeof WEBHOOK_FUNCTIONS)[number];

/** Scheduled jobs outside the HTTP API and the webhook pipeline: the committee's verdict job. */
export const JOB_FUNCTIONS = ["intelligence-job"] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];

/** Every function outside the HTTP API. */
export const BACKGROUND_FUNCTIONS = [...WEBHOOK_FUNCTIONS, ...JOB_FUNCTIONS] as const;

/**
 * Every Lambda function of the stack, each built from `functions/<name>.ts`: one per API
 * group, API Gateway's `$default` fallback, the webhook pipeline's two and the scheduled jobs.
 */
export type FunctionName = Group | "fallback" | WebhookFunction | JobFunction;

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

/** SQS IAM actions, without `sqs:`, that send: SendMessageBatch is authorized as SendMessage. */
export const QUEUE_SEND_ACTIONS = ["SendMessage"] as const;

/**
 * What a Lambda SQS event source polls with the function's role, as CDK's `SqsEventSource`
 * grants it (`grantConsumeMessages`): ReceiveMessage, DeleteMessage and GetQueueAttributes
 * are what the poller needs; ChangeMessageVisibility and GetQueueUrl come with CDK's set.
 * All on the webhook queue only.
 */
export const QUEUE_RECEIVE_ACTIONS = [
  "ReceiveMessage",
  "ChangeMessageVisibility",
  "GetQueueUrl",
  "DeleteMessage",
  "GetQueueAttributes",
] as const;

export interface QueueAccess {
  /** SendMessage on the webhook queue (enqueue an event or a retry). */
  send?: boolean;
  /** QUEUE_RECEIVE_ACTIONS on the webhook queue: the function is its event source's target. */
  receive?: boolean;
  /** SendMessage on the dead-letter queue (an event given up on, kept 14 days). */
  sendDeadLetter?: boolean;
}

export interface GroupAccess {
  /** Actions on the single table's items. */
  table: readonly TableAction[];
  /** Actions on the table's `gsi1` index (every alert under one key, store/alerts.ts). */
  index?: readonly "Query"[];
  /** Hands contact-form messages to SES (the configured sender identity only). */
  sendsMail: boolean;
  /**
   * Writes narrative text (lib/narrative): may invoke the configured Bedrock model, only when
   * the stage is deployed with the Bedrock backend.
   */
  writesNarrative?: boolean;
  /** The webhook queue and its dead-letter queue; none when absent. */
  queue?: QueueAccess;
}

/** Every metered request is counted by one conditional UpdateItem (store/rate-limiter.ts). */
const LIMITER: readonly TableAction[] = ["UpdateItem"];

export const GROUP_ACCESS: Record<FunctionName, GroupAccess> = {
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
  // POST /webhooks/{id}/test enqueues a webhook.test event.
  webhooks: {
    table: [...LIMITER, "GetItem", "PutItem", "DeleteItem", "Query"],
    sendsMail: false,
    queue: { send: true },
  },
  // Alert subscriptions (store/account-items.ts, as webhooks), the webhook they name read
  // (GetItem), and market data to validate the code through the market cache (Get/PutItem).
  alerts: { table: [...LIMITER, "GetItem", "PutItem", "DeleteItem", "Query"], sendsMail: false },
  // The catalogue's analytics read market data as options does (through the market cache in
  // front of a vendor, whole items).
  volatility: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  optionsExtra: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  hedge: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false, writesNarrative: true },
  portfolio: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // News, calendars and the company news extras read market data and company data as the
  // company group does (through the market cache in front of a vendor, whole items).
  news: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  companyExtra: {
    table: [...LIMITER, "GetItem", "PutItem"],
    sendsMail: false,
    writesNarrative: true,
  },
  calendar: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // The company graph reads market data and company data as the company group does.
  graph: {
    table: [...LIMITER, "GetItem", "PutItem"],
    sendsMail: false,
    // The summary and report are written through the narrative port.
    writesNarrative: true,
  },
  // The statements read market data and company filings as the company group does.
  fundamentals: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // Market-wide figures read market data (and short-volume files) through the market cache.
  marketAnalysis: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // The scan reads market data and statements as the market-analysis and fundamentals groups.
  screener: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // The committee reads market and company data through the market cache, writes its
  // reasoning, and stores each verdict (PutItem) that /conviction reads (GetItem).
  intelligence: {
    table: [...LIMITER, "GetItem", "PutItem"],
    sendsMail: false,
    writesNarrative: true,
  },
  // Reference data is bundled or computed; the FX rates are read from the ECB's files (or
  // simulated) and kept in memory. Only the limiter touches the table.
  reference: { table: LIMITER, sendsMail: false },
  // Congressional trades read market data (the ticker's contract, through the market cache in
  // front of a vendor: whole items); the trades themselves come from the simulated world or
  // the House Clerk's index, never the table.
  congressional: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // FDA catalysts read market data (contracts and closes for the reactions) through the market
  // cache in front of a vendor, and openFDA's and the Federal Register's answers through the
  // same read-through cache (whole items); the simulated pipeline touches no table.
  fda: { table: [...LIMITER, "GetItem", "PutItem"], sendsMail: false },
  // Content is bundled text and an IP database file read into memory; only the limiter
  // touches the table.
  content: { table: LIMITER, sendsMail: false },
  // `$default` answers 404/405 from the route table without metering.
  fallback: { table: [], sendsMail: false },
  // Not HTTP handlers: test/infra/group-access.test.ts drives only the API groups; the
  // consumer's and the evaluator's own tests exercise these against DynamoDB Local.
  // The consumer (lib/webhooks/consumer.ts) reads the subscription with its secret (GetItem),
  // logs each attempt (PutItem), disables the subscription on 410 (UpdateItem); it is the
  // queue's event source target, re-enqueues retries and dead-letters what it gives up on.
  "webhook-consumer": {
    table: ["GetItem", "PutItem", "UpdateItem"],
    sendsMail: false,
    queue: { send: true, receive: true, sendDeadLetter: true },
  },
  // The evaluator (lib/webhooks/evaluator.ts) lists every alert with one Query on gsi1, lists
  // each account's subscriptions (Query), records each alert's decision (conditional
  // UpdateItem), reads market data through the market cache in front of a vendor (GetItem,
  // PutItem, as market), and enqueues the events it fires.
  "alert-evaluator": {
    table: ["GetItem", "PutItem", "Query", "UpdateItem"],
    index: ["Query"],
    sendsMail: false,
    queue: { send: true },
  },
  // The verdict job (lib/intelligence/job.ts) reads market and company data through the market
  // cache (GetItem, PutItem, as the intelligence group), stores each verdict (PutItem) and
  // writes its reasoning; it is not metered (no limiter UpdateItem).
  "intelligence-job": { table: ["GetItem", "PutItem"], sendsMail: false, writesNarrative: true },
};
