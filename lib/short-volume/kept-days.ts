import { keptPromise, type PromiseStore } from "../promise-cache";

/**
 * Loads kept by trade date, at most `limit` of them (the oldest kept first dropped): a published
 * day's file never changes, so both sources read each day once. Concurrent callers share one
 * load; a failed load is not kept (keptPromise), and neither is an answer `keep` refuses (a
 * file not out yet is asked for again next time).
 */
export function keptDays<T>(limit: number, keep: (value: T) => boolean = () => true) {
  const entries = new Map<string, Promise<T>>();
  const store: PromiseStore<string, T> = {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
    delete: (key) => entries.delete(key),
  };
  return (date: string, load: () => Promise<T>): Promise<T> => {
    const loading = keptPromise(store, date, load);
    loading.then(
      (value) => {
        if (!keep(value) && entries.get(date) === loading) entries.delete(date);
      },
      () => {},
    );
    return loading;
  };
}
