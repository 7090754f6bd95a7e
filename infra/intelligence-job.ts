import { Duration, type Stack } from "aws-cdk-lib";
import { Rule, RuleTargetInput, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { JobFunction } from "../lib/api/group-access";
import { ApiFunction, type ApiFunctionProps } from "./api-function";

/**
 * The verdict job's schedule (functions/intelligence-job.ts): 21:30 UTC Monday to Friday, after
 * the 16:00 New York close whether New York keeps EST (16:30) or EDT (17:30), so the day's bars,
 * chains and news are final. On an exchange holiday it re-reads the last session (harmless).
 * A cold run of the handler over the universe (130 optionable stocks in the simulated world)
 * took 16 s on a 2-core machine, 26 s with the market cache on DynamoDB Local in front (52 s
 * under load); 15 minutes, Lambda's longest, leaves room for a vendor's latency and a larger
 * universe, and the handler starts no stock in its last minute. A whole vCPU (1,769 MB)
 * as the heavy API groups: the graph and the chains are CPU-bound. One run at a time, never
 * retried: the next day's run is the retry.
 */
export const VERDICT_JOB_SCHEDULE = {
  cron: { minute: "30", hour: "21", weekDay: "MON-FRI" },
  expression: "cron(30 21 ? * MON-FRI *)",
  timeoutMinutes: 15,
  memorySize: 1769,
  reservedConcurrency: 1,
} as const;

/** The scheduled jobs outside the webhook pipeline: the intelligence committee's verdict job. */
export function createJobFunctions(
  stack: Stack,
  props: ApiFunctionProps,
): Record<JobFunction, ApiFunction> {
  return { "intelligence-job": createVerdictJob(stack, props) };
}

function createVerdictJob(stack: Stack, props: ApiFunctionProps): ApiFunction {
  const job = new ApiFunction(stack, "intelligence-job", {
    ...props,
    timeout: Duration.minutes(VERDICT_JOB_SCHEDULE.timeoutMinutes),
    memorySize: VERDICT_JOB_SCHEDULE.memorySize,
    reservedConcurrentExecutions: VERDICT_JOB_SCHEDULE.reservedConcurrency,
  });
  job.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) });
  new Rule(stack, "intelligence-job-schedule", {
    description: "Stores the committee's verdicts for every optionable stock after the US close",
    schedule: Schedule.cron(VERDICT_JOB_SCHEDULE.cron),
    targets: [
      new LambdaFunction(job, { event: RuleTargetInput.fromObject({ scope: "universe" }) }),
    ],
  });
  return job;
}
