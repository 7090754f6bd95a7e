import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_TABLE_NAME } from "../../lib/config";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";

/**
 * `npm start` as a developer runs it: ready well within 20 s, stops cleanly on Ctrl-C
 * (SIGINT to the process group), and a second start on the same DATA_DIR finds its data.
 */

const ROOT = join(import.meta.dirname, "../..");
let dataDir: string;

interface Started {
  child: ChildProcess;
  apiUrl: string;
  dynamoEndpoint: string;
  readyMs: number;
  output: () => string;
}

function npmStart(env: Record<string, string>): Promise<Started> {
  const started = Date.now();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${text}`)), 60_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const api = /API ready in \d+ ms at (\S+)/.exec(text);
      const dynamo = /DynamoDB Local at (\S+)/.exec(text);
      if (api?.[1] && dynamo?.[1]) {
        clearTimeout(timer);
        resolve({
          child,
          apiUrl: api[1],
          dynamoEndpoint: dynamo[1],
          readyMs: Date.now() - started,
          output: () => text,
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${text}`)));
  });
}

/** Ctrl-C in a terminal: SIGINT to the whole process group; resolves once all of it is gone. */
async function pressCtrlC(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  process.kill(-(started.child.pid as number), "SIGINT");
  await exited;
  const deadline = Date.now() + 10_000;
  while (processGroupAlive(started.child.pid as number)) {
    if (Date.now() > deadline) throw new Error(`process group still running:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(started.output()).toContain("SIGINT: stopping");
}

function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("serves the API, stops on Ctrl-C and keeps its data across restarts", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mdapi-start-"));
    const env = { PORT: "0", DATA_DIR: dataDir };

    const first = await npmStart(env);
    expect(first.readyMs).toBeLessThan(20_000);
    const descriptor = (await (await fetch(first.apiUrl)).json()) as { data: { status: string } };
    expect(descriptor.data.status).toBe("online");
    const tiers = await fetch(`${first.apiUrl}/account/tiers`);
    expect(tiers.status).toBe(200);

    const client = createDynamoClient({ region: "us-east-1", endpoint: first.dynamoEndpoint });
    await createDocumentClient(client).send(
      new PutCommand({
        TableName: DEFAULT_TABLE_NAME,
        Item: { pk: "TEST#persist", sk: "1", v: 7 },
      }),
    );
    client.destroy();
    await pressCtrlC(first);
    await expect(fetch(first.apiUrl)).rejects.toThrow();

    const second = await npmStart(env);
    const again = createDynamoClient({ region: "us-east-1", endpoint: second.dynamoEndpoint });
    const { Item } = await createDocumentClient(again).send(
      new GetCommand({ TableName: DEFAULT_TABLE_NAME, Key: { pk: "TEST#persist", sk: "1" } }),
    );
    again.destroy();
    expect(Item?.v).toBe(7);
    await pressCtrlC(second);
  }, 120_000);
});
