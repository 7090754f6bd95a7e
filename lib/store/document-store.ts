import { randomUUID } from "node:crypto";
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
import { DatabaseUnavailable, UnstorableNumber } from "./errors";
import { inFlightLimitFor, QueueTimeoutError } from "./in-flight-limit";

/**
 * The Lambdas' DynamoDB client: the six document operations they use, spoken over
 * DynamoDB's JSON protocol with node:http(s) and SigV4 signatures (aws4). Inputs and outputs
 * have the AWS SDK document client's shapes (plain JS values; undefined attributes dropped).
 * Loading the SDK's DynamoDB client costs about 55 ms of every cold start, and `fetch` about
 * 30 ms on its first call; node:http is already loaded. Table administration (local runtime,
 * tests) still uses the SDK (`client.ts`).
 *
 * Retries: an attempt that DynamoDB provably did not apply (throttled, connection refused, a
 * transaction cancelled only by conflicts) is retried for every operation. An attempt whose
 * outcome is unknown (timeout, dropped connection, 5xx: the write may have been applied) is
 * retried only where applying twice equals applying once: reads, transactions (each call
 * carries a `ClientRequestToken`, so DynamoDB applies it at most once) and writes the caller
 * marks `repeatable`. Any other write (a counter's `n = n + 1`, a conditional create) ends the
 * call with `DatabaseUnavailable` whose `outcomeUnknown` is true: never counted twice.
 *
 * With `maxInFlight` (against DynamoDB Local), attempts beyond it wait their turn before they
 * are sent, up to QUEUE_WAIT_TIMEOUTS attempt timeouts; the attempt timeout times DynamoDB's
 * answer alone. A call that got no turn in that time was never sent: it fails at once as
 * unavailable with its outcome known (not applied), its wait already longer than any retry's.
 */
export interface DocumentStore {
  get(input: GetCommandInput): Promise<Pick<GetCommandOutput, "Item">>;
  put(
    input: PutCommandInput,
    options?: WriteOptions,
  ): Promise<Pick<PutCommandOutput, "Attributes">>;
  update(
    input: UpdateCommandInput,
    options?: WriteOptions,
  ): Promise<Pick<UpdateCommandOutput, "Attributes">>;
  query(
    input: QueryCommandInput,
  ): Promise<Pick<QueryCommandOutput, "Items" | "Count" | "LastEvaluatedKey">>;
  transactWrite(input: TransactWriteCommandInput): Promise<Pick<TransactWriteCommandOutput, never>>;
  batchGet(
    input: BatchGetCommandInput,
  ): Promise<Pick<BatchGetCommandOutput, "Responses" | "UnprocessedKeys">>;
}

export interface WriteOptions {
  /**
   * Applying the write twice leaves what applying it once would (plain SETs, whole-item puts),
   * or a difference nobody relies on (an id counter that skips an id).
   */
  repeatable?: boolean;
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
  /** Attempts per call, the first included (see the interface's note on what is retried). */
  maxAttempts?: number;
  /**
   * Most requests on the wire at once to this endpoint, shared by the process's stores; more
   * wait their turn (lib/store/in-flight-limit.ts). Unset: no limit, as in AWS, where a
   * function instance serves one request at a time.
   */
  maxInFlight?: number | undefined;
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

const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: "local", secretAccessKey: "local" };
/** Refusals that DynamoDB answers before applying anything (its throttling errors). */
const THROTTLING_TYPES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "LimitExceededException",
]);
/** Transaction cancellation reasons that say "nothing was applied, try again". */
const TRANSIENT_CANCELLATIONS = new Set(["None", "TransactionConflict", "ThrottlingError"]);
/** Connection errors raised before a request could reach DynamoDB. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const RETRY_BASE_DELAY_MS = 25;
/**
 * How many attempt timeouts a call may wait for its turn under `maxInFlight`: long enough for
 * 100 closed-loop clients on a slow, loaded machine (25 writes a second: 4 s each), short of
 * API Gateway's 30 s integration timeout with the default 2 s.
 */
const QUEUE_WAIT_TIMEOUTS = 10;

type Document = Record<string, unknown>;
type WireItem = Record<string, unknown>;

const toWire = (document: Document | undefined) => {
  if (!document) return document;
  for (const [name, value] of Object.entries(document))
    checkStorable(name.replace(/^:/, ""), value);
  return marshall(document, { removeUndefinedValues: true });
};

/**
 * The numbers a document can hold: 0, or a magnitude from DynamoDB's smallest, 1e-130, to the
 * largest integer a double holds exactly, which util-dynamodb's marshall and unmarshall insist on.
 */
const MIN_STORABLE_MAGNITUDE = 1e-130;
const MAX_STORABLE_MAGNITUDE = Number.MAX_SAFE_INTEGER;

/**
 * Throws UnstorableNumber for a number DynamoDB or marshall would refuse (5e-324, 1e20, NaN),
 * anywhere inside the attribute, so the caller answers 400 naming it instead of 500.
 */
function checkStorable(attribute: string, value: unknown): void {
  if (typeof value === "number") {
    const magnitude = Math.abs(value);
    const storable =
      value === 0 || (magnitude >= MIN_STORABLE_MAGNITUDE && magnitude <= MAX_STORABLE_MAGNITUDE);
    if (!storable) throw new UnstorableNumber(attribute, value);
  } else if (Array.isArray(value) || value instanceof Set) {
    for (const each of value) checkStorable(attribute, each);
  } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const each of Object.values(value)) checkStorable(attribute, each);
  }
}
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
  const slots = settings.maxInFlight ? inFlightLimitFor(url.href, settings.maxInFlight) : undefined;

  async function attempt(operation: string, body: string): Promise<Record<string, unknown>> {
    const release = await slots?.acquire(QUEUE_WAIT_TIMEOUTS * timeoutMs);
    try {
      return await signAndSend(operation, body);
    } finally {
      release?.();
    }
  }

  async function signAndSend(operation: string, body: string): Promise<Record<string, unknown>> {
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

  /** Sends the operation, retrying what the interface's note allows; `repeatable` per call. */
  async function call(
    operation: string,
    input: unknown,
    repeatable: boolean,
  ): Promise<Record<string, unknown>> {
    const body = JSON.stringify(input);
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await attempt(operation, body);
      } catch (error) {
        if (error instanceof QueueTimeoutError) throw new DatabaseUnavailable(operation, error);
        const outcome = attemptOutcome(error);
        if (outcome === "rejected") throw error;
        const unknown = outcome === "unknown";
        if ((unknown && !repeatable) || attemptNo >= maxAttempts) {
          throw new DatabaseUnavailable(operation, error, unknown && !repeatable);
        }
        const delayMs = Math.random() * RETRY_BASE_DELAY_MS * 2 ** attemptNo;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  return {
    async get(input) {
      const output = await call("GetItem", { ...input, Key: toWire(input.Key) }, true);
      return { Item: fromWire(output.Item as WireItem | undefined) };
    },

    async put(input, options) {
      const wire = { ...withWireValues(input), Item: toWire(input.Item) };
      const output = await call("PutItem", wire, options?.repeatable === true);
      return { Attributes: fromWire(output.Attributes as WireItem | undefined) };
    },

    async update(input, options) {
      const wire = { ...withWireValues(input), Key: toWire(input.Key) };
      const output = await call("UpdateItem", wire, options?.repeatable === true);
      return { Attributes: fromWire(output.Attributes as WireItem | undefined) };
    },

    async query(input) {
      const output = await call(
        "Query",
        { ...withWireValues(input), ExclusiveStartKey: toWire(input.ExclusiveStartKey) },
        true,
      );
      return {
        Items: (output.Items as WireItem[] | undefined)?.map((item) => fromWire(item) as Document),
        Count: output.Count as number | undefined,
        LastEvaluatedKey: fromWire(output.LastEvaluatedKey as WireItem | undefined),
      };
    },

    async transactWrite(input) {
      // The token makes every attempt of this call one transaction: applied at most once.
      const wire = {
        ClientRequestToken: randomUUID(),
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
      };
      await call("TransactWriteItems", wire, true);
      return {};
    },

    async batchGet(input) {
      const requests = Object.entries(input.RequestItems ?? {}).map(([table, request]) => [
        table,
        { ...request, Keys: request.Keys?.map((key) => toWire(key)) },
      ]);
      const output = await call(
        "BatchGetItem",
        { ...input, RequestItems: Object.fromEntries(requests) },
        true,
      );
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

/**
 * What a failed attempt says about its request: `not-applied` (DynamoDB refused it before
 * applying anything, or it never left), `unknown` (it may have been applied), `rejected` (a
 * definite answer such as a failed condition or a validation error: not worth repeating).
 */
function attemptOutcome(error: unknown): "not-applied" | "unknown" | "rejected" {
  if (error instanceof DynamoDBError) {
    if (THROTTLING_TYPES.has(error.name)) return "not-applied";
    if (error.name === "TransactionCanceledException") {
      const codes = (error.cancellationReasons ?? []).map((reason) => reason.Code ?? "None");
      const transient =
        codes.length > 0 && codes.every((code) => TRANSIENT_CANCELLATIONS.has(code));
      return transient && codes.some((code) => code !== "None") ? "not-applied" : "rejected";
    }
    // An earlier attempt of the same token is still running: its outcome is not known yet.
    if (error.name === "TransactionInProgressException") return "unknown";
    return error.httpStatus >= 500 ? "unknown" : "rejected";
  }
  if (!(error instanceof Error)) return "rejected";
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (NOT_SENT_CODES.has(code)) return "not-applied";
  // Timeouts, dropped connections and other socket errors: the request may have reached DynamoDB.
  if (error.name === "TimeoutError" || /^E[A-Z]+$/.test(code)) return "unknown";
  return "rejected";
}

/** Whether a single conditional write was refused by its condition. */
export function conditionFailed(error: unknown): error is DynamoDBError {
  return error instanceof DynamoDBError && error.name === "ConditionalCheckFailedException";
}

/** Whether a transaction was cancelled because its action at `index` failed its condition. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  return (
    error instanceof DynamoDBError &&
    error.name === "TransactionCanceledException" &&
    error.cancellationReasons?.[index]?.Code === "ConditionalCheckFailed"
  );
}
