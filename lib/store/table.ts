import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";

/**
 * The single table's key design, shared by the CDK stack and the local runtime so both
 * build the same table. Items are addressed by `pk`/`sk`; `gsi1` serves secondary lookups;
 * items with `expiresAt` (epoch seconds) are removed by DynamoDB's TTL.
 */
export const TABLE_DESIGN = {
  partitionKey: "pk",
  sortKey: "sk",
  ttlAttribute: "expiresAt",
  globalIndexes: [{ indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" }],
} as const;

/** Creates the table (on-demand) when missing and waits until it is active. Idempotent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  if (!(await tableExists(client, tableName))) {
    await createTable(client, tableName);
  }
  await waitUntilActive(client, tableName);
  await ensureTimeToLive(client, tableName);
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey, globalIndexes } = TABLE_DESIGN;
  const keyNames = [
    partitionKey,
    sortKey,
    ...globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: "S" })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: "HASH" },
          { AttributeName: sortKey, KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        })),
      }),
    );
  } catch (error) {
    // Another process created it first: fine, that is the table we wanted.
    if ((error as Error).name !== "ResourceInUseException") throw error;
  }
}

async function ensureTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  if (TimeToLiveDescription?.TimeToLiveStatus === "ENABLED") return;
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    // A concurrent caller enabled it between our read and write.
    if (!/already enabled/i.test((error as Error).message)) throw error;
  }
}

async function waitUntilActive(client: DynamoDBClient, tableName: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === "ACTIVE") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Table ${tableName} did not become active`);
}
