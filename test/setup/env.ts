import { inject } from "vitest";
import { DEFAULT_TABLE_NAME, loadConfig } from "../../lib/config";
import { createDynamoClient } from "../../lib/store/client";
import { ensureTable } from "../../lib/store/table";

/**
 * Every test file sees the environment the Lambdas get: the run's DynamoDB Local, the table
 * and the webhook queue, so handlers invoked in-process use real storage. DynamoDB Local shares this machine
 * with the whole run (and other work): it gets 30 s per attempt rather than the deployed 2 s,
 * so a loaded machine makes tests slower, not failed.
 */
process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
process.env.DYNAMODB_TIMEOUT_MS ??= "30000";
process.env.TABLE_NAME ??= DEFAULT_TABLE_NAME;
process.env.CORS_ORIGINS ??= "https://www.example.com";
process.env.WEBHOOK_QUEUE_URL ??= inject("webhookQueueUrl");
process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL ??= inject("deadLetterQueueUrl");

const client = createDynamoClient({
  region: "us-east-1",
  endpoint: inject("dynamoEndpoint"),
  requestTimeoutMs: loadConfig(process.env).dynamoTimeoutMs,
});
await ensureTable(client, process.env.TABLE_NAME);
client.destroy();
