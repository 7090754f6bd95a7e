import { randomBytes } from "node:crypto";
import type { DocumentStore } from "./document-store";
import { conditionFailed, conditionFailedAt } from "./document-store";
import { StoreRefusal, type StoreRefusalKind } from "./errors";

/**
 * A capped collection of an account's items (webhook subscriptions, alerts): one item per
 * entry under the account's partition, so another account's id is simply not found, and a
 * per-account count that caps them. Creating writes the item and raises the count in one
 * transaction whose condition is the cap; deleting removes the item and lowers the count in
 * another, so the count never drifts from the items.
 */

export interface AccountItemsSettings {
  /** Sort-key prefix and id prefix, e.g. "WEBHOOK" and "wh". */
  kind: string;
  idPrefix: string;
  /** Entries an account may hold at once. */
  cap: number;
  /** Refusals for a full collection and an unknown id. */
  refusals: { full: StoreRefusalKind; notFound: StoreRefusalKind };
  /** Words for log messages, e.g. "webhook". */
  noun: string;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** `<prefix>_` + 20 random base32 characters (100 bits): unguessable, URL-safe. */
export function newItemId(prefix: string): string {
  const bytes = randomBytes(20);
  return `${prefix}_${[...bytes].map((byte) => ID_ALPHABET[byte % 32]).join("")}`;
}

/** The id pattern newItemId writes, for request validation. */
export const itemIdPattern = (prefix: string) => new RegExp(`^${prefix}_[a-z2-7]{20}$`);

const accountPk = (userId: number) => `ACCOUNT#${userId}`;

export function createAccountItems(
  db: DocumentStore,
  tableName: string,
  settings: AccountItemsSettings,
) {
  const { kind, cap, refusals, noun } = settings;
  const sortKey = (id: string) => `${kind}#${id}`;
  const countKey = (userId: number) => ({ pk: accountPk(userId), sk: `COUNT#${kind}` });
  const notFound = (id: string) =>
    new StoreRefusal(refusals.notFound, `No ${noun} ${id} on this account.`, id);

  return {
    /** The table key of an entry, for conditional writes of the collection's own store. */
    keyOf: (userId: number, id: string) => ({ pk: accountPk(userId), sk: sortKey(id) }),

    /** Stores `attributes` as a new entry with a fresh id; refused when the account is full. */
    async create(userId: number, attributes: Record<string, unknown>): Promise<string> {
      const id = newItemId(settings.idPrefix);
      const item = { pk: accountPk(userId), sk: sortKey(id), id, userId, ...attributes };
      try {
        await db.transactWrite({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: countKey(userId),
                UpdateExpression: "ADD n :one",
                ConditionExpression: "attribute_not_exists(n) OR n < :cap",
                ExpressionAttributeValues: { ":one": 1, ":cap": cap },
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: item,
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        });
      } catch (error) {
        if (conditionFailedAt(error, 0)) {
          throw new StoreRefusal(
            refusals.full,
            `The account already has ${cap} ${noun}s.`,
            String(cap),
          );
        }
        throw error;
      }
      return id;
    },

    /** Every entry of the account, as stored. */
    async list(userId: number): Promise<Record<string, unknown>[]> {
      const { Items } = await db.query({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :kind)",
        ExpressionAttributeValues: { ":pk": accountPk(userId), ":kind": `${kind}#` },
        ConsistentRead: true,
      });
      return Items ?? [];
    },

    /** One entry of the account; refused when the account has none with this id. */
    async get(userId: number, id: string): Promise<Record<string, unknown>> {
      const { Item } = await db.get({
        TableName: tableName,
        Key: { pk: accountPk(userId), sk: sortKey(id) },
        ConsistentRead: true,
      });
      if (!Item) throw notFound(id);
      return Item;
    },

    /**
     * Sets attributes of an existing entry; false when the account has none with this id (a
     * deleted entry is never recreated by an update).
     */
    async set(userId: number, id: string, attributes: Record<string, unknown>): Promise<boolean> {
      const names = Object.keys(attributes);
      try {
        await db.update({
          TableName: tableName,
          Key: { pk: accountPk(userId), sk: sortKey(id) },
          UpdateExpression: `SET ${names.map((_, index) => `#a${index} = :v${index}`).join(", ")}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(
            names.map((name, i) => [`:v${i}`, attributes[name]]),
          ),
        });
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    /** Removes the account's entry and frees its place under the cap. */
    async delete(userId: number, id: string): Promise<void> {
      try {
        await db.transactWrite({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: { pk: accountPk(userId), sk: sortKey(id) },
                ConditionExpression: "attribute_exists(pk)",
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: countKey(userId),
                UpdateExpression: "ADD n :minusOne",
                ExpressionAttributeValues: { ":minusOne": -1 },
              },
            },
          ],
        });
      } catch (error) {
        if (conditionFailedAt(error, 0)) throw notFound(id);
        throw error;
      }
    },
  };
}
