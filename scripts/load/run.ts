import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import autocannon from "autocannon";
import { hashApiKey } from "../../lib/account/api-keys";
import { TIERS } from "../../lib/account/tiers";
import { loadConfig } from "../../lib/config";
import { createRateLimiter, keyItemKey } from "../../lib/store/rate-limiter";
import { wiringOf } from "../../lib/wiring/core";
import { accountStore } from "../../lib/wiring/stores";
import {
  buildMix,
  distinctRequests,
  type Expiries,
  MIX_WEIGHTS,
  type MixRequest,
  monthOutExpiry,
  OPTION_SYMBOLS,
} from "./mix";
import {
  cpuMsPerAnswer,
  failuresOf,
  recordLoadFigures,
  TARGET_P99_MS,
  TARGET_THROUGHPUT_RATIO,
} from "./report";
import { processCpuSeconds, type Service, startService } from "./service";

/**
 * `npm run load` (scripts/load.ts) and its smoke test: the local service, started as `npm start`
 * starts it, driven on loopback by autocannon with the weighted mix of ./mix.ts on a key whose
 * limits are raised, while a Free key is sent more than its per-minute limit in the same run.
 * Measured in the same run: DynamoDB Local's throughput for the limiter's own conditional
 * UpdateItem at the same concurrency, through the service's own document store client, and the
 * CPU the service's node and DynamoDB Local's java used (from /proc).
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
/** The limiter probe's tier: a key at its normal limits. */
const PROBE_TIER = TIERS[0] as (typeof TIERS)[number];
const PROBE_CONNECTIONS = 2;
/** More requests than the tier's per-minute limit, whatever the load's length. */
const PROBE_MIN_REQUESTS = (PROBE_TIER.perMinuteLimit as number) + 20;
/** Per-request timeout of the load and the probe (autocannon's default). */
const REQUEST_TIMEOUT_S = 10;
/** The raw measurement's uncounted warm-up, at most (half the measurement when shorter). */
const RAW_WARMUP_MAX_SECONDS = 5;
/** How long the service may stay busy after start-up (its first verdict run) before the load. */
const SETTLE_TIMEOUT_MS = 240_000;

export interface Percentiles {
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  mean: number;
}

export interface Target {
  name: string;
  measured: string;
  target: string;
  met: boolean;
  /** Correctness (fails the command) rather than speed (reported). */
  correctness: boolean;
}

export interface LoadSummary {
  options: Pick<LoadOptions, "seconds" | "connections" | "rawSeconds" | "simNow">;
  startedAt: string;
  loadAverageBefore: number[];
  settleSeconds: number;
  /** How the service and the raw measurement reach DynamoDB Local (the same for both). */
  database: {
    /** SQLite's modes for DynamoDB Local's file, as the service printed them. */
    sqliteModes: string | undefined;
    /** DynamoDB requests per process on the wire at once (DYNAMODB_MAX_IN_FLIGHT); none: no limit. */
    maxInFlight: number | undefined;
  };
  keyed: {
    answered: number;
    seconds: number;
    perSecond: number;
    latencyMs: Percentiles;
    errors: number;
    timeouts: number;
    statuses: Record<string, number>;
    non2xx: number;
    server5xx: number;
    /** The raised key's counter after the run, and the requests this run sent with the key. */
    counter: number;
    answeredWithKey: number;
  };
  raw: {
    updates: number;
    seconds: number;
    perSecond: number;
    failures: Record<string, number>;
    latencyMs: Percentiles;
    cpu: CpuSplit;
  };
  limiter: {
    tier: string;
    perMinuteLimit: number;
    sent: number;
    statuses: Record<string, number>;
    errors: number;
    admitted: number;
    /** Most 2xx whose request and answer both fall within one 60 s span. */
    maxAdmittedIn60s: number;
    counter: number;
    seconds: number;
  };
  cpu: CpuSplit;
  targets: Target[];
}

export interface CpuSplit {
  wallSeconds: number;
  /** CPU seconds (user + system). */
  node: number;
  java: number;
  /** This process: autocannon and the limiter probe (or the raw UpdateItem loop). */
  generator: number;
}

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
      runProbe(service.apiUrl, probe.apiKey, options.seconds),
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
      database: { sqliteModes: service.sqliteModes, maxInFlight: config.dynamoMaxInFlight },
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

/** The probe's rate: enough to pass the per-minute limit three times over, at least 10/s. */
function probeRate(seconds: number): number {
  return Math.max(10, Math.ceil((3 * (PROBE_TIER.perMinuteLimit as number)) / seconds));
}

function loadAverage(): number[] {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);
  } catch {
    return [];
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
 * DynamoDB Local's throughput for the limiter's own request: `consumeKey` (the conditional
 * UpdateItem every keyed request makes) on a key with raised limits, `connections` at once,
 * after an uncounted warm-up, through the document store client the handlers use, with their
 * timeout and their limit on requests in flight (the same DYNAMODB_* settings).
 */
async function measureRawUpdates(
  service: Service,
  wiring: ReturnType<typeof wiringOf>,
  keyHash: string,
  options: LoadOptions,
): Promise<LoadSummary["raw"]> {
  const limiter = createRateLimiter(wiring.db, wiring.config.tableName);
  const failures: Record<string, number> = {};
  const latencies: number[] = [];
  /** `connections` workers sending back to back for `seconds`; counted when `counted`. */
  const drive = async (seconds: number, counted: boolean) => {
    const deadline = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          await limiter.consumeKey(keyHash, Date.now());
          if (counted) latencies.push(performance.now() - sent);
        } catch (error) {
          const name = (error as Error).name || "Error";
          if (counted) failures[name] = (failures[name] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
  };
  // DynamoDB Local's JIT compiles its write path first: measured cold, the figure came out well
  // below its warm value, and the load that follows runs warm.
  await drive(Math.min(RAW_WARMUP_MAX_SECONDS, options.rawSeconds / 2), false);
  const cpuBefore = cpuNow(service);
  const started = performance.now();
  await drive(options.rawSeconds, true);
  const seconds = (performance.now() - started) / 1000;
  return {
    updates: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    failures,
    latencyMs: percentilesOfSamples(latencies),
    cpu: cpuSplit(cpuBefore, cpuNow(service)),
  };
}

interface ProbeAnswer {
  sentMs: number;
  answeredMs: number;
  status: number;
}

/**
 * The Free key at its normal limits, in the same run: PROBE_CONNECTIONS keep-alive
 * connections sending at a steady rate well past its per-minute limit, for the load's duration
 * and at least PROBE_MIN_REQUESTS requests (so a short run passes the limit too). Each answer
 * keeps when its request left and when it came back, so the check below needs no server clock.
 */
async function runProbe(apiUrl: string, apiKey: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: PROBE_CONNECTIONS });
  const rate = probeRate(seconds);
  const url = new URL(`${apiUrl}/market/stocks/AAPL_NASDAQ/quote`);
  const answers: ProbeAnswer[] = [];
  let errors = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  const send = () =>
    new Promise<void>((resolve) => {
      const sentMs = Date.now();
      const outgoing = request(
        url,
        { agent, headers: { "x-api-key": apiKey }, timeout: REQUEST_TIMEOUT_S * 1000 },
        (incoming) => {
          incoming.resume();
          incoming.on("end", () => {
            answers.push({ sentMs, answeredMs: Date.now(), status: incoming.statusCode ?? 0 });
            resolve();
          });
          incoming.on("error", () => {
            errors++;
            resolve();
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
      outgoing.on("error", () => {
        errors++;
        resolve();
      });
      outgoing.end();
    });
  const worker = async (index: number) => {
    const intervalMs = (1000 * PROBE_CONNECTIONS) / rate;
    let next = started + index * (intervalMs / PROBE_CONNECTIONS);
    while (next < end || answers.length + errors < PROBE_MIN_REQUESTS) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await send();
      next += intervalMs;
    }
  };
  try {
    await Promise.all(Array.from({ length: PROBE_CONNECTIONS }, (_, i) => worker(i)));
  } finally {
    agent.destroy();
  }
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const admitted = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  return {
    sent: answers.length + errors,
    statuses,
    errors,
    admitted: admitted.length,
    maxAdmittedIn60s: maxWithinSpan(admitted, 60_000),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * The most answers whose request left and answer came back within one span of `spanMs`: each
 * was admitted inside that span, so the limiter's promise (no rolling 60 s holds more than the
 * per-minute limit) bounds this count from the client's side alone.
 */
export function maxWithinSpan(answers: readonly ProbeAnswer[], spanMs: number): number {
  const sorted = [...answers].sort((a, b) => a.sentMs - b.sentMs);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = (sorted[i] as ProbeAnswer).sentMs;
    let count = 0;
    for (let j = i; j < sorted.length; j++) {
      const answer = sorted[j] as ProbeAnswer;
      if (answer.sentMs - start > spanMs) break;
      if (answer.answeredMs - start <= spanMs) count++;
    }
    best = Math.max(best, count);
  }
  return best;
}

interface CpuReading {
  atMs: number;
  node: number;
  java: number;
  generator: number;
}

function cpuNow(service: Service): CpuReading {
  const own = process.cpuUsage();
  return {
    atMs: performance.now(),
    node: processCpuSeconds(service.pid),
    java: processCpuSeconds(service.javaPid),
    generator: (own.user + own.system) / 1e6,
  };
}

function cpuSplit(before: CpuReading, after: CpuReading): CpuSplit {
  return {
    wallSeconds: (after.atMs - before.atMs) / 1000,
    node: after.node - before.node,
    java: after.java - before.java,
    generator: after.generator - before.generator,
  };
}

function percentilesOf(histogram: autocannon.Histogram): Percentiles {
  return {
    p50: histogram.p50,
    p97_5: histogram.p97_5,
    p99: histogram.p99,
    max: histogram.max,
    mean: histogram.average,
  };
}

function percentilesOfSamples(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    p50: at(0.5),
    p97_5: at(0.975),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    mean: sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1),
  };
}

function targetsOf(summary: LoadSummary): Target[] {
  const { keyed, raw, limiter } = summary;
  const { errors, server5xx } = failuresOf(summary);
  const probe5xx = server5xx - keyed.server5xx;
  // 2xx, 429, and 503s (counted in the 5xx line) are the limiter's answers; anything else is not.
  const probeOther = Object.entries(limiter.statuses)
    .filter(([status]) => !status.startsWith("2") && !status.startsWith("5") && status !== "429")
    .map(([status, count]) => `${count} × ${status}`);
  const floor = TARGET_THROUGHPUT_RATIO * raw.perSecond;
  return [
    {
      name: "errors (connection errors and timeouts)",
      measured: String(errors),
      target: "0",
      met: errors === 0,
      correctness: true,
    },
    {
      name: "5xx answers",
      measured: String(server5xx),
      target: "0",
      met: server5xx === 0,
      correctness: true,
    },
    {
      name: "mix answered 2xx only",
      measured: `${keyed.non2xx} non-2xx`,
      target: "0 non-2xx",
      met: keyed.non2xx === 0,
      correctness: true,
    },
    {
      name: `${limiter.tier} key: admitted in any 60 s`,
      measured: `${limiter.maxAdmittedIn60s} (${limiter.admitted} × 2xx, ${limiter.statuses["429"] ?? 0} × 429${probeOther.length ? `, ${probeOther.join(", ")}` : ""})`,
      target: `≤ ${limiter.perMinuteLimit}, the rest 429`,
      met: limiter.maxAdmittedIn60s <= limiter.perMinuteLimit && probeOther.length === 0,
      correctness: true,
    },
    {
      // A 503 whose counting write timed out after it was sent may have counted (README, Retries).
      name: `${limiter.tier} key: its counter`,
      measured: `${limiter.counter} (${limiter.admitted} admitted, ${probe5xx} × 5xx)`,
      target: "admitted ≤ counter ≤ admitted + 5xx",
      met: limiter.admitted <= limiter.counter && limiter.counter <= limiter.admitted + probe5xx,
      correctness: true,
    },
    {
      name: "keyed throughput",
      measured: `${fixed(keyed.perSecond, 0)} req/s`,
      target: `≥ ${fixed(floor, 0)} (0.8 × raw UpdateItem ${fixed(raw.perSecond, 0)}/s)`,
      met: keyed.perSecond >= floor,
      correctness: false,
    },
    {
      name: "p99 latency",
      measured: `${fixed(keyed.latencyMs.p99, 0)} ms`,
      target: `≤ ${TARGET_P99_MS} ms`,
      met: keyed.latencyMs.p99 <= TARGET_P99_MS,
      correctness: false,
    },
  ];
}

const fixed = (value: number, digits: number) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The summary as the command prints it. */
export function formatSummary(summary: LoadSummary): string {
  const { keyed, raw, limiter, cpu, options } = summary;
  const share = (part: number, split: CpuSplit) =>
    `${fixed(part, 1)} s (${fixed((100 * part) / (split.node + split.java + split.generator || 1), 0)} %, ${fixed(part / split.wallSeconds, 2)} cores)`;
  const statusList = (statuses: Record<string, number>) =>
    Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${fixed(count, 0)} × ${status}`)
      .join(", ") || "none";
  const mixLine = Object.entries(MIX_WEIGHTS)
    .map(([kind, weight]) => `${kind} ${weight}`)
    .join(", ");
  const lines = [
    `Load test (npm run load): ${options.connections} connections for ${options.seconds} s on ` +
      `loopback, autocannon, started ${summary.startedAt}; SIM_NOW ${options.simNow ?? "unset (real time)"}; ` +
      `load average before ${summary.loadAverageBefore.join(" ")}`,
    `  mix per 100 requests: ${mixLine}`,
    `  DynamoDB Local: SQLite ${summary.database.sqliteModes ?? "modes not reported"}; ` +
      `${summary.database.maxInFlight ? `at most ${summary.database.maxInFlight}` : "no limit on"} ` +
      "DynamoDB requests in flight per process (DYNAMODB_MAX_IN_FLIGHT), for the service and the raw measurement alike",
    `  keyed (limits raised): ${fixed(keyed.answered, 0)} answers in ${fixed(keyed.seconds, 1)} s = ` +
      `${fixed(keyed.perSecond, 0)} req/s; latency p50 ${fixed(keyed.latencyMs.p50, 0)} ms, ` +
      `p97.5 ${fixed(keyed.latencyMs.p97_5, 0)} ms, p99 ${fixed(keyed.latencyMs.p99, 0)} ms, ` +
      `max ${fixed(keyed.latencyMs.max, 0)} ms`,
    `  statuses: ${statusList(keyed.statuses)}; non-2xx ${keyed.non2xx}; errors ${keyed.errors} ` +
      `(timeouts ${keyed.timeouts})`,
    `  the key's counter ${fixed(keyed.counter, 0)} for ${fixed(keyed.answeredWithKey, 0)} answered ` +
      `(the difference: requests cut off in flight when the load stopped, at most ${options.connections})`,
    `  raw DynamoDB Local UpdateItem (the limiter's consumeKey, ${options.connections} at once, ` +
      `${fixed(raw.seconds, 1)} s): ${fixed(raw.perSecond, 0)}/s, p50 ${fixed(raw.latencyMs.p50, 1)} ms, ` +
      `p99 ${fixed(raw.latencyMs.p99, 1)} ms; failures ${statusList(raw.failures)}; CPU java ` +
      `${share(raw.cpu.java, raw.cpu)}, this process ${share(raw.cpu.generator, raw.cpu)}`,
    `  ${limiter.tier} key at ${limiter.perMinuteLimit}/min, same run: ${limiter.sent} sent in ` +
      `${fixed(limiter.seconds, 1)} s: ${statusList(limiter.statuses)}; errors ${limiter.errors}; ` +
      `most admitted within any 60 s ${limiter.maxAdmittedIn60s}; its counter ${limiter.counter}`,
    `  CPU during the load (${fixed(cpu.wallSeconds, 1)} s): service node ${share(cpu.node, cpu)}, ` +
      `DynamoDB Local java ${share(cpu.java, cpu)}, load generator ${share(cpu.generator, cpu)}; ` +
      `per answer (keyed and ${limiter.tier}): node ${fixed(cpuMsPerAnswer(summary).node, 1)} ms, ` +
      `java ${fixed(cpuMsPerAnswer(summary).java, 1)} ms`,
    "",
    "| target | measured | target | |",
    "|---|---|---|---|",
    ...summary.targets.map(
      (target) =>
        `| ${target.name} | ${target.measured} | ${target.target} | ${target.met ? "met" : "NOT MET"} |`,
    ),
  ];
  return lines.join("\n");
}

/** Whether every correctness target (errors, 5xx, the limiter) was met. */
export function correct(summary: LoadSummary): boolean {
  return summary.targets.every((target) => target.met || !target.correctness);
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
