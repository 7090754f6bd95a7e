import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Architecture, Runtime } from "aws-cdk-lib/aws-lambda";
import { SqsEventSource, type SqsEventSourceProps } from "aws-cdk-lib/aws-lambda-event-sources";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import {
  type FunctionName,
  GROUP_ACCESS,
  type GroupAccess,
  QUEUE_SEND_ACTIONS,
} from "../lib/api/group-access";
import { TABLE_DESIGN } from "../lib/store/table";
import {
  DOCS_ASSET_FILES,
  GEO_DATABASE_FILES,
  GEO_DATABASE_FUNCTIONS,
  GLOSSARY_FILES,
  GLOSSARY_FUNCTIONS,
  LAMBDA_BUNDLING,
  SIMULATED_WORLD_FILES,
  SIMULATED_WORLD_FUNCTIONS,
} from "./bundling";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export type { FunctionName };

/** The webhook queue and its dead-letter queue, for the queue access a function declares. */
export interface WebhookQueues {
  queue: IQueue;
  deadLetterQueue: IQueue;
}

export interface ApiFunctionProps {
  stage: string;
  isProd: boolean;
  environment: Record<string, string>;
  table: Table;
  /** SES identities the contact forms may send as; empty when mail is not configured. */
  mailIdentities: string[];
  /** The Bedrock model narrative writers may invoke; none with the template writer. */
  narrativeModelArns: string[];
  queues: WebhookQueues;
  /** 10 s when absent (an API request). */
  timeout?: Duration;
  /** MB; 1024 when absent. */
  memorySize?: number;
  /** Unreserved (the account's pool) when absent. */
  reservedConcurrentExecutions?: number;
}

/**
 * One Lambda function of the stack (an API group's, the fallback, or one of the webhook
 * pipeline's) with the defaults every function shares: Node 24 on ARM, 1 GB, 10 s unless
 * stated, the deployed esbuild settings (infra/bundling.ts), its own log group, and exactly
 * the access lib/api/group-access.ts declares for it: table and index actions, SES only for
 * the groups that send mail, the webhook queues only for the functions that use them.
 * Adding a group needs no change here.
 */
export class ApiFunction extends NodejsFunction {
  private readonly declaredAccess: GroupAccess;
  private readonly webhookQueues: WebhookQueues;

  constructor(scope: Stack, name: FunctionName, props: ApiFunctionProps) {
    super(scope, `${name}-function`, {
      functionName: `market-data-api-${props.stage}-${name}`,
      entry: join(ROOT, "functions", `${name}.ts`),
      handler: "handler",
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: props.environment,
      logGroup: functionLogGroup(scope, `${name}-logs`, props.isProd),
      depsLockFilePath: join(ROOT, "package-lock.json"),
      projectRoot: ROOT,
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: true,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        externalModules: [...LAMBDA_BUNDLING.external],
        banner: LAMBDA_BUNDLING.banner,
        esbuildArgs: Object.fromEntries(
          Object.entries(LAMBDA_BUNDLING.alias).map(([alias, path]) => [`--alias:${alias}`, path]),
        ),
        ...(name === "docs" ? { commandHooks: docsAssetHooks() } : {}),
        ...dataFileHooks(name),
      },
    });
    this.declaredAccess = GROUP_ACCESS[name];
    this.webhookQueues = props.queues;
    this.grantDeclaredAccess(props);
  }

  /**
   * Makes this function the webhook queue's event source target. The event source grants the
   * poller's actions to this role (QUEUE_RECEIVE_ACTIONS), so only a function declared to
   * receive may.
   */
  consumeWebhookQueue(settings: SqsEventSourceProps): void {
    if (!this.declaredAccess.queue?.receive) {
      throw new Error(`'${this.node.id}' is not declared to receive from the webhook queue`);
    }
    this.addEventSource(new SqsEventSource(this.webhookQueues.queue, settings));
  }

  /**
   * Exactly the declared actions: on the table's items, on its index, SES on the identities,
   * SendMessage on each queue it may send to.
   */
  private grantDeclaredAccess(props: ApiFunctionProps) {
    const access = this.declaredAccess;
    if (access.table.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: access.table.map((action) => `dynamodb:${action}`),
          resources: [props.table.tableArn],
        }),
      );
    }
    if (access.index && access.index.length > 0) {
      const indexName = TABLE_DESIGN.globalIndexes[0].indexName;
      this.addToRolePolicy(
        new PolicyStatement({
          actions: access.index.map((action) => `dynamodb:${action}`),
          resources: [`${props.table.tableArn}/index/${indexName}`],
        }),
      );
    }
    if (access.sendsMail && props.mailIdentities.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: ["ses:SendEmail"], resources: props.mailIdentities }),
      );
    }
    if (access.writesNarrative && props.narrativeModelArns.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ["bedrock:InvokeModel"],
          resources: props.narrativeModelArns,
        }),
      );
    }
    const { queue, deadLetterQueue } = props.queues;
    if (access.queue?.send) this.grantSend(queue);
    if (access.queue?.sendDeadLetter) this.grantSend(deadLetterQueue);
  }

  /** SendMessage alone (SQS-managed encryption needs no KMS grant), not grantSendMessages' set. */
  private grantSend(queue: IQueue) {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: QUEUE_SEND_ACTIONS.map((action) => `sqs:${action}`),
        resources: [queue.queueArn],
      }),
    );
  }
}

/** Function and access logs: kept three months and retained in prod, two weeks elsewhere. */
export function functionLogGroup(scope: Stack, id: string, isProd: boolean): LogGroup {
  return new LogGroup(scope, id, {
    retention: isProd ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}

/**
 * Copies the data files a function reads beside its module next to its bundle: the simulated
 * world's (lib/market/sim/universe.ts), the IP-to-country database
 * (lib/content/geo/database-file.ts), the glossary (lib/content/glossary/glossary-file.ts).
 * One hook for all, since a function may read several (content reads the last two).
 */
function dataFileHooks(name: FunctionName) {
  const files = [
    ...(SIMULATED_WORLD_FUNCTIONS.has(name) ? SIMULATED_WORLD_FILES : []),
    ...(GEO_DATABASE_FUNCTIONS.has(name) ? GEO_DATABASE_FILES : []),
    ...(GLOSSARY_FUNCTIONS.has(name) ? GLOSSARY_FILES : []),
  ];
  if (files.length === 0) return {};
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir: string, outputDir: string) =>
        files.map((file) => `cp "${join(ROOT, file)}" "${outputDir}/"`),
    },
  };
}

/**
 * Copies swagger-ui's files and the OpenAPI document generated at build time
 * (lib/api/generated/openapi.json) next to the docs bundle, where `lib/config.ts` looks for them.
 */
function docsAssetHooks() {
  const require = createRequire(import.meta.url);
  const source = dirname(require.resolve("swagger-ui-dist/package.json"));
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir: string, outputDir: string) => [
      `mkdir -p "${outputDir}/swagger-ui"`,
      ...DOCS_ASSET_FILES.map(
        (file) => `cp "${join(source, file)}" "${outputDir}/swagger-ui/${file}"`,
      ),
      `cp "${join(ROOT, "lib", "api", "generated", "openapi.json")}" "${outputDir}/openapi.json"`,
    ],
  };
}
