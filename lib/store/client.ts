import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoSettings {
  region: string;
  /** DynamoDB Local's address; unset in AWS. */
  endpoint: string | undefined;
}

/** A DynamoDB client; against DynamoDB Local it uses fixed dummy credentials. */
export function createDynamoClient(settings: DynamoSettings): DynamoDBClient {
  return new DynamoDBClient({
    region: settings.region,
    // Fail fast: a slow table answers 503 with Retry-After rather than hanging the API.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          credentials: { accessKeyId: "local", secretAccessKey: "local" },
        }
      : {}),
  });
}

/** Document client: plain JS values in and out; undefined attributes are dropped. */
export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
