/**
 * The per-minute sliding window and the UTC-day quota, evaluated by DynamoDB itself inside
 * one conditional UpdateItem (no read), so concurrent Lambdas cannot over-admit.
 *
 * Algorithm (a sliding log compressed into 1-second slots):
 * - `n` counts every admitted request of the subject, forever; `nl` is `n + limit`.
 * - The first admitted request of slot s stores `m<s> = nl` (= n at the slot's start + limit).
 * - A request in slot s is admitted iff for every slot j in [s − 60, s] that has a mark,
 *   `n < m<j>`. Marks grow with j, so this says: requests admitted since the start of the
 *   oldest slot still in the window < limit. The condition is a plain conjunction of
 *   attribute comparisons, which DynamoDB can evaluate (it has no arithmetic in conditions).
 * - The window therefore spans 60 to 61 seconds: never more than `limit` admissions in any
 *   rolling 60 s (the worst case is exactly `limit`), and a client sending faster than its
 *   limit still gets at least 60/61 ≈ 98 % of it. The 61 comparisons fit DynamoDB's 4 KB
 *   expression limit with room to spare.
 * - Refused requests write nothing, so they never eat into the next window.
 * - The day quota is a counter per UTC date, `c<yyyymmdd>`, compared with `dailyLimit`.
 * Marks and counters that fell out of the window are removed by later writes.
 */

export const SLOT_SECONDS = 1;
/** Slots the window looks at: the current one and the 60 before it. */
export const WINDOW_SLOTS = 61;

export interface Limits {
  perMinute: number;
  /** Requests per UTC day; null for no daily limit. */
  daily: number | null;
}

export function slotOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / SLOT_SECONDS);
}

export function markName(slot: number): string {
  return `m${slot}`;
}

export function dayCounterName(nowMs: number): string {
  return `c${new Date(nowMs).toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** Unix time (s) of the next 00:00 UTC. */
export function nextUtcMidnight(nowMs: number): number {
  const date = new Date(nowMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1) / 1000;
}

export interface WindowExpression {
  /** Condition terms for the minute window, joined with AND. */
  windowCondition: string;
  names: Record<string, string>;
}

/** `(attribute_not_exists(#w0) OR #n < #w0) AND ...` over the window's slots. */
export function windowCondition(nowMs: number): WindowExpression {
  const current = slotOf(nowMs);
  const names: Record<string, string> = { "#n": "n" };
  const terms: string[] = [];
  for (let age = 0; age < WINDOW_SLOTS; age++) {
    const placeholder = `#w${age}`;
    names[placeholder] = markName(current - age);
    terms.push(`(attribute_not_exists(${placeholder}) OR #n < ${placeholder})`);
  }
  return { windowCondition: terms.join(" AND "), names };
}

/** A limiter item as stored (the parts this module reads). */
export type LimiterItem = Record<string, unknown> & { n?: number; nl?: number };

function marksInWindow(item: LimiterItem, nowMs: number): { slot: number; mark: number }[] {
  const current = slotOf(nowMs);
  const marks: { slot: number; mark: number }[] = [];
  for (let slot = current - WINDOW_SLOTS + 1; slot <= current; slot++) {
    const mark = item[markName(slot)];
    if (typeof mark === "number") marks.push({ slot, mark });
  }
  return marks;
}

/** Requests still allowed in the minute window after this item's state. */
export function minuteRemaining(item: LimiterItem, limits: Limits, nowMs: number): number {
  const n = item.n ?? 0;
  let remaining = limits.perMinute;
  for (const { mark } of marksInWindow(item, nowMs)) remaining = Math.min(remaining, mark - n);
  return Math.max(0, remaining);
}

export function dailyCount(item: LimiterItem, nowMs: number): number {
  const count = item[dayCounterName(nowMs)];
  return typeof count === "number" ? count : 0;
}

export type Refusal = { limit: "minute" | "daily"; retryAfterSeconds: number };

/** Where a subject stands after a request: what the X-RateLimit-* headers report. */
export interface LimitUsage {
  /** The key's tier name, or a label for keyless and other buckets (`Keyless`). */
  tier: string;
  limits: Limits;
  /** Requests counted in the current UTC day. */
  dailyCount: number;
  /** Requests still allowed in the minute window. */
  minuteRemaining: number;
  /** Unix time (s) of the next 00:00 UTC, when the daily count resets. */
  resetAtSeconds: number;
}

export function usageOf(
  tier: string,
  limits: Limits,
  item: LimiterItem,
  nowMs: number,
): LimitUsage {
  return {
    tier,
    limits,
    dailyCount: dailyCount(item, nowMs),
    minuteRemaining: minuteRemaining(item, limits, nowMs),
    resetAtSeconds: nextUtcMidnight(nowMs),
  };
}

/**
 * Why a refused request was refused, from the item as it was when the condition failed,
 * and how long until that limit lets a request through.
 */
export function refusalReason(item: LimiterItem, limits: Limits, nowMs: number): Refusal | null {
  if (limits.daily !== null && dailyCount(item, nowMs) >= limits.daily) {
    return {
      limit: "daily",
      retryAfterSeconds: Math.max(1, Math.ceil(nextUtcMidnight(nowMs) - nowMs / 1000)),
    };
  }
  const n = item.n ?? 0;
  const binding = marksInWindow(item, nowMs).filter(({ mark }) => n >= mark);
  const latest = binding.at(-1);
  if (!latest) return null;
  // The slot stops counting once the window no longer reaches back to it.
  const clearsAtSeconds = (latest.slot + WINDOW_SLOTS) * SLOT_SECONDS;
  return {
    limit: "minute",
    retryAfterSeconds: Math.max(1, Math.ceil(clearsAtSeconds - nowMs / 1000)),
  };
}

/** Attribute names of marks and day counters that no longer matter, to REMOVE later. */
export function staleAttributes(item: LimiterItem, nowMs: number): string[] {
  const oldest = slotOf(nowMs) - WINDOW_SLOTS + 1;
  const today = dayCounterName(nowMs);
  return Object.keys(item).filter((name) => {
    if (/^m\d+$/.test(name)) return Number(name.slice(1)) < oldest;
    if (/^c\d{8}$/.test(name)) return name !== today;
    return false;
  });
}
