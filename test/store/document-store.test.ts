import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { SignatureV4 } from "@smithy/signature-v4";
import { describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import {
  createDocumentStore,
  DynamoDBError,
  httpTransport,
  type SignedRequest,
  type Transport,
} from "../../lib/store/document-store";
import { DatabaseUnavailable, UnstorableNumber } from "../../lib/store/errors";
import { answersLost, storeWith, throttledTransport } from "../setup/faults";

/**
 * The node:http document store (SigV4 via aws4) against DynamoDB Local, with the AWS SDK as the independent
 * reader and writer: what one stores, the other reads back identically.
 */

const endpoint = inject("dynamoEndpoint");
const tableName = process.env.TABLE_NAME as string;
const store = createDocumentStore({ region: "us-east-1", endpoint });
const sdk = createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint }));

const key = () => ({ pk: `DOCSTORE#${randomUUID()}`, sk: "ITEM" });

/** The error `promise` rejects with when DynamoDB stays unavailable. */
async function unavailable(promise: Promise<unknown>): Promise<DatabaseUnavailable> {
  const error: unknown = await rejection(promise);
  if (!(error instanceof DatabaseUnavailable)) throw error;
  return error;
}

/** The error `promise` rejects with; fails the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<DynamoDBError> {
  try {
    await promise;
  } catch (error) {
    return error as DynamoDBError;
  }
  throw new Error("expected the call to fail");
}

const document = {
  text: "ünïcode ✓",
  integer: 42,
  fraction: -0.000123,
  large: 9_007_199_254_740_991,
  flag: false,
  nothing: null,
  list: [1, "two", { three: 3 }],
  nested: { deeper: { values: [true, null] } },
};

describe("documents", () => {
  it("stores what the SDK reads back, and reads what the SDK stored", async () => {
    const mine = key();
    await store.put({ TableName: tableName, Item: { ...mine, ...document, dropped: undefined } });
    const { Item: readBySdk } = await sdk.send(new GetCommand({ TableName: tableName, Key: mine }));
    expect(readBySdk).toEqual({ ...mine, ...document });

    const theirs = key();
    await sdk.send(new PutCommand({ TableName: tableName, Item: { ...theirs, ...document } }));
    const { Item: readByStore } = await store.get({ TableName: tableName, Key: theirs });
    expect(readByStore).toEqual({ ...theirs, ...document });
  });

  it("refuses a number outside DynamoDB's range before sending it, naming its attribute", async () => {
    let sent = 0;
    const counting = createDocumentStore({
      region: "us-east-1",
      endpoint,
      transport: async () => {
        sent++;
        throw new Error("must not be sent");
      },
    });
    for (const [value, where] of [
      [{ tiny: 5e-324 }, "tiny"],
      [{ nested: { deep: [1, 1e300] } }, "nested"],
      [{ ok: 1, bad: Number.NaN }, "bad"],
      [{ huge: -Infinity }, "huge"],
      [{ unsafe: 1e20 }, "unsafe"],
    ] as const) {
      const error = await rejection(
        counting.put({ TableName: tableName, Item: { ...key(), ...value } }),
      );
      expect(error).toBeInstanceOf(UnstorableNumber);
      expect((error as unknown as UnstorableNumber).attribute).toBe(where);
    }
    const update = counting.update({
      TableName: tableName,
      Key: key(),
      UpdateExpression: "SET t = :threshold",
      ExpressionAttributeValues: { ":threshold": 1e-131 },
    });
    expect(await rejection(update)).toMatchObject({ attribute: "threshold" });
    expect(sent).toBe(0);
    // The edges of the range are stored and read back exactly.
    const edges = { ...key(), smallest: 1e-130, largest: -Number.MAX_SAFE_INTEGER, zero: 0 };
    await store.put({ TableName: tableName, Item: edges });
    const { Item } = await store.get({ TableName: tableName, Key: { pk: edges.pk, sk: edges.sk } });
    expect(Item).toEqual(edges);
  });

  it("answers a missing item with no Item", async () => {
    expect((await store.get({ TableName: tableName, Key: key() })).Item).toBeUndefined();
  });

  it("updates with expression values and returns the new attributes", async () => {
    const item = key();
    const update = () =>
      store.update({
        TableName: tableName,
        Key: item,
        UpdateExpression: "ADD hits :one SET #label = :label",
        ExpressionAttributeNames: { "#label": "label" },
        ExpressionAttributeValues: { ":one": 1, ":label": "counted" },
        ReturnValues: "ALL_NEW",
      });
    await update();
    const { Attributes } = await update();
    expect(Attributes).toEqual({ ...item, hits: 2, label: "counted" });
  });

  it("names a failed condition and returns the item it saw", async () => {
    const item = key();
    await store.put({ TableName: tableName, Item: { ...item, version: 3 } });
    const failed = await rejection(
      store.update({
        TableName: tableName,
        Key: item,
        UpdateExpression: "SET version = :next",
        ConditionExpression: "version = :expected",
        ExpressionAttributeValues: { ":next": 2, ":expected": 1 },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      }),
    );
    expect(failed).toBeInstanceOf(DynamoDBError);
    expect(failed.name).toBe("ConditionalCheckFailedException");
    expect(failed.httpStatus).toBe(400);
    expect(failed.item).toEqual({ ...item, version: 3 });
  });

  it("writes transactions all or nothing, with a reason per action when cancelled", async () => {
    const [first, second] = [key(), key()];
    await store.transactWrite({
      TransactItems: [
        { Put: { TableName: tableName, Item: { ...first, n: 1 } } },
        { Put: { TableName: tableName, Item: { ...second, n: 2 } } },
      ],
    });
    const cancelled = await rejection(
      store.transactWrite({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: first,
              UpdateExpression: "SET n = :n",
              ExpressionAttributeValues: { ":n": 10 },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...second, n: 20 },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    expect(cancelled.name).toBe("TransactionCanceledException");
    expect(cancelled.cancellationReasons?.map((reason) => reason.Code)).toEqual([
      "None",
      "ConditionalCheckFailed",
    ]);
    const { Item } = await store.get({ TableName: tableName, Key: first });
    expect(Item?.n).toBe(1);
  });

  it("pages a query with Limit and ExclusiveStartKey", async () => {
    const pk = `DOCSTORE#${randomUUID()}`;
    for (const sk of ["a", "b", "c"]) {
      await store.put({ TableName: tableName, Item: { pk, sk, value: sk.toUpperCase() } });
    }
    const query = {
      TableName: tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": pk },
      Limit: 2,
    };
    const firstPage = await store.query(query);
    expect(firstPage.Items?.map((item) => item.value)).toEqual(["A", "B"]);
    expect(firstPage.LastEvaluatedKey).toEqual({ pk, sk: "b" });
    const secondPage = await store.query({
      ...query,
      ExclusiveStartKey: firstPage.LastEvaluatedKey,
    });
    expect(secondPage.Items?.map((item) => item.value)).toEqual(["C"]);
    expect(secondPage.Count).toBe(1);
  });

  it("gets a batch of items by key", async () => {
    const keys = [key(), key()];
    for (const [i, k] of keys.entries()) {
      await store.put({ TableName: tableName, Item: { ...k, i } });
    }
    const { Responses, UnprocessedKeys } = await store.batchGet({
      RequestItems: { [tableName]: { Keys: [...keys, key()] } },
    });
    const found = Responses?.[tableName]?.map((item) => item.i).sort();
    expect(found).toEqual([0, 1]);
    expect(UnprocessedKeys).toEqual({});
  });
});

describe("faults", () => {
  const throttled = throttledTransport("ProvisionedThroughputExceededException");

  /** A store whose transport answers `fault` the first `failures` times, then reaches the database. */
  function failingFirst(failures: number, fault: Transport, maxAttempts = 3) {
    let calls = 0;
    const transport: Transport = async (request, timeoutMs) => {
      calls++;
      return (calls <= failures ? fault : httpTransport)(request, timeoutMs);
    };
    return { store: storeWith(transport, maxAttempts), calls: () => calls };
  }

  it("retries throttling and succeeds within its attempts", async () => {
    const { store: retrying, calls } = failingFirst(2, throttled);
    await retrying.put({ TableName: tableName, Item: { ...key(), retried: true } });
    expect(calls()).toBe(3);
  });

  it("gives up after maxAttempts naming the operation, the throttling as its cause", async () => {
    const { store: retrying, calls } = failingFirst(5, throttled, 3);
    const error = await unavailable(retrying.get({ TableName: tableName, Key: key() }));
    expect(error.operation).toBe("GetItem");
    expect(error.outcomeUnknown).toBe(false);
    expect((error.cause as Error).name).toBe("ProvisionedThroughputExceededException");
    expect(calls()).toBe(3);
  });

  it("does not retry a client error", async () => {
    const { store: once, calls } = failingFirst(0, throttled);
    const error = await rejection(once.get({ TableName: "no-such-table", Key: key() }));
    expect(error.name).toBe("ResourceNotFoundException");
    expect(calls()).toBe(1);
  });

  it("reads a server error without a JSON body as that status", async () => {
    const badGateway = async () => ({ status: 502, body: "<html>Bad gateway</html>" });
    const { store: failing, calls } = failingFirst(9, badGateway, 2);
    const { cause } = await unavailable(failing.get({ TableName: tableName, Key: key() }));
    expect(cause).toBeInstanceOf(DynamoDBError);
    expect((cause as DynamoDBError).httpStatus).toBe(502);
    expect(calls()).toBe(2);
  });

  it("abandons an attempt that outlasts requestTimeoutMs, then retries it", async () => {
    const silent = createServer(() => {}); // accepts and never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    let attempts = 0;
    silent.on("request", () => attempts++);
    try {
      const slow = createDocumentStore({
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        requestTimeoutMs: 50,
        maxAttempts: 2,
      });
      const error = await unavailable(slow.get({ TableName: tableName, Key: key() }));
      expect((error.cause as Error).name).toBe("TimeoutError");
      expect(attempts).toBe(2);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("writes whose outcome is unknown", () => {
  /** A store whose first `lost` answers are lost after DynamoDB applied the request. */
  function lossyStore(lost: number) {
    const { transport, calls } = answersLost(lost);
    return { store: storeWith(transport, 3), calls };
  }

  const hits = async (item: Record<string, string>) =>
    (await store.get({ TableName: tableName, Key: item, ConsistentRead: true })).Item?.hits;

  it("never sends a counting write twice: it fails as 'may have been applied', applied once", async () => {
    const { store: lossy, calls } = lossyStore(1);
    const item = key();
    const error = await unavailable(
      lossy.update({
        TableName: tableName,
        Key: item,
        UpdateExpression: "ADD hits :one",
        ExpressionAttributeValues: { ":one": 1 },
      }),
    );
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain("may have been applied");
    expect(calls()).toBe(1);
    expect(await hits(item)).toBe(1);
  });

  it("sends a write marked repeatable again, with the same result", async () => {
    const { store: lossy, calls } = lossyStore(1);
    const item = key();
    await lossy.update(
      {
        TableName: tableName,
        Key: item,
        UpdateExpression: "SET hits = :one",
        ExpressionAttributeValues: { ":one": 1 },
      },
      { repeatable: true },
    );
    expect(calls()).toBe(2);
    expect(await hits(item)).toBe(1);
  });

  it("retries a transaction under its ClientRequestToken: applied once, answered success", async () => {
    const { store: lossy, calls } = lossyStore(1);
    const [counter, unique] = [key(), key()];
    await lossy.transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: tableName,
            Key: counter,
            UpdateExpression: "ADD hits :one",
            ExpressionAttributeValues: { ":one": 1 },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: unique,
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
      ],
    });
    expect(calls()).toBe(2);
    expect(await hits(counter)).toBe(1);
  });
});

describe("transaction conflicts", () => {
  /** DynamoDB's exact answer when another transaction holds one of the items. */
  const conflict: Transport = async () => ({
    status: 400,
    body: JSON.stringify({
      __type: "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
      CancellationReasons: [
        { Code: "None" },
        { Code: "TransactionConflict", Message: "Transaction is ongoing for the item" },
      ],
      Message:
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]",
    }),
  });

  function conflictingFirst(conflicts: number) {
    let calls = 0;
    const transport: Transport = async (request, timeoutMs) => {
      calls++;
      return (calls <= conflicts ? conflict : httpTransport)(request, timeoutMs);
    };
    return { store: storeWith(transport, 3), calls: () => calls };
  }

  const twoPuts = (first: Record<string, string>, second: Record<string, string>) => ({
    TransactItems: [
      { Put: { TableName: tableName, Item: { ...first, n: 1 } } },
      { Put: { TableName: tableName, Item: { ...second, n: 2 } } },
    ],
  });

  it("retries a transaction cancelled by a conflict, then applies it", async () => {
    const { store: conflicting, calls } = conflictingFirst(1);
    const [first, second] = [key(), key()];
    await conflicting.transactWrite(twoPuts(first, second));
    expect(calls()).toBe(2);
    expect((await store.get({ TableName: tableName, Key: second })).Item?.n).toBe(2);
  });

  it("reports a conflict that outlasts every attempt as unavailability, not as an error", async () => {
    const { store: conflicting, calls } = conflictingFirst(9);
    const error = await unavailable(conflicting.transactWrite(twoPuts(key(), key())));
    expect(error.operation).toBe("TransactWriteItems");
    expect((error.cause as DynamoDBError).cancellationReasons?.[1]?.Code).toBe(
      "TransactionConflict",
    );
    expect(calls()).toBe(3);
  });
});

describe("an unreachable database", () => {
  it("is unavailability after every attempt (connection refused), not an error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = createDocumentStore({
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      maxAttempts: 2,
    });
    const error = await unavailable(refused.get({ TableName: tableName, Key: key() }));
    expect((error.cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
    expect(error.outcomeUnknown).toBe(false);
  });
});

describe("a limit on requests in flight (maxInFlight)", () => {
  const LOADED_MACHINE_TIMEOUT_MS = 30_000;

  /**
   * A store whose requests reach DynamoDB Local through a transport that counts them and holds
   * each until `open()`; the store allows `maxInFlight` on the wire at once.
   */
  function heldStore(maxInFlight: number, requestTimeoutMs: number, maxAttempts = 3) {
    let sent = 0;
    let inFlight = 0;
    let most = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const transport: Transport = async (request) => {
      sent++;
      most = Math.max(most, ++inFlight);
      try {
        await gate;
        // Held, not slow: DynamoDB Local's own answer gets the tests' generous timeout.
        return await httpTransport(request, LOADED_MACHINE_TIMEOUT_MS);
      } finally {
        inFlight--;
      }
    };
    const held = createDocumentStore({
      region: "us-east-1",
      endpoint,
      transport,
      requestTimeoutMs,
      maxAttempts,
      maxInFlight,
    });
    return { held, open, sent: () => sent, most: () => most };
  }

  const addOne = (item: Record<string, string>) => ({
    TableName: tableName,
    Key: item,
    UpdateExpression: "ADD hits :one",
    ExpressionAttributeValues: { ":one": 1 },
  });

  it("sends at most maxInFlight at once; the others wait their turn and all are applied", async () => {
    const { held, open, sent, most } = heldStore(2, LOADED_MACHINE_TIMEOUT_MS);
    const items = Array.from({ length: 6 }, key);
    const writes = Promise.all(items.map((item) => held.update(addOne(item))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent()).toBe(2);
    open();
    await writes;
    expect(sent()).toBe(6);
    expect(most()).toBe(2);
    for (const item of items) {
      const { Item } = await store.get({ TableName: tableName, Key: item, ConsistentRead: true });
      expect(Item?.hits).toBe(1);
    }
  });

  it("never sends a request that got no turn in time: unavailable, outcome known, not applied", async () => {
    // It waits up to 10 attempt timeouts (1 s here), then fails without a retry.
    const { held, open, sent } = heldStore(1, 100);
    const [first, waiting] = [key(), key()];
    const holding = held.update(addOne(first));
    const error = await unavailable(held.update(addOne(waiting)));
    expect(error.outcomeUnknown).toBe(false);
    expect((error.cause as Error).name).toBe("QueueTimeoutError");
    expect(sent()).toBe(1); // only the first reached the transport
    open();
    await holding;
    const { Item } = await store.get({ TableName: tableName, Key: waiting, ConsistentRead: true });
    expect(Item).toBeUndefined();
  });
});

describe("signing", () => {
  /** node:crypto in the shape the SDK's signer expects. */
  class Sha256 {
    private readonly hash;
    constructor(secret?: SourceData) {
      this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
    }
    update(data: SourceData) {
      this.hash.update(bytes(data));
    }
    async digest() {
      return new Uint8Array(this.hash.digest());
    }
  }

  it("signs a request exactly as the AWS SDK's SigV4 signer does", async () => {
    const credentials = {
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
      sessionToken: "session-token",
    };
    const sent: SignedRequest[] = [];
    const inAws = createDocumentStore({
      region: "eu-west-1",
      endpoint: undefined,
      credentials,
      transport: async (request) => {
        sent.push(request);
        return { status: 200, body: "{}" };
      },
    });
    await inAws.get({ TableName: "t", Key: { pk: "a", sk: "b" } });
    const [request] = sent;
    if (!request) throw new Error("no request was sent");
    expect(request.url.href).toBe("https://dynamodb.eu-west-1.amazonaws.com/");
    const headers = lowerCased(request.headers);
    expect(headers["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
    expect(headers["x-amz-security-token"]).toBe("session-token");
    const authorization = headers.authorization ?? "";
    const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";") ?? [];
    expect(signedNames).toEqual(expect.arrayContaining(["host", "x-amz-date", "x-amz-target"]));

    const signer = new SignatureV4({
      credentials,
      region: "eu-west-1",
      service: "dynamodb",
      sha256: Sha256,
      applyChecksum: false,
    });
    const expected = await signer.sign(
      {
        method: "POST",
        protocol: "https:",
        hostname: "dynamodb.eu-west-1.amazonaws.com",
        path: "/",
        headers: Object.fromEntries(signedNames.map((name) => [name, headers[name] ?? ""])),
        body: request.body,
      },
      { signingDate: parseAmzDate(headers["x-amz-date"] ?? "") },
    );
    expect(authorization).toBe(expected.headers.authorization);
  });

  it("refuses to start in AWS without credentials", () => {
    expect(() => createDocumentStore({ region: "us-east-1", endpoint: undefined })).toThrow(
      /AWS_ACCESS_KEY_ID/,
    );
  });
});

type SourceData = string | ArrayBuffer | ArrayBufferView;

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === "string") return data;
  if (ArrayBuffer.isView(data))
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** `20261122T074200Z` → that instant. */
function parseAmzDate(amzDate: string): Date {
  const [, y, mo, d, h, mi, s] =
    /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate) ?? [];
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}
