import { describe, expect, it } from "vitest";
import { keptPromise } from "../../lib/promise-cache";

/** keptPromise: one load shared by concurrent callers, kept once it succeeds, never a failure. */

describe("keptPromise", () => {
  it("shares one load and keeps its result", async () => {
    const store = new Map<string, Promise<number>>();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([
      keptPromise(store, "k", load),
      keptPromise(store, "k", load),
    ]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await keptPromise(store, "k", load)).toBe(1);
    expect(await keptPromise(store, "other", load)).toBe(2);
  });

  it("drops a failed load, so the next caller tries again", async () => {
    const store = new WeakMap<object, Promise<string>>();
    const key = {};
    await expect(
      keptPromise(store, key, () => Promise.reject(new Error("outage"))),
    ).rejects.toThrow("outage");
    expect(store.has(key)).toBe(false);
    expect(await keptPromise(store, key, async () => "fresh")).toBe("fresh");
  });
});
