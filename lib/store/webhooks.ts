import { createAccountItems, itemIdPattern } from "./account-items";
import type { DocumentStore } from "./document-store";
import { StoreRefusal } from "./errors";

/**
 * Webhook subscriptions: an account's capped collection (account-items.ts). The signing secret
 * is stored to sign deliveries; it leaves this module only in `get` (for the sender) and in the
 * record `create` returns, never in `list`.
 */

/** Subscriptions an account may hold at once (stated in the docs). */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

export const WEBHOOK_ID_PATTERN = itemIdPattern("wh");

export type WebhookStatus = "active" | "disabled";

export interface WebhookRecord {
  id: string;
  userId: number;
  url: string;
  events: string[];
  description: string | null;
  status: WebhookStatus;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** Why deliveries stopped (e.g. the receiver answered 410); null while active. */
  disabledReason: string | null;
}

export interface NewWebhook {
  url: string;
  events: string[];
  description: string | null;
}

function recordOf(item: Record<string, unknown>): WebhookRecord {
  return {
    id: String(item.id),
    userId: Number(item.userId),
    url: String(item.url),
    events: (item.events as string[] | undefined) ?? [],
    description: (item.description as string | null | undefined) ?? null,
    status: item.status === "disabled" ? "disabled" : "active",
    createdAt: String(item.createdAt),
    disabledReason: (item.disabledReason as string | null | undefined) ?? null,
  };
}

export function createWebhookStore(db: DocumentStore, tableName: string) {
  const items = createAccountItems(db, tableName, {
    kind: "WEBHOOK",
    idPrefix: "wh",
    cap: MAX_WEBHOOKS_PER_ACCOUNT,
    refusals: { full: "webhook-limit", notFound: "webhook-not-found" },
    noun: "webhook",
  });

  return {
    /** Stores a subscription with its signing secret; refused beyond the account's cap. */
    async create(
      userId: number,
      webhook: NewWebhook,
      secret: string,
      nowIso: string,
    ): Promise<WebhookRecord> {
      const attributes = {
        ...webhook,
        secret,
        status: "active",
        createdAt: nowIso,
        disabledReason: null,
      };
      const id = await items.create(userId, attributes);
      return recordOf({ id, userId, ...attributes });
    },

    /** The account's subscriptions, oldest first. */
    async list(userId: number): Promise<WebhookRecord[]> {
      const all = (await items.list(userId)).map(recordOf);
      return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** One subscription of the account with its secret (for signing); refused when absent. */
    async get(userId: number, id: string): Promise<WebhookRecord & { secret: string }> {
      const item = await items.get(userId, id);
      return { ...recordOf(item), secret: String(item.secret) };
    },

    /** One subscription with its secret, or undefined once deleted (the delivery consumer). */
    async find(
      userId: number,
      id: string,
    ): Promise<(WebhookRecord & { secret: string }) | undefined> {
      const item = await items.get(userId, id).catch((error: unknown) => {
        if (error instanceof StoreRefusal) return undefined;
        throw error;
      });
      return item && { ...recordOf(item), secret: String(item.secret) };
    },

    /**
     * Stops deliveries to a subscription (the receiver answered 410 Gone), saying why; false
     * when it was deleted meanwhile (nothing is recreated).
     */
    disable: (userId: number, id: string, reason: string) =>
      items.set(userId, id, { status: "disabled", disabledReason: reason }),

    /** Removes the account's subscription and frees its place under the cap. */
    delete: (userId: number, id: string) => items.delete(userId, id),
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
