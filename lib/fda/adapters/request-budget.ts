import { FdaDataUnavailable } from "../ports";

/**
 * A source's published request limits, kept by the adapter before each request: at most
 * `perMinute` requests in any sliding minute and `perDay` per UTC calendar day (openFDA
 * without a key: 240 a minute, 1,000 a day). When the minute is full the request waits for
 * the oldest one to leave it, if that is within `maxWaitMs`; otherwise, and when the day's
 * budget is spent, it is refused with FdaDataUnavailable (the API's 503) instead of being
 * sent to be refused by the source. Per process (a Lambda instance): the read-through cache
 * in front of the adapter keeps most requests from being made at all.
 */

export interface RequestBudgetOptions {
  /** Names the source in the refusal. */
  provider: string;
  perMinute: number;
  perDay: number;
  /** How long a request may wait for a free slot in the minute. */
  maxWaitMs?: number;
  /** Epoch ms (tests pass a fake clock). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestBudget {
  /** Resolves when a request may be sent (counting it); rejects when it may not. */
  take(): Promise<void>;
  /** Requests counted in the current minute and UTC day. */
  used(): { minute: number; day: number };
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function createRequestBudget(options: RequestBudgetOptions): RequestBudget {
  const {
    provider,
    perMinute,
    perDay,
    maxWaitMs = 5_000,
    now = Date.now,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  } = options;
  /** Send times within the last minute, oldest first. */
  const recent: number[] = [];
  let day = -1;
  let dayCount = 0;

  function forget(nowMs: number) {
    while (recent.length > 0 && (recent[0] as number) <= nowMs - MINUTE_MS) recent.shift();
    const today = Math.floor(nowMs / DAY_MS);
    if (today !== day) {
      day = today;
      dayCount = 0;
    }
  }

  return {
    async take() {
      for (;;) {
        const nowMs = now();
        forget(nowMs);
        if (dayCount >= perDay) {
          throw new FdaDataUnavailable(
            provider,
            `the day's request budget (${perDay} a UTC day) is spent`,
          );
        }
        if (recent.length < perMinute) {
          recent.push(nowMs);
          dayCount += 1;
          return;
        }
        const waitMs = (recent[0] as number) + MINUTE_MS - nowMs;
        if (waitMs > maxWaitMs) {
          throw new FdaDataUnavailable(
            provider,
            `the minute's request budget (${perMinute}) is spent for ${Math.ceil(waitMs / 1000)} s`,
          );
        }
        await sleep(waitMs);
      }
    },
    used() {
      forget(now());
      return { minute: recent.length, day: dayCount };
    },
  };
}
