import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadConfig, loadLocalConfig } from "../../lib/config";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../local/dynamodb-local";
import { startLocalQueue } from "../../local/queue";
import {
  HAS_PROC,
  refusesConnections,
  spawnGroup,
  stopSpawnedGroups,
  waitFor,
} from "../setup/processes";

/** The local runtime's servers listen on the loopback only, and DynamoDB Local dies with its parent. */

const ROOT = join(import.meta.dirname, "../..");
afterAll(stopSpawnedGroups);

/** Local addresses of the TCP sockets listening on `port` (hex, as /proc/net/tcp* writes them). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(([, local, , state]) => state === "0A" && local?.endsWith(`:${hexPort}`))
      .map(([, local]) => (local as string).split(":")[0] as string),
  );
}

/** 127.0.0.1, ::1 or ::ffff:127.0.0.1 as /proc/net writes them (little-endian words). */
const LOOPBACK = new Set([
  "0100007F",
  "00000000000000000000000001000000",
  "0000000000000000FFFF00000100007F",
]);

describe.skipIf(!HAS_PROC)("listening sockets", () => {
  it("DynamoDB Local listens on the loopback only", () => {
    const addresses = listeningAddresses(Number(new URL(inject("dynamoEndpoint")).port));
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK.has(address), address).toBe(true);
  });

  it("the queue (fauxqs) listens on the loopback only", async () => {
    const queue = await startLocalQueue();
    try {
      const addresses = listeningAddresses(Number(new URL(queue.endpoint).port));
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) expect(LOOPBACK.has(address), address).toBe(true);
    } finally {
      await queue.stop();
    }
  });
});

describe("DynamoDB Local's java", () => {
  it("exits when the Node process that started it is SIGKILLed", async () => {
    const script = [
      'import { startDynamoDbLocal } from "./local/dynamodb-local.ts";',
      "const dynamo = await startDynamoDbLocal();",
      "console.log(JSON.stringify({ pid: dynamo.pid, endpoint: dynamo.endpoint }));",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    const parent = spawnGroup(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const started = await new Promise<{ pid: number; endpoint: string }>((resolve, reject) => {
      const limitMs = loadLocalConfig({}).dynamoStartTimeoutMs + 30_000;
      const timer = setTimeout(
        () => reject(new Error(`no start in ${limitMs} ms:\n${output}`)),
        limitMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const line = /\{"pid":.*\}/.exec(output)?.[0];
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        }
      };
      parent.stdout?.on("data", onData);
      parent.stderr?.on("data", onData);
      parent.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const javaAlive = () => {
      try {
        process.kill(started.pid, 0);
        return !HAS_PROC || !/\) [ZX] /.test(readFileSync(`/proc/${started.pid}/stat`, "utf8"));
      } catch {
        return false;
      }
    };
    expect(javaAlive()).toBe(true);
    parent.kill("SIGKILL");
    expect(await waitFor(() => !javaAlive(), 60_000), "java outlived its parent").toBe(true);
    expect(await refusesConnections(Number(new URL(started.endpoint).port))).toBe(true);
  }, 300_000);
});

describe("DynamoDB Local's database file (a folder given)", () => {
  const TABLE = "wal-check";

  async function withTable(dynamo: DynamoDbLocal) {
    const requestTimeoutMs = loadConfig(process.env).dynamoTimeoutMs;
    const admin = createDynamoClient({
      region: "us-east-1",
      endpoint: dynamo.endpoint,
      requestTimeoutMs,
    });
    await ensureTable(admin, TABLE).finally(() => admin.destroy());
    return createDocumentStore({
      region: "us-east-1",
      endpoint: dynamo.endpoint,
      requestTimeoutMs,
    });
  }

  it("is in WAL mode with synchronous=NORMAL, and keeps a write through java's SIGKILL", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "mdapi-wal-"));
    const started: DynamoDbLocal[] = [];
    try {
      const first = await startDynamoDbLocal({ dataDir });
      started.push(first);
      expect(first.sqliteModes).toBe("journal_mode=wal synchronous=1 temp_store=2");
      const store = await withTable(first);
      await store.put({ TableName: TABLE, Item: { pk: "WAL#1", sk: "1", v: 7 } });
      // Bytes 18 and 19 of an SQLite file are 2 in WAL mode (1: rollback journal).
      const header = readFileSync(join(dataDir, "shared-local-instance.db")).subarray(18, 20);
      expect([...header]).toEqual([2, 2]);

      process.kill(first.pid, "SIGKILL"); // no checkpoint: the write is only in the -wal file
      await first.stop();
      const second = await startDynamoDbLocal({ dataDir });
      started.push(second);
      const { Item } = await (await withTable(second)).get({
        TableName: TABLE,
        Key: { pk: "WAL#1", sk: "1" },
        ConsistentRead: true,
      });
      expect(Item?.v).toBe(7);
    } finally {
      await Promise.all(started.map((dynamo) => dynamo.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  it.skipIf(!HAS_PROC)(
    "stops the JVM at C1 unless asked for tiered compilation",
    async () => {
      const flagsOf = (dynamo: DynamoDbLocal) =>
        readFileSync(`/proc/${dynamo.pid}/cmdline`, "utf8").split("\0");
      const [quick, tiered] = await Promise.all([
        startDynamoDbLocal(),
        startDynamoDbLocal({ jit: "tiered" }),
      ]);
      try {
        expect(flagsOf(quick)).toContain("-XX:TieredStopAtLevel=1");
        expect(flagsOf(tiered).some((flag) => flag.startsWith("-XX:TieredStopAtLevel"))).toBe(
          false,
        );
      } finally {
        await Promise.all([quick.stop(), tiered.stop()]);
      }
    },
    300_000,
  );

  it("reports no SQLite modes in memory", async () => {
    const dynamo = await startDynamoDbLocal();
    try {
      expect(dynamo.sqliteModes).toBeUndefined();
    } finally {
      await dynamo.stop();
    }
  }, 300_000);
});
