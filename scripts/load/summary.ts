import type autocannon from "autocannon";
import { MIX_WEIGHTS } from "./mix";

/**
 * What `npm run load` measured (LoadSummary), judged against its targets (targetsOf) and
 * printed as the command prints it (formatSummary); `correct` is the command's exit status.
 * The thresholds and figures the bench report (./report.ts) shares with the targets are here
 * too, so that it depends on this module and not the other way round.
 */

/** Issue 21's speed targets: the keyed p99, and keyed throughput over raw UpdateItem's. */
export const TARGET_P99_MS = 250;
export const TARGET_THROUGHPUT_RATIO = 0.8;

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
  /** The run's settings (LoadOptions' own, ./run.ts). */
  options: {
    seconds: number;
    connections: number;
    rawSeconds: number;
    simNow: string | undefined;
  };
  startedAt: string;
  loadAverageBefore: number[];
  settleSeconds: number;
  /** How the service and the raw measurement reach DynamoDB Local (the same for both). */
  database: {
    /** SQLite's modes for DynamoDB Local's file, as the service printed them. */
    sqliteModes: string | undefined;
    /** DynamoDB Local's JVM compilers (DYNAMODB_LOCAL_JIT), as the service printed them. */
    jit: string | undefined;
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

export function percentilesOf(histogram: autocannon.Histogram): Percentiles {
  return {
    p50: histogram.p50,
    p97_5: histogram.p97_5,
    p99: histogram.p99,
    max: histogram.max,
    mean: histogram.average,
  };
}

export function percentilesOfSamples(samples: number[]): Percentiles {
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

/** CPU milliseconds per answer during the load (the keyed answers and the probe's). */
export function cpuMsPerAnswer(summary: LoadSummary): { node: number; java: number } {
  const answers = summary.keyed.answered + summary.limiter.sent || 1;
  return {
    node: (1000 * summary.cpu.node) / answers,
    java: (1000 * summary.cpu.java) / answers,
  };
}

/** Errors (connection errors and timeouts) and 5xx answers, the keyed load's and the probe's. */
export function failuresOf(summary: LoadSummary): { errors: number; server5xx: number } {
  const probe5xx = Object.entries(summary.limiter.statuses)
    .filter(([status]) => status.startsWith("5"))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    errors: summary.keyed.errors + summary.limiter.errors,
    server5xx: summary.keyed.server5xx + probe5xx,
  };
}

export function targetsOf(summary: LoadSummary): Target[] {
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
      `JIT ${summary.database.jit ?? "not reported"} (DYNAMODB_LOCAL_JIT); ` +
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
