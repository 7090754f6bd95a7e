import { Duration, type Stack } from "aws-cdk-lib";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { WebhookFunction } from "../lib/api/group-access";
import { WEBHOOK_QUEUE } from "../lib/webhooks/queue";
import { ApiFunction, type ApiFunctionProps } from "./api-function";

/**
 * The webhook queue's consumer. Batches of up to 10 (the most an SQS event source hands over
 * without a batching window; the consumer attempts them concurrently) and no batching window:
 * each delivery is latency-sensitive, so a message never waits for others to fill a batch.
 * ReportBatchItemFailures: only the failed messages of a batch are redelivered. At most 10
 * concurrent invocations (100 deliveries in flight): that bounds the table's writes and the
 * load on the receivers, and the queue absorbs bursts meanwhile.
 */
export const CONSUMER_EVENT_SOURCE = {
  batchSize: 10,
  maxBatchingWindowSeconds: 0,
  maxConcurrency: 10,
} as const;

/**
 * The evaluator runs every minute, each run under the minute (50 s), one at a time: with a
 * reserved concurrency of 1 two runs never overlap, so one crossing cannot fire an alert twice.
 */
export const EVALUATOR_SCHEDULE = {
  rate: Duration.minutes(1),
  timeoutSeconds: 50,
  reservedConcurrency: 1,
} as const;

/**
 * The delivery pipeline's two functions (not API routes): the consumer with the webhook queue
 * as its event source, and the alert evaluator on its one-minute schedule. `props.environment`
 * holds what every function shares (STAGE, TABLE_NAME); the queue URLs are added per function.
 */
export function createWebhookFunctions(
  stack: Stack,
  props: ApiFunctionProps,
): Record<WebhookFunction, ApiFunction> {
  return {
    "webhook-consumer": createConsumer(stack, props),
    "alert-evaluator": createEvaluator(stack, props),
  };
}

function createConsumer(stack: Stack, props: ApiFunctionProps): ApiFunction {
  const { queue, deadLetterQueue } = props.queues;
  const consumer = new ApiFunction(stack, "webhook-consumer", {
    ...props,
    environment: {
      ...props.environment,
      WEBHOOK_QUEUE_URL: queue.queueUrl,
      WEBHOOK_DEAD_LETTER_QUEUE_URL: deadLetterQueue.queueUrl,
    },
    timeout: Duration.seconds(WEBHOOK_QUEUE.consumerTimeoutSeconds),
  });
  consumer.consumeWebhookQueue({
    batchSize: CONSUMER_EVENT_SOURCE.batchSize,
    maxBatchingWindow: Duration.seconds(CONSUMER_EVENT_SOURCE.maxBatchingWindowSeconds),
    maxConcurrency: CONSUMER_EVENT_SOURCE.maxConcurrency,
    reportBatchItemFailures: true,
  });
  return consumer;
}

function createEvaluator(stack: Stack, props: ApiFunctionProps): ApiFunction {
  const evaluator = new ApiFunction(stack, "alert-evaluator", {
    ...props,
    environment: { ...props.environment, WEBHOOK_QUEUE_URL: props.queues.queue.queueUrl },
    timeout: Duration.seconds(EVALUATOR_SCHEDULE.timeoutSeconds),
    reservedConcurrentExecutions: EVALUATOR_SCHEDULE.reservedConcurrency,
  });
  // A failed run is not retried: the next minute's run is the retry, and a retry would only
  // queue behind it (reserved concurrency 1).
  evaluator.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
  new Rule(stack, "alert-evaluator-schedule", {
    description: "Evaluates the active alerts every minute",
    schedule: Schedule.rate(EVALUATOR_SCHEDULE.rate),
    targets: [new LambdaFunction(evaluator)],
  });
  return evaluator;
}
