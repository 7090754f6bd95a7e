import { createAccountItems, itemIdPattern } from "./account-items";
import type { DocumentStore } from "./document-store";

/**
 * Alert subscriptions: an account's capped collection (account-items.ts). Each item also
 * carries the secondary key the evaluator will query all armed alerts by (gsi1: "ALERTS",
 * code#id), so it never scans the table.
 */

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
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
