import type { TestProject } from "vitest/node";
import { startDynamoDbLocal } from "../../local/dynamodb-local";

/**
 * One DynamoDB Local (in memory) for the whole test run; tests that touch storage reach it
 * through `inject("dynamoEndpoint")` and use their own table names.
 */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal();
  project.provide("dynamoEndpoint", dynamo.endpoint);
  return () => dynamo.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
