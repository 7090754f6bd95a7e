import { mkdir } from "node:fs/promises";
import { Server } from "node:net";
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
  const server = await onLoopback(() =>
    startFauxqs({ port: 0, logger: false, ...(dataDir ? { dataDir } : {}) }),
  );
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

/**
 * fauxqs 2.4 always listens on 0.0.0.0 (its `host` option only names the host in queue URLs),
 * so while it starts, a listen on 0.0.0.0 in this process is made on 127.0.0.1 instead.
 */
async function onLoopback<T>(start: () => Promise<T>): Promise<T> {
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [options] = args;
    if (typeof options === "object" && options && "host" in options && options.host === "0.0.0.0")
      args[0] = { ...options, host: "127.0.0.1" };
    return Reflect.apply(listen, this, args) as Server;
  } as typeof listen;
  try {
    return await start();
  } finally {
    Server.prototype.listen = listen;
  }
}
