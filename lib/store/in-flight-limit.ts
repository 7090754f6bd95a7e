/**
 * At most `max` DynamoDB requests of one process on the wire at once (per endpoint: all the
 * process's document stores share it, as the local server's handlers do); the others wait
 * their turn, first come first served. DynamoDB Local applies writes one at a time: 100
 * requests sent at once only queue inside it, where one that times out is still applied later,
 * so the work of abandoned requests piles up and everything behind it times out too. Queued
 * here instead, a request that gets no turn in time is never sent: its outcome is known (not
 * applied) and it costs DynamoDB nothing.
 */
export interface InFlightLimit {
  /**
   * Resolves with the function that frees the slot once one is free; rejects with a
   * `QueueTimeoutError` after `timeoutMs` without one (the request was not sent).
   */
  acquire(timeoutMs: number): Promise<() => void>;
}

/** No slot freed up within the wait allowed: the request was never sent. */
export class QueueTimeoutError extends Error {
  constructor(timeoutMs: number, max: number) {
    super(`no DynamoDB request slot (${max} in flight) within ${timeoutMs} ms; not sent`);
    this.name = "QueueTimeoutError";
  }
}

const perProcess = new Map<string, InFlightLimit>();

/** The process's one limit of `max` for requests to `endpoint`. */
export function inFlightLimitFor(endpoint: string, max: number): InFlightLimit {
  const key = `${max} ${endpoint}`;
  let limit = perProcess.get(key);
  if (!limit) {
    limit = createInFlightLimit(max);
    perProcess.set(key, limit);
  }
  return limit;
}

export function createInFlightLimit(max: number): InFlightLimit {
  if (!Number.isInteger(max) || max < 1) throw new Error(`max in flight must be ≥ 1, got ${max}`);
  let inFlight = 0;
  /** Waiting callers, oldest first; each takes the slot it is handed. */
  const waiting: ((release: () => void) => void)[] = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      // The slot passes to the oldest waiter (inFlight unchanged), or is freed.
      if (next) next(releaser());
      else inFlight--;
    };
  }

  return {
    acquire(timeoutMs) {
      if (inFlight < max) {
        inFlight++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const take = (release: () => void) => {
          clearTimeout(timer);
          resolve(release);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new QueueTimeoutError(timeoutMs, max));
        }, timeoutMs);
        waiting.push(take);
      });
    },
  };
}
