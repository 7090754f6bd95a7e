import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { jsonLogger } from "../lib/deps";
import { startQueuePoller } from "./queue-poller";

/**
 * The webhook pipeline's two functions as AWS runs them, on this machine: the delivery
 * consumer fed from the queue as its SQS event source would (batch size 10, partial failures
 * redelivered after the visibility timeout), and the alert evaluator every minute, as its
 * EventBridge schedule would, never two runs at once (reserved concurrency 1). The evaluator
 * reads the market at the simulated clock (SIM_NOW, or real time).
 */

/** The evaluator's schedule, as the EventBridge rule's rate(1 minute). */
export const EVALUATOR_INTERVAL_MS = 60_000;

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse>;
type Evaluator = () => Promise<unknown>;

/** A Lambda entry point (functions/<name>.ts), loaded once the environment is set. */
const importFunction = (name: string): Promise<unknown> => import(`../functions/${name}.ts`);

export interface BackgroundJobOptions {
  /** Between evaluator runs, milliseconds; EVALUATOR_INTERVAL_MS unless a test shortens it. */
  evaluatorIntervalMs?: number;
}

/** Starts both; the returned function stops them (after the run or batch in progress). */
export async function startBackgroundJobs(
  queueUrl: string,
  options: BackgroundJobOptions = {},
): Promise<() => Promise<void>> {
  const consumer = (await importFunction("webhook-consumer")) as { handler: Consumer };
  const evaluator = (await importFunction("alert-evaluator")) as { handler: Evaluator };
  const poller = startQueuePoller({
    queueUrl,
    handler: consumer.handler,
    onError: (error) => jsonLogger.error("local webhook poller", { error: String(error) }),
  });
  let evaluation: Promise<unknown> = Promise.resolve();
  let evaluating = false;
  const timer = setInterval(() => {
    if (evaluating) return; // the previous run is still going: skip, as reserved concurrency 1
    evaluating = true;
    evaluation = evaluator
      .handler()
      .catch((error: unknown) =>
        jsonLogger.error("local alert evaluator", { error: String(error) }),
      )
      .finally(() => {
        evaluating = false;
      });
  }, options.evaluatorIntervalMs ?? EVALUATOR_INTERVAL_MS);
  return async () => {
    clearInterval(timer);
    await evaluation;
    await poller.stop();
  };
}
