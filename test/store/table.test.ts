import { DescribeTableCommand, DescribeTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import { ensureTable, TABLE_DESIGN } from "../../lib/store/table";

/** Against the test run's DynamoDB Local, not a mock. */

const client = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
const documents = createDocumentClient(client);
const tableName = `table-test-${Date.now()}`;
afterAll(() => client.destroy());

describe("ensureTable", () => {
  it("creates the single table with its keys, index and TTL", async () => {
    await ensureTable(client, tableName);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.TableStatus).toBe("ACTIVE");
    expect(Table?.KeySchema).toEqual([
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe("PAY_PER_REQUEST");
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(["gsi1"]);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      AttributeName: TABLE_DESIGN.ttlAttribute,
      TimeToLiveStatus: "ENABLED",
    });
  });

  it("is idempotent, also when called concurrently, and keeps existing items", async () => {
    await ensureTable(client, tableName);
    await documents.send(
      new PutCommand({ TableName: tableName, Item: { pk: "A", sk: "1", v: 42 } }),
    );
    await Promise.all([ensureTable(client, tableName), ensureTable(client, tableName)]);
    const { Item } = await documents.send(
      new GetCommand({ TableName: tableName, Key: { pk: "A", sk: "1" } }),
    );
    expect(Item?.v).toBe(42);
    const fresh = `${tableName}-concurrent`;
    await Promise.all([
      ensureTable(client, fresh),
      ensureTable(client, fresh),
      ensureTable(client, fresh),
    ]);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: fresh }));
    expect(Table?.TableStatus).toBe("ACTIVE");
  });
});
