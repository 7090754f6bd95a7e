import { loadConfig } from "../lib/config";
import {
  type EvaluationSummary,
  type EvaluatorDeps,
  evaluateAlerts,
} from "../lib/webhooks/evaluator";
import { wireEvaluator } from "../lib/wiring/alert-evaluator";

/**
 * The alert evaluator: an EventBridge schedule invokes it every minute (reserved concurrency
 * 1); it evaluates every active alert against the market at the clock and enqueues the events
 * of those that fire, see lib/webhooks/evaluator.ts. `npm start` runs this same handler on the
 * same schedule (local/background-jobs.ts). The run's summary is logged as one JSON line.
 */
let deps: EvaluatorDeps | undefined;

export const handler = async (): Promise<EvaluationSummary> => {
  // Wired on the first invocation (once per cold start), from the environment at that time.
  deps ??= wireEvaluator(loadConfig(process.env));
  const summary = await evaluateAlerts(deps);
  deps.log.info("alert evaluator run", { ...summary });
  return summary;
};
