import type { Clock, Logger } from "../deps";
import type { DocumentStore } from "./document-store";

/**
 * Whole responses kept in DynamoDB for a while (e.g. Nova's suggestions, 5 minutes). The cache
 * only saves work: when DynamoDB fails, the response is computed and the failure logged.
 */
export interface ResponseCache {
  remember<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T>;
}

export function createResponseCache(
  db: DocumentStore,
  tableName: string,
  clock: Clock,
  log?: Logger,
): ResponseCache {
  const cacheFailed = (operation: string, key: string, error: unknown) =>
    log?.error("Response cache unavailable", { operation, key, error: String(error) });

  return {
    async remember(key, ttlSeconds, compute) {
      const nowMs = clock.now().getTime();
      const Key = { pk: `RESPONSE#${key}`, sk: "RESPONSE" };
      try {
        const { Item } = await db.get({ TableName: tableName, Key });
        if (Item && Number(Item.freshUntilMs) > nowMs) return JSON.parse(String(Item.value));
      } catch (error) {
        cacheFailed("read", key, error);
      }
      const value = await compute();
      try {
        await db.put(
          {
            TableName: tableName,
            Item: {
              ...Key,
              value: JSON.stringify(value),
              freshUntilMs: nowMs + ttlSeconds * 1000,
              expiresAt: Math.ceil(nowMs / 1000) + ttlSeconds,
            },
          },
          { repeatable: true },
        );
      } catch (error) {
        cacheFailed("write", key, error);
      }
      return value;
    },
  };
}
