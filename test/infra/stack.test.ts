import { readFileSync } from "node:fs";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiStack } from "../../infra/api-stack";
import { GROUPS, routeKey } from "../../lib/api/route";
import { ROUTES } from "../../lib/api/routes";
import { TABLE_DESIGN } from "../../lib/store/table";
import { WEBHOOK_QUEUE } from "../../lib/webhooks/queue";

/** CDK assertions on the synthesized template (bundles with the local esbuild; no AWS needed). */

type Resources = Record<
  string,
  { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }
>;

function synth(stage: string) {
  const app = new App({ outdir: `cdk.out/test-${stage}` });
  return Template.fromStack(new ApiStack(app, `Test-${stage}`, { stage }));
}

let dev: Template;
let prod: Template;
beforeAll(() => {
  dev = synth("dev");
  prod = synth("prod");
}, 120_000);

function resources(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Logical id of the function for a group, by its function name. */
function functionId(template: Template, name: string): string {
  const entry = Object.entries(resources(template, "AWS::Lambda::Function")).find(
    ([, fn]) => fn.Properties.FunctionName === `market-data-api-dev-${name}`,
  );
  if (!entry) throw new Error(`no function ${name}`);
  return entry[0];
}

/** Logical id of the function an API Gateway route's integration invokes. */
function targetFunction(template: Template, target: unknown): string {
  // Target is {"Fn::Join": ["", ["integrations/", {"Ref": <integration id>}]]}.
  const integrations = resources(template, "AWS::ApiGatewayV2::Integration");
  const ref = /"Ref":"([^"]+)"/.exec(JSON.stringify(target))?.[1] ?? "";
  const uri = JSON.stringify(integrations[ref]?.Properties.IntegrationUri ?? {});
  return /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(uri)?.[1] ?? "";
}

describe("HTTP API", () => {
  it("has one route per route-table entry, on its group's function", () => {
    const routes = Object.values(resources(dev, "AWS::ApiGatewayV2::Route"));
    for (const route of ROUTES) {
      const found = routes.find((r) => r.Properties.RouteKey === routeKey(route));
      expect(found, routeKey(route)).toBeDefined();
      expect(targetFunction(dev, found?.Properties.Target)).toBe(functionId(dev, route.group));
    }
    expect(routes).toHaveLength(ROUTES.length + 1);
  });

  it("sends $default to the fallback function", () => {
    const routes = Object.values(resources(dev, "AWS::ApiGatewayV2::Route"));
    const fallback = routes.find((r) => r.Properties.RouteKey === "$default");
    expect(targetFunction(dev, fallback?.Properties.Target)).toBe(functionId(dev, "fallback"));
  });

  it("has no function without a route", () => {
    const routes = Object.values(resources(dev, "AWS::ApiGatewayV2::Route"));
    const targeted = new Set(routes.map((r) => targetFunction(dev, r.Properties.Target)));
    const functions = Object.keys(resources(dev, "AWS::Lambda::Function"));
    expect(functions).toHaveLength(GROUPS.length + 1);
    for (const id of functions) expect(targeted.has(id), id).toBe(true);
  });
});

describe("functions", () => {
  it("run Node 24 on arm64 as ES modules with the table and queue in their environment", () => {
    for (const fn of Object.values(resources(dev, "AWS::Lambda::Function"))) {
      expect(fn.Properties.Runtime).toBe("nodejs24.x");
      expect(fn.Properties.Architectures).toEqual(["arm64"]);
      expect(fn.Properties.Handler).toBe("index.handler");
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(["STAGE", "TABLE_NAME", "WEBHOOK_QUEUE_URL"]),
      );
    }
  });

  it("grant table access only to API groups, and only on this table", () => {
    const policies = Object.values(resources(dev, "AWS::IAM::Policy"));
    const tableId = Object.keys(resources(dev, "AWS::DynamoDB::Table"))[0] ?? "";
    const withTable = policies.filter((p) => JSON.stringify(p).includes(tableId));
    const roles = withTable.flatMap((p) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref));
    const functions = resources(dev, "AWS::Lambda::Function");
    const roleOf = (name: string) =>
      JSON.stringify(functions[functionId(dev, name)]?.Properties.Role).match(
        /"([^"]+Role[^"]*)"/,
      )?.[1];
    for (const name of ["docs", "fallback"]) expect(roles).not.toContain(roleOf(name));
    for (const name of GROUPS.filter((g) => g !== "docs")) expect(roles).toContain(roleOf(name));
    for (const policy of withTable) {
      for (const statement of policy.Properties.PolicyDocument.Statement) {
        if (!JSON.stringify(statement.Action).includes("dynamodb:")) continue;
        expect(JSON.stringify(statement.Resource)).toContain(tableId);
        expect(statement.Action).not.toContain("dynamodb:*");
      }
    }
  });

  it("bundle without what slows a cold start: the SDK's DynamoDB clients, ESM node:http", () => {
    for (const fn of Object.values(resources(dev, "AWS::Lambda::Function"))) {
      const zip = String(fn.Properties.Code.S3Key);
      const bundle = readFileSync(
        join("cdk.out", "test-dev", `asset.${zip.replace(/\.zip$/, "")}`, "index.mjs"),
        "utf8",
      );
      const name = fn.Properties.FunctionName;
      expect(bundle, name).not.toMatch(/from\s*"@aws-sdk\/(client|lib)-dynamodb"/);
      // An ES-module import of node:http loads undici through its lazy getters (~30 ms).
      expect(bundle, name).not.toMatch(/from\s*"node:http"/);
      expect(bundle, name).toContain('getBuiltinModule("node:http")');
    }
  });

  it("let only the contact-form groups send mail through SES", () => {
    const policies = Object.values(resources(dev, "AWS::IAM::Policy"));
    const mailing = policies.filter((p) => JSON.stringify(p).includes("ses:SendEmail"));
    expect(mailing).toHaveLength(2);
    for (const policy of mailing) {
      const statement = policy.Properties.PolicyDocument.Statement.find(
        (s: { Action: unknown }) => s.Action === "ses:SendEmail",
      );
      expect(JSON.stringify(statement.Resource)).toContain(":identity/*");
    }
  });
});

describe("table", () => {
  it("is on-demand with the single-table keys, index and TTL", () => {
    dev.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: "HASH" },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: "RANGE" },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: "gsi1" })],
    });
  });

  it("has point-in-time recovery and is retained in prod only", () => {
    prod.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
    dev.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Delete",
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
      }),
    });
  });
});

describe("webhook queue", () => {
  it("redrives to a dead-letter queue, encrypted, with the shared settings", () => {
    const queues = Object.entries(resources(dev, "AWS::SQS::Queue"));
    expect(queues).toHaveLength(2);
    const main = queues.find(([, q]) => q.Properties.RedrivePolicy);
    const dead = queues.find(([, q]) => !q.Properties.RedrivePolicy);
    expect(main?.[1].Properties).toMatchObject({
      VisibilityTimeout: WEBHOOK_QUEUE.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount },
    });
    expect(JSON.stringify(main?.[1].Properties.RedrivePolicy.deadLetterTargetArn)).toContain(
      dead?.[0],
    );
    expect(dead?.[1].Properties.MessageRetentionPeriod).toBe(
      WEBHOOK_QUEUE.deadLetterRetentionSeconds,
    );
  });
});
