import { recordAtLeast, recordAtMost, recordFigure, recordInfo } from "../../bench/report";
import {
  cpuMsPerAnswer,
  failuresOf,
  type LoadSummary,
  TARGET_P99_MS,
  TARGET_THROUGHPUT_RATIO,
} from "./summary";

/**
 * The load's figures in `npm run bench`'s one report (bench/report.ts), with the targets of
 * issue 21: throughput ≥ 0.8 × DynamoDB Local's raw UpdateItem throughput in the same run,
 * p99 ≤ 250 ms, no errors, no 5xx, the Free key admitted within its limit; p50, p97.5 and the
 * CPU split as information.
 */

export function recordLoadFigures(summary: LoadSummary): void {
  const { keyed, raw, limiter, cpu, options } = summary;
  const { errors, server5xx } = failuresOf(summary);
  recordAtLeast(
    `keyed throughput, ${options.connections} connections × ${options.seconds} s (0.8 × raw UpdateItem)`,
    keyed.perSecond,
    TARGET_THROUGHPUT_RATIO * raw.perSecond,
    "req/s",
  );
  recordAtMost("keyed latency p99", keyed.latencyMs.p99, TARGET_P99_MS, "ms", 0);
  recordAtMost("errors (connection errors and timeouts)", errors, 0, "", 0);
  recordAtMost("5xx answers", server5xx, 0, "", 0);
  recordAtMost(
    `${limiter.tier} key: most admitted in any 60 s`,
    limiter.maxAdmittedIn60s,
    limiter.perMinuteLimit,
    "",
    0,
  );
  const probe5xx = server5xx - keyed.server5xx;
  recordFigure({
    name: `${limiter.tier} key: its counter (${limiter.admitted} admitted, ${probe5xx} × 5xx)`,
    value: String(limiter.counter),
    target: "admitted ≤ counter ≤ admitted + 5xx",
    met: limiter.admitted <= limiter.counter && limiter.counter <= limiter.admitted + probe5xx,
  });
  recordInfo(
    "keyed latency p50 / p97.5",
    `${ms(keyed.latencyMs.p50)} / ${ms(keyed.latencyMs.p97_5)}`,
  );
  recordInfo(
    "raw DynamoDB Local UpdateItem, same run",
    `${raw.perSecond.toFixed(0)}/s, p99 ${ms(raw.latencyMs.p99)}`,
  );
  const total = cpu.node + cpu.java + cpu.generator || 1;
  const perAnswer = cpuMsPerAnswer(summary);
  recordInfo(
    "CPU split during the load: node / DynamoDB Local java / load generator",
    `${percent(cpu.node / total)} / ${percent(cpu.java / total)} / ${percent(cpu.generator / total)}` +
      ` (per answer: node ${perAnswer.node.toFixed(1)} ms, java ${perAnswer.java.toFixed(1)} ms)`,
  );
}

const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
const percent = (share: number) => `${Math.round(100 * share)} %`;
