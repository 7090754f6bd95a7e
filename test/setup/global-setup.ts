import type { TestProject } from "vitest/node";
import { loadLocalConfig } from "../../lib/config";
import { startDynamoDbLocal } from "../../local/dynamodb-local";

/**
 * One DynamoDB Local (in memory) for the whole test run; tests that touch storage reach it
 * through `inject("dynamoEndpoint")` and use their own table names. Its java exits with this
 * process, even if the run is killed.
 */
export default async function setup(project: TestProject) {
  const { dynamoStartTimeoutMs } = loadLocalConfig(process.env);
  const dynamo = await startDynamoDbLocal({ readyTimeoutMs: dynamoStartTimeoutMs });
  project.provide("dynamoEndpoint", dynamo.endpoint);
  return () => dynamo.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
