import { describe, expect, it } from "vitest";
import {
  createInFlightLimit,
  inFlightLimitFor,
  QueueTimeoutError,
} from "../../lib/store/in-flight-limit";

/** The per-process cap on DynamoDB requests in flight: its slots, its order, its waiting limit. */

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("an in-flight limit", () => {
  it("hands out at most max slots; the next waiter gets a slot as soon as one is freed", async () => {
    const limit = createInFlightLimit(2);
    const first = await limit.acquire(1000);
    await limit.acquire(1000);
    let third: (() => void) | undefined;
    void limit.acquire(1000).then((release) => {
      third = release;
    });
    await tick();
    expect(third).toBeUndefined();
    first();
    await tick();
    expect(third).toBeTypeOf("function");
  });

  it("serves waiters first come, first served", async () => {
    const limit = createInFlightLimit(1);
    const holder = await limit.acquire(1000);
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) =>
      limit.acquire(1000).then((release) => {
        order.push(n);
        release();
      }),
    );
    holder();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it("refuses a waiter after its timeout and leaves the queue as it was", async () => {
    const limit = createInFlightLimit(1);
    const holder = await limit.acquire(1000);
    const gaveUp = limit.acquire(20);
    await expect(gaveUp).rejects.toBeInstanceOf(QueueTimeoutError);
    let next: (() => void) | undefined;
    void limit.acquire(1000).then((release) => {
      next = release;
    });
    holder();
    await tick();
    // The slot went to the waiter still there, not to the one that gave up.
    expect(next).toBeTypeOf("function");
  });

  it("frees a slot once however often its release is called", async () => {
    const limit = createInFlightLimit(1);
    const holder = await limit.acquire(1000);
    holder();
    holder();
    await limit.acquire(1000);
    // Had the second call freed another slot, this one would not wait.
    await expect(limit.acquire(20)).rejects.toBeInstanceOf(QueueTimeoutError);
  });

  it("is one limit per process and endpoint, shared by every store", () => {
    const endpoint = "http://127.0.0.1:1/";
    expect(inFlightLimitFor(endpoint, 3)).toBe(inFlightLimitFor(endpoint, 3));
    expect(inFlightLimitFor(endpoint, 3)).not.toBe(inFlightLimitFor("http://127.0.0.1:2/", 3));
  });

  it.each([0, -1, 1.5])("refuses a max of %s", (max) => {
    expect(() => createInFlightLimit(max)).toThrow(/max in flight/);
  });
});
