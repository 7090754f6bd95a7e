import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

/**
 * What Lambda's SQS event source does, for `npm start` and the tests: long-polls the queue for
 * up to `batchSize` messages, invokes the consumer handler with them as an SQSEvent, and
 * deletes the ones it did not report in `batchItemFailures` (a handler that throws fails the
 * whole batch). Failed messages stay invisible until their visibility timeout ends, then SQS
 * (fauxqs) redelivers them, and moves them to the dead-letter queue after maxReceiveCount.
 */
export interface QueuePollerOptions {
  queueUrl: string;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
  /** Messages per invocation, as the event source's BatchSize (10). */
  batchSize?: number;
  /** Long-poll wait per receive, seconds; short so that stop() returns quickly. */
  waitTimeSeconds?: number;
  /** Called with what went wrong when a poll or an invocation fails (the loop goes on). */
  onError?: (error: unknown) => void;
}

export interface QueuePoller {
  /** Resolves once the poller has handled every message it received (idle). */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };
/** Pause after a failed receive, so an unreachable queue is not hammered. */
const ERROR_PAUSE_MS = 1000;

export function startQueuePoller(options: QueuePollerOptions): QueuePoller {
  const sqs = new SQSClient({
    region: "us-east-1",
    credentials: LOCAL_CREDENTIALS,
    endpoint: new URL(options.queueUrl).origin,
  });
  const batchSize = options.batchSize ?? 10;
  const waitTimeSeconds = options.waitTimeSeconds ?? 1;
  let running = true;
  let idleWaiters: (() => void)[] = [];

  async function pollOnce(): Promise<number> {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: batchSize,
        WaitTimeSeconds: waitTimeSeconds,
        MessageSystemAttributeNames: ["All"],
      }),
    );
    if (Messages.length === 0) return 0;
    const response = await options.handler(sqsEvent(Messages, options.queueUrl)).catch((error) => {
      options.onError?.(error);
      return { batchItemFailures: Messages.map((m) => ({ itemIdentifier: String(m.MessageId) })) };
    });
    const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
    const done = Messages.filter((message) => !failed.has(String(message.MessageId)));
    if (done.length > 0) {
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: options.queueUrl,
          Entries: done.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle,
          })),
        }),
      );
    }
    return Messages.length;
  }

  const loop = (async () => {
    while (running) {
      const received = await pollOnce().catch(async (error: unknown) => {
        if (running) options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, ERROR_PAUSE_MS));
        return 0;
      });
      if (received === 0) for (const wake of idleWaiters.splice(0)) wake();
    }
  })();

  return {
    drained: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async stop() {
      running = false;
      await loop;
      for (const wake of idleWaiters.splice(0)) wake();
      idleWaiters = [];
      sqs.destroy();
    },
  };
}

/** Received messages in the shape the SQS event source gives Lambda. */
function sqsEvent(messages: readonly Message[], queueUrl: string): SQSEvent {
  const queueName = queueUrl.slice(queueUrl.lastIndexOf("/") + 1);
  const records = messages.map(
    (message): SQSRecord => ({
      messageId: String(message.MessageId),
      receiptHandle: String(message.ReceiptHandle),
      body: message.Body ?? "",
      attributes: {
        ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? "1",
        SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: message.Attributes?.SenderId ?? "local",
        ApproximateFirstReceiveTimestamp:
          message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? "",
      eventSource: "aws:sqs",
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueName}`,
      awsRegion: "us-east-1",
    }),
  );
  return { Records: records };
}
