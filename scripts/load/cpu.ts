import { readFileSync } from "node:fs";
import { processCpuSeconds, type Service } from "./service";
import type { CpuSplit } from "./summary";

/**
 * The load's CPU readings, from /proc: the CPU seconds the service's node, DynamoDB Local's java
 * and this process (the load generator) have used, split over a span (cpuNow before and after,
 * cpuSplit between them), and the machine's load average before the run.
 */

export interface CpuReading {
  atMs: number;
  node: number;
  java: number;
  generator: number;
}

export function cpuNow(service: Service): CpuReading {
  const own = process.cpuUsage();
  return {
    atMs: performance.now(),
    node: processCpuSeconds(service.pid),
    java: processCpuSeconds(service.javaPid),
    generator: (own.user + own.system) / 1e6,
  };
}

export function cpuSplit(before: CpuReading, after: CpuReading): CpuSplit {
  return {
    wallSeconds: (after.atMs - before.atMs) / 1000,
    node: after.node - before.node,
    java: after.java - before.java,
    generator: after.generator - before.generator,
  };
}

export function loadAverage(): number[] {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number);
  } catch {
    return [];
  }
}
