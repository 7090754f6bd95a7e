import type { Config } from "../config";
import type { EvaluatorDeps } from "../webhooks/evaluator";
import { coreDeps, wiringOf } from "./core";
import { marketProvider } from "./market";
import { eventQueue } from "./queue";
import { alertStore, webhookStore } from "./stores";

/**
 * The alert evaluator's dependencies, once per cold start: the market at the market clock
 * (SIM_NOW pins it) as the market group wires it, the alert and webhook stores, the queue.
 */
export function wireEvaluator(config: Config): EvaluatorDeps {
  const wiring = wiringOf(config);
  const { marketClock, log } = coreDeps(wiring);
  return {
    alerts: alertStore(wiring),
    webhooks: webhookStore(wiring),
    market: marketProvider(wiring, marketClock),
    marketClock,
    queue: eventQueue(wiring),
    log,
  };
}
