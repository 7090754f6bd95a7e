import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { inject } from "vitest";
import { createGroupHandler } from "../../functions/shared/http-handler";
import { demoAccountOf } from "../../lib/account/demo-account";
import { hashPassword } from "../../lib/account/passwords";
import type { HttpResult } from "../../lib/api/envelope";
import { API_GROUPS } from "../../lib/api/groups/registry";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { createEdgarClient, createEdgarCompanyData } from "../../lib/company/adapters/edgar";
import { loadConfig } from "../../lib/config";
import { createHouseCongress } from "../../lib/congressional/adapters/house";
import { outboxMailer } from "../../lib/contact/mailer";
import type { Deps } from "../../lib/deps";
import { createOpenFdaSource } from "../../lib/fda/adapters/openfda-source";
import { createEdgarFundamentals } from "../../lib/fundamentals/adapters/edgar-xbrl";
import { createEdgarGraphSources } from "../../lib/graph/adapters/edgar-graph";
import { createAlpacaProvider } from "../../lib/market/adapters/alpaca";
import { createCachedProvider } from "../../lib/market/cache";
import { type MarketDataProvider, MarketDataUnavailable } from "../../lib/market/ports";
import { STOCKS } from "../../lib/market/sim/universe";
import { createBedrockWriter } from "../../lib/narrative/bedrock";
import { combineNewsSources } from "../../lib/news/adapters/combined";
import { createEdgarCurrentReports } from "../../lib/news/adapters/edgar-8k";
import { createFeedNews, feedsFromSetting } from "../../lib/news/adapters/feed";
import { createNewsDesk } from "../../lib/news/desk";
import { createEcbFx } from "../../lib/reference/fx/ecb";
import { createFinraShortVolume } from "../../lib/short-volume/adapters/finra";
import { createAccountStore } from "../../lib/store/accounts";
import { createAlertStore } from "../../lib/store/alerts";
import { createDeliveryLog } from "../../lib/store/delivery-log";
import {
  createDocumentStore,
  type DocumentStore,
  httpTransport,
  type Transport,
} from "../../lib/store/document-store";
import { createRateLimiter, type KeyRecord } from "../../lib/store/rate-limiter";
import { createResponseCache } from "../../lib/store/response-cache";
import { createVerdictStore } from "../../lib/store/verdicts";
import { createWebhookStore } from "../../lib/store/webhooks";
import { sqsEventQueue } from "../../lib/webhooks/event-queue";
import { testDeps } from "../setup/deps";
import { throttledTransport } from "../setup/faults";

/**
 * Fault injection per subsystem for the fault matrix (routes.test.ts): every group's Lambda
 * handler built once, with its wired dependencies behind a switch (`useFaults`) that replaces
 * some of them for the next calls; and, per subsystem, the replacement that fails as the real
 * one does: the real DynamoDB client against DynamoDB's throttling answers, a port that never
 * answers or nothing listening; the real SQS sender against a refusing endpoint; the real
 * vendor adapters (Alpaca, EDGAR, ECB, FINRA, the House Clerk, openFDA, RSS) over a `fetch`
 * that times out, is refused or answers an error; the real Bedrock writer over a failing
 * connection. Faults come from mocks only where the brief allows: the transport under a real
 * client.
 */

// The samples are the examples' requests at EXAMPLE_TIME (an expiration they name exists then);
// a pinned clock also makes every answer of a route the same call after call.
process.env.SIM_NOW = EXAMPLE_TIME;

const ROOT = join(import.meta.dirname, "../..");
export const quiet = { info() {}, error() {} };
const lambdaContext = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

// --- Handlers with switchable dependencies ---------------------------------------------------

let replaced: Partial<Deps> = {};

/** The wired dependencies, with `replaced`'s in their place while a fault is on. */
function switchable<D extends object>(wired: D): D {
  return new Proxy(wired, {
    get: (target, key, receiver) =>
      Object.hasOwn(replaced, key)
        ? replaced[key as keyof Deps]
        : Reflect.get(target, key, receiver),
  });
}

/** Every group's handler, as functions/<group>.ts builds it, over switchable dependencies. */
const handlers = new Map<string, Handler>(
  API_GROUPS.map((group) => [
    group.name,
    createGroupHandler({ ...group, wire: (config) => switchable(group.wire(config)) }) as Handler,
  ]),
);

/** Replaces these dependencies in every handler until the next call. */
export function useFaults(deps: Partial<Deps>) {
  replaced = deps;
}

export function handlerOf(route: RouteSpec): Handler {
  const handler = handlers.get(route.group);
  if (!handler) throw new Error(`no handler for group ${route.group}`);
  return handler;
}

export async function call(route: RouteSpec, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  return handlerOf(route)(event, lambdaContext);
}

// --- The caller and the samples ----------------------------------------------------------------

/** The healthy dependencies the test reads and prepares data with. */
export const healthy = testDeps({ log: quiet });

export interface Caller {
  email: string;
  password: string;
  apiKey: string;
  key: KeyRecord;
}

/** A fresh account with limits no matrix reaches; every row gets its own (webhook caps). */
export async function newCaller(): Promise<Caller> {
  const email = `faults-${randomUUID()}@example.com`;
  const password = "correct-horse-battery";
  const created = await healthy.accounts.register(
    email,
    await hashPassword(password),
    new Date().toISOString(),
  );
  await healthy.accounts.setCustomLimits(created.record.userId, {
    perMinute: 1_000_000,
    daily: null,
  });
  return { email, password, apiKey: created.apiKey, key: created.record };
}

/** The caller's account is the demo account (the premium-selling feed), looked up in `accounts`. */
export function callerIsDemo(caller: Caller, accounts = healthy.accounts) {
  return demoAccountOf(accounts, caller.email);
}

function sampleOf(route: RouteSpec): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"));
}

const randomByte = () => Math.floor(Math.random() * 256);

/**
 * The route's events/ sample made real for `caller`: its key, a unique email where the body
 * takes one (the login the caller's own), and the caller's own webhook, alert or second key
 * where the path names one, made fresh for this call (a delete removes it).
 */
export async function requestFor(
  route: RouteSpec,
  caller: Caller,
): Promise<APIGatewayProxyEventV2> {
  const event = sampleOf(route);
  event.requestContext.http.sourceIp = `198.18.${randomByte()}.${randomByte()}`;
  if (event.headers["x-api-key"] !== undefined) event.headers["x-api-key"] = caller.apiKey;
  const body = event.body ? (JSON.parse(event.body) as Record<string, unknown>) : undefined;
  if (body && "email" in body) {
    const email = route.id === "account.login" ? caller.email : `f-${randomUUID()}@example.com`;
    event.body = JSON.stringify({
      ...body,
      email,
      ...(route.id === "account.login" ? { password: caller.password } : {}),
    });
  }
  const params = event.pathParameters ?? {};
  const replace = (name: string, value: string) => {
    const old = params[name] as string;
    event.pathParameters = { ...params, [name]: value };
    event.rawPath = event.rawPath.replace(old, value);
  };
  if (route.group === "webhooks" && params.id) {
    const created = await healthy.webhooks.create(
      caller.key.userId,
      { url: "https://93.184.215.14/hook", events: ["alert.price"], description: null },
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      new Date().toISOString(),
    );
    replace("id", created.id);
  }
  if (route.group === "alerts" && params.id) {
    const created = await healthy.alerts.create(
      caller.key.userId,
      {
        code: "AAPL_NASDAQ",
        symbol: "AAPL",
        type: "price_above",
        threshold: 1000,
        webhookId: null,
      },
      new Date().toISOString(),
    );
    replace("id", created.id);
  }
  if (params.keyId) {
    const second = await healthy.accounts.createKey(
      caller.key.userId,
      `k-${randomUUID().slice(0, 8)}`,
      new Date().toISOString(),
    );
    replace("keyId", String(second.record.keyId));
  }
  return event;
}

// --- DynamoDB faults ------------------------------------------------------------------------

const { tableName } = loadConfig(process.env);

/** A port on this machine with nothing listening: connecting is refused. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers (a hung DynamoDB or network path). */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * DynamoDB Local for everything but transactions, which every attempt finds cancelled by a
 * conflicting transaction (`TransactionCanceledException`, reason `TransactionConflict`).
 */
export const conflictingTransactions: Transport = async (request, timeoutMs) => {
  if (request.headers["x-amz-target"] !== "DynamoDB_20120810.TransactWriteItems") {
    return httpTransport(request, timeoutMs);
  }
  const actions = (JSON.parse(request.body) as { TransactItems: unknown[] }).TransactItems;
  return {
    status: 400,
    body: JSON.stringify({
      __type: "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
      message: "Transaction cancelled, please refer cancellation reasons for specific reasons",
      CancellationReasons: actions.map((_, i) =>
        i === 0
          ? { Code: "TransactionConflict", Message: "Transaction is ongoing for the item" }
          : { Code: "None" },
      ),
    }),
  };
};

/** A store over the run's DynamoDB Local whose calls go through `transport` (3 attempts). */
export function storeOver(transport: Transport): DocumentStore {
  return createDocumentStore({
    region: "us-east-1",
    endpoint: inject("dynamoEndpoint"),
    maxAttempts: 3,
    transport,
  });
}

/** A store addressed to `endpoint` with the real HTTP transport and a short per-attempt timeout. */
export function storeAt(endpoint: string, requestTimeoutMs = 300): DocumentStore {
  return createDocumentStore({ region: "us-east-1", endpoint, maxAttempts: 3, requestTimeoutMs });
}

export { throttledTransport };

/**
 * Every dependency that reads or writes the table, over `db` (the rate limiter excepted: the
 * request must get past it to reach the route); with `marketCache`, also the market behind the
 * DynamoDB read-through cache (MARKET_CACHE=on) over the same `db` (a new market: every scan
 * the functions keep per source is computed again, so one row does it).
 */
export function tableOver(
  db: DocumentStore,
  caller: Caller,
  { marketCache = false } = {},
): Partial<Deps> {
  const accounts = createAccountStore(db, tableName);
  const cached = createCachedProvider(healthy.market, {
    db,
    tableName,
    clock: healthy.clock,
    log: quiet,
  });
  return {
    accounts,
    responses: createResponseCache(db, tableName, healthy.clock, quiet),
    webhooks: createWebhookStore(db, tableName),
    alerts: createAlertStore(db, tableName),
    verdicts: createVerdictStore(db, tableName),
    deliveryLog: createDeliveryLog(db, tableName),
    demoAccount: callerIsDemo(caller, accounts),
    mailer: outboxMailer(db, tableName),
    ...(marketCache ? { market: cached } : {}),
  };
}

/** The rate limiter over `db` (every metered request is counted there first). */
export function limiterOver(db: DocumentStore): Partial<Deps> {
  return { limiter: createRateLimiter(db, tableName) };
}

// --- SQS faults --------------------------------------------------------------------------------

/** The real SQS sender addressed to `endpoint` (dummy credentials: nothing is signed for real). */
export function queueAt(endpoint: string): Partial<Deps> {
  return {
    eventQueue: sqsEventQueue({
      region: "us-east-1",
      queueUrl: `${endpoint}/000000000000/webhooks`,
      deadLetterQueueUrl: `${endpoint}/000000000000/webhooks-dlq`,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      endpoint,
    }),
  };
}

/**
 * An SQS endpoint (AWS JSON 1.0, as the SDK speaks it) that accepts each batch but refuses
 * every entry in it (`Failed`, not the sender's fault), and answers 500 to any other action.
 */
export async function refusingSqs(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const target = String(request.headers["x-amz-target"] ?? "");
      response.setHeader("content-type", "application/x-amz-json-1.0");
      if (target.endsWith(".SendMessageBatch")) {
        const { Entries = [] } = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
          Entries?: { Id: string }[];
        };
        response.end(
          JSON.stringify({
            Successful: [],
            Failed: Entries.map(({ Id }) => ({
              Id,
              SenderFault: false,
              Code: "ServiceUnavailable",
              Message: "try again",
            })),
          }),
        );
        return;
      }
      response.statusCode = 500;
      response.end(JSON.stringify({ __type: "com.amazonaws.sqs#InternalError", message: "x" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- Vendor faults (the real adapters over a failing fetch) ------------------------------------

export type FetchFault = "timeout" | "refused" | "http-503" | "unreadable";

/** A `fetch` failing as undici's does: its timeout, a refused connection, an answer nobody can use. */
export function failingFetch(fault: FetchFault): typeof globalThis.fetch {
  return async () => {
    if (fault === "timeout") {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }
    if (fault === "refused") {
      const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), {
        code: "ECONNREFUSED",
      });
      throw new TypeError("fetch failed", { cause });
    }
    if (fault === "http-503") {
      return new Response("<html><body>Service Unavailable</body></html>", {
        status: 503,
        headers: { "content-type": "text/html" },
      });
    }
    return new Response("<html><body>Please enable JavaScript</body></html>", {
      status: 200,
      headers: { "content-type": "text/html" },
    });
  };
}

const EDGAR_USER_AGENT = "Fault matrix faults@example.com";

/** MARKET_PROVIDER=alpaca over a failing fetch. */
export function marketVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  return {
    market: createAlpacaProvider({ keyId: "key", secretKey: "secret", fetch }),
  };
}

/** A call of a market-data port that is down; marked handled, as callers may await it later. */
function marketDownCall(): Promise<never> {
  const failed = Promise.reject(new MarketDataUnavailable("faults", "HTTP 503"));
  failed.catch(() => {});
  return failed;
}

/** A capability that is down: calling it fails, and so does every capability it holds. */
const downCapability: () => Promise<never> = new Proxy(marketDownCall, {
  get: () => downCapability,
});

/**
 * The market-data port down with every capability it may have (option listings and the
 * volatility surface included, which Alpaca lacks): each call rejects as an adapter's outage.
 */
export function marketDown(): Partial<Deps> {
  return {
    market: new Proxy({ name: "down" } as MarketDataProvider, {
      get: (target, property) => (property === "name" ? target.name : downCapability),
      has: () => true,
    }),
  };
}

/** COMPANY_PROVIDER=edgar (company data, the graph's sources, statements) over a failing fetch. */
export function edgarVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  const client = createEdgarClient({ userAgent: EDGAR_USER_AGENT, fetch, timeoutMs: 1000 });
  const now = () => healthy.marketClock.now().getTime();
  const company = createEdgarCompanyData({ userAgent: EDGAR_USER_AGENT, now, client });
  return {
    company,
    graph: createEdgarGraphSources({
      company,
      client,
      cache: undefined,
      symbols: STOCKS.map((stock) => stock.symbol),
      filers: [{ cik: "0000102909", kind: "index-fund" }],
      now,
    }),
    fundamentals: createEdgarFundamentals({
      client,
      cache: undefined,
      directory: company.directory,
      now,
    }),
  };
}

/** NEWS_PROVIDER=edgar+feeds over a failing fetch. */
export function newsVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  const now = () => healthy.marketClock.now().getTime();
  const reports = createEdgarCurrentReports({
    userAgent: EDGAR_USER_AGENT,
    fetch,
    tickerOfCik: async () => undefined,
    now,
  });
  const feeds = createFeedNews({
    feeds: feedsFromSetting("https://feeds.example.com/markets.xml|Example Wire|wire"),
    fetch,
    now,
  });
  return {
    news: createNewsDesk({
      source: combineNewsSources([reports, feeds]),
      clock: healthy.marketClock,
      namesByTicker: async () => new Map(),
    }),
  };
}

/** FX_PROVIDER=ecb over a failing fetch. */
export function fxVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  return { fx: createEcbFx({ clock: healthy.marketClock, fetch }) };
}

/** FDA_PROVIDER=openfda over a failing fetch. */
export function fdaVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  return { fda: createOpenFdaSource({ clock: healthy.marketClock, fetch }) };
}

/** CONGRESSIONAL_PROVIDER=house over a failing fetch. */
export function congressVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  return { congressional: createHouseCongress({ clock: healthy.marketClock, fetch }) };
}

/** SHORT_VOLUME_PROVIDER=finra over a failing fetch. */
export function shortVolumeVendor(fetch: typeof globalThis.fetch): Partial<Deps> {
  return { shortVolume: createFinraShortVolume({ clock: healthy.marketClock, fetch }) };
}

/** NARRATIVE_BACKEND=bedrock whose connection fails as `error` (refused, timed out, ...). */
export function narrativeVendor(error: Error): Partial<Deps> {
  return {
    narrative: createBedrockWriter({
      region: "us-east-1",
      modelId: "amazon.nova-lite-v1:0",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      requestHandler: {
        handle: () => Promise.reject(error),
      } as unknown as Parameters<typeof createBedrockWriter>[0]["requestHandler"],
    }),
  };
}
