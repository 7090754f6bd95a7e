import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { createDocumentStore } from "../../lib/store/document-store";
import { createResponseCache } from "../../lib/store/response-cache";
import { serverErrorTransport, storeWith } from "../setup/faults";

/** Whole-response caching on DynamoDB Local, and its behaviour when DynamoDB fails. */

const tableName = process.env.TABLE_NAME as string;
const endpoint = inject("dynamoEndpoint");
const T0 = new Date("2026-11-23T15:00:00Z");

function counter() {
  let calls = 0;
  return { compute: async () => ({ call: ++calls }), calls: () => calls };
}

describe("response cache", () => {
  it("computes once within the TTL, across instances, and again after it", async () => {
    const key = `test-${randomUUID()}`;
    const { compute, calls } = counter();
    const db = createDocumentStore({ region: "us-east-1", endpoint });
    const first = createResponseCache(db, tableName, pinnedClock(T0));
    expect(await first.remember(key, 300, compute)).toEqual({ call: 1 });
    const otherInstance = createResponseCache(
      db,
      tableName,
      pinnedClock(new Date(T0.getTime() + 299_000)),
    );
    expect(await otherInstance.remember(key, 300, compute)).toEqual({ call: 1 });
    const later = createResponseCache(db, tableName, pinnedClock(new Date(T0.getTime() + 300_000)));
    expect(await later.remember(key, 300, compute)).toEqual({ call: 2 });
    expect(calls()).toBe(2);
  });

  it("computes the response when DynamoDB fails, and logs it", async () => {
    const failing = storeWith(serverErrorTransport);
    const logged: string[] = [];
    const log = { info: () => {}, error: (message: string) => logged.push(message) };
    const cache = createResponseCache(failing, tableName, pinnedClock(T0), log);
    const { compute } = counter();
    expect(await cache.remember(`test-${randomUUID()}`, 300, compute)).toEqual({ call: 1 });
    expect(logged).toEqual(["Response cache unavailable", "Response cache unavailable"]);
  });
});
