import { inject } from "vitest";
import { DEFAULT_TABLE_NAME } from "../../lib/config";
import { createDynamoClient } from "../../lib/store/client";
import { ensureTable } from "../../lib/store/table";

/**
 * Every test file sees the environment the Lambdas get: the run's DynamoDB Local and the
 * table, so handlers invoked in-process use real storage.
 */
process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
process.env.TABLE_NAME ??= DEFAULT_TABLE_NAME;
process.env.CORS_ORIGINS ??= "https://www.example.com";

const client = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
await ensureTable(client, process.env.TABLE_NAME);
client.destroy();
