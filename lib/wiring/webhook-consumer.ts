import type { Config } from "../config";
import { jsonLogger, systemClock } from "../deps";
import type { ConsumerDeps } from "../webhooks/consumer";
import { createGuardedDispatcher } from "../webhooks/ssrf-dispatcher";
import { wiringOf } from "./core";
import { eventQueue } from "./queue";
import { deliveryLog, webhookStore } from "./stores";

/** The delivery consumer's dependencies, once per cold start. */
export function wireConsumer(config: Config): ConsumerDeps {
  const wiring = wiringOf(config);
  return {
    webhooks: webhookStore(wiring),
    deliveryLog: deliveryLog(wiring),
    queue: eventQueue(wiring),
    dispatcher: createGuardedDispatcher({ allowHttpLoopback: config.webhookAllowHttpLoopback }),
    clock: systemClock(),
    random: Math.random,
    log: jsonLogger,
  };
}
