import { randomUUID } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { handler } from "../../functions/intelligence-job";
import { GROUP_ACCESS } from "../../lib/api/group-access";
import { pinnedClock } from "../../lib/deps";
import type { VerdictJobSummary } from "../../lib/intelligence/job";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { createVerdictStore } from "../../lib/store/verdicts";

/**
 * The verdict job's Lambda handler (functions/intelligence-job.ts) wired from the environment as
 * deployed (intelligenceDeps; the simulated market behind the market cache, as a vendor is),
 * against DynamoDB Local behind a recording proxy: it stores the verdicts, and the DynamoDB
 * actions it sends are exactly those lib/api/group-access.ts declares for it (a missing one is
 * AccessDenied in AWS, an extra one privilege nothing uses).
 */

const INSTANT = "2026-11-24T21:30:00.000Z";
const endpoint = inject("dynamoEndpoint");
const tableName = `intelligence-job-handler-${randomUUID()}`;
/** A fresh invocation's remaining time: Lambda's 15 minutes. */
const context = { getRemainingTimeInMillis: () => 15 * 60_000 };

const actions = new Set<string>();
let closeProxy: () => Promise<void> = async () => undefined;

/** Forwards to DynamoDB Local, noting each call's operation (`X-Amz-Target`). */
async function startRecordingProxy(target: string): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    const operation = String(incoming.headers["x-amz-target"]);
    actions.add(operation.slice(operation.indexOf(".") + 1));
    const forward = request(
      new URL(incoming.url ?? "/", target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", (error) => outgoing.destroy(error));
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closeProxy = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The `count` optionable stocks of most volume at INSTANT, read from the simulated market. */
async function mostActive(count: number): Promise<string[]> {
  const market = createSimulatedMarket(pinnedClock(new Date(INSTANT)));
  const stocks = (await market.instruments()).filter(
    (i) => i.contractType === "Stock" && i.hasOptions,
  );
  const volumes = await Promise.all(
    stocks.map(async (stock) => ({
      code: stock.code,
      volume: (await market.quote(stock.code))?.volume ?? 0,
    })),
  );
  return volumes
    .sort((a, b) => b.volume - a.volume)
    .slice(0, count)
    .map((row) => row.code);
}

let summary: VerdictJobSummary;
beforeAll(async () => {
  const admin = createDynamoClient({ region: "us-east-1", endpoint, requestTimeoutMs: 30_000 });
  await ensureTable(admin, tableName);
  admin.destroy();
  vi.stubEnv("TABLE_NAME", tableName);
  vi.stubEnv("DYNAMODB_ENDPOINT", await startRecordingProxy(endpoint));
  vi.stubEnv("SIM_NOW", INSTANT);
  vi.stubEnv("MARKET_PROVIDER", "sim");
  vi.stubEnv("MARKET_CACHE", "on");
  vi.stubEnv("NARRATIVE_BACKEND", "template");
  summary = await handler({ scope: "most-active", mostActive: 2 }, context);
}, 180_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await closeProxy();
});

describe("the intelligence-job handler", () => {
  it("stores the verdicts of the run it was asked for", async () => {
    expect(summary).toMatchObject({ scope: "most-active", attempted: 2, stored: 2, failed: [] });
    const verdicts = createVerdictStore(
      createDocumentStore({ region: "us-east-1", endpoint }),
      tableName,
    );
    for (const code of await mostActive(2)) {
      expect(await verdicts.latest(code), code).toMatchObject({
        trigger: "schedule",
        analysedAt: INSTANT,
      });
    }
  });

  it("sends exactly its declared table actions", () => {
    expect([...actions].sort()).toEqual([...GROUP_ACCESS["intelligence-job"].table].sort());
  });

  it("refuses a scope it does not know", async () => {
    await expect(handler({ scope: "everything" as never }, context)).rejects.toThrow(
      "unknown scope 'everything'",
    );
  });
});
