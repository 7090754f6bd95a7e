import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_TABLE_NAME, loadConfig, loadLocalConfig } from "../../lib/config";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import {
  groupAlive,
  groupMembers,
  HAS_PROC,
  refusesConnections,
  spawnGroup,
  stopSpawnedGroups,
  waitFor,
} from "../setup/processes";

/**
 * `npm start` as a developer and a process supervisor run it: it serves; Ctrl-C (SIGINT to
 * the process group), SIGTERM to the group, to npm alone or to the node process alone each
 * stop everything (npm, node, DynamoDB Local's java) and free the ports; a second start on the
 * same DATA_DIR finds its data. Start-up time is reported, not asserted.
 */

const ROOT = join(import.meta.dirname, "../..");
/** Longer than npm start's own DynamoDB Local bound, so a slow start reports its own error. */
const READY_TIMEOUT_MS = loadLocalConfig({}).dynamoStartTimeoutMs + 60_000;
/** How long a stopping runtime may take to be gone entirely. */
const STOP_TIMEOUT_MS = 60_000;

const dataDirs: string[] = [];

// Whatever happened (a failed assertion, a start that never got ready), nothing stays running.
afterAll(async () => {
  try {
    await stopSpawnedGroups();
  } finally {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}, 120_000);

interface Started {
  child: ChildProcess;
  pgid: number;
  apiUrl: string;
  dynamoEndpoint: string;
  output: () => string;
}

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "mdapi-start-"));
  dataDirs.push(dir);
  return dir;
}

function npmStart(dataDir: string): Promise<Started> {
  const startedAt = Date.now();
  const child = spawnGroup("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DYNAMODB_ENDPOINT: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid as number;
  let text = "";
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready in ${READY_TIMEOUT_MS} ms:\n${text}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const api = /API ready in \d+ ms at (\S+)/.exec(text);
      const dynamo = /DynamoDB Local at (\S+)/.exec(text);
      if (api?.[1] && dynamo?.[1] && !ready) {
        ready = true;
        clearTimeout(timer);
        console.log(`npm start ready in ${Date.now() - startedAt} ms (reported, not asserted)`);
        resolve({ child, pgid, apiUrl: api[1], dynamoEndpoint: dynamo[1], output: () => text });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${text}`)));
  });
}

/** Sends the signal, then expects the whole group gone and both ports refusing connections. */
async function expectStopsOn(started: Started, send: () => void, signal: NodeJS.Signals) {
  send();
  const gone = await waitFor(() => !groupAlive(started.pgid), STOP_TIMEOUT_MS);
  const left = HAS_PROC ? groupMembers(started.pgid).map((m) => `${m.pid} ${m.args}`) : [];
  expect(gone, `still running after ${signal}:\n${left.join("\n")}\n${started.output()}`).toBe(
    true,
  );
  expect(started.output()).toContain(`${signal}: stopping`);
  expect(await refusesConnections(Number(new URL(started.apiUrl).port))).toBe(true);
  expect(await refusesConnections(Number(new URL(started.dynamoEndpoint).port))).toBe(true);
}

/** The node process that runs the service: DynamoDB Local's java is its child. */
function runtimeProcess(started: Started): number {
  const members = groupMembers(started.pgid);
  const java = members.find((m) => m.args.startsWith("java ") || m.args.includes("/java "));
  if (!java) throw new Error(`no java in the group:\n${members.map((m) => m.args).join("\n")}`);
  return java.ppid;
}

function documentClient(endpoint: string) {
  const timeout = loadConfig(process.env).dynamoTimeoutMs;
  return createDynamoClient({ region: "us-east-1", endpoint, requestTimeoutMs: timeout });
}

describe("npm start", () => {
  it("serves the API, stops on Ctrl-C or SIGTERM to its group, keeps its data across restarts", async () => {
    const dataDir = await freshDataDir();
    const first = await npmStart(dataDir);
    const descriptor = (await (await fetch(first.apiUrl)).json()) as { data: { status: string } };
    expect(descriptor.data.status).toBe("online");
    const tiers = await fetch(`${first.apiUrl}/account/tiers`);
    expect(tiers.status).toBe(200);

    const client = documentClient(first.dynamoEndpoint);
    await createDocumentClient(client).send(
      new PutCommand({
        TableName: DEFAULT_TABLE_NAME,
        Item: { pk: "TEST#persist", sk: "1", v: 7 },
      }),
    );
    client.destroy();
    // Ctrl-C in a terminal: SIGINT to the whole process group.
    await expectStopsOn(first, () => process.kill(-first.pgid, "SIGINT"), "SIGINT");

    const second = await npmStart(dataDir);
    const again = documentClient(second.dynamoEndpoint);
    const { Item } = await createDocumentClient(again).send(
      new GetCommand({ TableName: DEFAULT_TABLE_NAME, Key: { pk: "TEST#persist", sk: "1" } }),
    );
    again.destroy();
    expect(Item?.v).toBe(7);
    // A supervisor that signals the whole group.
    await expectStopsOn(second, () => process.kill(-second.pgid, "SIGTERM"), "SIGTERM");
  }, 900_000);

  it("stops everything on SIGTERM to the npm process alone (a supervisor's stop)", async () => {
    const started = await npmStart(await freshDataDir());
    await expectStopsOn(started, () => process.kill(started.pgid, "SIGTERM"), "SIGTERM");
  }, 600_000);

  it.skipIf(!HAS_PROC)(
    "stops everything on SIGTERM to the node process alone",
    async () => {
      const started = await npmStart(await freshDataDir());
      const node = runtimeProcess(started);
      await expectStopsOn(started, () => process.kill(node, "SIGTERM"), "SIGTERM");
    },
    600_000,
  );
});
