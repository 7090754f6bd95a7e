import { displayPrefix, generateApiKey, hashApiKey } from "../account/api-keys";
import { TIERS, type Tier } from "../account/tiers";
import { conditionFailedAt, type DocumentStore } from "./document-store";
import { StoreRefusal } from "./errors";
import { type KeyRecord, keyItemKey, keyRecordOf } from "./rate-limiter";

/**
 * Accounts and API keys in the single table:
 *   EMAIL#<email>      / EMAIL        → userId               (uniqueness of emails)
 *   ACCOUNT#<userId>   / PROFILE      → email, passwordHash, tier, custom limits
 *   ACCOUNT#<userId>   / KEY#<keyId>  → keyHash, keyPrefix, name, created (the account's keys)
 *   ACCOUNT#<userId>   / KEYNAME#<n>  → keyId                (names unique among live keys)
 *   KEY#<sha256(key)>  / KEY          → key state, limits and rate-limit counters (hot path)
 *   TOKEN#<sha256>     / TOKEN        → userId, expiresAt    (login tokens, TTL)
 *   COUNTER            / IDS          → last userId and keyId
 * Multi-item changes are transactions, so nothing is ever half-written.
 */

export interface Account {
  userId: number;
  email: string;
  passwordHash: string;
  tierId: number;
  /** Custom limits that override the tier's for every new key of the account. */
  customPerMinuteLimit?: number;
  customDailyLimit?: number | null;
}

export interface NewKey {
  apiKey: string;
  record: KeyRecord;
}

const accountPk = (userId: number) => `ACCOUNT#${userId}`;
const keyRefSk = (keyId: number) => `KEY#${String(keyId).padStart(12, "0")}`;
const keyNameSk = (name: string) => `KEYNAME#${name}`;

function tierOf(account: Account): Tier {
  return TIERS.find((tier) => tier.id === account.tierId) ?? (TIERS[0] as Tier);
}

/** The key's effective limits: the account's custom limits, else the tier's. */
export function effectiveLimits(account: Account) {
  const tier = tierOf(account);
  return {
    perMinute: account.customPerMinuteLimit ?? tier.perMinuteLimit ?? 1000,
    daily: account.customDailyLimit !== undefined ? account.customDailyLimit : tier.dailyLimit,
  };
}

export function createAccountStore(db: DocumentStore, tableName: string) {
  async function nextIds(users: number, keys: number): Promise<{ userId: number; keyId: number }> {
    // Repeatable in effect: a repeated ADD only skips ids, and ids need not be dense.
    const { Attributes } = await db.update(
      {
        TableName: tableName,
        Key: { pk: "COUNTER", sk: "IDS" },
        UpdateExpression: "ADD userId :users, keyId :keys",
        ExpressionAttributeValues: { ":users": users, ":keys": keys },
        ReturnValues: "UPDATED_NEW",
      },
      { repeatable: true },
    );
    return { userId: Number(Attributes?.userId ?? 0), keyId: Number(Attributes?.keyId ?? 0) };
  }

  /** The writes that create a key: its hot item, the account's reference and its name. */
  function keyWrites(account: Account, keyId: number, name: string, nowIso: string) {
    const apiKey = generateApiKey();
    const keyHash = hashApiKey(apiKey);
    const limits = effectiveLimits(account);
    const tier = tierOf(account);
    const keyItem = {
      ...keyItemKey(keyHash),
      keyHash,
      keyId,
      userId: account.userId,
      name,
      keyPrefix: displayPrefix(apiKey),
      tier: tier.name,
      perMinuteLimit: limits.perMinute,
      ...(limits.daily === null ? {} : { dailyLimit: limits.daily }),
      isActive: true,
      created: nowIso,
      n: 0,
      nl: limits.perMinute,
    };
    const writes = [
      {
        Put: {
          TableName: tableName,
          Item: keyItem,
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { pk: accountPk(account.userId), sk: keyRefSk(keyId), keyId, keyHash, name },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { pk: accountPk(account.userId), sk: keyNameSk(name), keyId },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ];
    return { apiKey, record: keyRecordOf(keyItem), writes };
  }

  return {
    async findAccountByEmail(email: string): Promise<Account | undefined> {
      const { Item: owner } = await db.get({
        TableName: tableName,
        Key: { pk: `EMAIL#${email}`, sk: "EMAIL" },
      });
      if (!owner) return undefined;
      return this.getAccount(Number(owner.userId));
    },

    async getAccount(userId: number): Promise<Account | undefined> {
      const { Item } = await db.get({
        TableName: tableName,
        Key: { pk: accountPk(userId), sk: "PROFILE" },
      });
      return Item as Account | undefined;
    },

    /** Creates the account (Free tier) and its first key in one transaction; 409 if the email is taken. */
    async register(email: string, passwordHash: string, nowIso: string): Promise<NewKey> {
      const { userId, keyId } = await nextIds(1, 1);
      const account: Account = { userId, email, passwordHash, tierId: 0 };
      const key = keyWrites(account, keyId, "default", nowIso);
      try {
        await db.transactWrite({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: { pk: `EMAIL#${email}`, sk: "EMAIL", userId },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: { pk: accountPk(userId), sk: "PROFILE", ...account, created: nowIso },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            ...key.writes,
          ],
        });
      } catch (error) {
        if (conditionFailedAt(error, 0)) throw emailTaken();
        throw error;
      }
      return { apiKey: key.apiKey, record: key.record };
    },

    /** A new key for the account; 409 while a live key has the same name. */
    async createKey(userId: number, name: string, nowIso: string): Promise<NewKey> {
      const account = await this.getAccount(userId);
      if (!account) throw new StoreRefusal("unknown-key", `No account ${userId} for this key.`);
      const { keyId } = await nextIds(0, 1);
      const key = keyWrites(account, keyId, name, nowIso);
      try {
        await db.transactWrite({ TransactItems: key.writes });
      } catch (error) {
        if (conditionFailedAt(error, 2)) {
          throw new StoreRefusal("key-name-taken", `A key named '${name}' already exists.`, name);
        }
        throw error;
      }
      return { apiKey: key.apiKey, record: key.record };
    },

    async listKeys(userId: number): Promise<KeyRecord[]> {
      const refs = await db.query({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :keys)",
        ExpressionAttributeValues: { ":pk": accountPk(userId), ":keys": "KEY#" },
        ConsistentRead: true,
      });
      const hashes = (refs.Items ?? []).map((ref) => String(ref.keyHash));
      const records: KeyRecord[] = [];
      for (let start = 0; start < hashes.length; start += 100) {
        const batch = hashes.slice(start, start + 100);
        let request:
          | Record<string, { Keys: Record<string, string>[]; ConsistentRead: boolean }>
          | undefined = {
          [tableName]: { Keys: batch.map(keyItemKey), ConsistentRead: true },
        };
        while (request && Object.keys(request).length > 0) {
          const result = await db.batchGet({ RequestItems: request });
          for (const item of result.Responses?.[tableName] ?? []) records.push(keyRecordOf(item));
          request = result.UnprocessedKeys as typeof request;
        }
      }
      return records.sort((a, b) => a.keyId - b.keyId);
    },

    /**
     * Revokes one of the account's keys; permanent. 404 for another account's or an absent
     * key, 409 KEY_IN_USE when it is the key authenticating this very request.
     */
    async revokeKey(userId: number, keyId: number, callerKeyHash: string, nowIso: string) {
      const { Item: ref } = await db.get({
        TableName: tableName,
        Key: { pk: accountPk(userId), sk: keyRefSk(keyId) },
        ConsistentRead: true,
      });
      if (!ref) throw keyNotFound(keyId);
      if (ref.keyHash === callerKeyHash) {
        throw new StoreRefusal("key-in-use", "A key cannot revoke itself.", String(keyId));
      }
      const revoke = {
        TableName: tableName,
        Key: keyItemKey(String(ref.keyHash)),
        UpdateExpression: "SET isActive = :false, revokedAt = if_not_exists(revokedAt, :now)",
        ExpressionAttributeValues: { ":false": false, ":now": nowIso },
      };
      // Frees the name for reuse, unless a newer live key already took it.
      const freeName = {
        TableName: tableName,
        Key: { pk: accountPk(userId), sk: keyNameSk(String(ref.name)) },
        ConditionExpression: "attribute_not_exists(pk) OR keyId = :keyId",
        ExpressionAttributeValues: { ":keyId": keyId },
      };
      try {
        await db.transactWrite({ TransactItems: [{ Update: revoke }, { Delete: freeName }] });
      } catch (error) {
        // The name belongs to a newer key: this one was revoked before. Revoking stays idempotent.
        if (!conditionFailedAt(error, 1)) throw error;
        await db.update(revoke, { repeatable: true });
      }
    },

    /**
     * Operator action (no endpoint): custom limits for an account, overriding its tier's, for
     * its existing and future keys. `daily: null` lifts the daily limit. Each key's `nl`
     * (admitted + limit) moves with the new limit; marks already set for the current minute
     * keep the old limit until they leave the window (at most 62 s).
     */
    async setCustomLimits(userId: number, limits: { perMinute: number; daily: number | null }) {
      await db.update(
        {
          TableName: tableName,
          Key: { pk: accountPk(userId), sk: "PROFILE" },
          UpdateExpression: "SET customPerMinuteLimit = :perMinute, customDailyLimit = :daily",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":perMinute": limits.perMinute, ":daily": limits.daily },
        },
        { repeatable: true },
      );
      for (const key of await this.listKeys(userId)) {
        await db.update(
          {
            TableName: tableName,
            Key: keyItemKey(key.keyHash),
            UpdateExpression:
              limits.daily === null
                ? "SET perMinuteLimit = :perMinute, nl = n + :perMinute REMOVE dailyLimit"
                : "SET perMinuteLimit = :perMinute, nl = n + :perMinute, dailyLimit = :daily",
            ExpressionAttributeValues: {
              ":perMinute": limits.perMinute,
              ...(limits.daily === null ? {} : { ":daily": limits.daily }),
            },
          },
          { repeatable: true },
        );
      }
    },

    /** Stores a login token's hash; DynamoDB's TTL removes it when it expires. */
    async saveLoginToken(tokenHash: string, userId: number, expiresAtSeconds: number) {
      await db.put(
        {
          TableName: tableName,
          Item: { pk: `TOKEN#${tokenHash}`, sk: "TOKEN", userId, expiresAt: expiresAtSeconds },
        },
        { repeatable: true },
      );
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

function emailTaken(): StoreRefusal {
  return new StoreRefusal("email-taken", "An account with this email already exists.", "email");
}

function keyNotFound(keyId: number): StoreRefusal {
  return new StoreRefusal(
    "key-not-found",
    `No key with id ${keyId} on this account.`,
    String(keyId),
  );
}
