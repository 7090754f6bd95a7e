import { App } from "aws-cdk-lib";
import { ApiStack } from "./api-stack";

/**
 * `cdk synth|deploy -c stage=dev|prod`, the stage defaulting to dev; contact mail and CORS with
 * `-c contactFrom=... -c contactTo=... -c corsOrigins=https://www.example.com,...`; alarm mail
 * with `-c alarmEmail=ops@example.com`; the premium-selling feed's demo account with
 * `-c demoAccountEmail=demo@example.com`; Bedrock-written rationales with
 * `-c bedrockModelId=amazon.nova-lite-v1:0`.
 */
const app = new App();
const stage = String(app.node.tryGetContext("stage") ?? "dev");
if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
  throw new Error(`stage must be lower-case letters, digits and dashes, got '${stage}'`);
}
const context = (name: string): string | undefined => app.node.tryGetContext(name) ?? undefined;
new ApiStack(app, `MarketDataApi-${stage}`, {
  stage,
  contactFrom: context("contactFrom"),
  contactTo: context("contactTo"),
  corsOrigins: context("corsOrigins")?.split(",") ?? [],
  alarmEmail: context("alarmEmail"),
  demoAccountEmail: context("demoAccountEmail"),
  bedrockModelId: context("bedrockModelId"),
  description: `Market data and options analytics API (${stage})`,
});
