import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { loadConfig } from "../lib/config";
import { type ConsumerDeps, consumeBatch } from "../lib/webhooks/consumer";
import { wireConsumer } from "../lib/wiring/webhook-consumer";

/**
 * The webhook delivery consumer: the webhook queue's SQS event source invokes it with up to
 * 10 messages; it answers the ones to redeliver (ReportBatchItemFailures), see
 * lib/webhooks/consumer.ts. `npm start` polls fauxqs into this same handler (local/queue-poller.ts).
 */
let deps: ConsumerDeps | undefined;

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  // Wired on the first invocation (once per cold start), from the environment at that time.
  deps ??= wireConsumer(loadConfig(process.env));
  return consumeBatch(event.Records, deps);
}
