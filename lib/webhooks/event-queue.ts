import type { SQSClient } from "@aws-sdk/client-sqs";
import type { AwsCredentials } from "../store/document-store";
import { describeError } from "./errors";
import { type DeliveryMessage, encodeDeliveryMessage } from "./messages";

/**
 * Sending to the webhook queue (SQS in AWS, fauxqs locally) and to its dead-letter queue. The
 * AWS SDK's SQS client is imported on the first send, so a function that never sends (every
 * group but webhooks) pays nothing for it at cold start.
 */
export interface EventQueue {
  /** Enqueues each message after its delay (seconds, 0-900); resolves once all are accepted. */
  send(entries: readonly QueuedMessage[]): Promise<void>;
  /** Keeps a message that will not be attempted again in the dead-letter queue (14 days). */
  deadLetter(message: DeliveryMessage, reason: string): Promise<void>;
}

export interface QueuedMessage {
  message: DeliveryMessage;
  /** SQS DelaySeconds, 0-900; 0 when absent. */
  delaySeconds?: number;
}

/** The queue refused or could not be reached; nothing of the refused entries was enqueued. */
export class QueueUnavailable extends Error {
  override name = "QueueUnavailable";
}

export interface SqsEventQueueSettings {
  region: string;
  queueUrl: string;
  deadLetterQueueUrl: string | undefined;
  /** The function role's credentials; the SDK's default chain when absent. */
  credentials: AwsCredentials | undefined;
  /** The SQS-compatible server locally (fauxqs); the region's SQS when absent. */
  endpoint?: string;
}

/** SendMessageBatch takes at most 10 entries. */
const SQS_BATCH_SIZE = 10;
/** Entries a batch refused are sent again this many times before the send fails. */
const BATCH_RETRIES = 2;

export function sqsEventQueue(settings: SqsEventQueueSettings): EventQueue {
  let client: Promise<SQSClient> | undefined;
  const sqs = () => {
    client ??= import("@aws-sdk/client-sqs").then(
      ({ SQSClient }) =>
        new SQSClient({
          region: settings.region,
          ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
          ...(settings.credentials ? { credentials: settings.credentials } : {}),
        }),
    );
    return client;
  };

  async function sendBatch(queueUrl: string, entries: readonly QueuedMessage[]): Promise<void> {
    const { SendMessageBatchCommand } = await import("@aws-sdk/client-sqs");
    let pending = entries.map((entry, index) => ({
      Id: String(index),
      MessageBody: encodeDeliveryMessage(entry.message),
      DelaySeconds: entry.delaySeconds ?? 0,
    }));
    for (let round = 0; pending.length > 0; round++) {
      const answer = await (await sqs())
        .send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }))
        .catch((error: unknown) => {
          throw new QueueUnavailable(`SQS send failed: ${describeError(error)}`, { cause: error });
        });
      const failed = new Set((answer.Failed ?? []).map((failure) => failure.Id));
      pending = pending.filter((entry) => failed.has(entry.Id));
      if (pending.length > 0 && round === BATCH_RETRIES) {
        throw new QueueUnavailable(`SQS refused ${pending.length} message(s)`);
      }
    }
  }

  return {
    async send(entries) {
      for (let start = 0; start < entries.length; start += SQS_BATCH_SIZE) {
        await sendBatch(settings.queueUrl, entries.slice(start, start + SQS_BATCH_SIZE));
      }
    },
    async deadLetter(message, reason) {
      if (!settings.deadLetterQueueUrl) {
        throw new QueueUnavailable("WEBHOOK_DEAD_LETTER_QUEUE_URL is not set");
      }
      const { SendMessageCommand } = await import("@aws-sdk/client-sqs");
      await (await sqs())
        .send(
          new SendMessageCommand({
            QueueUrl: settings.deadLetterQueueUrl,
            MessageBody: encodeDeliveryMessage(message),
            MessageAttributes: { reason: { DataType: "String", StringValue: reason } },
          }),
        )
        .catch((error: unknown) => {
          throw new QueueUnavailable(`SQS send failed: ${describeError(error)}`, { cause: error });
        });
    },
  };
}
