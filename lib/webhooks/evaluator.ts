import { type Clock, type Logger, pinnedClock } from "../deps";
import { type MarketDataProvider, MarketDataUnavailable } from "../market/ports";
import { roundRatio } from "../market/precision";
import type { AlertRecord, AlertStore } from "../store/alerts";
import type { WebhookRecord, WebhookStore } from "../store/webhooks";
import { evaluateAlert, type Observation } from "./alert-evaluation";
import { describeError } from "./errors";
import type { EventQueue, QueuedMessage } from "./event-queue";
import { ALERT_EVENT_TYPES } from "./events";
import type { DeliveryMessage } from "./messages";
import { observeContract } from "./observation";
import { newEventId } from "./signing";

/**
 * The alert evaluator: what the scheduled Lambda does every minute (and `npm start` on the same
 * schedule). A run's instant is the market clock's when it starts: its events' timestamp and
 * `observedAt`, and the end of the bar windows read; the run takes well under a second.
 *
 * 1. every alert of every account (one paginated Query on index gsi1);
 * 2. each distinct code observed once (observation.ts, 8 at a time); a code the market no
 *    longer knows, or cannot answer for now (MarketDataUnavailable), is skipped this minute
 *    and its alerts stay as they are;
 * 3. each alert's decision (alert-evaluation.ts): it fires when its condition starts to hold,
 *    re-arms when it clears; an unchanged alert costs no write;
 * 4. a firing alert's events go to its targets: its webhookId when set (if that subscription
 *    still exists, is active and subscribed to the event type), else every active
 *    subscription of its account to the event type. The events are SENT FIRST, in batches of
 *    up to 10 messages, and only then is the alert recorded fired (a conditional write): a
 *    failed send leaves it armed, so it fires again next minute (nothing is lost); a failed
 *    write after the send may fire it again (a duplicate, under a new event id): at least
 *    once. An alert with no target left is recorded fired all the same (it fired; nobody
 *    subscribed).
 *
 * No order is guaranteed between events, of one alert or of several: SQS standard queues and
 * retries reorder them; receivers order by the payload's timestamp.
 */

export interface EvaluatorDeps {
  alerts: Pick<AlertStore, "active" | "recordDecision">;
  webhooks: Pick<WebhookStore, "list">;
  market: MarketDataProvider;
  /** The market's clock: real time, or SIM_NOW. */
  marketClock: Clock;
  queue: EventQueue;
  log: Logger;
}

export interface EvaluationSummary {
  /** Alerts listed (every account's). */
  alerts: number;
  /** Distinct codes among them. */
  codes: number;
  /** Alerts that fired: their events were enqueued (or they had no target). */
  fired: number;
  /** Fired alerts whose condition cleared, armed again. */
  rearmed: number;
  /** Messages enqueued (one per firing alert and target subscription). */
  events: number;
  /** Codes not observed this minute (unknown to the market, or the market unavailable). */
  skipped: number;
  /** Alerts whose send or write failed (logged); they are evaluated again next minute. */
  failed: number;
  durationMs: number;
}

/** Codes observed at once: the market source (and its cache) sees at most this many calls. */
const OBSERVE_CONCURRENCY = 8;
/** Re-arming writes and subscription reads in flight at once. */
const STORE_CONCURRENCY = 8;
/** Sends in flight at once; each then writes its (at most 10) alerts' decisions together. */
const SEND_CONCURRENCY = 8;
/** Messages per send: SendMessageBatch's limit (sqsEventQueue batches by 10 as well). */
const SEND_BATCH_SIZE = 10;
/** Codes named in the log line of an outage. */
const LOGGED_CODES = 20;

/** An alert whose condition has just started to hold, and what it was compared with. */
interface Crossing {
  alert: AlertRecord;
  /** The watched value, in the threshold's unit. */
  value: number;
  observation: Observation;
}

/** A firing alert and the messages it sends. */
interface Firing {
  alert: AlertRecord;
  messages: DeliveryMessage[];
}

export async function evaluateAlerts(deps: EvaluatorDeps): Promise<EvaluationSummary> {
  const startedMs = performance.now();
  const observedAt = deps.marketClock.now();
  const alerts = await deps.alerts.active();
  const codes = [...new Set(alerts.map((alert) => alert.code))];
  const observations = await observeAll(deps, pinnedClock(observedAt), codes);

  const crossings: Crossing[] = [];
  const rearming: AlertRecord[] = [];
  for (const alert of alerts) {
    const observation = observations.get(alert.code);
    if (!observation) continue;
    const { fire, status, value } = evaluateAlert(alert, observation);
    if (fire && value !== undefined) crossings.push({ alert, value, observation });
    else if (status !== alert.status) rearming.push(alert);
  }

  const run = { ...deps, observedAt, failed: 0 };
  const [rearmed, sent] = await Promise.all([rearm(run, rearming), fire(run, crossings)]);
  return {
    alerts: alerts.length,
    codes: codes.length,
    fired: sent.fired,
    rearmed,
    events: sent.events,
    skipped: codes.length - observations.size,
    failed: run.failed,
    durationMs: Math.round(performance.now() - startedMs),
  };
}

/** What one run shares: its deps, its instant, and a count of failures. */
type Run = EvaluatorDeps & { observedAt: Date; failed: number };

/**
 * The observation of each code the market answers for. An outage is logged once per run; any
 * other failure per code (a fault of one contract's data must not stop every alert).
 */
async function observeAll(
  deps: EvaluatorDeps,
  clock: Clock,
  codes: readonly string[],
): Promise<Map<string, Observation>> {
  const observations = new Map<string, Observation>();
  const unavailable: string[] = [];
  let reason = "";
  await forEachConcurrently(codes, OBSERVE_CONCURRENCY, async (code) => {
    try {
      const observation = await observeContract(deps.market, clock, code);
      if (observation) observations.set(code, observation);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) {
        unavailable.push(code);
        reason ||= error.message;
      } else {
        deps.log.error("alert evaluator: observation failed", {
          code,
          error: describeError(error),
        });
      }
    }
  });
  if (unavailable.length > 0) {
    deps.log.error("alert evaluator: market data unavailable, codes skipped this minute", {
      count: unavailable.length,
      codes: unavailable.slice(0, LOGGED_CODES),
      reason,
    });
  }
  return observations;
}

/** Records each re-armed alert; the count applied (a deleted or changed one is left alone). */
async function rearm(run: Run, alerts: readonly AlertRecord[]): Promise<number> {
  let applied = 0;
  await forEachConcurrently(alerts, STORE_CONCURRENCY, async (alert) => {
    if (await record(run, alert, "armed", null)) applied++;
  });
  return applied;
}

/** Sends the firing alerts' events, then records each alert whose events were accepted. */
async function fire(
  run: Run,
  crossings: readonly Crossing[],
): Promise<{ fired: number; events: number }> {
  const subscriptions = await subscriptionsOf(
    run,
    crossings.map(({ alert }) => alert.userId),
  );
  const firings: Firing[] = [];
  for (const crossing of crossings) {
    const { alert } = crossing;
    const accountWebhooks = subscriptions.get(alert.userId);
    if (!accountWebhooks) {
      run.failed++; // the account's subscriptions could not be read: try again next minute
      continue;
    }
    const data = eventData(crossing, run.observedAt);
    const messages = targetsOf(alert, accountWebhooks).map((webhook) =>
      messageOf(alert, webhook, run.observedAt, data),
    );
    firings.push({ alert, messages });
  }
  let fired = 0;
  let events = 0;
  await forEachConcurrently(batchesOf(firings), SEND_CONCURRENCY, async (batch) => {
    const entries: QueuedMessage[] = batch.flatMap((firing) =>
      firing.messages.map((message) => ({ message })),
    );
    try {
      if (entries.length > 0) await run.queue.send(entries);
    } catch (error) {
      run.failed += batch.length;
      run.log.error("alert evaluator: send failed, the alerts stay armed", {
        alertIds: batch.map((firing) => firing.alert.id),
        error: describeError(error),
      });
      return;
    }
    events += entries.length;
    fired += batch.length;
    const triggeredAtIso = run.observedAt.toISOString();
    await Promise.all(batch.map((firing) => record(run, firing.alert, "fired", triggeredAtIso)));
  });
  return { fired, events };
}

/**
 * The subscriptions of each account, read once per run; an account whose read failed is
 * absent (logged).
 */
async function subscriptionsOf(
  run: Run,
  userIds: readonly number[],
): Promise<Map<number, WebhookRecord[]>> {
  const byAccount = new Map<number, WebhookRecord[]>();
  await forEachConcurrently([...new Set(userIds)], STORE_CONCURRENCY, async (userId) => {
    try {
      byAccount.set(userId, await run.webhooks.list(userId));
    } catch (error) {
      run.log.error("alert evaluator: subscriptions unreadable", {
        userId,
        error: describeError(error),
      });
    }
  });
  return byAccount;
}

/**
 * Where a firing alert's event goes: its own subscription when it names one (if still there,
 * active and subscribed to the event type), else every active subscription of the account to
 * the event type.
 */
function targetsOf(
  alert: Pick<AlertRecord, "type" | "webhookId">,
  accountWebhooks: readonly WebhookRecord[],
): WebhookRecord[] {
  const type = ALERT_EVENT_TYPES[alert.type];
  const eligible = accountWebhooks.filter(
    (webhook) => webhook.status === "active" && webhook.events.includes(type),
  );
  return alert.webhookId === null
    ? eligible
    : eligible.filter((webhook) => webhook.id === alert.webhookId);
}

/** One event for one subscription, its first attempt; each message has an event id of its own. */
function messageOf(
  alert: AlertRecord,
  webhook: WebhookRecord,
  observedAt: Date,
  data: Record<string, unknown>,
): DeliveryMessage {
  const type = ALERT_EVENT_TYPES[alert.type];
  return {
    event: { id: newEventId(), type, timestamp: observedAt.toISOString(), data },
    userId: alert.userId,
    webhookId: webhook.id,
    attempt: 1,
  };
}

/**
 * The event's data (events.ts documents it): the alert, the figure compared with the
 * threshold, and for volume alerts the two figures of the ratio.
 */
function eventData(
  { alert, value, observation }: Crossing,
  observedAt: Date,
): Record<string, unknown> {
  const isVolume = ALERT_EVENT_TYPES[alert.type] === "alert.volume";
  return {
    alertId: alert.id,
    code: alert.code,
    symbol: alert.symbol,
    alertType: alert.type,
    threshold: alert.threshold,
    // The ratio to 6 decimals: never below a threshold of up to 6 decimals it reached.
    value: isVolume ? roundRatio(value) : value,
    ...(isVolume
      ? { volume: observation.volume, averageDailyVolume: observation.averageDailyVolume }
      : {}),
    observedAt: observedAt.toISOString(),
  };
}

/**
 * Firing alerts packed into sends of up to 10 messages and 10 alerts, an alert's messages never
 * split (an account holds at most 10 subscriptions); an alert with more goes alone.
 */
function batchesOf(firings: readonly Firing[]): Firing[][] {
  const batches: Firing[][] = [];
  let current: Firing[] = [];
  let size = 0;
  for (const firing of firings) {
    const full =
      current.length === SEND_BATCH_SIZE || size + firing.messages.length > SEND_BATCH_SIZE;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(firing);
    size += firing.messages.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** recordDecision, a failure counted and logged rather than ending the run. */
async function record(
  run: Run,
  alert: AlertRecord,
  status: AlertRecord["status"],
  triggeredAtIso: string | null,
): Promise<boolean> {
  try {
    return await run.alerts.recordDecision(alert, status, triggeredAtIso);
  } catch (error) {
    run.failed++;
    run.log.error("alert evaluator: decision not recorded", {
      alertId: alert.id,
      status,
      error: describeError(error),
    });
    return false;
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
