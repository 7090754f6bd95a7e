import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Architecture, Runtime } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { GROUP_ACCESS } from "../lib/api/group-access";
import type { Group } from "../lib/api/route";
import {
  DOCS_ASSET_FILES,
  LAMBDA_BUNDLING,
  SIMULATED_WORLD_FILES,
  SIMULATED_WORLD_GROUPS,
} from "./bundling";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A group's function (`functions/<group>.ts`) or API Gateway's `$default` fallback. */
export type FunctionName = Group | "fallback";

export interface ApiFunctionProps {
  stage: string;
  isProd: boolean;
  environment: Record<string, string>;
  table: Table;
  /** SES identities the contact forms may send as; empty when mail is not configured. */
  mailIdentities: string[];
}

/**
 * One Lambda function of the API with the defaults every function shares: Node 24 on ARM,
 * 1 GB, 10 s, the deployed esbuild settings (infra/bundling.ts), its own log group, and
 * exactly the table actions lib/api/group-access.ts declares for it (SES only for the
 * groups that send mail). Adding a group needs no change here.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Stack, name: FunctionName, props: ApiFunctionProps) {
    super(scope, `${name}-function`, {
      functionName: `market-data-api-${props.stage}-${name}`,
      entry: join(ROOT, "functions", `${name}.ts`),
      handler: "handler",
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
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
        ...(SIMULATED_WORLD_GROUPS.has(name) ? { commandHooks: simulatedWorldHooks() } : {}),
      },
    });
    this.grantDeclaredAccess(name, props);
  }

  /** Exactly the declared table actions, on the table's items only; SES on the identities. */
  private grantDeclaredAccess(name: FunctionName, props: ApiFunctionProps) {
    const access = GROUP_ACCESS[name];
    if (access.table.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: access.table.map((action) => `dynamodb:${action}`),
          resources: [props.table.tableArn],
        }),
      );
    }
    if (access.sendsMail && props.mailIdentities.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: ["ses:SendEmail"], resources: props.mailIdentities }),
      );
    }
  }
}

/** Function and access logs: kept three months and retained in prod, two weeks elsewhere. */
export function functionLogGroup(scope: Stack, id: string, isProd: boolean): LogGroup {
  return new LogGroup(scope, id, {
    retention: isProd ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}

/** Copies the simulated world's data files next to the bundle (lib/market/sim/universe.ts). */
function simulatedWorldHooks() {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir: string, outputDir: string) =>
      SIMULATED_WORLD_FILES.map((file) => `cp "${join(ROOT, file)}" "${outputDir}/"`),
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
