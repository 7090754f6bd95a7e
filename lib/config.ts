import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULT_RISK_FREE_RATE_PERCENT } from "./market/rates";
import type { AwsCredentials } from "./store/document-store";

/**
 * The one module that reads environment variables. Lambda functions and the local runtime
 * both call `loadConfig(process.env)` once per cold start and wire dependencies from it.
 */
export interface Config {
  stage: string;
  region: string;
  tableName: string;
  /** Set locally (DynamoDB Local); unset in AWS. */
  dynamoEndpoint: string | undefined;
  /** Per-attempt DynamoDB timeout: tight in AWS, generous for tests on a loaded machine. */
  dynamoTimeoutMs: number;
  /**
   * DYNAMODB_MAX_IN_FLIGHT: most DynamoDB requests the process has on the wire at once, the
   * rest queued (lib/store/in-flight-limit.ts); against DynamoDB Local 8 unless set (0: no
   * limit); unset in AWS: no limit.
   */
  dynamoMaxInFlight: number | undefined;
  /** The Lambda role's credentials, which the runtime puts in the environment. */
  awsCredentials: AwsCredentials | undefined;
  /** Instant at which the simulated market's clock is pinned; real time when unset. */
  simNow: Date | undefined;
  marketProvider: string;
  /** Folder holding swagger-ui's files. */
  docsAssetDir: string;
  /** The OpenAPI document generated at build time. */
  openApiPath: string;
  /** Browser origins allowed on the corporate contact intake. */
  corsOrigins: string[];
  /** `ses` in AWS; `outbox` (a table partition) locally. */
  mailer: "ses" | "outbox";
  contactFrom: string | undefined;
  contactTo: string | undefined;
  /** Read-through DynamoDB cache in front of the provider (MARKET_CACHE=on|off; on for vendors). */
  marketCache: boolean;
  /** Alpaca credentials and data feed (MARKET_PROVIDER=alpaca). */
  alpaca: { keyId: string | undefined; secretKey: string | undefined; feed: "iex" | "sip" };
  /** Percent, continuously compounded; the options calculators' default. */
  defaultRiskFreeRatePercent: number;
  /**
   * COMPANY_PROVIDER: `sim` (the simulated world) or `edgar` (SEC EDGAR); by default the one
   * that matches the market: sim with the simulated market, edgar with a vendor.
   */
  companyProvider: string;
  /** EDGAR_USER_AGENT: EDGAR's fair-access rules want a name and a contact address. */
  edgarUserAgent: string | undefined;
  /**
   * GRAPH_13F_FILERS: with COMPANY_PROVIDER=edgar, the 13F filers whose holdings the graph reads:
   * CIKs separated by commas, each optionally `cik|kind` (lib/graph/adapters/edgar-graph.ts
   * filersFromSetting); "" (the default) reads none.
   */
  graph13fFilers: string;
  /**
   * NEWS_PROVIDER: `sim` (the simulated newsroom), `edgar` (SEC EDGAR's current 8-K feed),
   * `feeds` (the RSS/Atom feeds of NEWS_FEED_URLS) or `edgar+feeds`; by default sim with the
   * simulated market, edgar with a vendor.
   */
  newsProvider: string;
  /**
   * NEWS_FEED_URLS: the RSS/Atom feeds of NEWS_PROVIDER=feeds, entries separated by commas,
   * each `url` or `url|Outlet name|kind|category` (lib/news/adapters/feed.ts feedsFromSetting).
   */
  newsFeedUrls: string;
  /**
   * SHORT_VOLUME_PROVIDER: `sim` (short volume drawn over the simulated tape) or `finra`
   * (FINRA's daily Reg SHO files); by default sim with the simulated market, finra with a vendor.
   */
  shortVolumeProvider: string;
  /**
   * FDA_PROVIDER: `sim` (the simulated drug pipeline) or `openfda` (openFDA's Drugs@FDA and the
   * Federal Register's advisory-committee notices); by default sim with the simulated market,
   * openfda with a vendor.
   */
  fdaProvider: string;
  /**
   * CONGRESSIONAL_PROVIDER: `sim` (the simulated world's fictional members) or `house` (the
   * House Clerk's disclosure index: reports, no transactions); by default sim with the
   * simulated market, house with a vendor.
   */
  congressionalProvider: string;
  /**
   * FX_PROVIDER: `sim` (simulated euro reference rates) or `ecb` (the ECB's euro foreign exchange
   * reference rates); by default sim with the simulated market, ecb with a vendor.
   */
  fxProvider: string;
  /**
   * WEBHOOK_ALLOW_HTTP_LOOPBACK=on lets webhooks use http://127.0.0.1 (a receiver on the
   * developer's machine); honoured only against DynamoDB Local, so never in a deployed stage.
   */
  webhookAllowHttpLoopback: boolean;
  /** WEBHOOK_QUEUE_URL: the webhook delivery queue (SQS; fauxqs locally). */
  webhookQueueUrl: string | undefined;
  /**
   * DEMO_ACCOUNT_EMAIL: the account whose keys may read the premium-selling feed (spec fact 12),
   * lower-cased; `demo@example.com` against DynamoDB Local (`npm start` creates it), none in AWS
   * unless set: then every key is refused.
   */
  demoAccountEmail: string | undefined;
  /** WEBHOOK_DEAD_LETTER_QUEUE_URL: where the consumer keeps events it gave up on. */
  webhookDeadLetterQueueUrl: string | undefined;
  /**
   * NARRATIVE_BACKEND: who writes rationales and summaries (lib/narrative): `template` (the
   * deterministic template writer, the default) or `bedrock` (Amazon Bedrock's Converse API).
   */
  narrativeBackend: "template" | "bedrock";
  /** BEDROCK_MODEL_ID: the Converse model or inference profile; needed with NARRATIVE_BACKEND=bedrock. */
  bedrockModelId: string | undefined;
}

export type Env = Record<string, string | undefined>;

export const DEFAULT_TABLE_NAME = "market-data-api";

export function loadConfig(env: Env): Config {
  return {
    stage: env.STAGE ?? "local",
    region: env.AWS_REGION ?? "us-east-1",
    tableName: env.TABLE_NAME ?? DEFAULT_TABLE_NAME,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    dynamoTimeoutMs: parseMs("DYNAMODB_TIMEOUT_MS", env.DYNAMODB_TIMEOUT_MS, 2000),
    dynamoMaxInFlight: parseMaxInFlight(
      env.DYNAMODB_MAX_IN_FLIGHT ?? (env.DYNAMODB_ENDPOINT ? LOCAL_DYNAMODB_MAX_IN_FLIGHT : "0"),
    ),
    awsCredentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN || undefined,
          }
        : undefined,
    simNow: parseSimNow(env.SIM_NOW),
    marketProvider: env.MARKET_PROVIDER || "sim",
    openApiPath: env.LAMBDA_TASK_ROOT
      ? join(env.LAMBDA_TASK_ROOT, "openapi.json")
      : join(import.meta.dirname, "api", "generated", "openapi.json"),
    docsAssetDir: env.LAMBDA_TASK_ROOT
      ? join(env.LAMBDA_TASK_ROOT, "swagger-ui")
      : swaggerUiDistDir(),
    corsOrigins: (env.CORS_ORIGINS ?? (env.DYNAMODB_ENDPOINT ? LOCAL_CORS_ORIGINS : ""))
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    mailer: (env.MAILER ?? (env.DYNAMODB_ENDPOINT ? "outbox" : "ses")) === "ses" ? "ses" : "outbox",
    contactFrom: env.CONTACT_FROM || undefined,
    contactTo: env.CONTACT_TO || undefined,
    marketCache:
      (env.MARKET_CACHE ?? ((env.MARKET_PROVIDER || "sim") === "sim" ? "off" : "on")) === "on",
    alpaca: {
      keyId: env.ALPACA_KEY_ID || undefined,
      secretKey: env.ALPACA_SECRET_KEY || undefined,
      feed: env.ALPACA_FEED === "sip" ? "sip" : "iex",
    },
    defaultRiskFreeRatePercent: parseRate(env.RISK_FREE_RATE_PERCENT),
    companyProvider:
      env.COMPANY_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "edgar"),
    edgarUserAgent: env.EDGAR_USER_AGENT || undefined,
    graph13fFilers: env.GRAPH_13F_FILERS ?? "",
    newsProvider: env.NEWS_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "edgar"),
    newsFeedUrls: env.NEWS_FEED_URLS ?? "",
    shortVolumeProvider:
      env.SHORT_VOLUME_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "finra"),
    fdaProvider: env.FDA_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "openfda"),
    congressionalProvider:
      env.CONGRESSIONAL_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "house"),
    fxProvider: env.FX_PROVIDER || ((env.MARKET_PROVIDER || "sim") === "sim" ? "sim" : "ecb"),
    webhookAllowHttpLoopback:
      env.WEBHOOK_ALLOW_HTTP_LOOPBACK === "on" && Boolean(env.DYNAMODB_ENDPOINT),
    webhookQueueUrl: env.WEBHOOK_QUEUE_URL || undefined,
    demoAccountEmail:
      (env.DEMO_ACCOUNT_EMAIL ?? (env.DYNAMODB_ENDPOINT ? LOCAL_DEMO_ACCOUNT_EMAIL : ""))
        .trim()
        .toLowerCase() || undefined,
    webhookDeadLetterQueueUrl: env.WEBHOOK_DEAD_LETTER_QUEUE_URL || undefined,
    narrativeBackend: parseNarrativeBackend(env.NARRATIVE_BACKEND),
    bedrockModelId: env.BEDROCK_MODEL_ID || undefined,
  };
}

function parseNarrativeBackend(value: string | undefined): Config["narrativeBackend"] {
  if (!value || value === "template") return "template";
  if (value === "bedrock") return "bedrock";
  throw new Error(`NARRATIVE_BACKEND must be template or bedrock, got '${value}'`);
}

/** The demo account `npm start` creates (DEMO_ACCOUNT_EMAIL's default against DynamoDB Local). */
export const LOCAL_DEMO_ACCOUNT_EMAIL = "demo@example.com";

/** Where a corporate site under local development usually runs. */
const LOCAL_CORS_ORIGINS = "http://localhost:8080,http://127.0.0.1:8080";

function parseRate(value: string | undefined): number {
  if (!value) return DEFAULT_RISK_FREE_RATE_PERCENT;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < -20 || rate > 100) {
    throw new Error(`RISK_FREE_RATE_PERCENT must be a percentage from -20 to 100, got '${value}'`);
  }
  return rate;
}

/**
 * DynamoDB Local applies writes one at a time; more requests in flight only queue inside it
 * (README, Benchmarks: the load test).
 */
const LOCAL_DYNAMODB_MAX_IN_FLIGHT = "8";

/** A whole number ≥ 0; 0 means no limit. */
function parseMaxInFlight(value: string): number | undefined {
  const max = Number(value);
  if (value.trim() === "" || !Number.isInteger(max) || max < 0) {
    throw new Error(`DYNAMODB_MAX_IN_FLIGHT must be a whole number (0: no limit), got '${value}'`);
  }
  return max === 0 ? undefined : max;
}

/** A positive whole number of milliseconds, or the default when unset. */
function parseMs(name: string, value: string | undefined, defaultMs: number): number {
  if (!value) return defaultMs;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new Error(`${name} must be a positive number of milliseconds, got '${value}'`);
  }
  return ms;
}

function parseSimNow(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) {
    throw new Error(`SIM_NOW must be an ISO-8601 instant, got '${value}'`);
  }
  return instant;
}

/** Outside Lambda the docs assets come straight from the swagger-ui-dist package. */
function swaggerUiDistDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve("swagger-ui-dist/package.json"));
}

/**
 * DynamoDB Local starts in 3-7 s on a busy 2-core machine but took over 20 s at a quarter of a
 * CPU; the wait only bounds a start that will never succeed.
 */
export const DEFAULT_DYNAMODB_START_TIMEOUT_MS = 120_000;

/** The `npm start` interface (ARCHITECTURE.md, Local runtime). */
export interface LocalConfig {
  port: number;
  dataDir: string;
  /** How long DynamoDB Local may take to start: generous, a loaded machine needs it. */
  dynamoStartTimeoutMs: number;
  /**
   * DYNAMODB_LOCAL_JIT: how the JVM of `npm start`'s DynamoDB Local compiles
   * (local/dynamodb-local.ts). The tests and `npm run invoke`, short-lived, keep C1 only.
   */
  dynamoLocalJit: DynamoLocalJit;
}

/**
 * `tiered` (the default): the JVM's own, C1 then C2; under sustained load about 40 % less
 * java CPU per write than `c1`, the quick compiler only, which starts 2-4 s sooner on 2 cores
 * (README, Benchmarks: the load test).
 */
export type DynamoLocalJit = "c1" | "tiered";
const DYNAMO_LOCAL_JITS: readonly DynamoLocalJit[] = ["c1", "tiered"];

export function loadLocalConfig(env: Env): LocalConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${env.PORT}'`);
  }
  return {
    port,
    dataDir: env.DATA_DIR || ".data",
    dynamoStartTimeoutMs: parseMs(
      "DYNAMODB_START_TIMEOUT_MS",
      env.DYNAMODB_START_TIMEOUT_MS,
      DEFAULT_DYNAMODB_START_TIMEOUT_MS,
    ),
    dynamoLocalJit: parseDynamoLocalJit(env.DYNAMODB_LOCAL_JIT),
  };
}

function parseDynamoLocalJit(value: string | undefined): DynamoLocalJit {
  if (!value) return "tiered";
  if (!(DYNAMO_LOCAL_JITS as readonly string[]).includes(value)) {
    throw new Error(
      `DYNAMODB_LOCAL_JIT must be one of ${DYNAMO_LOCAL_JITS.join(", ")}, got '${value}'`,
    );
  }
  return value as DynamoLocalJit;
}
