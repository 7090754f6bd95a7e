import { resolve } from "node:path";
import { DEFAULT_SIM_NOW, runLoad } from "./load/run";
import { stopAllServices } from "./load/service";
import { correct, formatSummary } from "./load/summary";

/**
 * `npm run load`: the local service under load (see scripts/load/run.ts and README,
 * Benchmarks). Exits 1 when a correctness target (errors, 5xx, the limiter) is not met; speed
 * targets are reported. `npm run load -- --help` lists the settings.
 */

const HELP = `npm run load: the local service under load (README, Benchmarks)

Settings (environment variables):
  LOAD_SECONDS            length of the load, seconds (default 60); the raw UpdateItem
                          measurement runs min(10, LOAD_SECONDS) s before it
  LOAD_CONNECTIONS        concurrent connections, also the raw measurement's (default 100)
  LOAD_SIM_NOW            the market clock (default ${DEFAULT_SIM_NOW}; "real": real time)
  LOAD_CPU_PROF_DIR       write the service's V8 CPU profile (--cpu-prof) into this folder
  DYNAMODB_MAX_IN_FLIGHT  DynamoDB requests per process on the wire at once, for the service
                          and the raw measurement alike (default 8 locally; 0: no limit)
  DYNAMODB_TIMEOUT_MS     per-attempt DynamoDB timeout (default 2000)
  DYNAMODB_LOCAL_JIT      tiered (default: less java CPU per write) or c1 (the quicker start)

Exit status 1 when errors, 5xx or the limiter's check fail; speed targets are reported.`;

function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got '${text}'`);
  }
  return value;
}

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(HELP);
  process.exit(0);
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
const profileDir = process.env.LOAD_CPU_PROF_DIR;
const summary = await runLoad({
  seconds,
  connections: positiveInteger("LOAD_CONNECTIONS", 100),
  rawSeconds: Math.min(10, seconds),
  simNow: simNowText === "real" ? undefined : simNowText,
  cpuProfileDir: profileDir ? resolve(profileDir) : undefined,
  log: (line) => console.error(`[load] ${line}`),
});
console.log(formatSummary(summary));
process.exitCode = correct(summary) ? 0 : 1;
