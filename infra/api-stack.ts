import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { AttributeType, BillingMode, Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Architecture, Runtime } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { fullPath, GROUPS, type Group } from "../lib/api/route";
import { ROUTES } from "../lib/api/routes";
import { TABLE_DESIGN } from "../lib/store/table";
import { WEBHOOK_QUEUE } from "../lib/webhooks/queue";
import { DOCS_ASSET_FILES, LAMBDA_BUNDLING } from "./bundling";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface ApiStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...): names resources and chooses retention. */
  stage: string;
  /** SES-verified sender and the operator's address for contact-form messages. */
  contactFrom?: string;
  contactTo?: string;
  /** Browser origins allowed on the corporate contact intake. */
  corsOrigins?: string[];
}

/** Groups that only serve static documentation and need no data access. */
const STATELESS_GROUPS: readonly Group[] = ["docs"];
/** Groups whose contact forms hand messages to SES. */
const MAILING_GROUPS: readonly Group[] = ["account", "corporate"];

/**
 * The whole service: an HTTP API whose routes come from the route table, one function per
 * endpoint group plus the `$default` fallback, the single DynamoDB table and the webhook
 * queue with its dead-letter queue.
 */
export class ApiStack extends Stack {
  readonly table: Table;
  readonly functions: Record<Group | "fallback", NodejsFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const isProd = props.stage === "prod";

    this.table = this.createTable(isProd);
    const queue = this.createWebhookQueue();

    const environment = {
      STAGE: props.stage,
      TABLE_NAME: this.table.tableName,
      WEBHOOK_QUEUE_URL: queue.queueUrl,
      MAILER: "ses",
      CONTACT_FROM: props.contactFrom ?? "",
      CONTACT_TO: props.contactTo ?? "",
      CORS_ORIGINS: (props.corsOrigins ?? []).join(","),
      NODE_OPTIONS: "--enable-source-maps",
    };
    const names: (Group | "fallback")[] = [...GROUPS, "fallback"];
    this.functions = Object.fromEntries(
      names.map((name) => [name, this.createFunction(name, props.stage, environment, isProd)]),
    ) as Record<Group | "fallback", NodejsFunction>;
    for (const group of GROUPS) {
      if (!STATELESS_GROUPS.includes(group)) this.table.grantReadWriteData(this.functions[group]);
    }
    for (const group of MAILING_GROUPS) {
      this.functions[group].addToRolePolicy(
        new PolicyStatement({
          actions: ["ses:SendEmail"],
          resources: [`arn:aws:ses:${this.region}:${this.account}:identity/*`],
        }),
      );
    }

    const api = new HttpApi(this, "HttpApi", {
      apiName: `market-data-api-${props.stage}`,
      description: "Market data and options analytics API",
      defaultIntegration: new HttpLambdaIntegration("Fallback", this.functions.fallback),
    });
    const integrations = Object.fromEntries(
      GROUPS.map((group) => [
        group,
        new HttpLambdaIntegration(`${group}-integration`, this.functions[group]),
      ]),
    ) as Record<Group, HttpLambdaIntegration>;
    for (const route of ROUTES) {
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(fullPath(route), HttpMethod[route.method]),
        integration: integrations[route.group],
      });
    }

    new CfnOutput(this, "ApiUrl", { value: `${api.apiEndpoint}/v1` });
    new CfnOutput(this, "TableName", { value: this.table.tableName });
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

  private createWebhookQueue(): Queue {
    const deadLetterQueue = new Queue(this, "WebhookDeadLetterQueue", {
      retentionPeriod: Duration.seconds(WEBHOOK_QUEUE.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    return new Queue(this, "WebhookQueue", {
      visibilityTimeout: Duration.seconds(WEBHOOK_QUEUE.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
  }

  private createFunction(
    name: Group | "fallback",
    stage: string,
    environment: Record<string, string>,
    isProd: boolean,
  ): NodejsFunction {
    const logGroup = new LogGroup(this, `${name}-logs`, {
      retention: isProd ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    return new NodejsFunction(this, `${name}-function`, {
      functionName: `market-data-api-${stage}-${name}`,
      entry: join(ROOT, "functions", `${name}.ts`),
      handler: "handler",
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment,
      logGroup,
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
          Object.entries(LAMBDA_BUNDLING.alias).map(([name, path]) => [`--alias:${name}`, path]),
        ),
        ...(name === "docs" ? { commandHooks: docsAssetHooks() } : {}),
      },
    });
  }
}

/** Copies swagger-ui's files next to the docs bundle, where `lib/config.ts` looks for them. */
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
    ],
  };
}
