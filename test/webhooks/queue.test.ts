import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_QUEUE } from "../../lib/webhooks/queue";
import { type LocalQueue, startLocalQueue } from "../../local/queue";

/** The webhook queue on fauxqs, the SQS-compatible server of the local runtime. */

let queue: LocalQueue;
let sqs: SQSClient;
beforeAll(async () => {
  queue = await startLocalQueue();
  sqs = new SQSClient({
    region: "us-east-1",
    endpoint: queue.endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
});
afterAll(async () => {
  sqs?.destroy();
  await queue?.stop();
});

describe("webhook queue", () => {
  it("is configured like the CDK queue: visibility timeout and redrive to the DLQ", async () => {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queue.webhookQueueUrl, AttributeNames: ["All"] }),
    );
    expect(Attributes?.VisibilityTimeout).toBe(String(WEBHOOK_QUEUE.visibilityTimeoutSeconds));
    expect(JSON.parse(Attributes?.RedrivePolicy ?? "{}")).toEqual({
      deadLetterTargetArn: expect.stringMatching(new RegExp(`:${WEBHOOK_QUEUE.deadLetterName}$`)),
      maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount,
    });
  });

  it("delivers a message sent with the AWS SDK", async () => {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queue.webhookQueueUrl, MessageBody: '{"n":1}' }),
    );
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queue.webhookQueueUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages?.[0]?.Body).toBe('{"n":1}');
    await sqs.send(
      new DeleteMessageCommand({
        QueueUrl: queue.webhookQueueUrl,
        ReceiptHandle: Messages?.[0]?.ReceiptHandle,
      }),
    );
  });
});
