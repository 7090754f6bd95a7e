import { formatNumber, recordFigure, recordInfo } from "./report";

/** The median of a sample (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * One cold call, then `runs` warm ones on the same dependencies (`beforeEach` runs before every
 * call, outside the timing): the cold time and the warm median, in milliseconds.
 */
export async function coldAndWarmMs(
  call: () => Promise<unknown>,
  runs: number,
  beforeEach?: () => void,
): Promise<{ coldMs: number; warmMs: number }> {
  beforeEach?.();
  let started = performance.now();
  await call();
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    beforeEach?.();
    started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { coldMs, warmMs: median(times) };
}

/**
 * `label: 1.23 ms (cold first run 45.6 ms; target ≤ 20 ms warm: met)`, or "no target"; the
 * figure also goes into the benchmark report (bench/report.ts): the warm median against the
 * target, the cold run beside it.
 */
export function timingLine(
  label: string,
  timing: { coldMs: number; warmMs: number },
  targetMs: number | undefined,
  decimals = 2,
): string {
  const { coldMs, warmMs } = timing;
  recordTiming(label, timing, targetMs, decimals);
  const verdict =
    targetMs === undefined
      ? "no target"
      : `target ≤ ${targetMs} ms warm: ${warmMs <= targetMs ? "met" : "NOT met"}`;
  return `  ${label}: ${warmMs.toFixed(decimals)} ms (cold first run ${coldMs.toFixed(1)} ms; ${verdict})`;
}

/** Records a handler timing: `1.23 ms warm (cold 45.6 ms)`, against `≤ N ms` when it has one. */
function recordTiming(
  label: string,
  { coldMs, warmMs }: { coldMs: number; warmMs: number },
  targetMs: number | undefined,
  decimals: number,
): void {
  const value = `${formatNumber(warmMs, decimals)} ms warm (cold ${formatNumber(coldMs, 1)} ms)`;
  if (targetMs === undefined) recordInfo(label, value);
  else recordFigure({ name: label, value, target: `≤ ${targetMs} ms`, met: warmMs <= targetMs });
}
