import { correct, DEFAULT_SIM_NOW, formatSummary, runLoad } from "./load/run";
import { stopAllServices } from "./load/service";

/**
 * `npm run load`: the local service under load (see scripts/load/run.ts and README,
 * Benchmarks). LOAD_SECONDS (default 60) and LOAD_CONNECTIONS (default 100) shorten it;
 * LOAD_SIM_NOW sets the market clock (`real` for real time). Exits 1 when a correctness target
 * (errors, 5xx, the limiter) is not met; speed targets are reported.
 */

function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got '${text}'`);
  }
  return value;
}

// Whatever ends this process, the service and its DynamoDB Local go with it.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`${signal}: stopping the service`);
    void stopAllServices().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

const seconds = positiveInteger("LOAD_SECONDS", 60);
const simNowText = process.env.LOAD_SIM_NOW ?? DEFAULT_SIM_NOW;
const summary = await runLoad({
  seconds,
  connections: positiveInteger("LOAD_CONNECTIONS", 100),
  rawSeconds: Math.min(10, seconds),
  simNow: simNowText === "real" ? undefined : simNowText,
  log: (line) => console.error(`[load] ${line}`),
});
console.log(formatSummary(summary));
process.exitCode = correct(summary) ? 0 : 1;
