import { App } from "aws-cdk-lib";
import { ApiStack } from "./api-stack";

/** `cdk synth|deploy -c stage=dev|prod`; the stage defaults to dev. */
const app = new App();
const stage = String(app.node.tryGetContext("stage") ?? "dev");
if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
  throw new Error(`stage must be lower-case letters, digits and dashes, got '${stage}'`);
}
new ApiStack(app, `MarketDataApi-${stage}`, {
  stage,
  description: `Market data and options analytics API (${stage})`,
});
