import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { isoDate } from "../../../lib/market/civil-date";
import { nyWallClock } from "../../../lib/market/ny-time";
import { listedExpirations } from "../../../lib/market/sim/options";
import { STOCKS, universeInstruments } from "../../../lib/market/sim/universe";

/**
 * Values that name something real, by field name, for the schema-driven generator: what the
 * `events/` samples send, the simulated world's instruments, sectors and option expirations, and
 * the fuzz account's own ids and credentials. The generator keeps those a field's schema accepts.
 */

const EVENTS_DIR = join(import.meta.dirname, "../../../events");

export type KnownValues = Map<string, unknown[]>;

function add(known: KnownValues, field: string, ...values: unknown[]): void {
  const list = known.get(field) ?? [];
  for (const value of values) {
    if (!list.some((seen) => JSON.stringify(seen) === JSON.stringify(value))) list.push(value);
  }
  known.set(field, list);
}

/** Every field of a JSON value under its key, arrays both whole and by element. */
function addJson(known: KnownValues, field: string | undefined, value: unknown): void {
  if (field !== undefined) add(known, field, value);
  if (Array.isArray(value)) {
    for (const element of value) addJson(known, field, element);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) addJson(known, key, inner);
  }
}

function addSamples(known: KnownValues): void {
  for (const file of readdirSync(EVENTS_DIR).filter((name) => name.endsWith(".json"))) {
    const event = JSON.parse(
      readFileSync(join(EVENTS_DIR, file), "utf8"),
    ) as APIGatewayProxyEventV2;
    addJson(known, undefined, event.pathParameters ?? {});
    addJson(known, undefined, event.queryStringParameters ?? {});
    if (event.body) addJson(known, undefined, JSON.parse(event.body));
  }
}

/** Instruments, sectors, and the option expirations listed today (both date forms). */
function addSimulatedWorld(known: KnownValues, nowMs: number): void {
  const instruments = universeInstruments();
  add(known, "code", ...instruments.map((instrument) => instrument.code));
  for (const field of ["symbol", "symbols"]) {
    add(known, field, ...STOCKS.map((stock) => stock.symbol));
    add(known, field, ...instruments.map((instrument) => instrument.code));
  }
  add(known, "sector", ...new Set(STOCKS.map((stock) => stock.sector)));
  const today = nyWallClock(nowMs).day;
  for (const expiry of listedExpirations(today).map(isoDate)) {
    add(known, "expiry", expiry, expiry.slice(2).replaceAll("-", ""));
  }
  const recentDays = [0, 1, 7, 30, 90, 365].map((back) => isoDate(today - back));
  for (const field of ["from", "to", "start", "end", "date"]) add(known, field, ...recentDays);
}

/** The fuzz account's things a route may name: its spare key, webhook, alert, credentials. */
export interface AccountThings {
  email: string;
  password: string;
  spareKeyId: number;
  webhookId: string;
  alertId: string;
}

function addAccount(known: KnownValues, account: AccountThings): void {
  add(known, "email", account.email);
  add(known, "password", account.password);
  add(known, "keyId", account.spareKeyId, String(account.spareKeyId));
  add(known, "id", account.webhookId, account.alertId);
  add(known, "webhookId", account.webhookId);
}

/** Known values by field name (see the module comment); `nowMs` dates the expirations. */
export function knownValues(account: AccountThings, nowMs = Date.now()): KnownValues {
  const known: KnownValues = new Map();
  addSamples(known);
  addSimulatedWorld(known, nowMs);
  addAccount(known, account);
  return known;
}
