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

export interface LocalQueueOptions {
  dataDir?: string;
  /** Tests shorten it to see redeliveries within seconds; the CDK queue's otherwise. */
  visibilityTimeoutSeconds?: number;
}

export async function startLocalQueue(options: LocalQueueOptions = {}): Promise<LocalQueue> {
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
      VisibilityTimeout: String(
        options.visibilityTimeoutSeconds ?? WEBHOOK_QUEUE.visibilityTimeoutSeconds,
      ),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetter.queueArn,
        maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount,
      }),
    },
  });
  return {
    endpoint: server.address,
    webhookQueueUrl: onServer(queue.queueUrl, server.address),
    deadLetterQueueUrl: onServer(deadLetter.queueUrl, server.address),
    stop: () => server.stop(),
  };
}

/**
 * fauxqs names its queues `http://sqs.<region>.localhost:<port>/<account>/<name>`, a host the
 * system resolver may not know. The AWS SDK sends each call to its queue URL's host, so the
 * URLs handed out point at the server's own address instead (fauxqs finds a queue by its path).
 */
function onServer(queueUrl: string, serverAddress: string): string {
  const url = new URL(queueUrl);
  const server = new URL(serverAddress);
  url.host = server.host;
  return url.href;
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
