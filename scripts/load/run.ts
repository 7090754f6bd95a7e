import autocannon from "autocannon";
import { hashApiKey } from "../../lib/account/api-keys";
import { loadConfig } from "../../lib/config";
import { keyItemKey } from "../../lib/store/rate-limiter";
import { wiringOf } from "../../lib/wiring/core";
import { accountStore } from "../../lib/wiring/stores";
import { cpuNow, cpuSplit, loadAverage } from "./cpu";
import { PROBE_TIER, probeRate, runProbe } from "./limiter-probe";
import {
  buildMix,
  distinctRequests,
  type Expiries,
  type MixRequest,
  monthOutExpiry,
  OPTION_SYMBOLS,
} from "./mix";
import { measureRawUpdates, RAW_WARMUP_MAX_SECONDS } from "./raw-updates";
import { recordLoadFigures } from "./report";
import { processCpuSeconds, type Service, startService } from "./service";
import { formatSummary, type LoadSummary, percentilesOf, targetsOf } from "./summary";

/**
 * `npm run load` (scripts/load.ts) and its smoke test: the local service, started as `npm start`
 * starts it, driven on loopback by autocannon with the weighted mix of ./mix.ts on a key whose
 * limits are raised, while a Free key is sent more than its per-minute limit in the same run.
 * Measured in the same run: DynamoDB Local's throughput for the limiter's own conditional
 * UpdateItem at the same concurrency, through the service's own document store client, and the
 * CPU the service's node and DynamoDB Local's java used (from /proc).
 *
 * This module runs it all (runLoad); its parts: the raw measurement (./raw-updates.ts), the
 * Free key's probe (./limiter-probe.ts), the CPU readings (./cpu.ts), and the summary, its
 * targets and its printed form (./summary.ts).
 */

export interface LoadOptions {
  /** Length of the load, seconds (LOAD_SECONDS). */
  seconds: number;
  /** Concurrent connections (LOAD_CONNECTIONS); also the raw UpdateItem concurrency. */
  connections: number;
  /** Length of the raw UpdateItem measurement, seconds. */
  rawSeconds: number;
  /** The market clock (SIM_NOW) of the service; undefined: real time. */
  simNow: string | undefined;
  /** A folder for the service's CPU profile (LOAD_CPU_PROF_DIR); none when unset. */
  cpuProfileDir?: string | undefined;
  /** How long the service may stay busy after start-up before the load goes on anyway. */
  settleTimeoutMs?: number;
  /** Progress lines (stderr for the command). */
  log?: (line: string) => void;
}

/** A Monday 10:00 New York: the market open, the instant the OpenAPI examples use. */
export const DEFAULT_SIM_NOW = "2026-11-23T15:00:00Z";
/** Per-request timeout of the load and the probe (autocannon's default). */
const REQUEST_TIMEOUT_S = 10;
/** How long the service may stay busy after start-up (its first verdict run) before the load. */
const SETTLE_TIMEOUT_MS = 240_000;

export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const log = options.log ?? (() => undefined);
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadAverage();
  log(`starting the service (npm start's local/start.ts, SIM_NOW ${options.simNow ?? "unset"})`);
  const service = await startService({
    simNow: options.simNow,
    cpuProfileDir: options.cpuProfileDir,
  });
  try {
    log(`service at ${service.apiUrl}, DynamoDB Local at ${service.dynamoEndpoint}`);
    const settleSeconds = await settle(service, options.settleTimeoutMs ?? SETTLE_TIMEOUT_MS, log);
    const config = loadConfig(service.env);
    const wiring = wiringOf(config);
    const accounts = accountStore(wiring);

    // Three accounts registered through the API: the load's key and the raw measurement's key
    // with raised limits (the operator's setCustomLimits), and a Free key left at its limits.
    const raised = await register(service.apiUrl, "load");
    const rawAccount = await register(service.apiUrl, "load-raw");
    const probe = await register(service.apiUrl, "load-probe");
    const unlimited = { perMinute: 1_000_000_000, daily: null };
    await accounts.setCustomLimits(raised.userId, unlimited);
    await accounts.setCustomLimits(rawAccount.userId, unlimited);

    let sentWithKey = 0;
    const expiries = {} as Expiries;
    for (const symbol of OPTION_SYMBOLS) {
      sentWithKey++;
      const answer = await call(service.apiUrl, raised.apiKey, {
        kind: "chain",
        method: "GET",
        path: `/options/${symbol}/expirations`,
      });
      expiries[symbol] = monthOutExpiry(
        (answer.data as { expirations: { expirationDate: string; daysToExpiration: number }[] })
          .expirations,
      );
    }
    const mix = buildMix(expiries);
    // Prime the caches once, as a running service has them, and check every request is valid.
    const distinct = distinctRequests(mix);
    log(`priming: each of the mix's ${distinct.length} distinct requests once`);
    for (const each of distinct) {
      sentWithKey++;
      await call(service.apiUrl, raised.apiKey, each);
    }

    log(
      `raw UpdateItem: ${options.connections} concurrent for ${options.rawSeconds} s, after ` +
        `${Math.min(RAW_WARMUP_MAX_SECONDS, options.rawSeconds / 2)} s of warm-up`,
    );
    const raw = await measureRawUpdates(service, wiring, hashApiKey(rawAccount.apiKey), options);

    log(
      `load: ${options.connections} connections for ${options.seconds} s, and the ` +
        `${PROBE_TIER.name} key at ${probeRate(options.seconds)} requests/s`,
    );
    const cpuBefore = cpuNow(service);
    const [result, limiter] = await Promise.all([
      autocannon({
        url: service.apiUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: REQUEST_TIMEOUT_S,
        headers: { "x-api-key": raised.apiKey, "content-type": "application/json" },
        requests: mix.map((each) => ({
          method: each.method,
          path: new URL(service.apiUrl).pathname + each.path,
          ...(each.body === undefined ? {} : { body: each.body }),
        })),
      }),
      runProbe(service.apiUrl, probe.apiKey, options.seconds, REQUEST_TIMEOUT_S),
    ]);
    const cpu = cpuSplit(cpuBefore, cpuNow(service));

    const counterOf = async (apiKey: string) => {
      const { Item } = await wiring.db.get({
        TableName: config.tableName,
        Key: keyItemKey(hashApiKey(apiKey)),
      });
      return Number(Item?.n ?? 0);
    };
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [
        status,
        stat.count ?? 0,
      ]),
    );
    const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    const keyed = {
      answered,
      seconds: result.duration,
      perSecond: answered / result.duration,
      latencyMs: percentilesOf(result.latency),
      errors: result.errors,
      timeouts: result.timeouts,
      statuses,
      non2xx: result.non2xx,
      server5xx: result["5xx"],
      counter: await counterOf(raised.apiKey),
      answeredWithKey: answered + sentWithKey,
    };
    const limiterSummary = {
      ...limiter,
      tier: PROBE_TIER.name,
      perMinuteLimit: PROBE_TIER.perMinuteLimit as number,
      counter: await counterOf(probe.apiKey),
    };
    const summary: LoadSummary = {
      options: {
        seconds: options.seconds,
        connections: options.connections,
        rawSeconds: options.rawSeconds,
        simNow: options.simNow,
      },
      startedAt,
      loadAverageBefore,
      settleSeconds,
      database: {
        sqliteModes: service.sqliteModes,
        jit: service.dynamoLocalJit,
        maxInFlight: config.dynamoMaxInFlight,
      },
      keyed,
      raw,
      limiter: limiterSummary,
      cpu,
      targets: [],
    };
    summary.targets = targetsOf(summary);
    return summary;
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n--- service output (tail) ---\n${service.output()}`,
    );
  } finally {
    await service.stop();
  }
}

/**
 * Waits until the service's node process is idle (under 0.2 CPU s/s twice in a row): `npm start`
 * runs the intelligence verdict job for the most active stocks at start, in the background.
 */
async function settle(
  service: Service,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  let last = processCpuSeconds(service.pid);
  while (quiet < 2 && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = processCpuSeconds(service.pid);
    quiet = now - last < 0.2 ? quiet + 1 : 0;
    last = now;
  }
  const seconds = (Date.now() - started) / 1000;
  log(
    quiet >= 2
      ? `service idle after ${seconds.toFixed(0)} s (its start-up verdict run)`
      : `service still busy after ${seconds.toFixed(0)} s; going on`,
  );
  return seconds;
}

async function register(apiUrl: string, label: string) {
  const response = await fetch(`${apiUrl}/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "a long load-test passphrase",
    }),
  });
  const body = (await response.json()) as { data: { apiKey: string; userId: number } };
  if (response.status !== 200) throw new Error(`register answered ${response.status}`);
  return body.data;
}

/** One request of the mix; anything but 2xx means the mix is wrong for this service. */
async function call(apiUrl: string, apiKey: string, each: MixRequest) {
  const response = await fetch(`${apiUrl}${each.path}`, {
    method: each.method,
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    ...(each.body === undefined ? {} : { body: each.body }),
  });
  const text = await response.text();
  if (response.status >= 300) {
    throw new Error(`${each.method} ${each.path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as { data: unknown };
}

/**
 * For `npm run bench` when asked (BENCH_LOAD=1): a short load (BENCH_LOAD_SECONDS, default 15)
 * at 100 connections, its summary printed and its figures recorded in the bench report.
 */
export async function runLoadBench(): Promise<LoadSummary> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
  const summary = await runLoad({
    seconds,
    connections: 100,
    rawSeconds: Math.min(10, seconds),
    simNow: DEFAULT_SIM_NOW,
  });
  console.log(formatSummary(summary));
  recordLoadFigures(summary);
  return summary;
}
