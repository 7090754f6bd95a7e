import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadLocalConfig } from "../../lib/config";

/**
 * The service under load, started as `npm start` starts it (`node --import tsx local/start.ts`,
 * with its background jobs) but on a free port and a temporary DATA_DIR, in a process group of
 * its own so that it, and DynamoDB Local's java under it, can be measured (CPU from /proc) and
 * stopped as a whole. `stop` is safe to call at any time and more than once; `killNow` is the
 * synchronous last resort for `process.on("exit")`.
 */

const ROOT = join(import.meta.dirname, "../..");
/** What the service's own start-up allows DynamoDB Local, plus its module loading and table. */
const READY_TIMEOUT_MS = loadLocalConfig({}).dynamoStartTimeoutMs + 60_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_TAIL_CHARS = 20_000;

export interface Service {
  apiUrl: string;
  dynamoEndpoint: string;
  /** The service's node process (the process group's leader). */
  pid: number;
  /** DynamoDB Local's java, a child of `pid`. */
  javaPid: number;
  /** The SQLite modes of DynamoDB Local's file, as `npm start` prints them. */
  sqliteModes: string | undefined;
  /** DynamoDB Local's JVM compilers as the service reported them (DYNAMODB_LOCAL_JIT). */
  dynamoLocalJit: string | undefined;
  /** The environment the service was given (for a store client against the same table). */
  env: NodeJS.ProcessEnv;
  /** The service's output so far (the tail), for error messages. */
  output(): string;
  stop(): Promise<void>;
  killNow(): void;
}

export interface ServiceOptions {
  /** SIM_NOW for the service; undefined: real time. */
  simNow: string | undefined;
  /** A folder for the service's V8 CPU profile (`--cpu-prof`), written when it stops. */
  cpuProfileDir?: string | undefined;
}

/** Variables a caller (e.g. vitest's env.ts) may have set for its own DynamoDB and queue. */
const INHERITED_BUT_NOT_OURS = [
  "PORT",
  "DATA_DIR",
  "SIM_NOW",
  "DYNAMODB_ENDPOINT",
  "WEBHOOK_QUEUE_URL",
  "WEBHOOK_DEAD_LETTER_QUEUE_URL",
];

/** Services started and not yet stopped, for signal handlers and test clean-up. */
const live = new Set<Service>();

/** Stops every service this process started (signals, `afterAll`). */
export async function stopAllServices(): Promise<void> {
  await Promise.allSettled([...live].map((service) => service.stop()));
}

process.on("exit", () => {
  for (const service of live) service.killNow();
});

export async function startService(options: ServiceOptions): Promise<Service> {
  const dataDir = await mkdtemp(join(tmpdir(), "mdapi-load-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_BUT_NOT_OURS) delete env[name];
  Object.assign(env, { PORT: "0", DATA_DIR: dataDir });
  if (options.simNow) env.SIM_NOW = options.simNow;

  const profile = options.cpuProfileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "local/start.ts"], {
    cwd: ROOT,
    env,
    detached: true, // its own process group: stopped as a whole
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid;
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  let stopped: Promise<void> | undefined;
  const killNow = () => signalGroup(pgid, "SIGKILL");
  const handle = { killNow, stop: () => stop() } as Service;
  live.add(handle);
  const stop = () => {
    stopped ??= stopGroup(child, pgid).finally(async () => {
      live.delete(handle);
      await rm(dataDir, { recursive: true, force: true });
    });
    return stopped;
  };

  try {
    if (pgid === undefined) throw new Error("the service could not be spawned");
    const { apiUrl, dynamoEndpoint } = await readyLines(child, () => output);
    const javaPid = childPids(pgid).find((pid) => commandLine(pid).includes("java"));
    if (javaPid === undefined) throw new Error("DynamoDB Local's java process was not found");
    return Object.assign(handle, {
      apiUrl,
      dynamoEndpoint,
      pid: pgid,
      javaPid,
      sqliteModes: /SQLite (journal_mode=[^;)]*)/.exec(output)?.[1],
      dynamoLocalJit: /; JIT (\w+)\)/.exec(output)?.[1],
      env: { ...env, DYNAMODB_ENDPOINT: dynamoEndpoint },
      output: () => output,
    });
  } catch (error) {
    await stop();
    throw new Error(`the service did not start: ${(error as Error).message}\n${output}`);
  }
}

/** Resolves with the addresses `npm start` prints, once it prints "API ready". */
function readyLines(
  child: ChildProcess,
  output: () => string,
): Promise<{ apiUrl: string; dynamoEndpoint: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`not ready after ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    const onData = () => {
      const text = output();
      const api = /API ready in \d+ ms at (http:\/\/\S+)/.exec(text)?.[1];
      const dynamo = /DynamoDB Local at (http:\/\/\S+)/.exec(text)?.[1];
      if (api && dynamo) finish(undefined, { apiUrl: api, dynamoEndpoint: dynamo });
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`it exited (${signal ?? `code ${code}`})`));
    function finish(error: Error | undefined, value?: { apiUrl: string; dynamoEndpoint: string }) {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(value as { apiUrl: string; dynamoEndpoint: string });
    }
    // Registered after the collector, so output() already holds the chunk.
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

function signalGroup(pgid: number | undefined, signal: NodeJS.Signals) {
  if (pgid === undefined) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the group (npm start's own clean stop), SIGKILL after the grace; waits for all. */
async function stopGroup(child: ChildProcess, pgid: number | undefined) {
  if (pgid === undefined) return;
  signalGroup(pgid, "SIGTERM");
  if (await waitUntil(() => !groupAlive(pgid), STOP_GRACE_MS)) return;
  signalGroup(pgid, "SIGKILL");
  if (await waitUntil(() => !groupAlive(pgid), 30_000)) return;
  throw new Error(`the service's process group ${pgid} survived SIGKILL (node ${child.pid})`);
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function groupAlive(pgid: number): boolean {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // fields[0] state, [1] ppid, [2] pgrp
    if (fields && Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
  }
  return false;
}

function childPids(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === parent);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

let ticksPerSecond: number | undefined;
/** The kernel's clock ticks per second (USER_HZ), in which /proc reports CPU time. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) throw new Error(`process ${pid} is gone`);
  // utime and stime are the stat file's fields 14 and 15: indexes 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}
