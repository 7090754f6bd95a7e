import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { GROUPS } from "../lib/api/generated/manifest";
import type { Group } from "../lib/api/route";
import { DEFAULT_TABLE_NAME, type DynamoLocalJit } from "../lib/config";
import { createDynamoClient } from "../lib/store/client";
import { ensureTable } from "../lib/store/table";
import { type BackgroundJobOptions, startBackgroundJobs } from "./background-jobs";
import { startDynamoDbLocal } from "./dynamodb-local";
import { startLocalQueue } from "./queue";
import { createLocalServer, type HandlerTable, type LambdaHandler } from "./server";

/**
 * The whole service on one machine: DynamoDB Local, fauxqs and the local HTTP server in
 * front of the Lambda handlers. `npm start` and the integration tests both use this.
 */
export interface LocalRuntimeOptions {
  port: number;
  /** Folder for the database and queue files; in memory when unset. */
  dataDir?: string;
  /** Use this DynamoDB (e.g. the test run's instance) instead of starting one. */
  dynamoEndpoint?: string;
  /** How long DynamoDB Local may take to start (default: lib/config's). */
  dynamoStartTimeoutMs?: number;
  /** The compilers of DynamoDB Local's JVM (lib/config's DYNAMODB_LOCAL_JIT); `c1` when unset. */
  dynamoLocalJit?: DynamoLocalJit;
  /**
   * Run what AWS runs beside the API: the delivery consumer polled from the queue as the SQS
   * event source would, the alert evaluator every minute (`npm start`; tests shorten the
   * minute), and the intelligence verdict job (local/verdict-schedule.ts). Off when absent.
   */
  backgroundJobs?: BackgroundJobOptions;
}

export interface LocalRuntime {
  /** The API's base address, e.g. `http://127.0.0.1:3000/v1`. */
  apiUrl: string;
  origin: string;
  dynamoEndpoint: string;
  /** SQLite's modes for DynamoDB Local's file; undefined in memory or when not started here. */
  dynamoSqliteModes: string | undefined;
  webhookQueueUrl: string;
  deadLetterQueueUrl: string;
  stop(): Promise<void>;
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    // DynamoDB Local's JVM start-up is most of the wait: start the queue and import the
    // handlers meanwhile. Whatever started is stopped again if anything failed.
    const [dynamoStart, queueStart, handlersLoad] = await Promise.allSettled([
      options.dynamoEndpoint
        ? undefined
        : startDynamoDbLocal({
            ...(options.dataDir ? { dataDir: join(options.dataDir, "dynamodb") } : {}),
            ...(options.dynamoStartTimeoutMs
              ? { readyTimeoutMs: options.dynamoStartTimeoutMs }
              : {}),
            ...(options.dynamoLocalJit ? { jit: options.dynamoLocalJit } : {}),
          }),
      startLocalQueue(options.dataDir ? { dataDir: join(options.dataDir, "queue") } : {}),
      loadHandlers(),
    ]);
    for (const start of [dynamoStart, queueStart]) {
      if (start.status === "fulfilled" && start.value) stops.push(start.value.stop);
    }
    const dynamo = settledValue(dynamoStart);
    const queue = settledValue(queueStart);
    const handlers = settledValue(handlersLoad);
    const dynamoEndpoint = dynamo?.endpoint ?? (options.dynamoEndpoint as string);

    // The environment the Lambda functions get from CDK in AWS.
    process.env.STAGE ??= "local";
    process.env.TABLE_NAME ??= DEFAULT_TABLE_NAME;
    process.env.DYNAMODB_ENDPOINT = dynamoEndpoint;
    process.env.WEBHOOK_QUEUE_URL = queue.webhookQueueUrl;
    process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL = queue.deadLetterQueueUrl;

    // Start-up, not a request: allow a loaded machine time rather than failing.
    const client = createDynamoClient({
      region: "us-east-1",
      endpoint: dynamoEndpoint,
      requestTimeoutMs: SETUP_REQUEST_TIMEOUT_MS,
    });
    await ensureTable(client, process.env.TABLE_NAME).finally(() => client.destroy());

    const server = createLocalServer(handlers);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, "127.0.0.1", resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    if (options.backgroundJobs) {
      stops.push(await startBackgroundJobs(queue.webhookQueueUrl, options.backgroundJobs));
    }
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      apiUrl: `${origin}/v1`,
      origin,
      dynamoEndpoint,
      dynamoSqliteModes: dynamo?.sqliteModes,
      webhookQueueUrl: queue.webhookQueueUrl,
      deadLetterQueueUrl: queue.deadLetterQueueUrl,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const SETUP_REQUEST_TIMEOUT_MS = 30_000;

function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/** Each group's Lambda entry point (`functions/<group>.ts`) and the `$default` fallback. */
async function loadHandlers(): Promise<HandlerTable> {
  const names: (Group | "fallback")[] = [...GROUPS, "fallback"];
  const entries = await Promise.all(
    names.map(async (name) => {
      const module = (await import(`../functions/${name}.ts`)) as { handler: LambdaHandler };
      return [name, module.handler] as const;
    }),
  );
  return Object.fromEntries(entries) as HandlerTable;
}
