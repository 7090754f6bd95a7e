import type { DocsAssets } from "./api/docs";

/** A source of the current instant; the market clock is pinned by SIM_NOW. */
export interface Clock {
  now(): Date;
}

export interface Logger {
  info(message: string, fields?: object): void;
  error(message: string, fields?: object): void;
}

/** What implementations may use. Built once per cold start by `createDeps`. */
export interface Deps {
  /** The market's clock: real time, or the instant pinned by SIM_NOW. */
  marketClock: Clock;
  docs: DocsAssets;
  log: Logger;
}

export function systemClock(): Clock {
  return { now: () => new Date() };
}

/** A clock stopped at one instant (SIM_NOW, tests). */
export function pinnedClock(instant: Date): Clock {
  return { now: () => new Date(instant.getTime()) };
}

/** One JSON line per entry, so CloudWatch Logs Insights can query the fields. */
export const jsonLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: "info", message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: "error", message, ...fields })),
};
