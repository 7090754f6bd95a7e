import type { Config } from "../config";
import { type CoreDeps, jsonLogger, pinnedClock, systemClock } from "../deps";
import { createDocumentStore, type DocumentStore } from "../store/document-store";
import { createRateLimiter } from "../store/rate-limiter";

/**
 * The composition root's shared parts. A group's `wire` (lib/api/groups/<group>/index.ts)
 * starts from `wiringOf(config)` and adds the dependencies its implementations use, importing
 * only the wiring modules it needs, so a bundle holds only what its function runs.
 */
export interface Wiring {
  config: Config;
  /** The table's client; no connection is made until the first call. */
  db: DocumentStore;
}

export function wiringOf(config: Config): Wiring {
  const db = createDocumentStore({
    region: config.region,
    endpoint: config.dynamoEndpoint,
    credentials: config.awsCredentials,
    requestTimeoutMs: config.dynamoTimeoutMs,
    maxInFlight: config.dynamoMaxInFlight,
  });
  return { config, db };
}

/** What every function needs: clocks, the logger and the rate limiter. */
export function coreDeps({ config, db }: Wiring): CoreDeps {
  return {
    clock: systemClock(),
    marketClock: config.simNow ? pinnedClock(config.simNow) : systemClock(),
    log: jsonLogger,
    limiter: createRateLimiter(db, config.tableName),
    corsOrigins: config.corsOrigins,
  };
}

/**
 * A group's dependencies: the core ones plus what `extra` builds from the same table client
 * (and the core's clocks), e.g. `wireGroup(config, (wiring) => ({ mailer: mailer(wiring) }))`.
 */
export function wireGroup<Extra extends object>(
  config: Config,
  extra: (wiring: Wiring, core: CoreDeps) => Extra,
): CoreDeps & Extra {
  const wiring = wiringOf(config);
  const core = coreDeps(wiring);
  return { ...core, ...extra(wiring, core) };
}
