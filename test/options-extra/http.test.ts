import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../lib/config";
import { wiringOf } from "../../lib/wiring/core";
import { accountStore } from "../../lib/wiring/stores";
import { newDemoAccountKey } from "../../local/demo-account";
import type { LocalRuntime } from "../../local/runtime";
import { registerAccount } from "../setup/accounts";
import { fetchFrom } from "../setup/http";
import type { EnvelopeAnswer } from "../setup/keyed-api";
import { startTestApi } from "../setup/local-api";
import { csvObjects } from "./csv-parse";

/**
 * The premium-selling extras through the local server (the Lambda handler, authentication and
 * the envelope) on a pinned SIM_NOW: ripeness for any key, the feed and its statistics for the
 * demo account's keys only, JSON or CSV.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z";
let api: LocalRuntime | undefined;
let customerKey = "";
let demoKey = "";

beforeAll(async () => {
  vi.stubEnv("SIM_NOW", SIM_NOW);
  api = await startTestApi();
  customerKey = (await registerAccount(api.apiUrl)).apiKey;
  const config = loadConfig(process.env);
  demoKey = await newDemoAccountKey(
    accountStore(wiringOf(config)),
    config.demoAccountEmail as string,
    `http-${randomUUID()}`,
    new Date().toISOString(),
  );
}, 120_000);

afterAll(async () => {
  await api?.stop();
  vi.unstubAllEnvs();
});

type Envelope = EnvelopeAnswer["body"];
const envelope = async (response: Response): Promise<Envelope> =>
  (await response.json()) as Envelope;

function send(path: string, apiKey: string, body?: unknown): Promise<Response> {
  if (!api) throw new Error("the local runtime has not started");
  const headers: Record<string, string> = { "x-api-key": apiKey };
  if (body !== undefined) headers["content-type"] = "application/json";
  const init =
    body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) };
  return fetchFrom(`${api.apiUrl}${path}`, init);
}

describe("POST /v1/options/ripeness", () => {
  it("scores a batch for any key", async () => {
    const response = await send("/options/ripeness", customerKey, {
      symbols: ["AAPL", "SPY_ARCA", "AAPX"],
    });
    expect(response.status).toBe(200);
    const { data } = await envelope(response);
    expect(data.asOf).toBe(SIM_NOW);
    expect(data.results.map((entry: { status: string }) => entry.status)).toEqual([
      "ok",
      "ok",
      "error",
    ]);
    expect(data.results[0].verdict).toMatch(/^(RIPE|NEUTRAL|AVOID)$/);
  });

  it("answers 400 naming the field", async () => {
    const response = await send("/options/ripeness", customerKey, { symbols: [] });
    expect(response.status).toBe(400);
    const { error } = await envelope(response);
    expect(error).toMatchObject({ code: "INVALID_PARAMETER" });
    expect(error.message).toContain("symbols");
  });
});

describe("GET /v1/options/premium-sell/opportunities", () => {
  it("refuses a customer's key with 403 DEMO_ACCOUNT_ONLY", async () => {
    const response = await send("/options/premium-sell/opportunities", customerKey);
    expect(response.status).toBe(403);
    const body = await envelope(response);
    expect(body).toMatchObject({
      success: false,
      data: null,
      error: { code: "DEMO_ACCOUNT_ONLY" },
    });
  });

  it("serves the demo account a page of rows, as JSON or CSV", async () => {
    const path = "/options/premium-sell/opportunities?strategy=short-put&limit=5";
    const response = await send(path, demoKey);
    expect(response.status).toBe(200);
    const { data } = await envelope(response);
    expect(data.rows).toHaveLength(5);
    expect(data.nextCursor).toEqual(expect.any(String));

    const asCsv = await send(`${path}&format=csv`, demoKey);
    expect(asCsv.status).toBe(200);
    expect(asCsv.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(asCsv.headers.get("x-next-cursor")).toBe(data.nextCursor);
    expect(asCsv.headers.get("x-ratelimit-remaining")).toEqual(expect.any(String));
    const records = csvObjects(await asCsv.text());
    expect(records.map((record) => record.contract)).toEqual(
      data.rows.map((row: { contract: string }) => row.contract),
    );
  });

  it("answers a bad query with the JSON envelope, even for CSV", async () => {
    const response = await send("/options/premium-sell/opportunities?format=csv&limit=0", demoKey);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await envelope(response)).error.message).toContain("limit");
  });
});

describe("GET /v1/options/premium-sell/stats", () => {
  it("serves the demo account the feed's statistics, and refuses others", async () => {
    const response = await send("/options/premium-sell/stats?sector=Energy", demoKey);
    expect(response.status).toBe(200);
    const { data } = await envelope(response);
    expect(data.filters.sectors).toEqual(["Energy"]);
    expect(data.rows).toBeGreaterThan(0);
    const asCsv = await send("/options/premium-sell/stats?sector=Energy&format=csv", demoKey);
    expect(asCsv.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = csvObjects(await asCsv.text()).find(
      (record) => record.statistic === "rows" && record.dimension === "all",
    );
    expect(rows?.value).toBe(String(data.rows));
    expect((await send("/options/premium-sell/stats", customerKey)).status).toBe(403);
  });
});
