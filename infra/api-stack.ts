import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpStage,
  LogGroupLogDestination,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { AttributeType, BillingMode, Table } from "aws-cdk-lib/aws-dynamodb";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { GROUPS, ROUTE_MANIFEST } from "../lib/api/generated/manifest";
import { BACKGROUND_FUNCTIONS, GROUP_ACCESS } from "../lib/api/group-access";
import { fullPath, type Group, type RouteEntry } from "../lib/api/route";
import { TABLE_DESIGN } from "../lib/store/table";
import { WEBHOOK_QUEUE } from "../lib/webhooks/queue";
import { ApiFunction, type FunctionName, functionLogGroup } from "./api-function";
import { createJobFunctions } from "./intelligence-job";
import { createWebhookFunctions } from "./webhook-functions";

export interface ApiStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...): names resources and chooses retention. */
  stage: string;
  /** SES-verified sender and the operator's address for contact-form messages. */
  contactFrom?: string;
  contactTo?: string;
  /** Browser origins allowed on the corporate contact intake. */
  corsOrigins?: string[];
  /** Subscribed to the alarm topic when set. */
  alarmEmail?: string;
  /** The account whose keys may read the premium-selling feed (spec fact 12); none when unset. */
  demoAccountEmail?: string;
  /**
   * A Bedrock foundation model id (e.g. `amazon.nova-lite-v1:0`) for narrative text (hedge
   * rationales); the deterministic template writer when unset.
   */
  bedrockModelId?: string;
  /** The routes to serve: the generated manifest unless a test pads it (the resource budget). */
  routes?: readonly RouteEntry[];
}

/**
 * API Gateway's throttle on every route, a backstop in front of our per-key limiter against
 * floods (keyless and unknown-key requests still cost an invocation and a write). The largest
 * published tier allows 1,000 requests a minute, which one client may spend in a single
 * second, so the burst is twice that; the rate is 60 such clients at full speed. Both stay
 * well under the account's regional API Gateway quota (10,000 per second, burst 5,000).
 */
const STAGE_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

/** One JSON line per request (HTTP API `$context` variables); no headers, so no API keys. */
export const ACCESS_LOG_FIELDS = {
  requestId: "$context.requestId",
  ip: "$context.identity.sourceIp",
  requestTime: "$context.requestTime",
  method: "$context.httpMethod",
  routeKey: "$context.routeKey",
  path: "$context.path",
  status: "$context.status",
  protocol: "$context.protocol",
  responseLength: "$context.responseLength",
  latencyMs: "$context.responseLatency",
  integrationLatencyMs: "$context.integrationLatency",
  integrationStatus: "$context.integrationStatus",
  integrationError: "$context.integrationErrorMessage",
  error: "$context.error.message",
  userAgent: "$context.identity.userAgent",
} as const;

/** Every alarm fires on the first occurrence in a 5-minute period: none is ever expected. */
const ALARM_PERIOD = Duration.minutes(5);

/**
 * The whole service: an HTTP API whose routes come from the route table, one function per
 * endpoint group plus the `$default` fallback, the single DynamoDB table, the webhook queue
 * with its dead-letter queue, its consumer and the scheduled alert evaluator
 * (infra/webhook-functions.ts), the daily verdict job (infra/intelligence-job.ts), and the
 * alarms an operator watches.
 */
/**
 * Functions whose first request does much more than the others': the graph builds the day's
 * company graph (every company's supply edges, people, 13F holders and a year of Form 4s: about
 * 4 s on one vCPU); market analysis reads every stock's year of daily bars on a minute's first
 * request and scans every optionable stock's options tape for the unusual flow (2-5 s each); the
 * stock screener reads the same bars with every company's statements and IV history.
 * They get a whole vCPU (1,769 MB) and API Gateway's longest wait (29 s), so a cold start on a
 * busy host still answers; warm requests take milliseconds.
 */
export const HEAVY_COLD_STARTS: Partial<Record<string, { memorySize: number; timeout: Duration }>> =
  {
    graph: { memorySize: 1769, timeout: Duration.seconds(29) },
    marketAnalysis: { memorySize: 1769, timeout: Duration.seconds(29) },
    screener: { memorySize: 1769, timeout: Duration.seconds(29) },
    intelligence: { memorySize: 1769, timeout: Duration.seconds(29) },
  };

export class ApiStack extends Stack {
  readonly table: Table;
  readonly functions: Record<FunctionName, ApiFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const isProd = props.stage === "prod";
    const httpNames: FunctionName[] = [...GROUPS, "fallback"];
    // The app runs untyped (tsx): a new group without a declaration must fail here, not
    // deploy with no permissions or borrowed ones.
    for (const name of [...httpNames, ...BACKGROUND_FUNCTIONS]) {
      if (!GROUP_ACCESS[name]) {
        throw new Error(`'${name}' has no access declaration in lib/api/group-access.ts`);
      }
    }

    this.table = this.createTable(isProd);
    const { queue, deadLetterQueue } = this.createWebhookQueue();

    const shared = {
      STAGE: props.stage,
      TABLE_NAME: this.table.tableName,
      NODE_OPTIONS: "--enable-source-maps",
    };
    const narrative = {
      NARRATIVE_BACKEND: props.bedrockModelId ? "bedrock" : "template",
      BEDROCK_MODEL_ID: props.bedrockModelId ?? "",
    };
    const environment = {
      ...shared,
      WEBHOOK_QUEUE_URL: queue.queueUrl,
      MAILER: "ses",
      CONTACT_FROM: props.contactFrom ?? "",
      CONTACT_TO: props.contactTo ?? "",
      CORS_ORIGINS: (props.corsOrigins ?? []).join(","),
      DEMO_ACCOUNT_EMAIL: props.demoAccountEmail ?? "",
      ...narrative,
    };
    const mailIdentities = mailIdentityArns(this, props);
    const functionProps = {
      stage: props.stage,
      isProd,
      environment,
      table: this.table,
      mailIdentities,
      narrativeModelArns: props.bedrockModelId
        ? [
            this.formatArn({
              service: "bedrock",
              account: "",
              resource: "foundation-model",
              resourceName: props.bedrockModelId,
            }),
          ]
        : [],
      queues: { queue, deadLetterQueue },
    };
    this.functions = {
      ...(Object.fromEntries(
        httpNames.map((name) => [
          name,
          new ApiFunction(this, name, { ...functionProps, ...HEAVY_COLD_STARTS[name] }),
        ]),
      ) as Record<Group | "fallback", ApiFunction>),
      ...createWebhookFunctions(this, { ...functionProps, environment: shared }),
      ...createJobFunctions(this, { ...functionProps, environment: { ...shared, ...narrative } }),
    };

    const { api, stage } = this.createApi(props.stage, isProd, props.routes ?? ROUTE_MANIFEST);
    this.createAlarms(props, stage, deadLetterQueue);

    new CfnOutput(this, "ApiUrl", { value: `${api.apiEndpoint}/v1` });
    new CfnOutput(this, "TableName", { value: this.table.tableName });
  }

  /**
   * The HTTP API, its stage and a route per route-table entry. Each function has one invoke
   * permission for the whole API instead of one per route (`scopePermissionToRoute: false`):
   * a route costs one resource, not two, against CloudFormation's 500. A function still
   * answers only its own group's routes (the http handler's request scope).
   */
  private createApi(
    stageName: string,
    isProd: boolean,
    routes: readonly RouteEntry[],
  ): { api: HttpApi; stage: HttpStage } {
    const integration = (id: string, fn: ApiFunction) =>
      new HttpLambdaIntegration(id, fn, { scopePermissionToRoute: false });
    const api = new HttpApi(this, "HttpApi", {
      apiName: `market-data-api-${stageName}`,
      description: "Market data and options analytics API",
      defaultIntegration: integration("Fallback", this.functions.fallback),
      createDefaultStage: false,
    });
    // The id HttpApi gives its own default stage, so a deployed stage is updated in place.
    const stage = api.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(functionLogGroup(this, "api-access-logs", isProd)),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    const integrations = Object.fromEntries(
      GROUPS.map((group) => [group, integration(`${group}-integration`, this.functions[group])]),
    ) as Record<Group, HttpLambdaIntegration>;
    for (const route of routes) {
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(fullPath(route), HttpMethod[route.method]),
        integration: integrations[route.group],
      });
    }
    return { api, stage };
  }

  /** Errors and throttles per function, dead letters and API 5xx, all to one SNS topic. */
  private createAlarms(props: ApiStackProps, stage: HttpStage, deadLetterQueue: Queue) {
    const topic = new Topic(this, "AlarmTopic", {
      displayName: `market-data-api-${props.stage} alarms`,
    });
    if (props.alarmEmail) topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(topic);
    const alarm = (name: string, metric: IMetric, description: string) =>
      new Alarm(this, `${name}-alarm`, {
        alarmName: `market-data-api-${props.stage}-${name}`,
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    const sum = { period: ALARM_PERIOD, statistic: "Sum" };
    for (const [name, fn] of Object.entries(this.functions)) {
      // The envelope answers every thrown error and the consumer reports failed messages, so
      // Errors means a crash, timeout or OOM (or an evaluator run that failed).
      alarm(`${name}-errors`, fn.metricErrors(sum), `${name}: invocations failed`);
      alarm(`${name}-throttles`, fn.metricThrottles(sum), `${name}: Lambda refused invocations`);
    }
    const deadLetters = deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: ALARM_PERIOD,
      statistic: "Maximum",
    });
    alarm("webhook-dead-letters", deadLetters, "Webhook messages gave up and wait in the DLQ");
    // 500 INTERNAL_ERROR (a bug) and 502/503 (SES, DynamoDB) never show as Lambda errors.
    alarm("api-5xx", stage.metricServerError(sum), "The API answered 5xx");
  }

  private createTable(isProd: boolean): Table {
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    const table = new Table(this, "Table", {
      partitionKey: key(TABLE_DESIGN.partitionKey),
      sortKey: key(TABLE_DESIGN.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: isProd },
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of TABLE_DESIGN.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      });
    }
    return table;
  }

  private createWebhookQueue(): { queue: Queue; deadLetterQueue: Queue } {
    const deadLetterQueue = new Queue(this, "WebhookDeadLetterQueue", {
      retentionPeriod: Duration.seconds(WEBHOOK_QUEUE.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new Queue(this, "WebhookQueue", {
      visibilityTimeout: Duration.seconds(WEBHOOK_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    return { queue, deadLetterQueue };
  }
}

/**
 * The SES identities a contact message can involve: the sender's (SES authorizes a send
 * against the verified identity, the address or its domain) and, in the SES sandbox, the
 * recipient's. Both addresses are configuration, so nothing else is ever needed. Without
 * them the mailer refuses to send (SEND_FAILED) and no function gets SES at all.
 */
function mailIdentityArns(stack: Stack, props: ApiStackProps): string[] {
  if (!props.contactFrom || !props.contactTo) return [];
  const identities = [props.contactFrom, props.contactTo].flatMap((address) => {
    const bare = /<([^>]+)>/.exec(address)?.[1] ?? address.trim();
    return [bare, bare.slice(bare.lastIndexOf("@") + 1)];
  });
  return [...new Set(identities)].map((identity) =>
    stack.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
  );
}
