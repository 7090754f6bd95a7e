import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoSettings {
  region: string;
  /** DynamoDB Local's address; unset in AWS. */
  endpoint: string | undefined;
  /** Per-request timeout (ms); a slow table answers 503 rather than hanging the API. */
  requestTimeoutMs?: number;
}

/**
 * The AWS SDK's DynamoDB client, for table administration in the local runtime and for tests
 * that check stored items independently; the Lambdas use the lighter `document-store.ts`.
 * Against DynamoDB Local it uses fixed dummy credentials.
 */
export function createDynamoClient(settings: DynamoSettings): DynamoDBClient {
  return new DynamoDBClient({
    region: settings.region,
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: settings.requestTimeoutMs ?? 1000,
      requestTimeout: settings.requestTimeoutMs ?? 2000,
    },
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
