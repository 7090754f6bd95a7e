import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { loadConfig } from "../lib/config";
import { jsonLogger } from "../lib/deps";
import type { VerdictJobScope } from "../lib/intelligence/job";
import { startQueuePoller } from "./queue-poller";
import { startVerdictSchedule } from "./verdict-schedule";

/**
 * The webhook pipeline's two functions as AWS runs them, on this machine: the delivery
 * consumer fed from the queue as its SQS event source would (batch size 10, partial failures
 * redelivered after the visibility timeout), and the alert evaluator every minute, as its
 * EventBridge schedule would, never two runs at once (reserved concurrency 1). The evaluator
 * reads the market at the simulated clock (SIM_NOW, or real time). And the intelligence
 * verdict job: the most active stocks at start, the universe after each close
 * (local/verdict-schedule.ts).
 */

/** The evaluator's schedule, as the EventBridge rule's rate(1 minute). */
export const EVALUATOR_INTERVAL_MS = 60_000;

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse>;
type Evaluator = () => Promise<unknown>;
type VerdictJob = (
  event: { scope: VerdictJobScope },
  context: { getRemainingTimeInMillis(): number },
) => Promise<unknown>;

/** A Lambda entry point (functions/<name>.ts), loaded once the environment is set. */
const importFunction = (name: string): Promise<unknown> => import(`../functions/${name}.ts`);

export interface BackgroundJobOptions {
  /** Between evaluator runs, milliseconds; EVALUATOR_INTERVAL_MS unless a test shortens it. */
  evaluatorIntervalMs?: number;
  /** The verdict job's schedule (local/verdict-schedule.ts); on unless false. */
  verdictJob?: boolean;
}

/** Starts them all; the returned function stops them (after the run or batch in progress). */
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
  const stopVerdicts = options.verdictJob === false ? async () => {} : startVerdictJob();
  return async () => {
    clearInterval(timer);
    await Promise.all([evaluation, stopVerdicts()]);
    await poller.stop();
  };
}

/**
 * The verdict job's handler on its local schedule, loaded in the background (the server does
 * not wait for it). Stopping ends the invocation's time, so the handler starts no further stock.
 */
function startVerdictJob(): () => Promise<void> {
  const marketTime = loadConfig(process.env).simNow;
  return startVerdictSchedule({
    run: async (scope, isStopping) => {
      const job = (await importFunction("intelligence-job")) as { handler: VerdictJob };
      if (isStopping()) return; // stopped while the module loaded
      const context = { getRemainingTimeInMillis: () => (isStopping() ? 0 : Infinity) };
      return job.handler({ scope }, context);
    },
    marketNow: () => marketTime ?? new Date(),
    log: jsonLogger,
  });
}
