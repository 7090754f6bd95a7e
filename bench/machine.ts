import { cpus, loadavg, totalmem } from "node:os";

/**
 * The machine a bench ran on, for the report's header: every figure here is wall-clock time on
 * shared machines, so the processor, its count and the load beside the run say how to read it.
 */

/** `AMD EPYC × 2, 23.5 GiB, node v24.21.0 (linux/x64)`. */
export function machineDescription(): string {
  const processors = cpus();
  const model = processors[0]?.model.trim() || "unknown processor";
  const memoryGiB = (totalmem() / 2 ** 30).toFixed(1);
  return `${model} × ${processors.length}, ${memoryGiB} GiB, node ${process.version} (${process.platform}/${process.arch})`;
}

/** The load average now: `2.61 / 1.90 / 1.20` over 1, 5 and 15 minutes. */
export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ");
}
