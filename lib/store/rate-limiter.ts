import {
  dayCounterName,
  type LimiterItem,
  type Limits,
  type LimitUsage,
  markName,
  refusalReason,
  slotOf,
  staleAttributes,
  usageOf,
  windowCondition,
} from "../ratelimit/sliding-window";
import { conditionFailed, type DocumentStore } from "./document-store";
import { DatabaseUnavailable, LimiterUnavailable, LimitReached, StoreRefusal } from "./errors";

/**
 * Counts a request against its key (or client IP) in one conditional UpdateItem that also
 * checks the key's state, so a keyed request costs exactly one write and no read, and a
 * revocation takes effect on the very next request.
 *
 * The counting write is not repeatable (it adds 1), so the document store never sends it twice:
 * when its outcome is unknown (a timeout), the request is refused with `LimiterUnavailable`
 * (`mayHaveCounted`), having been counted at most once. Throttling is retried, being provably
 * unapplied. Outcomes are thrown as storage errors; lib/api maps them to 401/403/429/503.
 */

export const KEYLESS_LIMITS: Limits = { perMinute: 30, daily: 500 };
export const KEYLESS_TIER = "Keyless";
/** Keyless buckets are forgotten two days after their last request. */
const KEYLESS_TTL_SECONDS = 2 * 86_400;

export interface KeyRecord {
  keyHash: string;
  keyId: number;
  userId: number;
  name: string;
  keyPrefix: string;
  tier: string;
  limits: Limits;
  isActive: boolean;
  created: string;
  lastUsedAt: string | null;
}

export interface Admission {
  usage: LimitUsage;
  /** The key after this request (keyed requests only). */
  key?: KeyRecord;
}

export const keyItemKey = (keyHash: string) => ({ pk: `KEY#${keyHash}`, sk: "KEY" });
const ipItemKey = (bucket: string) => ({ pk: `IP#${bucket}`, sk: "LIMIT" });

/** Stale attribute names seen on each subject, removed by this Lambda's next write to it. */
const staleBySubject = new Map<string, string[]>();
const STALE_CACHE_SIZE = 10_000;

function rememberStale(pk: string, item: LimiterItem, nowMs: number) {
  if (staleBySubject.size >= STALE_CACHE_SIZE) staleBySubject.clear();
  staleBySubject.set(pk, staleAttributes(item, nowMs));
}

export function keyRecordOf(item: Record<string, unknown>): KeyRecord {
  return {
    keyHash: String(item.keyHash),
    keyId: Number(item.keyId),
    userId: Number(item.userId),
    name: String(item.name),
    keyPrefix: String(item.keyPrefix),
    tier: String(item.tier),
    limits: {
      perMinute: Number(item.perMinuteLimit),
      daily: typeof item.dailyLimit === "number" ? item.dailyLimit : null,
    },
    isActive: item.isActive === true,
    created: String(item.created),
    lastUsedAt: typeof item.lastUsedAt === "string" ? item.lastUsedAt : null,
  };
}

/** Refused by a limit: why and when to retry, from the item as the failed condition saw it. */
function limitReached(
  item: LimiterItem,
  tier: string,
  limits: Limits,
  nowMs: number,
  /** False for quotas that are not the request's rate limit (no X-RateLimit figures). */
  reportUsage = true,
) {
  const refusal = refusalReason(item, limits, nowMs);
  // A failed condition with no limit reached: the item changed under us (e.g. limits edited).
  if (!refusal) return new LimiterUnavailable(new Error("condition failed within limits"), false);
  const usage = reportUsage ? usageOf(tier, limits, item, nowMs) : null;
  return new LimitReached(refusal.limit, refusal.retryAfterSeconds, tier, usage);
}

export function createRateLimiter(db: DocumentStore, tableName: string) {
  /** One conditional write; on refusal DynamoDB returns the item as it was (no extra read). */
  async function update(
    key: Record<string, string>,
    updateExpression: string,
    conditionExpression: string,
    names: Record<string, string>,
    values: Record<string, unknown>,
  ): Promise<
    { admitted: true; item: LimiterItem } | { admitted: false; item: LimiterItem | undefined }
  > {
    const stale = staleBySubject.get(key.pk as string) ?? [];
    const removals = stale.map((name, i) => {
      names[`#x${i}`] = name;
      return `#x${i}`;
    });
    try {
      const result = await db.update({
        TableName: tableName,
        Key: key,
        UpdateExpression: removals.length
          ? `${updateExpression} REMOVE ${removals.join(", ")}`
          : updateExpression,
        ConditionExpression: conditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: "ALL_NEW",
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      });
      return { admitted: true, item: (result.Attributes ?? {}) as LimiterItem };
    } catch (error) {
      if (conditionFailed(error)) {
        return { admitted: false, item: error.item as LimiterItem | undefined };
      }
      const unknownOutcome = error instanceof DatabaseUnavailable && error.outcomeUnknown;
      throw new LimiterUnavailable(error, unknownOutcome);
    }
  }

  return {
    /** Authenticates and counts a keyed request; refuses unknown and revoked keys and limits. */
    async consumeKey(keyHash: string, nowMs: number): Promise<Admission> {
      const { windowCondition: window, names } = windowCondition(nowMs);
      Object.assign(names, {
        "#pk": "pk",
        "#active": "isActive",
        "#mark": markName(slotOf(nowMs)),
        "#nl": "nl",
        "#day": dayCounterName(nowMs),
        "#dailyLimit": "dailyLimit",
        "#lastUsedAt": "lastUsedAt",
      });
      const outcome = await update(
        keyItemKey(keyHash),
        "SET #mark = if_not_exists(#mark, #nl), #n = #n + :one, #nl = #nl + :one, " +
          "#day = if_not_exists(#day, :zero) + :one, #lastUsedAt = :now",
        `attribute_exists(#pk) AND #active = :true AND ${window} AND ` +
          "(attribute_not_exists(#dailyLimit) OR attribute_not_exists(#day) OR #day < #dailyLimit)",
        names,
        { ":one": 1, ":zero": 0, ":true": true, ":now": new Date(nowMs).toISOString() },
      );
      const item = outcome.item;
      if (!item) throw new StoreRefusal("unknown-key", "No such API key.");
      const key = keyRecordOf(item);
      rememberStale(keyItemKey(keyHash).pk, item, nowMs);
      if (outcome.admitted) return { usage: usageOf(key.tier, key.limits, item, nowMs), key };
      if (!key.isActive) throw new StoreRefusal("key-revoked", "The API key has been revoked.");
      throw limitReached(item, key.tier, key.limits, nowMs);
    },

    /** Counts a keyless request against the client's IP bucket (30 per minute, 500 per day). */
    async consumeIp(bucket: string, nowMs: number): Promise<Admission> {
      const limits = KEYLESS_LIMITS;
      const { windowCondition: window, names } = windowCondition(nowMs);
      Object.assign(names, {
        "#mark": markName(slotOf(nowMs)),
        "#nl": "nl",
        "#day": dayCounterName(nowMs),
        "#expiresAt": "expiresAt",
      });
      const outcome = await update(
        ipItemKey(bucket),
        "SET #mark = if_not_exists(#mark, if_not_exists(#nl, :limit)), " +
          "#n = if_not_exists(#n, :zero) + :one, #nl = if_not_exists(#nl, :limit) + :one, " +
          "#day = if_not_exists(#day, :zero) + :one, #expiresAt = :expiresAt",
        `${window} AND (attribute_not_exists(#day) OR #day < :daily)`,
        names,
        {
          ":one": 1,
          ":zero": 0,
          ":limit": limits.perMinute,
          ":daily": limits.daily,
          ":expiresAt": Math.floor(nowMs / 1000) + KEYLESS_TTL_SECONDS,
        },
      );
      const item = outcome.item ?? {};
      rememberStale(ipItemKey(bucket).pk, item, nowMs);
      if (outcome.admitted) return { usage: usageOf(KEYLESS_TIER, limits, item, nowMs) };
      throw limitReached(item, KEYLESS_TIER, limits, nowMs);
    },

    /** A plain per-UTC-day quota on its own counter (contact-form submissions per IP bucket). */
    async consumeDailyQuota(subject: string, daily: number, label: string, nowMs: number) {
      const outcome = await update(
        { pk: `QUOTA#${subject}`, sk: "LIMIT" },
        "SET #day = if_not_exists(#day, :zero) + :one, #expiresAt = :expiresAt",
        "attribute_not_exists(#day) OR #day < :daily",
        { "#day": dayCounterName(nowMs), "#expiresAt": "expiresAt" },
        {
          ":one": 1,
          ":zero": 0,
          ":daily": daily,
          ":expiresAt": Math.floor(nowMs / 1000) + KEYLESS_TTL_SECONDS,
        },
      );
      if (outcome.admitted) return;
      throw limitReached(outcome.item ?? {}, label, { perMinute: 0, daily }, nowMs, false);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
