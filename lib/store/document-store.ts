import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from "@aws-sdk/lib-dynamodb";
import { marshall, unmarshall } from "@aws-sdk/util-dynamodb";
import aws4 from "aws4";
import { ApiError } from "../api/errors";

/**
 * The Lambdas' DynamoDB client: the six document operations they use, spoken over
 * DynamoDB's JSON protocol with node:http(s) and SigV4 signatures (aws4). Inputs and outputs
 * have the AWS SDK document client's shapes (plain JS values; undefined attributes dropped).
 * Loading the SDK's DynamoDB client costs about 55 ms of every cold start, and `fetch` about
 * 30 ms on its first call; node:http is already loaded. Table administration (local runtime,
 * tests) still uses the SDK (`client.ts`).
 */
export interface DocumentStore {
  get(input: GetCommandInput): Promise<Pick<GetCommandOutput, "Item">>;
  put(input: PutCommandInput): Promise<Pick<PutCommandOutput, "Attributes">>;
  update(input: UpdateCommandInput): Promise<Pick<UpdateCommandOutput, "Attributes">>;
  query(
    input: QueryCommandInput,
  ): Promise<Pick<QueryCommandOutput, "Items" | "Count" | "LastEvaluatedKey">>;
  transactWrite(input: TransactWriteCommandInput): Promise<Pick<TransactWriteCommandOutput, never>>;
  batchGet(
    input: BatchGetCommandInput,
  ): Promise<Pick<BatchGetCommandOutput, "Responses" | "UnprocessedKeys">>;
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface DocumentStoreSettings {
  region: string;
  /** DynamoDB Local's address; unset in AWS. */
  endpoint: string | undefined;
  /** The Lambda role's credentials (from the environment); DynamoDB Local gets fixed dummies. */
  credentials?: AwsCredentials | undefined;
  /** Per-attempt timeout (ms); a slow table answers 503 rather than hanging the API. */
  requestTimeoutMs?: number;
  /** Attempts per call, the first included; only throttling and server errors are retried. */
  maxAttempts?: number;
  /** How a signed request reaches DynamoDB; replaced in tests for fault injection. */
  transport?: Transport;
}

/** A signed DynamoDB request, ready to send. */
export interface SignedRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
}

export interface TransportResponse {
  status: number;
  body: string;
}

/** Sends one request; rejects with a `TimeoutError` when it outlasts `timeoutMs`. */
export type Transport = (request: SignedRequest, timeoutMs: number) => Promise<TransportResponse>;

/** An error DynamoDB answered, named by its type (`ConditionalCheckFailedException`, ...). */
export class DynamoDBError extends Error {
  constructor(
    name: string,
    message: string,
    readonly httpStatus: number,
    /** The item a failed condition saw (`ReturnValuesOnConditionCheckFailure: ALL_OLD`). */
    readonly item: Record<string, unknown> | undefined,
    /** Per action of a cancelled transaction: `Code` is `None`, `ConditionalCheckFailed`, ... */
    readonly cancellationReasons: { Code?: string; Message?: string }[] | undefined,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * DynamoDB stayed throttled, failing or unreachable through every attempt: the request was
 * valid, so the answer is 503 naming the subsystem (spec: Errors), logged with the cause.
 */
export class DynamoDBUnavailable extends ApiError {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    const message = "The database is temporarily unavailable. Retry shortly.";
    super(503, "DATABASE_UNAVAILABLE", message, null, { "retry-after": "1" }, cause);
  }
}

const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: "local", secretAccessKey: "local" };
/** Error types worth another attempt (the SDK's "throttling" and "transient" classes). */
const RETRYABLE_TYPES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "LimitExceededException",
  "InternalServerError",
  "ServiceUnavailable",
  "TransactionInProgressException",
]);
const RETRY_BASE_DELAY_MS = 25;

type Document = Record<string, unknown>;
type WireItem = Record<string, unknown>;

const toWire = (document: Document | undefined) =>
  document && marshall(document, { removeUndefinedValues: true });
const fromWire = (item: WireItem | undefined) =>
  item && (unmarshall(item as Parameters<typeof unmarshall>[0]) as Document);

/** `:name` → value maps become attribute values; everything else passes through. */
function withWireValues<T extends { ExpressionAttributeValues?: Document | undefined }>(input: T) {
  return input.ExpressionAttributeValues
    ? { ...input, ExpressionAttributeValues: toWire(input.ExpressionAttributeValues) }
    : input;
}

export function createDocumentStore(settings: DocumentStoreSettings): DocumentStore {
  const credentials = settings.endpoint
    ? LOCAL_CREDENTIALS
    : (settings.credentials ?? missingCredentials());
  const url = new URL(settings.endpoint ?? `https://dynamodb.${settings.region}.amazonaws.com/`);
  const send = settings.transport ?? httpTransport;
  const timeoutMs = settings.requestTimeoutMs ?? 2000;
  const maxAttempts = settings.maxAttempts ?? 3;

  async function attempt(operation: string, body: string): Promise<Record<string, unknown>> {
    const signed = aws4.sign(
      {
        host: url.host,
        path: url.pathname,
        method: "POST",
        service: "dynamodb",
        region: settings.region,
        headers: {
          "content-type": "application/x-amz-json-1.0",
          "x-amz-target": `DynamoDB_20120810.${operation}`,
        },
        body,
      },
      credentials,
    );
    const headers = Object.fromEntries(
      Object.entries(signed.headers ?? {}).map(([name, value]) => [name, String(value)]),
    );
    const response = await send({ url, headers, body }, timeoutMs);
    const payload = parseJson(response.body);
    if (response.status < 300) return payload;
    throw dynamoError(response.status, payload);
  }

  async function call(operation: string, input: unknown): Promise<Record<string, unknown>> {
    const body = JSON.stringify(input);
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await attempt(operation, body);
      } catch (error) {
        if (!isRetryable(error)) throw error;
        if (attemptNo >= maxAttempts) throw new DynamoDBUnavailable(operation, error);
        const delayMs = Math.random() * RETRY_BASE_DELAY_MS * 2 ** attemptNo;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  return {
    async get(input) {
      const output = await call("GetItem", { ...input, Key: toWire(input.Key) });
      return { Item: fromWire(output.Item as WireItem | undefined) };
    },

    async put(input) {
      const output = await call("PutItem", { ...withWireValues(input), Item: toWire(input.Item) });
      return { Attributes: fromWire(output.Attributes as WireItem | undefined) };
    },

    async update(input) {
      const output = await call("UpdateItem", { ...withWireValues(input), Key: toWire(input.Key) });
      return { Attributes: fromWire(output.Attributes as WireItem | undefined) };
    },

    async query(input) {
      const output = await call("Query", {
        ...withWireValues(input),
        ExclusiveStartKey: toWire(input.ExclusiveStartKey),
      });
      return {
        Items: (output.Items as WireItem[] | undefined)?.map((item) => fromWire(item) as Document),
        Count: output.Count as number | undefined,
        LastEvaluatedKey: fromWire(output.LastEvaluatedKey as WireItem | undefined),
      };
    },

    async transactWrite(input) {
      await call("TransactWriteItems", {
        ...input,
        TransactItems: input.TransactItems?.map((action) => ({
          ...(action.Put && {
            Put: { ...withWireValues(action.Put), Item: toWire(action.Put.Item) },
          }),
          ...(action.Update && {
            Update: { ...withWireValues(action.Update), Key: toWire(action.Update.Key) },
          }),
          ...(action.Delete && {
            Delete: { ...withWireValues(action.Delete), Key: toWire(action.Delete.Key) },
          }),
          ...(action.ConditionCheck && {
            ConditionCheck: {
              ...withWireValues(action.ConditionCheck),
              Key: toWire(action.ConditionCheck.Key),
            },
          }),
        })),
      });
      return {};
    },

    async batchGet(input) {
      const requests = Object.entries(input.RequestItems ?? {}).map(([table, request]) => [
        table,
        { ...request, Keys: request.Keys?.map((key) => toWire(key)) },
      ]);
      const output = await call("BatchGetItem", {
        ...input,
        RequestItems: Object.fromEntries(requests),
      });
      const responses = Object.entries((output.Responses ?? {}) as Record<string, WireItem[]>).map(
        ([table, items]) => [table, items.map((item) => fromWire(item) as Document)],
      );
      const unprocessed = Object.entries(
        (output.UnprocessedKeys ?? {}) as Record<string, { Keys?: WireItem[] }>,
      ).map(([table, request]) => [
        table,
        { ...request, Keys: request.Keys?.map((key) => fromWire(key) as Document) },
      ]);
      return {
        Responses: Object.fromEntries(responses),
        UnprocessedKeys: Object.fromEntries(unprocessed),
      };
    },
  };
}

/** node:http(s) with keep-alive (Node's default agents keep sockets open between calls). */
export const httpTransport: Transport = (request, timeoutMs) =>
  new Promise((resolve, reject) => {
    const send = request.url.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(request.url, { method: "POST", headers: request.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", fail);
      incoming.on("end", () => {
        clearTimeout(timer);
        resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    const timer = setTimeout(() => {
      const timedOut = new Error(`DynamoDB did not answer within ${timeoutMs} ms`);
      timedOut.name = "TimeoutError";
      outgoing.destroy(timedOut);
    }, timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    outgoing.on("error", fail);
    outgoing.end(request.body);
  });

/** A body that is not JSON (a proxy's error page) reads as empty: the status still tells. */
function parseJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function missingCredentials(): never {
  throw new Error(
    "DynamoDB needs credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (Lambda sets them)",
  );
}

/** DynamoDB's error body: `{"__type": "com.amazonaws.dynamodb.v20120810#Type", "message": ...}`. */
function dynamoError(httpStatus: number, payload: Record<string, unknown>): DynamoDBError {
  const type = String(payload.__type ?? "UnknownError");
  const name = type.slice(type.lastIndexOf("#") + 1);
  const message = String(payload.message ?? payload.Message ?? `DynamoDB answered ${httpStatus}`);
  return new DynamoDBError(
    name,
    message,
    httpStatus,
    fromWire(payload.Item as WireItem | undefined),
    payload.CancellationReasons as DynamoDBError["cancellationReasons"],
  );
}

function isRetryable(error: unknown): boolean {
  if (error instanceof DynamoDBError) {
    return RETRYABLE_TYPES.has(error.name) || error.httpStatus >= 500;
  }
  // Timeouts and dropped connections: the SDK retries these too.
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error instanceof Error &&
    (error.name === "TimeoutError" || code === "ECONNRESET" || code === "EPIPE")
  );
}
