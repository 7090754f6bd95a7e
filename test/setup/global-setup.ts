import type { TestProject } from "vitest/node";
import { loadLocalConfig } from "../../lib/config";
import { startDynamoDbLocal } from "../../local/dynamodb-local";
import { startLocalQueue } from "../../local/queue";

/**
 * One DynamoDB Local (in memory) and one fauxqs webhook queue for the whole test run; tests
 * reach them through `inject(...)` (env.ts puts them in the handlers' environment). Tests that
 * count queue messages start a queue of their own. DynamoDB Local's java exits with this
 * process, even if the run is killed; fauxqs runs inside it.
 */
export default async function setup(project: TestProject) {
  const { dynamoStartTimeoutMs } = loadLocalConfig(process.env);
  const [dynamo, queue] = await Promise.all([
    startDynamoDbLocal({ readyTimeoutMs: dynamoStartTimeoutMs }),
    startLocalQueue(),
  ]);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("webhookQueueUrl", queue.webhookQueueUrl);
  project.provide("deadLetterQueueUrl", queue.deadLetterQueueUrl);
  return async () => {
    await Promise.allSettled([dynamo.stop(), queue.stop()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    webhookQueueUrl: string;
    deadLetterQueueUrl: string;
  }
}
