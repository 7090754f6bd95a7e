import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import type { HttpResult } from "../lib/api/envelope";
import { ROUTE_MANIFEST } from "../lib/api/generated/manifest";
import type { Group } from "../lib/api/route";
import { createRouter } from "../lib/api/router";

/**
 * The local HTTP server: turns each request into the API Gateway HTTP API (payload 2.0)
 * event that AWS would send, routes it with the same route table, and calls the very same
 * Lambda handler that runs in AWS.
 */

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<HttpResult>;
export type HandlerTable = Record<Group | "fallback", LambdaHandler>;

/** API Gateway's own payload limit; bodies past our 64 KiB limit still reach the handler. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const TEXT_CONTENT = /^(text\/|application\/(json|xml|x-www-form-urlencoded|[\w.+-]+\+json))/i;

const router = createRouter(ROUTE_MANIFEST);

export function createLocalServer(handlers: HandlerTable): Server {
  return createServer((req, res) => {
    serve(req, res, handlers).catch((error: unknown) => {
      console.error(
        JSON.stringify({ level: "error", message: "local server", error: String(error) }),
      );
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Internal Server Error" }));
    });
  });
}

async function serve(req: IncomingMessage, res: ServerResponse, handlers: HandlerTable) {
  const body = await readBody(req);
  if (body === undefined) {
    res.writeHead(413, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Request Entity Too Large" }));
    return;
  }
  const event = toGatewayEvent(req, body);
  const found = router.match(event.requestContext.http.method, event.rawPath);
  let target: Group | "fallback" = "fallback";
  if (found.kind === "route") {
    event.routeKey = found.routeKey;
    event.requestContext.routeKey = found.routeKey;
    event.pathParameters = found.pathParameters;
    target = found.route.group;
  }
  const result = await handlers[target](event, lambdaContext(target));
  const responseBody = result.isBase64Encoded
    ? Buffer.from(result.body ?? "", "base64")
    : Buffer.from(result.body ?? "", "utf8");
  res.writeHead(result.statusCode, { ...result.headers, "content-length": responseBody.length });
  res.end(responseBody);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > GATEWAY_MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Builds the payload-2.0 event: lower-cased headers, joined repeats, base64 for binary bodies. */
export function toGatewayEvent(req: IncomingMessage, body: Buffer): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? "/", "http://localhost");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    if (value) headers[name.toLowerCase()] = value.join(",");
  }
  // Set from the connection, as API Gateway does: a client's own value is not trusted.
  headers["x-forwarded-proto"] = "http";
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = name in query ? `${query[name]},${value}` : value;
  }
  const isText = body.length === 0 || TEXT_CONTENT.test(headers["content-type"] ?? "");
  const now = new Date();
  const method = (req.method ?? "GET").toUpperCase();
  const rawQueryString = url.search.slice(1);
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString,
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    ...(rawQueryString ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: (headers.host ?? "localhost").split(".")[0] ?? "localhost",
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: normaliseIp(req.socket.remoteAddress ?? ""),
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0
      ? { body: isText ? body.toString("utf8") : body.toString("base64"), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

/** `::ffff:127.0.0.1` → `127.0.0.1`, as API Gateway reports IPv4 clients. */
function normaliseIp(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
