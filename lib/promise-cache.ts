/** Where promises are kept by key: a Map, or a WeakMap keyed by an object. */
export interface PromiseStore<K, V> {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): unknown;
  delete(key: K): unknown;
}

/**
 * The promise kept for `key`, or `load()`'s, kept from now on unless it rejects: a failed read
 * (an outage) is never kept, so the next caller tries again, and callers meanwhile share one load.
 */
export function keptPromise<K, V>(
  store: PromiseStore<K, V>,
  key: K,
  load: () => Promise<V>,
): Promise<V> {
  const kept = store.get(key);
  if (kept) return kept;
  const loading = load();
  store.set(key, loading);
  loading.catch(() => {
    if (store.get(key) === loading) store.delete(key);
  });
  return loading;
}
