import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { startFauxqs } from "fauxqs";
import { WEBHOOK_QUEUE } from "../lib/webhooks/queue";

/**
 * fauxqs, an SQS-compatible server, run in-process, with the webhook queue and its
 * dead-letter queue created as in the CDK stack.
 */
export interface LocalQueue {
  endpoint: string;
  webhookQueueUrl: string;
  deadLetterQueueUrl: string;
  stop(): Promise<void>;
}

export async function startLocalQueue(options: { dataDir?: string } = {}): Promise<LocalQueue> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const server = await startFauxqs({ port: 0, logger: false, ...(dataDir ? { dataDir } : {}) });
  const deadLetter = server.createQueue(WEBHOOK_QUEUE.deadLetterName, {
    attributes: { MessageRetentionPeriod: String(WEBHOOK_QUEUE.deadLetterRetentionSeconds) },
  });
  const queue = server.createQueue(WEBHOOK_QUEUE.name, {
    attributes: {
      VisibilityTimeout: String(WEBHOOK_QUEUE.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetter.queueArn,
        maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount,
      }),
    },
  });
  return {
    endpoint: server.address,
    webhookQueueUrl: queue.queueUrl,
    deadLetterQueueUrl: deadLetter.queueUrl,
    stop: () => server.stop(),
  };
}
