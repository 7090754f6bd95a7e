import type { Dispatcher } from "undici";
import type { Clock, Logger } from "../deps";
import type { DeliveryAttempt, DeliveryLog, DeliveryState } from "../store/delivery-log";
import type { WebhookStore } from "../store/webhooks";
import {
  type AttemptOutcome,
  attemptDelivery,
  MAX_ATTEMPTS,
  nextAttemptDelaySeconds,
  sqsDelay,
} from "./delivery";
import { describeError } from "./errors";
import type { EventQueue } from "./event-queue";
import { type DeliveryMessage, decodeDeliveryMessage } from "./messages";

/**
 * The webhook delivery consumer: what the Lambda does with each batch the SQS event source
 * hands it (and what `npm start`'s poller hands it from fauxqs). Per message:
 *
 * 1. a message still waiting (`waitSeconds`) is re-enqueued for the next hop of at most
 *    15 minutes, without attempting;
 * 2. otherwise the subscription is read: deleted or disabled, the event is dropped (logged);
 * 3. one signed attempt (delivery.ts), then its entry in the delivery log;
 * 4. 410: the subscription is disabled; a retryable failure with attempts left: the next
 *    attempt is enqueued after the schedule's wait; the last one failed: the message goes to
 *    the dead-letter queue.
 *
 * Any step that throws (the table or the queue unavailable, an unreadable message) fails that
 * message only: it is reported in `batchItemFailures`, so SQS redelivers it after the
 * visibility timeout with the same event id (at least once: a receiver may see an attempt
 * twice, and drops the duplicate by its webhook-id), and after WEBHOOK_QUEUE.maxReceiveCount
 * receives moves it to the dead-letter queue. The others of the batch are acknowledged.
 */

export interface ConsumerDeps {
  webhooks: Pick<WebhookStore, "find" | "disable">;
  deliveryLog: Pick<DeliveryLog, "record">;
  queue: EventQueue;
  /** The guarded dispatcher (ssrf-dispatcher.ts): every connection checked after DNS. */
  dispatcher: Dispatcher;
  /** Real time: the signature's timestamp and the log's times. */
  clock: Clock;
  /** [0, 1): the retry schedule's jitter. */
  random: () => number;
  log: Logger;
}

/** A queue message as the SQS event source (or the local poller) hands it over. */
export interface QueueRecord {
  messageId: string;
  body: string;
}

/** The Lambda's answer: the messages to redeliver (SQSBatchResponse). */
export interface BatchResult {
  batchItemFailures: { itemIdentifier: string }[];
}

/** What became of one message. */
export type MessageResult = DeliveryState | "waiting" | "dropped";

/** An unreadable message body: failed, so SQS redrives it to the dead-letter queue. */
export class PoisonMessage extends Error {
  override name = "PoisonMessage";
}

/** Handles a batch, its messages concurrently; only the ones that failed are redelivered. */
export async function consumeBatch(
  records: readonly QueueRecord[],
  deps: ConsumerDeps,
): Promise<BatchResult> {
  const settled = await Promise.allSettled(
    records.map((record) => consumeMessage(record.body, deps)),
  );
  const batchItemFailures: BatchResult["batchItemFailures"] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") return;
    const { messageId } = records[index] as QueueRecord;
    batchItemFailures.push({ itemIdentifier: messageId });
    deps.log.error("webhook message failed; SQS will redeliver it", {
      messageId,
      error: describeError(outcome.reason),
    });
  });
  return { batchItemFailures };
}

/** Handles one message body; throws when it must be redelivered. */
export async function consumeMessage(body: string, deps: ConsumerDeps): Promise<MessageResult> {
  const message = decodeDeliveryMessage(body);
  if (message === undefined) throw new PoisonMessage("not a webhook delivery message");
  if (message.waitSeconds) {
    await enqueueAfter(message, message.attempt, message.waitSeconds, deps);
    return "waiting";
  }
  const webhook = await deps.webhooks.find(message.userId, message.webhookId);
  if (webhook === undefined || webhook.status === "disabled") {
    deps.log.info("webhook event dropped: subscription deleted or disabled", {
      webhookId: message.webhookId,
      eventId: message.event.id,
    });
    return "dropped";
  }
  const attemptedAt = deps.clock.now();
  const outcome = await attemptDelivery(message.event, webhook, {
    dispatcher: deps.dispatcher,
    now: () => deps.clock.now().getTime(),
  });
  const delaySeconds = nextAttemptDelaySeconds(message.attempt, outcome, deps.random);
  const state = stateOf(outcome, delaySeconds);
  await deps.deliveryLog.record(
    message.webhookId,
    logEntry(message, attemptedAt, outcome, state, delaySeconds, deps.clock),
  );
  await followUp(message, outcome, state, delaySeconds, deps);
  return state;
}

function stateOf(outcome: AttemptOutcome, delaySeconds: number | undefined): DeliveryState {
  if (outcome.kind === "delivered") return "delivered";
  if (outcome.kind === "gone") return "gone";
  if (outcome.kind === "retry" && delaySeconds !== undefined) return "retrying";
  return "failed";
}

function logEntry(
  message: DeliveryMessage,
  attemptedAt: Date,
  outcome: AttemptOutcome,
  state: DeliveryState,
  delaySeconds: number | undefined,
  clock: Clock,
): DeliveryAttempt {
  const nextAttemptAt =
    delaySeconds === undefined
      ? null
      : new Date(clock.now().getTime() + delaySeconds * 1000).toISOString();
  return {
    eventId: message.event.id,
    eventType: message.event.type,
    attempt: message.attempt,
    attemptedAt: attemptedAt.toISOString(),
    status: outcome.status ?? null,
    error: "error" in outcome ? (outcome.error ?? null) : null,
    latencyMs: outcome.latencyMs,
    nextAttemptAt,
    state,
  };
}

/** What follows an attempt: disable on 410, the next attempt, or the dead-letter queue. */
async function followUp(
  message: DeliveryMessage,
  outcome: AttemptOutcome,
  state: DeliveryState,
  delaySeconds: number | undefined,
  deps: ConsumerDeps,
): Promise<void> {
  if (state === "gone") {
    const reason = `The receiver answered 410 Gone to event ${message.event.id} at ${deps.clock.now().toISOString()}.`;
    await deps.webhooks.disable(message.userId, message.webhookId, reason);
  } else if (state === "retrying") {
    await enqueueAfter(message, message.attempt + 1, delaySeconds ?? 0, deps);
  } else if (state === "failed" && outcome.kind === "retry") {
    // Retryable, but no attempt left: kept 14 days for inspection and replay.
    await deps.queue.deadLetter(message, `gave up after ${MAX_ATTEMPTS} attempts`);
  }
}

/** Enqueues `attempt` of the event after `waitSeconds`, in hops of at most 15 minutes. */
async function enqueueAfter(
  message: DeliveryMessage,
  attempt: number,
  waitSeconds: number,
  deps: ConsumerDeps,
): Promise<void> {
  const hop = sqsDelay(waitSeconds);
  const next: DeliveryMessage = { ...message, attempt };
  if (hop.remainingSeconds > 0) next.waitSeconds = hop.remainingSeconds;
  else delete next.waitSeconds;
  await deps.queue.send([{ message: next, delaySeconds: hop.delaySeconds }]);
}
