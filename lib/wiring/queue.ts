import { type EventQueue, QueueUnavailable, sqsEventQueue } from "../webhooks/event-queue";
import type { Wiring } from "./core";

/**
 * The webhook queue's sender. Locally (DynamoDB Local, fauxqs) it signs with dummy credentials
 * as the table client does and speaks to the queue URL's server; without WEBHOOK_QUEUE_URL every send fails with QueueUnavailable
 * (503 for POST /webhooks/{id}/test), so only what sends needs the setting.
 */
export function eventQueue({ config }: Wiring): EventQueue {
  const queueUrl = config.webhookQueueUrl;
  if (!queueUrl) {
    const unset = async () => {
      throw new QueueUnavailable("WEBHOOK_QUEUE_URL is not set");
    };
    return { send: unset, deadLetter: unset };
  }
  return sqsEventQueue({
    region: config.region,
    queueUrl,
    deadLetterQueueUrl: config.webhookDeadLetterQueueUrl,
    ...(config.dynamoEndpoint
      ? {
          credentials: { accessKeyId: "local", secretAccessKey: "local" },
          endpoint: new URL(queueUrl).origin,
        }
      : { credentials: config.awsCredentials }),
  });
}
