import type { DocumentStore } from "./document-store";

/**
 * The delivery log of a webhook subscription: one item per attempt under the subscription's
 * partition, sorted by time, kept 30 days (DynamoDB's TTL removes older ones). The delivery
 * consumer writes an item after every attempt; GET /webhooks/{id}/deliveries reads them newest
 * first, a page at a time.
 */

/** How long attempts are kept, in days. */
export const DELIVERY_LOG_DAYS = 30;

export type DeliveryState = "delivered" | "retrying" | "failed" | "gone";

export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the attempt started, ISO 8601 UTC. */
  attemptedAt: string;
  /** The receiver's HTTP status; null when none came (network error, timeout, refused). */
  status: number | null;
  /** What went wrong without a status (e.g. "timeout"); null otherwise. */
  error: string | null;
  latencyMs: number;
  /** When the next attempt is due, ISO 8601 UTC; null when none will be made. */
  nextAttemptAt: string | null;
  state: DeliveryState;
}

export interface DeliveryPage {
  attempts: DeliveryAttempt[];
  /** Opaque; pass it back for the next page; null on the last one. */
  cursor: string | null;
}

const partition = (webhookId: string) => `DELIVERIES#${webhookId}`;

function attemptOf(item: Record<string, unknown>): DeliveryAttempt {
  return {
    eventId: String(item.eventId),
    eventType: String(item.eventType),
    attempt: Number(item.attempt),
    attemptedAt: String(item.attemptedAt),
    status: item.status === null || item.status === undefined ? null : Number(item.status),
    error: (item.error as string | null | undefined) ?? null,
    latencyMs: Number(item.latencyMs),
    nextAttemptAt: (item.nextAttemptAt as string | null | undefined) ?? null,
    state: item.state as DeliveryState,
  };
}

/** The page's position as an opaque token (the last item's sort key), and back. */
const encodeCursor = (sortKey: string) => Buffer.from(sortKey, "utf8").toString("base64url");
function decodeCursor(cursor: string): string | undefined {
  const sortKey = Buffer.from(cursor, "base64url").toString("utf8");
  return sortKey.startsWith("ATTEMPT#") ? sortKey : undefined;
}

export function createDeliveryLog(db: DocumentStore, tableName: string) {
  return {
    /** Records one attempt (repeatable: the same attempt written twice is one item). */
    async record(webhookId: string, attempt: DeliveryAttempt): Promise<void> {
      const expiresAt =
        Math.floor(Date.parse(attempt.attemptedAt) / 1000) + DELIVERY_LOG_DAYS * 86_400;
      await db.put(
        {
          TableName: tableName,
          Item: {
            pk: partition(webhookId),
            sk: `ATTEMPT#${attempt.attemptedAt}#${attempt.eventId}#${attempt.attempt}`,
            ...attempt,
            expiresAt,
          },
        },
        { repeatable: true },
      );
    },

    /**
     * Attempts newest first, at most `limit`; `cursor` continues a previous page. undefined
     * for a cursor this log did not give.
     */
    async page(
      webhookId: string,
      limit: number,
      cursor?: string,
    ): Promise<DeliveryPage | undefined> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && after === undefined) return undefined;
      const { Items, LastEvaluatedKey } = await db.query({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :attempt)",
        ExpressionAttributeValues: { ":pk": partition(webhookId), ":attempt": "ATTEMPT#" },
        ScanIndexForward: false,
        Limit: limit,
        ...(after ? { ExclusiveStartKey: { pk: partition(webhookId), sk: after } } : {}),
      });
      const last = LastEvaluatedKey?.sk;
      return {
        attempts: (Items ?? []).map(attemptOf),
        cursor: typeof last === "string" ? encodeCursor(last) : null,
      };
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
