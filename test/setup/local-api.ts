import { inject } from "vitest";
import { type LocalRuntime, startLocalRuntime } from "../../local/runtime";

/** The local runtime on a free port, sharing the test run's DynamoDB Local. */
export function startTestApi(): Promise<LocalRuntime> {
  return startLocalRuntime({ port: 0, dynamoEndpoint: inject("dynamoEndpoint") });
}
