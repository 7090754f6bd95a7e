import { createRateLimiter } from "../../lib/store/rate-limiter";
import type { wiringOf } from "../../lib/wiring/core";
import { cpuNow, cpuSplit } from "./cpu";
import type { Service } from "./service";
import { type LoadSummary, percentilesOfSamples } from "./summary";

/**
 * The load's yardstick, measured in the same run before it: DynamoDB Local's own throughput for
 * the limiter's conditional UpdateItem, with no HTTP service in between (measureRawUpdates).
 */

/** The raw measurement's uncounted warm-up, at most (half the measurement when shorter). */
export const RAW_WARMUP_MAX_SECONDS = 5;

/**
 * DynamoDB Local's throughput for the limiter's own request: `consumeKey` (the conditional
 * UpdateItem every keyed request makes) on a key with raised limits, `connections` at once,
 * after an uncounted warm-up, through the document store client the handlers use, with their
 * timeout and their limit on requests in flight (the same DYNAMODB_* settings).
 */
export async function measureRawUpdates(
  service: Service,
  wiring: ReturnType<typeof wiringOf>,
  keyHash: string,
  options: { connections: number; rawSeconds: number },
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
