import type { Clock } from "../deps";
import type { DocumentStore } from "./document-store";

/** Whole responses kept in DynamoDB for a while (e.g. Nova's suggestions, 5 minutes). */
export interface ResponseCache {
  remember<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T>;
}

export function createResponseCache(
  db: DocumentStore,
  tableName: string,
  clock: Clock,
): ResponseCache {
  return {
    async remember(key, ttlSeconds, compute) {
      const nowMs = clock.now().getTime();
      const Key = { pk: `RESPONSE#${key}`, sk: "RESPONSE" };
      const { Item } = await db.get({ TableName: tableName, Key });
      if (Item && Number(Item.freshUntilMs) > nowMs) return JSON.parse(String(Item.value));
      const value = await compute();
      await db.put({
        TableName: tableName,
        Item: {
          ...Key,
          value: JSON.stringify(value),
          freshUntilMs: nowMs + ttlSeconds * 1000,
          expiresAt: Math.ceil(nowMs / 1000) + ttlSeconds,
        },
      });
      return value;
    },
  };
}
