import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { groupAlive, spawnGroup, stopSpawnedGroups, waitFor } from "../setup/processes";

/** `npm run invoke -- <route id>` as the README documents it, with and without `npm start`. */

const ROOT = join(import.meta.dirname, "../..");
const dataDirs: string[] = [];
afterAll(async () => {
  try {
    await stopSpawnedGroups();
  } finally {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "mdapi-invoke-"));
  dataDirs.push(dir);
  return dir;
}

/** Runs the command in its own process group (stopped in afterAll whatever happens). */
async function invoke(routeId: string, dataDir: string) {
  const { DYNAMODB_ENDPOINT: _ignored, ...env } = process.env;
  const child = spawnGroup("npm", ["run", "invoke", "--", routeId], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  // Left to itself, invoke stops what it started (DynamoDB Local) before exiting.
  const cleanedUp = await waitFor(() => !groupAlive(child.pid as number), 30_000);
  const json = stdout.slice(stdout.indexOf("\n{") + 1);
  return { code, stderr, cleanedUp, response: JSON.parse(json) as { statusCode: number } };
}

describe("npm run invoke", () => {
  it("answers market.status on its own, starting DynamoDB Local for the call", async () => {
    const result = await invoke("market.status", await freshDataDir());
    expect(result.code, result.stderr).toBe(0);
    expect(result.response.statusCode, result.stderr).toBe(200);
    expect(result.stderr).toContain("starting DynamoDB Local in memory");
    expect(result.cleanedUp).toBe(true);
  }, 300_000);

  it("uses the database of a running npm start (its DATA_DIR's runtime.json)", async () => {
    const dataDir = await freshDataDir();
    await writeFile(
      join(dataDir, "runtime.json"),
      JSON.stringify({ apiUrl: "unused", dynamoEndpoint: inject("dynamoEndpoint") }),
    );
    const result = await invoke("market.status", dataDir);
    expect(result.response.statusCode, result.stderr).toBe(200);
    expect(result.stderr).toContain("using the database of the running npm start");
  }, 300_000);
});
