import { createAccountItems, itemIdPattern } from "./account-items";
import { conditionFailed, type DocumentStore } from "./document-store";

/**
 * Alert subscriptions: an account's capped collection (account-items.ts). Each item also
 * carries the secondary key the evaluator lists every alert by (gsi1: "ALERTS",
 * code#createdAt), so it never scans the table.
 */

/** The partition of index gsi1 that holds every alert of every account. */
const ALERTS_INDEX = { name: "gsi1", partition: "ALERTS" } as const;

/** Alerts an account may hold at once (stated in the docs). */
export const MAX_ALERTS_PER_ACCOUNT = 100;

export const ALERT_ID_PATTERN = itemIdPattern("al");

export const ALERT_TYPES = [
  "price_above",
  "price_below",
  "percent_change",
  "iv_above",
  "iv_below",
  "volume_above_average",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export interface AlertRecord {
  id: string;
  userId: number;
  code: string;
  symbol: string;
  type: AlertType;
  threshold: number;
  webhookId: string | null;
  /** armed: waiting for the condition; fired: it holds now (re-arms when it clears). */
  status: "armed" | "fired";
  createdAt: string;
  lastTriggeredAt: string | null;
}

export type NewAlert = Pick<AlertRecord, "code" | "symbol" | "type" | "threshold" | "webhookId">;

function recordOf(item: Record<string, unknown>): AlertRecord {
  return {
    id: String(item.id),
    userId: Number(item.userId),
    code: String(item.code),
    symbol: String(item.symbol),
    type: item.type as AlertType,
    threshold: Number(item.threshold),
    webhookId: (item.webhookId as string | null | undefined) ?? null,
    status: item.status === "fired" ? "fired" : "armed",
    createdAt: String(item.createdAt),
    lastTriggeredAt: (item.lastTriggeredAt as string | null | undefined) ?? null,
  };
}

export function createAlertStore(db: DocumentStore, tableName: string) {
  const items = createAccountItems(db, tableName, {
    kind: "ALERT",
    idPrefix: "al",
    cap: MAX_ALERTS_PER_ACCOUNT,
    refusals: { full: "alert-limit", notFound: "alert-not-found" },
    noun: "alert",
  });

  return {
    /** Stores an armed alert; refused beyond the account's cap. */
    async create(userId: number, alert: NewAlert, nowIso: string): Promise<AlertRecord> {
      const attributes = {
        ...alert,
        status: "armed",
        createdAt: nowIso,
        lastTriggeredAt: null,
        gsi1pk: "ALERTS",
      };
      const id = await items.create(userId, { ...attributes, gsi1sk: `${alert.code}#${nowIso}` });
      return recordOf({ id, userId, ...attributes });
    },

    /** The account's alerts, oldest first. */
    async list(userId: number): Promise<AlertRecord[]> {
      const all = (await items.list(userId)).map(recordOf);
      return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** Removes the account's alert and frees its place under the cap. */
    delete: (userId: number, id: string) => items.delete(userId, id),

    /**
     * Every alert of every account (the evaluator's list), by code: one Query on index gsi1,
     * followed page by page (1 MB or `pageSize` items each). The index is eventually
     * consistent: an alert created or deleted a moment ago may be missing or listed still
     * (`recordDecision` never recreates a deleted one).
     */
    async active(options: { pageSize?: number } = {}): Promise<AlertRecord[]> {
      const alerts: AlertRecord[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.query({
          TableName: tableName,
          IndexName: ALERTS_INDEX.name,
          KeyConditionExpression: "gsi1pk = :alerts",
          ExpressionAttributeValues: { ":alerts": ALERTS_INDEX.partition },
          ExclusiveStartKey: startKey,
          ...(options.pageSize === undefined ? {} : { Limit: options.pageSize }),
        });
        for (const item of page.Items ?? []) alerts.push(recordOf(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return alerts;
    },

    /**
     * Records the evaluator's decision: `status`, and `lastTriggeredAt` when it fired
     * (`triggeredAtIso`). Applied only while the alert still exists with the status it was
     * evaluated in (`alert.status`), so a concurrent delete or another run's decision wins and
     * nothing is recreated; false when refused so.
     */
    async recordDecision(
      alert: Pick<AlertRecord, "userId" | "id" | "status">,
      status: AlertRecord["status"],
      triggeredAtIso: string | null,
    ): Promise<boolean> {
      const fired = triggeredAtIso !== null;
      try {
        await db.update({
          TableName: tableName,
          Key: items.keyOf(alert.userId, alert.id),
          UpdateExpression: fired
            ? "SET #status = :status, lastTriggeredAt = :triggeredAt"
            : "SET #status = :status",
          ConditionExpression: "attribute_exists(pk) AND #status = :previous",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":status": status,
            ":previous": alert.status,
            ...(fired ? { ":triggeredAt": triggeredAtIso } : {}),
          },
        });
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
